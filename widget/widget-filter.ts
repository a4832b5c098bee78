// CATALYST FILTER: the optional product finder in the widget's panel, over the widget's inventory's
// synced catalog (GET /api/v1/widget-sites/{public id}/catalog, read once when the finder is first
// opened). Search words, a price range in the store's currency, one option value (a colour or a size:
// the values of the variants' titles, 'M / Vermelho'), in stock only. Each variant found can be picked:
// the picks go into the WhatsApp message ('I'd like: …') and into a link straight to the cart summary
// page. Types only from the server's domain; the matching is pure (findVariants) for the tests.
import type { CatalogProduct, PublicCatalog } from '@/domain/storefront';
import type { Locale } from '@/domain/locales';
import { element } from './widget-dom';
import { minorDigits, priceText } from './widget-chat';
import type { WidgetStrings } from './widget-strings';

type Variant = CatalogProduct['variants'][number];
export type FoundVariant = { product: CatalogProduct; variant: Variant; name: string };
export type FilterQuery = { text: string; minMinor: number | null; maxMinor: number | null; option: string; inStockOnly: boolean };

/** At most this many variants are listed: the shopper narrows the search for more. */
export const FOUND_SHOWN = 20;

/** A variant's option values: 'M / Vermelho' → ['M', 'Vermelho']. */
const optionValuesOf = (title: string) =>
  title
    .split(' / ')
    .map((value) => value.trim())
    .filter(Boolean);
/** For matching: lower case, without accents ('Calção' finds 'calcao'). */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Every option value of the catalog's variants, once, in the page's language's order. */
export function optionValues(catalog: PublicCatalog, locale: Locale): string[] {
  const values = new Map<string, string>();
  for (const product of catalog.products)
    for (const variant of product.variants) for (const value of optionValuesOf(variant.title)) values.set(folded(value), value);
  return [...values.values()].sort((a, b) => a.localeCompare(b, locale));
}

/** The variants the query finds, in the catalog's order, at most `limit`. */
export function findVariants(catalog: PublicCatalog, query: FilterQuery, limit = FOUND_SHOWN): FoundVariant[] {
  const words = folded(query.text).split(/\s+/).filter(Boolean);
  const option = folded(query.option);
  const found: FoundVariant[] = [];
  for (const product of catalog.products)
    for (const variant of product.variants) {
      if (query.inStockOnly && !variant.available) continue;
      const price = variant.priceMinor;
      if ((query.minMinor !== null || query.maxMinor !== null) && price === null) continue;
      if (query.minMinor !== null && price! < query.minMinor) continue;
      if (query.maxMinor !== null && price! > query.maxMinor) continue;
      if (option && !optionValuesOf(variant.title).some((value) => folded(value) === option)) continue;
      const haystack = folded(`${product.title} ${variant.title} ${product.productType ?? ''}`);
      if (!words.every((word) => haystack.includes(word))) continue;
      found.push({ product, variant, name: variant.title ? `${product.title} — ${variant.title}` : product.title });
      if (found.length === limit) return found;
    }
  return found;
}

/** An amount the shopper typed in the store's currency ('199,90') in its minor units; null for none or not a number. */
export function minorOf(typed: string, currency: string | null): number | null {
  const text = typed.trim().replace(/\s/g, '');
  if (!text) return null;
  // '1.299,90' and '1,299.90' alike: the last separator is the decimal one when digits follow it (at most two).
  const normalized = /[.,]\d{1,2}$/.test(text)
    ? text
        .replace(/[.,](?=\d{1,2}$)/, '#')
        .replace(/[.,]/g, '')
        .replace('#', '.')
    : text.replace(/[.,]/g, '');
  const amount = Number(normalized);
  if (!Number.isFinite(amount) || amount < 0) return null;
  return Math.round(amount * 10 ** (currency ? minorDigits(currency) : 2));
}

export type FilterOptions = {
  /** The catalog endpoint of the widget. */
  endpoint: string;
  /** The cart summary page with these line ids in the cart, one each. */
  cartPage: (lineIds: string[]) => string;
  strings: WidgetStrings;
  locale: Locale;
  fetch: typeof fetch;
  /** The picks changed: their names, for the WhatsApp message. */
  onPicks: (names: string[]) => void;
  /** A search settled (a field changed and left, Enter, a choice): the dashboard counts it. */
  onSearch?: () => void;
};

let ids = 0;

