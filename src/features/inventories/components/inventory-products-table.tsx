// The inventory's products as the last good sync left them, a page at a time and searchable (title,
// variant, SKU, retailer id): image, title, variant, SKU / retailer id, price in the page's language
// and the store's currency, stock, availability, and where each was found (store, catalog, both).
// Where the catalog says another price or availability, the catalog's is shown beside the store's.
// Texts wrap between words (a price stays whole), so that the table fits a laptop's screen; on a
// phone it scrolls in its own box.
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { InventoryProduct } from '@/domain/inventory-sync';
import type { InventoryProductsPage, InventoryProductsQuery } from '@/machines/inventory-sync';
import { MAX_SEARCH_LENGTH } from '@/machines/inventory-sync';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { Spinner } from '@/src/ui/spinner';
import { Table, type TableColumn } from '@/src/ui/table';
import { TextField } from '@/src/ui/text-field';
import { foundInNames } from '../sync-messages';
import { formatMinor } from '@/src/i18n/money';

const Products = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const SearchForm = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;

  @media (max-width: 480px) {
    grid-template-columns: minmax(0, 1fr) auto;
    > :first-child {
      grid-column: 1 / -1;
    }
  }
`;

const Summary = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  min-height: 24px;
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  justify-content: space-between;
`;

const Thumb = styled.img`
  display: block;
  width: 48px;
  height: 48px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.page};
`;

const NoThumb = styled.span`
  display: block;
  width: 48px;
  height: 48px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Secondary = styled.span<{ $warn?: boolean }>`
  display: block;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme, $warn }) => ($warn ? theme.colors.warning : theme.colors.muted)};
`;

const Codes = styled.span`
  font-family: ui-monospace, monospace;
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Nowrap = styled.span`
  white-space: nowrap;
`;

/** A product's picture; nothing when it has none or it does not load. Decorative: the title says what it is. */
function ProductImage({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <NoThumb aria-hidden="true" />;
  return (
    <Thumb
      src={url}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

function Identifiers({ product }: { product: InventoryProduct }) {
  const { sku, retailerId } = product;
  if (sku && (sku === retailerId || !retailerId)) return <Codes>{sku}</Codes>;
  return (
    <>
      {sku && (
        <Codes>
          <Trans>SKU: {sku}</Trans>
        </Codes>
      )}
      {sku && retailerId && <br />}
      {retailerId && (
        <Codes>
          <Trans>Retailer ID: {retailerId}</Trans>
        </Codes>
      )}
      {!sku && !retailerId && '—'}
    </>
  );
}

type Props = {
  page: InventoryProductsPage | null;
  query: InventoryProductsQuery;
  loading: boolean;
  failed: boolean;
  onSearch: (q: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
};

export function InventoryProductsTable({ page, query, loading, failed, onSearch, onPage, onRetry }: Props) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const [text, setText] = useState(query.q);
  // The search shown is the one asked for (a search cleared elsewhere empties the field).
  useEffect(() => setText(query.q), [query.q]);

  const money = (minor: number | null, currency: string | null) => (minor === null || !currency ? '—' : formatMinor(lang, minor, currency));
  const availability = (available: boolean) => (available ? t`Available` : t`Unavailable`);
  const columns: TableColumn<InventoryProduct>[] = [
    { key: 'image', header: <Trans>Image</Trans>, render: (product) => <ProductImage url={product.imageUrl} /> },
    { key: 'title', header: <Trans>Product</Trans>, isRowHeader: true, render: (product) => product.title },
    { key: 'variant', header: <Trans>Variant</Trans>, render: (product) => product.variantTitle || '—' },
    { key: 'sku', header: <Trans>SKU / Retailer ID</Trans>, render: (product) => <Identifiers product={product} /> },
    {
      key: 'price',
      header: <Trans>Price</Trans>,
      align: 'end',
      render: (product) => {
        const catalogPrice = money(product.catalogPriceMinor, product.currency);
        return (
          <>
            <Nowrap>{money(product.priceMinor, product.currency)}</Nowrap>
            {product.foundIn === 'both' && product.catalogPriceMinor !== null && product.catalogPriceMinor !== product.priceMinor && (
              <Secondary $warn>
                <Trans>Catalog: {catalogPrice}</Trans>
              </Secondary>
            )}
          </>
        );
      },
    },
    {
      key: 'stock',
      header: <Trans>Stock</Trans>,
      align: 'end',
      render: (product) => (product.quantity === null ? '—' : i18n.number(product.quantity)),
    },
    {
      key: 'availability',
      header: <Trans>Availability</Trans>,
      render: (product) => {
        const catalogSays = product.catalogAvailable === null ? '' : availability(product.catalogAvailable);
        return (
          <>
            <Nowrap>{availability(product.available)}</Nowrap>
            {product.foundIn === 'both' && product.catalogAvailable !== null && product.catalogAvailable !== product.available && (
              <Secondary $warn>
                <Trans>Catalog: {catalogSays}</Trans>
              </Secondary>
            )}
          </>
        );
      },
    },
    { key: 'foundIn', header: <Trans>Found in</Trans>, render: (product) => i18n._(foundInNames[product.foundIn]) },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  const total = page?.total ?? 0;
  const pageSize = page?.pageSize ?? 50;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const shownPage = page?.page ?? query.page;
  const from = total === 0 ? 0 : (shownPage - 1) * pageSize + 1;
  const to = Math.min(total, shownPage * pageSize);
  const searched = page ? query.q : '';

  let summary;
  if (loading) summary = <Spinner label={t`Loading the products…`} />;
  else if (!page) summary = null;
  else if (total === 0)
    summary = searched ? <Trans>No products match “{searched}”.</Trans> : <Trans>No products yet. They appear after the first sync.</Trans>;
  else
    summary = (
      <Trans>
        Showing {from}–{to} of {total} products.
      </Trans>
    );

  return (
    <Products>
      <SearchForm role="search" aria-label={t`Search the products`} onSubmit={submit} noValidate>
        <TextField
          label={<Trans>Search products</Trans>}
          hint={<Trans>Title, variant, SKU or retailer ID.</Trans>}
          type="search"
          name="q"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          <Trans>Search</Trans>
        </Button>
        {query.q && (
          <Button variant="ghost" onClick={() => onSearch('')}>
            <Trans>Clear</Trans>
          </Button>
        )}
      </SearchForm>

      <Summary role="status" aria-live="polite">
        {summary}
      </Summary>

      {failed && (
        <Notice variant="negative" title={<Trans>The products could not be loaded.</Trans>}>
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      )}

      {page && page.products.length > 0 && (
        <Table caption={<Trans>Product list</Trans>} hideCaption columns={columns} rows={page.products} rowKey={(product) => product.key} />
      )}

      {page && lastPage > 1 && (
        <Pager aria-label={t`Products pages`}>
          <Button variant="secondary" size="sm" disabled={loading || shownPage <= 1} onClick={() => onPage(shownPage - 1)}>
            <Trans>Previous page</Trans>
          </Button>
          <span>
            <Trans>
              Page {shownPage} of {lastPage}
            </Trans>
          </span>
          <Button variant="secondary" size="sm" disabled={loading || shownPage >= lastPage} onClick={() => onPage(shownPage + 1)}>
            <Trans>Next page</Trans>
          </Button>
        </Pager>
      )}
    </Products>
  );
}
