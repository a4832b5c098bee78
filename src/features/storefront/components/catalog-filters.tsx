// The catalog's search and filters: the search box always in view; category (only when the store
// has product types), price range (major units, '59,90' or '59.90') and 'in stock only' folded
// into a 'Filters' disclosure so a phone shows products first.
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

export type FilterFields = { query: string; productType: string; min: string; max: string; inStockOnly: boolean };
export const noFilter: FilterFields = { query: '', productType: '', min: '', max: '', inStockOnly: false };

/** A typed price in major units to minor ones: '1.234,5' and '1234.5' alike; null when empty or not a price. */
export function parsePrice(text: string, digits: number): number | null {
  const major = Number(
    text
      .trim()
      .replace(/[.,](?=.*[.,])/g, '')
      .replace(',', '.'),
  );
  return text.trim() && Number.isFinite(major) && major >= 0 ? Math.round(major * 10 ** digits) : null;
}

export function CatalogFilters({
  fields,
  productTypes,
  onChange,
}: {
  fields: FilterFields;
  productTypes: string[];
  onChange(patch: Partial<FilterFields>): void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <form role="search" className="shop-filters" onSubmit={(event) => event.preventDefault()}>
      <div className="shop-field">
        <label htmlFor={`${id}q`}>
          <Trans>Search products</Trans>
        </label>
        <input
          id={`${id}q`}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          value={fields.query}
          onChange={(event) => onChange({ query: event.target.value })}
        />
      </div>
      <details className="shop-more">
        <summary>
          <Trans>Filters</Trans>
        </summary>
        <div className="shop-more-body">
          {productTypes.length ? (
            <div className="shop-field">
              <label htmlFor={`${id}c`}>
                <Trans>Category</Trans>
              </label>
              <select id={`${id}c`} value={fields.productType} onChange={(event) => onChange({ productType: event.target.value })}>
                <option value="">{t`All categories`}</option>
                {productTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <fieldset className="shop-range">
            <legend>
              <Trans>Price</Trans>
            </legend>
            <div className="shop-field">
              <label htmlFor={`${id}a`}>
                <Trans>Minimum</Trans>
              </label>
              <input id={`${id}a`} inputMode="decimal" value={fields.min} onChange={(event) => onChange({ min: event.target.value })} />
            </div>
            <div className="shop-field">
              <label htmlFor={`${id}b`}>
                <Trans>Maximum</Trans>
              </label>
              <input id={`${id}b`} inputMode="decimal" value={fields.max} onChange={(event) => onChange({ max: event.target.value })} />
            </div>
          </fieldset>
          <label className="shop-check">
            <input type="checkbox" checked={fields.inStockOnly} onChange={(event) => onChange({ inStockOnly: event.target.checked })} />
            <Trans>In stock only</Trans>
          </label>
        </div>
      </details>
    </form>
  );
}