/** The finder, drawn into `container` behind its disclosure button. */
export function mountFilter(container: HTMLElement, options: FilterOptions) {
  const { strings } = options;
  const id = (name: string) => `filter-${name}-${++ids}`;
  const toggle = element('button', { type: 'button', class: 'filter-toggle', 'aria-expanded': 'false' }, strings.findProduct);
  const section = element('div', { class: 'filter', id: id('section') });
  toggle.setAttribute('aria-controls', section.id);
  section.hidden = true;
  const field = (label: string, input: HTMLInputElement | HTMLSelectElement) => {
    input.id = id('field');
    const wrap = element('div', { class: 'filter-field' });
    wrap.append(element('label', { for: input.id }, label), input);
    return wrap;
  };
  const text = element('input', { type: 'search', autocomplete: 'off' });
  const from = element('input', { type: 'text', inputmode: 'decimal', autocomplete: 'off' });
  const to = element('input', { type: 'text', inputmode: 'decimal', autocomplete: 'off' });
  const option = element('select');
  const inStock = element('input', { type: 'checkbox' });
  inStock.checked = true;
  const stockLabel = element('label', { class: 'filter-check' });
  stockLabel.append(inStock, strings.inStockOnly);
  const status = element('p', { class: 'filter-status', role: 'status' });
  const results = element('ul', { class: 'filter-results' });
  const cart = element('a', { class: 'filter-cart', target: '_blank', rel: 'noopener' }, strings.goToCart);
  cart.hidden = true;
  section.append(
    field(strings.search, text),
    field(strings.priceFrom, from),
    field(strings.priceTo, to),
    field(strings.option, option),
    stockLabel,
    status,
    results,
    cart,
  );
  container.append(toggle, section);

  let catalog: PublicCatalog | null = null;
  /** The catalog's read, once (null again after a failure, so opening again tries again). */
  let loading: Promise<void> | null = null;
  const picks = new Map<string, string>();

  function draw() {
    if (!catalog) return;
    const found = findVariants(catalog, {
      text: text.value,
      minMinor: minorOf(from.value, catalog.currency),
      maxMinor: minorOf(to.value, catalog.currency),
      option: option.value,
      inStockOnly: inStock.checked,
    });
    status.textContent = strings.found(found.length);
    results.replaceChildren(
      ...found.map(({ product, variant, name }) => {
        const item = element('li', { class: 'filter-result' });
        const pick = element('input', { type: 'checkbox', 'aria-label': strings.pickNamed(name) });
        pick.checked = picks.has(variant.lineId);
        pick.addEventListener('change', () => {
          if (pick.checked) picks.set(variant.lineId, name);
          else picks.delete(variant.lineId);
          picked();
        });
        const about = element('div');
        about.append(element('p', { class: 'card-title' }, name));
        const price = priceText(variant.priceMinor, catalog!.currency, options.locale);
        if (price) about.append(element('p', { class: 'price' }, price));
        item.append(pick, about);
        if (product.imageUrl) item.prepend(element('img', { src: product.imageUrl, alt: '', loading: 'lazy', width: '48', height: '48' }));
        return item;
      }),
    );
  }

  function picked() {
    cart.hidden = picks.size === 0;
    if (picks.size > 0) cart.href = options.cartPage([...picks.keys()]);
    options.onPicks([...picks.values()]);
  }

  async function load() {
    status.textContent = strings.loadingCatalog;
    try {
      const answer = await options.fetch(options.endpoint, { credentials: 'omit' });
      if (!answer.ok) throw new Error(String(answer.status));
      catalog = (await answer.json()) as PublicCatalog;
    } catch {
      status.textContent = strings.catalogFailed;
      loading = null;
      return;
    }
    option.replaceChildren(
      element('option', { value: '' }, strings.anyOption),
      ...optionValues(catalog, options.locale).map((value) => element('option', { value }, value)),
    );
    draw();
  }

  toggle.addEventListener('click', () => {
    const open = section.hidden;
    section.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) loading ??= load();
  });
  for (const control of [text, from, to]) control.addEventListener('input', draw);
  for (const control of [option, inStock]) control.addEventListener('change', draw);
  // A settled search, counted once: a typed field's 'change' fires when it is left or Enter is pressed, not per key.
  for (const control of [text, from, to, option, inStock])
    control.addEventListener('change', () => {
      if (catalog) options.onSearch?.();
    });
  return { toggle };
}
