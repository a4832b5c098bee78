// The public catalog page: the store's products (the first 48 of those matching, more on demand,
// so a 500-product catalog hydrates quickly), search and filters, and the cart. The page's data
// holds only the first products: the rest load once it is up, and search, filters, 'Show more'
// and the saved cart wait for them (with a retry if they fail). The first render is the server's
// (an empty cart); the saved cart is read once every product is known and saved on every change.
import { startTransition, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { cartItemsParam } from '@/domain/cart-items';
import { filterProducts } from '@/domain/catalog-filter';
import { cartCount, emptyCart, restoreCart, serializeCart, shopCartReducer, type ShopCartAction } from '@/domain/shop-cart';
import { currencyDigits, formatMinor } from '@/src/i18n/money';
import { CATALOG_PAGE_SIZE, type ShopPageData, type ShopProductView, type ShopVariantView } from '../shop-page-data';
import type { ShopServices } from '../shop-services';
import { CartPanel, type PanelLine } from './cart-panel';
import { CatalogFilters, noFilter, parsePrice, type FilterFields } from './catalog-filters';
import { ProductCard } from './product-card';
import { ShopFrame } from './shop-frame';

const PAGE_SIZE = CATALOG_PAGE_SIZE;
/** Cards whose image loads at once (the first screen, where the LCP image is); the rest lazily. */
const EAGER_IMAGES = 4;

export function CatalogView({ data, services }: { data: Extract<ShopPageData, { page: 'catalog' }>; services: ShopServices }) {
  const { t } = useLingui();
  const { publicId, locale, currency, productCount, productTypes } = data;
  const [loadedProducts, setLoadedProducts] = useState<ShopProductView[] | null>(null);
  const [productsFailed, setProductsFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const products = loadedProducts ?? data.products;
  // The loaded list is the whole catalog even when a sync since the page changed its size.
  const complete = loadedProducts !== null || products.length >= productCount;
  const [fields, setFields] = useState(noFilter);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [cart, dispatch] = useReducer(shopCartReducer, emptyCart);
  const [loaded, setLoaded] = useState(false);
  const [status, setStatus] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const cartButton = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const focusCard = useRef<number | null>(null);

  const byLine = useMemo(() => {
    const map = new Map<string, { product: ShopProductView; variant: ShopVariantView }>();
    for (const product of products) for (const variant of product.variants) map.set(variant.lineId, { product, variant });
    return map;
  }, [products]);
  const matching = useMemo(() => {
    // Intl is asked for the currency's digits only when a price is typed: its first use costs a
    // phone tens of milliseconds, which hydration need not spend.
    const digits = () => (currency ? currencyDigits(currency) : 2);
    return filterProducts(products, {
      query: fields.query,
      productType: fields.productType || null,
      minPrice: fields.min.trim() ? parsePrice(fields.min, digits()) : null,
      maxPrice: fields.max.trim() ? parsePrice(fields.max, digits()) : null,
      inStockOnly: fields.inStockOnly,
    });
  }, [products, fields, currency]);
  const filtering = JSON.stringify(fields) !== JSON.stringify(noFilter);

  // After hydration, the products the page's data left out (again on 'Try again').
  useEffect(() => {
    if (complete) return;
    let live = true;
    setProductsFailed(false);
    services.loadProducts(locale, publicId).then(
      // A transition: React re-renders with hundreds of products in slices, never blocking a tap.
      (all) => live && startTransition(() => setLoadedProducts(all)),
      () => live && setProductsFailed(true),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  // Once every product is known: the server rendered an empty cart, so the saved one is read only
  // now (its lines may be of any product); lines added meanwhile join it.
  useEffect(() => {
    if (!complete || loaded) return;
    dispatch({ type: 'restore', cart: restoreCart(services.loadCart(publicId), (lineId) => byLine.get(lineId)?.variant) });
    setLoaded(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete]);
  useEffect(() => {
    if (loaded) services.saveCart(publicId, serializeCart(cart));
  }, [loaded, cart, services, publicId]);
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), 5000);
    return () => clearTimeout(timer);
  }, [status]);
  // After 'Show more', focus moves to the first new card's title (once it is there, if the products
  // were still loading): keyboard and screen reader users go on from there.
  useEffect(() => {
    const title = focusCard.current === null ? null : grid.current?.children[focusCard.current]?.querySelector('h2');
    if (!title) return;
    focusCard.current = null;
    title.tabIndex = -1;
    title.focus();
  }, [shown, products]);

  function change(patch: Partial<FilterFields>) {
    setFields((previous) => ({ ...previous, ...patch }));
    setShown(PAGE_SIZE);
    focusCard.current = null;
  }

  function add(product: ShopProductView, variant: ShopVariantView) {
    const action: ShopCartAction = { type: 'add', lineId: variant.lineId, priceMinor: variant.priceMinor };
    const next = shopCartReducer(cart, action);
    if (next === cart) return setStatus(t`Your cart is full: remove an item to add another.`);
    dispatch(action);
    const name = variant.title ? `${product.title} (${variant.title})` : product.title;
    const count = cartCount(next);
    setStatus(t`Added to cart: ${name}. Items in your cart: ${count}.`);
  }

  const lines = cart.lines.flatMap((line): PanelLine[] => {
    const found = byLine.get(line.lineId);
    return found ? [{ line, ...found }] : [];
  });
  const totalMinor = lines.reduce(
    (sum, { line, variant }) => sum + (variant.available && variant.priceMinor !== null ? variant.priceMinor * line.quantity : 0),
    0,
  );
  // ':' and ',' stay readable in the link; anything else in a retailer id is encoded.
  const items = encodeURIComponent(cartItemsParam(cart.lines.map((line) => ({ retailerId: line.lineId, quantity: line.quantity }))))
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',');
  const count = cartCount(cart);
  const cartPath = `/${locale}/c/${encodeURIComponent(publicId)}/cart`;
  // Until every product is known, a filter has nothing certain to show; without one, the count is the catalog's.
  const waiting = !complete && (filtering || shown > products.length);
  const matchCount = filtering || complete ? matching.length : productCount;
  const left = matchCount - shown;

  return (
    <ShopFrame
      title={data.storeName}
      aside={
        <button
          type="button"
          ref={cartButton}
          className="shop-cart-button"
          aria-haspopup="dialog"
          onClick={() => dialog.current?.showModal()}
        >
          <Trans>Cart ({count})</Trans>
        </button>
      }
    >
      <CatalogFilters fields={fields} productTypes={productTypes} onChange={change} />
      <div className="shop-results">
        <p aria-live="polite" className="shop-count">
          {waiting && filtering ? (
            <Trans>Searching the whole catalog…</Trans>
          ) : (
            <Plural value={matchCount} one="# product" other="# products" />
          )}
        </p>
        {filtering ? (
          <button type="button" className="shop-link-button" onClick={() => change(noFilter)}>
            <Trans>Clear filters</Trans>
          </button>
        ) : null}
      </div>
      {waiting && filtering ? null : matchCount ? (
        <ul className="shop-grid" ref={grid}>
          {matching.slice(0, shown).map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              eager={index < EAGER_IMAGES}
              first={index === 0}
              cartPath={cartPath}
              onAdd={add}
            />
          ))}
        </ul>
      ) : (
        <p className="shop-empty">
          {products.length ? (
            <Trans>No products match your search. Try other words or clear the filters.</Trans>
          ) : (
            <Trans>This catalog has no products yet.</Trans>
          )}
        </p>
      )}
      {waiting ? (
        productsFailed ? (
          <p className="shop-empty" role="alert">
            <Trans>The rest of the catalog could not be loaded. Check your connection.</Trans>{' '}
            <button type="button" className="shop-link-button" onClick={() => setAttempt(attempt + 1)}>
              <Trans>Try again</Trans>
            </button>
          </p>
        ) : (
          <p className="shop-empty">
            <Trans>Loading the rest of the catalog…</Trans>
          </p>
        )
      ) : null}
      {left > 0 && !(waiting && filtering) ? (
        <button
          type="button"
          className="shop-secondary shop-more-button"
          onClick={() => {
            focusCard.current = shown;
            setShown(shown + PAGE_SIZE);
          }}
        >
          <Trans>Show more ({left} left)</Trans>
        </button>
      ) : null}
      <p role="status" className="shop-toast">
        {status}
      </p>
      <CartPanel
        dialogRef={dialog}
        lines={lines}
        totalText={currency && lines.length ? formatMinor(locale, totalMinor, currency) : null}
        reviewHref={`${cartPath}?items=${items}`}
        services={services}
        publicId={publicId}
        checkoutLines={() =>
          cart.lines.map((line) => ({
            retailerId: line.lineId,
            quantity: line.quantity,
            priceMinor: line.priceMinor,
            currency: line.priceMinor === null ? null : currency,
          }))
        }
        dispatch={dispatch}
        onClose={() => cartButton.current?.focus()}
      />
    </ShopFrame>
  );
}
