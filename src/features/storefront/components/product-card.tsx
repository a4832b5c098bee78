// One product of the catalog grid: image, title, price ('from' the lowest when variants differ),
// the variant chosen before adding (each with its price, sold-out ones marked; the chosen one's text
// shown whole, on as many lines as a narrow card needs), and 'Add to cart', disabled with the reason
// shown when the chosen variant is sold out.
import { useId, useState } from 'react';
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

export function ProductCard({
  product,
  eager,
  first = false,
  onAdd,
}: {
  product: ShopProductView;
  eager: boolean;
  first?: boolean;
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
  return (
    <li className="shop-card">
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
            <select id={`${id}v`} value={chosenId} onChange={(event) => setChosenId(event.target.value)}>
              {variants.map((variant) => (
                <option key={variant.lineId} value={variant.lineId}>
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
        type="button"
        className="shop-add"
        disabled={!chosen?.available}
        aria-describedby={reason ? `${id}t ${id}r` : `${id}t`}
        onClick={() => chosen && onAdd(product, chosen)}
      >
        <Trans>Add to cart</Trans>
      </button>
      {reason ? (
        <p id={`${id}r`} className="shop-note">
          {reason}
        </p>
      ) : null}
    </li>
  );
}
