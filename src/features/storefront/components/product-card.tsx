// One product of the catalog grid: image, title, price ('from' the lowest when variants differ),
// the variant chosen before adding (each with its price, sold-out ones marked; the chosen one's text
// shown whole, on as many lines as a narrow card needs), and 'Add to cart', disabled with the reason
// shown when the chosen variant is sold out. The card is a form that works before the page's script
// runs: 'Add to cart' then opens the cart summary page with the chosen variant (its `items=`, the
// select's or the button's value); once hydrated, it adds to the page's cart instead.
import { useId, useState, type FormEvent } from 'react';
import { cartItemsParam } from '@/domain/cart-items';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ShopProductView, ShopVariantView } from '../shop-page-data';
import { ShopImage } from './shop-image';

/** The price a card shows: the variants' one price, or 'from' the lowest when they differ. */
function priceOf(variants: ShopVariantView[]): { text: string; from: boolean } | null {
  const priced = variants.filter((variant) => variant.priceText !== null);
  if (!priced.length) return null;
  const lowest = priced.reduce((low, variant) => (variant.priceMinor! < low.priceMinor! ? variant : low));
  return { text: lowest.priceText!, from: priced.some((variant) => variant.priceMinor !== lowest.priceMinor) };
}

/** One of a variant, as the cart page's `items=` names it. */
const oneOf = (variant: ShopVariantView) => cartItemsParam([{ retailerId: variant.lineId, quantity: 1 }]);

export function ProductCard({
  product,
  eager,
  first = false,
  cartPath,
  onAdd,
}: {
  product: ShopProductView;
  eager: boolean;
  first?: boolean;
  /** The cart summary page, where the card's form goes before hydration. */
  cartPath: string;
  onAdd(product: ShopProductView, variant: ShopVariantView): void;
}) {
  const { t } = useLingui();
  const id = useId();
  const optionText = (variant: ShopVariantView) => {
    const label = variant.priceText ? `${variant.title} — ${variant.priceText}` : variant.title;
    return variant.available ? label : t`${label} (sold out)`;
  };
  const { variants } = product;
  const [chosenId, setChosenId] = useState(() => (variants.find((variant) => variant.available) ?? variants[0])?.lineId);
  const chosen = variants.find((variant) => variant.lineId === chosenId);
  const price = priceOf(variants);
  const priceText = price?.text;
  const soldOut = !variants.some((variant) => variant.available);
  const reason = soldOut ? <Trans>Sold out</Trans> : chosen?.available ? null : <Trans>This option is sold out: choose another.</Trans>;
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (chosen?.available) onAdd(product, chosen);
  };
  return (
    <li className="shop-card">
      <form method="get" action={cartPath} className="shop-card-form" onSubmit={add}>
        <ShopImage src={product.imageUrl} alt={product.title} eager={eager} first={first} />
        <h2 id={`${id}t`} className="shop-title">
          {product.title}
        </h2>
        {priceText ? <p className="shop-price">{price?.from ? <Trans>From {priceText}</Trans> : priceText}</p> : null}
        {variants.length > 1 ? (
          <div className="shop-field">
            <label htmlFor={`${id}v`}>
              <Trans>Option</Trans>
            </label>
            {/* The select is laid transparent over the chosen option's text, which wraps where the select's own would be cut. */}
            <div className="shop-choice">
              <select
                id={`${id}v`}
                name="items"
                value={chosen ? oneOf(chosen) : undefined}
                onChange={(event) => setChosenId(variants.find((variant) => oneOf(variant) === event.target.value)?.lineId)}
              >
                {variants.map((variant) => (
                  <option key={variant.lineId} value={oneOf(variant)}>
                    {optionText(variant)}
                  </option>
                ))}
              </select>
              <span className="shop-choice-text" aria-hidden="true">
                {chosen ? optionText(chosen) : null}
              </span>
            </div>
          </div>
        ) : null}
        <button
          type="submit"
          className="shop-add"
          disabled={!chosen?.available}
          aria-describedby={reason ? `${id}t ${id}r` : `${id}t`}
          {...(variants.length === 1 && chosen ? { name: 'items', value: oneOf(chosen) } : {})}
        >
          <Trans>Add to cart</Trans>
        </button>
      </form>
      {reason ? (
        <p id={`${id}r`} className="shop-note">
          {reason}
        </p>
      ) : null}
    </li>
  );
}
