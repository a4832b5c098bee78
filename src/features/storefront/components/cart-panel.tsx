// The cart on the catalog page, in a modal <dialog> (the browser traps focus and closes it on
// Escape): its lines with quantity and remove, the total, 'Review cart' (the cart page, with
// today's prices and what changed) and 'Go to checkout'.
import { useRef, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ShopCartAction, ShopCartLine } from '@/domain/shop-cart';
import type { ShopProductView, ShopVariantView } from '../shop-page-data';
import type { ShopServices } from '../shop-services';
import { CheckoutButton } from './checkout-button';
import { QuantityStepper } from './quantity-stepper';

export type PanelLine = { line: ShopCartLine; product: ShopProductView; variant: ShopVariantView };

export function CartPanel({
  dialogRef,
  lines,
  totalText,
  reviewHref,
  services,
  publicId,
  checkoutLines,
  dispatch,
  onClose,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  lines: PanelLine[];
  totalText: string | null;
  reviewHref: string;
  services: ShopServices;
  publicId: string;
  checkoutLines(): Parameters<ShopServices['checkout']>[1]['lines'];
  dispatch(action: ShopCartAction): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  const buyable = lines.some(({ variant }) => variant.available);
  return (
    <dialog
      ref={dialogRef}
      className="shop-dialog"
      aria-labelledby="shop-cart-title"
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself: it closes, as a tap outside would.
      onClick={(event) => event.target === event.currentTarget && dialogRef.current?.close()}
    >
      <div className="shop-dialog-body">
        <div className="shop-dialog-head">
          <h2 id="shop-cart-title" ref={heading} tabIndex={-1}>
            <Trans>Your cart</Trans>
          </h2>
          <button type="button" className="shop-link-button" onClick={() => dialogRef.current?.close()}>
            <Trans>Close</Trans>
          </button>
        </div>
        {lines.length ? (
          <ul className="shop-lines">
            {lines.map(({ line, product, variant }) => {
              const name = variant.title ? `${product.title} (${variant.title})` : product.title;
              return (
                <li key={line.lineId} className="shop-line">
                  <div>
                    <p className="shop-line-title">{product.title}</p>
                    {variant.title ? <p className="shop-muted">{variant.title}</p> : null}
                    {variant.priceText ? <p>{variant.priceText}</p> : null}
                    {variant.available ? null : (
                      <p className="shop-warn">
                        <Trans>Sold out: it will be left out of the checkout.</Trans>
                      </p>
                    )}
                  </div>
                  <div className="shop-line-actions">
                    <QuantityStepper
                      name={name}
                      quantity={line.quantity}
                      onChange={(quantity) => dispatch({ type: 'setQuantity', lineId: line.lineId, quantity })}
                    />
                    <button
                      type="button"
                      className="shop-link-button"
                      aria-label={t`Remove ${name}`}
                      onClick={() => {
                        dispatch({ type: 'remove', lineId: line.lineId });
                        heading.current?.focus(); // the pressed button is gone: keep focus in the dialog
                      }}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>
            <Trans>Your cart is empty. Add products from the catalog.</Trans>
          </p>
        )}
        {lines.length && totalText ? (
          <p className="shop-total">
            <Trans>Total: {totalText}</Trans>
          </p>
        ) : null}
        {lines.length ? (
          <a className="shop-secondary" href={reviewHref}>
            <Trans>Review cart</Trans>
          </a>
        ) : null}
        {lines.length ? (
          <CheckoutButton
            services={services}
            publicId={publicId}
            request={() => ({ lines: checkoutLines(), source: 'catalog_page' })}
            disabledReason={buyable ? undefined : <Trans>Nothing in your cart can be bought now.</Trans>}
          />
        ) : null}
      </div>
    </dialog>
  );
}
