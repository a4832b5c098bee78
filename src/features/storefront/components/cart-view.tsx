// The cart summary page (a chat flow's `items=` link or a WhatsApp order's cart): each line at
// today's price and stock, a plain warning for what changed since it was chosen and what happens
// to it, the total of what can be bought, and the checkout form ('Send me order updates on
// WhatsApp', then 'Go to checkout').
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CartLineProblem } from '@/domain/storefront';
import type { ShopCartLineView, ShopPageData } from '../shop-page-data';
import type { ShopServices } from '../shop-services';
import { CartCheckoutForm } from './cart-checkout-form';
import { ShopFrame } from './shop-frame';
import { ShopImage } from './shop-image';

function problemText(problem: CartLineProblem, line: ShopCartLineView): ReactNode {
  const { chosenPriceText, priceText } = line;
  switch (problem) {
    case 'unknown':
      return <Trans>This item is no longer in the catalog: it will be left out of the checkout.</Trans>;
    case 'unavailable':
      return <Trans>This item is sold out: it will be left out of the checkout.</Trans>;
    case 'not_sold_in_store':
      return <Trans>The store does not sell this item online: it will be left out of the checkout.</Trans>;
    case 'price_changed':
      return chosenPriceText && priceText ? (
        <Trans>
          The price changed from {chosenPriceText} to {priceText}. The checkout uses the new price.
        </Trans>
      ) : (
        <Trans>The price changed since this item was chosen. The checkout uses the new price.</Trans>
      );
  }
}

export function CartView({ data, services }: { data: Extract<ShopPageData, { page: 'cart' }>; services: ShopServices }) {
  const { lines, publicId, locale, totalText } = data;
  const buyable = lines.filter((line) => line.available);
  const catalogHref = `/${locale}/c/${encodeURIComponent(publicId)}`;
  return (
    <ShopFrame title={data.storeName}>
      <h2>
        <Trans>Your cart</Trans>
      </h2>
      {lines.length ? (
        <ul className="shop-lines">
          {lines.map((line) => {
            const { title, variantTitle, quantity, retailerId, priceText, lineTotalText } = line;
            return (
              <li key={retailerId} className="shop-line shop-summary-line">
                <ShopImage src={line.imageUrl} alt={title ?? retailerId} place="thumbnail" />
                <div>
                  <h3 className="shop-line-title">{title ?? <Trans>Item {retailerId}</Trans>}</h3>
                  {variantTitle ? <p className="shop-muted">{variantTitle}</p> : null}
                  <p>
                    <Trans>Quantity: {quantity}</Trans>
                  </p>
                  {priceText ? (
                    <p>
                      <Trans>Unit price: {priceText}</Trans>
                    </p>
                  ) : null}
                  {lineTotalText ? (
                    <p className="shop-strong">
                      <Trans>Line total: {lineTotalText}</Trans>
                    </p>
                  ) : null}
                  {line.problem ? <p className="shop-warn">{problemText(line.problem, line)}</p> : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="shop-empty">
          <Trans>This cart is empty. Choose products in the catalog.</Trans>
        </p>
      )}
      {buyable.length && totalText ? (
        <p className="shop-total">
          <Trans>Total: {totalText}</Trans>
        </p>
      ) : null}
      {lines.length ? (
        <CartCheckoutForm
          data={data}
          services={services}
          disabledReason={
            buyable.length ? undefined : <Trans>None of these items can be bought now. Choose other products in the catalog.</Trans>
          }
        />
      ) : null}
      <p>
        <a className="shop-secondary" href={catalogHref}>
          <Trans>Back to the catalog</Trans>
        </a>
      </p>
    </ShopFrame>
  );
}
