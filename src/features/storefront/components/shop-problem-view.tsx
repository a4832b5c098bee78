// What a shopper sees instead of a catalog or cart when the link cannot be served: a plain,
// translated explanation per reason with what to do, and the way to the catalog when known.
import { Trans } from '@lingui/react/macro';
import { CART_EXPIRY_DAYS } from '@/domain/cart-items';
import type { ShopPageData } from '../shop-page-data';
import { ShopFrame } from './shop-frame';

export function ShopProblemView({ data }: { data: Extract<ShopPageData, { page: 'problem' }> }) {
  const { reason, publicId, locale } = data;
  const title =
    reason === 'inventory_not_found' ? (
      <Trans>Catalog not found</Trans>
    ) : reason === 'cart_not_found' ? (
      <Trans>Cart not found</Trans>
    ) : reason === 'cart_expired' ? (
      <Trans>This cart has expired</Trans>
    ) : (
      <Trans>This cart link is incomplete</Trans>
    );
  return (
    <ShopFrame title={title}>
      <p>
        {reason === 'inventory_not_found' ? (
          <Trans>This link is no longer valid, or part of it is missing. Ask the store for a new link.</Trans>
        ) : reason === 'cart_not_found' ? (
          <Trans>This cart no longer exists. Ask the store for a new link, or choose the products again in the catalog.</Trans>
        ) : reason === 'cart_expired' ? (
          <Trans>
            Carts are kept for {CART_EXPIRY_DAYS} days, and prices and stock change in that time. Choose the products again in the catalog,
            or ask the store for a new link.
          </Trans>
        ) : (
          <Trans>Part of this cart link is missing or damaged. Ask the store for a new link, or choose the products in the catalog.</Trans>
        )}
      </p>
      {publicId && reason !== 'inventory_not_found' ? (
        <p>
          <a className="shop-secondary" href={`/${locale}/c/${encodeURIComponent(publicId)}`}>
            <Trans>See the catalog</Trans>
          </a>
        </p>
      ) : null}
    </ShopFrame>
  );
}
