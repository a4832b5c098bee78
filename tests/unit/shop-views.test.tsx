// @vitest-environment happy-dom
// The shopper's pages as React renders them (src/features/storefront/components): the server's
// HTML hydrates without a mismatch (with and without a saved cart), search and filters, the cart
// (variants, total, saved and restored through the injected storage), checkout, the cart summary's
// warnings, and the problem pages. English source messages, as Lingui shows them without a catalog.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { CartSummaryLine, PublicCatalog } from '@/domain/storefront';
import { ShopPage } from '@/src/features/storefront/components/shop-page';
import { shopPageData, type ShopPageData } from '@/src/features/storefront/shop-page-data';
import type { ShopServices } from '@/src/features/storefront/shop-services';

const publicId = 'k3J9xQ2m';

const variant = (lineId: string, title: string, priceMinor: number | null, available = true) => ({ lineId, title, priceMinor, available });
const catalog: PublicCatalog = {
  publicId,
  storeName: 'Loja da Ana',
  currency: 'BRL',
  lastSyncedAt: '2025-05-01T10:00:00.000Z',
  products: [
    {
      id: 'p1',
      title: 'Camiseta Básica Azúl',
      imageUrl: 'https://cdn.example/camiseta.jpg',
      productType: 'Camisetas',
      variants: [
        variant('CAM-P-AZ', 'P / Azul', 5990),
        variant('CAM-M-AZ', 'M / Azul', 6490),
        variant('CAM-G-PR', 'G / Preto', 6990, false),
      ],
    },
    {
      id: 'p2',
      title: 'Bolsa de Couro Legítimo',
      imageUrl: null,
      productType: null,
      variants: [variant('BOLSA', '', 24900)],
    },
    {
      id: 'p3',
      title: 'Tênis Corrida Leve',
      imageUrl: 'https://cdn.example/tenis.jpg',
      productType: 'Calçados',
      variants: [variant('TENIS-42', '42', 39990, false)],
    },
    {
      id: 'p4',
      title: 'Camiseta Estampada Praia',
      imageUrl: 'https://cdn.example/estampada.jpg',
      productType: 'Camisetas',
      variants: [variant('EST-P', 'P', 7990), variant('EST-M', 'M', 7990)],
    },
  ],
};
const catalogData = shopPageData('en', { page: 'catalog', catalog }) as Extract<ShopPageData, { page: 'catalog' }>;

/** Services with the saved carts in a map (the injected storage) and the rest recorded. */
function makeServices(storage = new Map<string, string>(), checkout?: ShopServices['checkout']) {
  return {
    loadCart: (id: string) => storage.get(id) ?? null,
    saveCart: (id: string, value: string) => void storage.set(id, value),
    checkout: vi.fn<ShopServices['checkout']>(
      checkout ?? (async () => ({ url: 'https://loja-da-ana.example/cart/111:1,222:1?ref=cat', leftOut: [] })),
    ),
    go: vi.fn<ShopServices['go']>(),
    pageSeen: vi.fn<ShopServices['pageSeen']>(),
    loadProducts: vi.fn<ShopServices['loadProducts']>(async () => Promise.reject(new Error('no products beyond the page in this test'))),
  } satisfies ShopServices;
}

/** A catalog of `count` products 'Produto 1'…, one variant each (SKU-0…). */
const manyProducts = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `p${i}`,
    title: `Produto ${i + 1}`,
    imageUrl: `https://cdn.example/${i}.jpg`,
    productType: i % 2 ? 'Par' : 'Ímpar',
    variants: [variant(`SKU-${i}`, '', 1000 + i)],
  }));
/** A large catalog as the server has it, and as its page's data block carries it (the first 48 products). */
function largeCatalog(count = 60) {
  const full = shopPageData('en', { page: 'catalog', catalog: { ...catalog, products: manyProducts(count) } }) as Extract<
    ShopPageData,
    { page: 'catalog' }
  >;
  return { full, block: { ...full, products: full.products.slice(0, 48) } };
}
/** A large catalog's page rendered while the rest of its products is loading (settled by `rest`). */
function renderLoadingCatalog(services = makeServices()) {
  const { full, block } = largeCatalog();
  const rest = deferred<typeof full.products>();
  services.loadProducts.mockReturnValue(rest.promise);
  render(page(block, services));
  return { full, services, rest };
}
/** A promise and the hands that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const page = (data: ShopPageData, services: ShopServices) => (
  <I18nProvider i18n={i18n}>
    <ShopPage data={data} services={services} />
  </I18nProvider>
);

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => cleanup());

const cardOf = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).closest('li')!;
const count = () => document.querySelector('[aria-live="polite"]')!.textContent;
const productTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const cartDialog = () => document.querySelector('dialog')!;

async function addVariant(user: ReturnType<typeof userEvent.setup>, title: string, option?: string) {
  const card = cardOf(title);
  if (option)
    await user.selectOptions(within(card).getByLabelText('Option'), within(card).getByRole('option', { name: new RegExp(`^${option} `) }));
  await user.click(within(card).getByRole('button', { name: 'Add to cart' }));
}

describe('server render and hydration', () => {
  const roots: Root[] = [];
  // act() outside Testing Library's own render: tell React this is a test environment.
  beforeAll(() => void Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true }));
  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    document.body.innerHTML = '';
  });

  async function hydrate(data: ShopPageData, services: ShopServices, serverData = data) {
    const html = renderToString(page(serverData, services));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      roots.push(hydrateRoot(container, page(data, services), { onRecoverableError: (error) => errors.push(error) }));
    });
    const logged = consoleError.mock.calls;
    consoleError.mockRestore();
    return { html, container, errors, logged };
  }

  test('the catalog hydrates without a mismatch and reports one access', async () => {
    const services = makeServices();
    const { html, errors, logged, container } = await hydrate(catalogData, services);
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(html).toContain('Loja da Ana');
    expect(html).toContain('From R$59.90');
    expect(html).toContain('This page counts visits anonymously');
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(services.pageSeen).toHaveBeenCalledTimes(1);
    expect(services.pageSeen).toHaveBeenCalledWith(publicId, 'access');
  });

  test('a saved cart is read after hydration, not during it: no mismatch, and the count shows it', async () => {
    const storage = new Map([[publicId, JSON.stringify({ lines: [{ lineId: 'CAM-M-AZ', quantity: 2, priceMinor: 6490 }] })]]);
    const { html, errors, logged, container } = await hydrate(catalogData, makeServices(storage));
    expect(html).toContain('Cart (0)'); // the server knows no cart
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(within(container).getByRole('button', { name: 'Cart (2)' })).toBeTruthy();
  });

  test('a large catalog’s page carries its first 48 products and hydrates without a mismatch; the rest load once, after', async () => {
    const { full, block } = largeCatalog();
    const services = makeServices();
    const rest = deferred<typeof full.products>();
    services.loadProducts.mockReturnValue(rest.promise);
    const { errors, logged } = await hydrate(block, services, full);
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(services.loadProducts).toHaveBeenCalledTimes(1);
    expect(services.loadProducts).toHaveBeenCalledWith('en', publicId);
    expect(count()).toBe('60 products');
    expect(productTitles()).toHaveLength(48);
    await act(async () => rest.resolve(full.products));
    expect(count()).toBe('60 products');
    expect(services.loadProducts).toHaveBeenCalledTimes(1);
  });

  test('the check sees a mismatch when there is one', async () => {
    const { errors } = await hydrate(catalogData, makeServices(), { ...catalogData, storeName: 'Outra Loja' });
    expect(errors).not.toEqual([]);
  });

  test('the cart page and the problem page hydrate too', async () => {
    const services = makeServices();
    for (const data of [cartData(), { page: 'problem', locale: 'en', publicId, reason: 'cart_not_found' } as const]) {
      const { errors, logged } = await hydrate(data, services);
      expect(errors).toEqual([]);
      expect(logged).toEqual([]);
    }
    expect(services.pageSeen).toHaveBeenCalledTimes(1);
    expect(services.pageSeen).toHaveBeenCalledWith(publicId, 'cart_view', 'cart_7Yh2');
  });
});

describe('the catalog page', () => {
  test('cards: title, image with alt, price from the lowest, variants with prices, sold out marked', () => {
    render(page(catalogData, makeServices()));
    expect(productTitles()).toEqual(['Camiseta Básica Azúl', 'Bolsa de Couro Legítimo', 'Tênis Corrida Leve', 'Camiseta Estampada Praia']);
    const camiseta = cardOf('Camiseta Básica Azúl');
    expect(within(camiseta).getByRole('img', { name: 'Camiseta Básica Azúl' })).toBeTruthy();
    expect(camiseta.textContent).toContain('From R$59.90');
    const options = within(camiseta)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['P / Azul — R$59.90', 'M / Azul — R$64.90', 'G / Preto — R$69.90 (sold out)']);
    expect(cardOf('Camiseta Estampada Praia').textContent).not.toContain('From'); // one price for all
    // No image: the neutral box still names the product.
    expect(within(cardOf('Bolsa de Couro Legítimo')).getByRole('img', { name: 'Bolsa de Couro Legítimo' }).tagName).toBe('DIV');
    // Every image has its size: its box is laid out before it loads (no layout shift).
    const images = [...document.querySelectorAll('img')];
    expect(images.every((image) => image.getAttribute('width') && image.getAttribute('height'))).toBe(true);
  });

  test('a sold-out product or variant is shown but cannot be added, with the reason in view', async () => {
    const user = userEvent.setup();
    render(page(catalogData, makeServices()));
    const tenis = cardOf('Tênis Corrida Leve');
    expect((within(tenis).getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(tenis.textContent).toContain('Sold out');

    const camiseta = cardOf('Camiseta Básica Azúl');
    await user.selectOptions(within(camiseta).getByLabelText('Option'), 'CAM-G-PR:1');
    const add = within(camiseta).getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(camiseta.textContent).toContain('This option is sold out: choose another.');
    await user.selectOptions(within(camiseta).getByLabelText('Option'), 'CAM-M-AZ:1');
    expect(add.disabled).toBe(false);
  });

  test('search (accents and case ignored), category, price range and in stock only change the products and the announced count', async () => {
    const user = userEvent.setup();
    render(page(catalogData, makeServices()));
    expect(count()).toBe('4 products');

    await user.type(screen.getByLabelText('Search products'), 'camiseta AZUL');
    expect(productTitles()).toEqual(['Camiseta Básica Azúl']);
    expect(count()).toBe('1 product');
    await user.clear(screen.getByLabelText('Search products'));
    await user.type(screen.getByLabelText('Search products'), 'tenis');
    expect(productTitles()).toEqual(['Tênis Corrida Leve']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(count()).toBe('4 products');
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('');

    await user.click(screen.getByText('Filters'));
    await user.selectOptions(screen.getByLabelText('Category'), 'Camisetas');
    expect(productTitles()).toEqual(['Camiseta Básica Azúl', 'Camiseta Estampada Praia']);
    expect(count()).toBe('2 products');
    await user.selectOptions(screen.getByLabelText('Category'), '');

    await user.type(screen.getByLabelText('Minimum'), '69,90');
    expect(productTitles()).toEqual(['Camiseta Básica Azúl', 'Bolsa de Couro Legítimo', 'Tênis Corrida Leve', 'Camiseta Estampada Praia']);
    await user.type(screen.getByLabelText('Maximum'), '79.90');
    expect(productTitles()).toEqual(['Camiseta Básica Azúl', 'Camiseta Estampada Praia']); // bounds inclusive
    await user.click(screen.getByLabelText('In stock only'));
    expect(productTitles()).toEqual(['Camiseta Estampada Praia']); // the 69,90 variant is sold out
    expect(count()).toBe('1 product');

    await user.type(screen.getByLabelText('Search products'), 'vestido');
    expect(productTitles()).toEqual([]);
    expect(count()).toBe('0 products');
    expect(screen.getByText('No products match your search. Try other words or clear the filters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(productTitles()).toHaveLength(4);
  });

  test('no category control when the store has no product types', () => {
    const untyped = { ...catalog, products: catalog.products.map((product) => ({ ...product, productType: null })) };
    render(page(shopPageData('en', { page: 'catalog', catalog: untyped }), makeServices()));
    expect(screen.queryByLabelText('Category')).toBeNull();
    expect(screen.getByLabelText('In stock only')).toBeTruthy();
  });

  test('shows 48 products of a large catalog, then more on demand', async () => {
    const user = userEvent.setup();
    const products = manyProducts(60);
    render(page(shopPageData('en', { page: 'catalog', catalog: { ...catalog, products } }), makeServices()));
    expect(productTitles()).toHaveLength(48);
    expect(count()).toBe('60 products');
    // The images as the server writes them (here, happy-dom's images never load: each shows its empty box).
    const served = document.createElement('div');
    served.innerHTML = renderToString(page(shopPageData('en', { page: 'catalog', catalog: { ...catalog, products } }), makeServices()));
    const images = [...served.querySelectorAll('.shop-grid img')];
    expect(images).toHaveLength(48);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([...Array(4).fill('eager'), ...Array(44).fill('lazy')]);
    // Only the first image (a phone's largest paint) is fetched before the others.
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', ...Array(47).fill(null)]);
    await user.click(screen.getByRole('button', { name: 'Show more (12 left)' }));
    expect(productTitles()).toHaveLength(60);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Produto 49' }));
  });

  test('while the rest of a large catalog loads, a search waits for it and then finds what only the rest holds', async () => {
    const user = userEvent.setup();
    const { full, rest } = renderLoadingCatalog();
    await user.type(screen.getByLabelText('Search products'), 'Produto 55');
    expect(count()).toBe('Searching the whole catalog…');
    expect(screen.getByText('Loading the rest of the catalog…')).toBeTruthy();
    expect(productTitles()).toEqual([]);
    await act(async () => rest.resolve(full.products));
    expect(count()).toBe('1 product');
    expect(productTitles()).toEqual(['Produto 55']);
  });

  test('a list that changed since the page (a sync in between) is taken as the whole catalog: nothing waits for more', async () => {
    const user = userEvent.setup();
    const { full, rest } = renderLoadingCatalog();
    await act(async () => rest.resolve(full.products.slice(0, 55)));
    expect(count()).toBe('55 products');
    await user.type(screen.getByLabelText('Search products'), 'Produto 55');
    expect(productTitles()).toEqual(['Produto 55']);
    expect(screen.queryByText('Loading the rest of the catalog…')).toBeNull();
  });

  test('Show more before the rest has loaded shows them when they arrive, focus on the first new one', async () => {
    const user = userEvent.setup();
    const { full, rest } = renderLoadingCatalog();
    await user.click(screen.getByRole('button', { name: 'Show more (12 left)' }));
    expect(productTitles()).toHaveLength(48);
    expect(screen.getByText('Loading the rest of the catalog…')).toBeTruthy();
    await act(async () => rest.resolve(full.products));
    expect(productTitles()).toHaveLength(60);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Produto 49' }));
  });

  test('when the rest cannot be loaded, a filter says so and Try again loads it', async () => {
    const user = userEvent.setup();
    const { full, block } = largeCatalog();
    const services = makeServices();
    render(page(block, services));
    await user.selectOptions(screen.getByLabelText('Category'), 'Par');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('could not be loaded'));
    services.loadProducts.mockResolvedValue(full.products);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(count()).toBe('30 products'));
    expect(services.loadProducts).toHaveBeenCalledTimes(2);
  });

  test('a saved line of a product beyond the first 48 is restored once the rest arrives; a line added meanwhile joins it', async () => {
    const user = userEvent.setup();
    const storage = new Map([[publicId, JSON.stringify({ lines: [{ lineId: 'SKU-55', quantity: 2, priceMinor: 1055 }] })]]);
    const { full, rest } = renderLoadingCatalog(makeServices(storage));
    await addVariant(user, 'Produto 1');
    expect(screen.getByRole('button', { name: 'Cart (1)' })).toBeTruthy();
    // Nothing is saved before the saved cart is read: it is not overwritten.
    expect(JSON.parse(storage.get(publicId)!).lines).toHaveLength(1);
    await act(async () => rest.resolve(full.products));
    expect(screen.getByRole('button', { name: 'Cart (3)' })).toBeTruthy();
    expect(JSON.parse(storage.get(publicId)!).lines.map((line: { lineId: string }) => line.lineId)).toEqual(['SKU-55', 'SKU-0']);
  });

  test('two variants of a product make two lines, with the count, a confirmation and the right total', async () => {
    const user = userEvent.setup();
    render(page(catalogData, makeServices()));
    await addVariant(user, 'Camiseta Básica Azúl', 'M / Azul');
    expect(screen.getByRole('status').textContent).toBe('Added to cart: Camiseta Básica Azúl (M / Azul). Items in your cart: 1.');
    await addVariant(user, 'Camiseta Básica Azúl', 'P / Azul');
    expect(screen.getByRole('status').textContent).toBe('Added to cart: Camiseta Básica Azúl (P / Azul). Items in your cart: 2.');
    await user.click(screen.getByRole('button', { name: 'Cart (2)' }));
    const dialog = cartDialog();
    expect(dialog.open).toBe(true);
    const lines = within(dialog).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([expect.stringContaining('M / Azul'), expect.stringContaining('P / Azul')]);
    expect(dialog.textContent).toContain('Total: R$124.80');
    // One more M / Azul: quantity 2, total 64,90 × 2 + 59,90.
    await user.click(within(dialog).getByRole('button', { name: 'More of Camiseta Básica Azúl (M / Azul)' }));
    expect(dialog.textContent).toContain('Total: R$189.70');
    expect((within(dialog).getByLabelText('Quantity of Camiseta Básica Azúl (M / Azul)') as HTMLInputElement).value).toBe('2');
    expect(within(dialog).getByRole('link', { name: 'Review cart' }).getAttribute('href')).toBe(
      `/en/c/${publicId}/cart?items=CAM-M-AZ:2,CAM-P-AZ:1`,
    );
  });

  test('quantities are clamped to 1..999, and a line can be removed', async () => {
    const user = userEvent.setup();
    render(page(catalogData, makeServices()));
    await addVariant(user, 'Bolsa de Couro Legítimo');
    await user.click(screen.getByRole('button', { name: 'Cart (1)' }));
    const dialog = cartDialog();
    const quantity = within(dialog).getByLabelText('Quantity of Bolsa de Couro Legítimo') as HTMLInputElement;
    await user.click(within(dialog).getByRole('button', { name: 'Fewer of Bolsa de Couro Legítimo' }));
    expect(quantity.value).toBe('1');
    await user.clear(quantity);
    await user.type(quantity, '2500');
    await user.tab();
    expect(quantity.value).toBe('999');
    expect(screen.getByRole('button', { name: 'Cart (999)' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Bolsa de Couro Legítimo' }));
    expect(dialog.textContent).toContain('Your cart is empty.');
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Your cart' }));
    expect(screen.getByRole('button', { name: 'Cart (0)' })).toBeTruthy();
  });

  test('the cart survives a remount through the saved cart, without lines the catalog lost', async () => {
    const user = userEvent.setup();
    const storage = new Map<string, string>();
    const first = render(page(catalogData, makeServices(storage)));
    await addVariant(user, 'Camiseta Básica Azúl', 'M / Azul');
    await addVariant(user, 'Camiseta Estampada Praia', 'P');
    await addVariant(user, 'Camiseta Estampada Praia', 'P');
    expect(JSON.parse(storage.get(publicId)!).lines).toHaveLength(2);
    first.unmount();

    // The next day the catalog no longer sells the printed T-shirt.
    const lessData = shopPageData('en', { page: 'catalog', catalog: { ...catalog, products: catalog.products.slice(0, 3) } });
    render(page(lessData, makeServices(storage)));
    expect(screen.getByRole('button', { name: 'Cart (1)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cart (1)' }));
    expect(cartDialog().textContent).toContain('M / Azul');
    expect(JSON.parse(storage.get(publicId)!)).toEqual({ lines: [{ lineId: 'CAM-M-AZ', quantity: 1, priceMinor: 6490 }] });
  });

  test('a malformed saved cart is ignored', () => {
    render(page(catalogData, makeServices(new Map([[publicId, '{"lines": [oops']]))));
    expect(screen.getByRole('button', { name: 'Cart (0)' })).toBeTruthy();
  });

  test('Go to checkout sends the lines with the prices seen, then goes to the answer’s URL', async () => {
    const user = userEvent.setup();
    let answer!: (value: { url: string; leftOut: [] }) => void;
    const services = makeServices(new Map(), () => new Promise((resolve) => (answer = resolve)));
    render(page(catalogData, services));
    await addVariant(user, 'Camiseta Básica Azúl', 'M / Azul');
    await addVariant(user, 'Bolsa de Couro Legítimo');
    await addVariant(user, 'Bolsa de Couro Legítimo');
    await user.click(screen.getByRole('button', { name: 'Cart (3)' }));
    await user.click(within(cartDialog()).getByRole('button', { name: 'Go to checkout' }));
    expect(services.checkout).toHaveBeenCalledWith(publicId, {
      source: 'catalog_page',
      lines: [
        { retailerId: 'CAM-M-AZ', quantity: 1, priceMinor: 6490, currency: 'BRL' },
        { retailerId: 'BOLSA', quantity: 2, priceMinor: 24900, currency: 'BRL' },
      ],
    });
    // While waiting: busy, and a second press does nothing.
    const busy = within(cartDialog()).getByRole('button', { name: 'Opening the checkout…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await act(async () => answer({ url: 'https://loja-da-ana.example/cart/111:1,222:2?ref=cat', leftOut: [] }));
    expect(services.go).toHaveBeenCalledWith('https://loja-da-ana.example/cart/111:1,222:2?ref=cat');
    expect(services.checkout).toHaveBeenCalledTimes(1);
    // Leaving, it stays busy; a page shown anew (not restored) keeps it so.
    await act(async () => window.dispatchEvent(Object.defineProperty(new Event('pageshow'), 'persisted', { value: false })));
    expect(within(cartDialog()).getByRole('button', { name: 'Opening the checkout…' })).toBeTruthy();
    // Back from the store, the browser restores the page as it left it: the button is ready again.
    await act(async () => window.dispatchEvent(Object.defineProperty(new Event('pageshow'), 'persisted', { value: true })));
    expect((within(cartDialog()).getByRole('button', { name: 'Go to checkout' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('a failed checkout says what to do and loses nothing', async () => {
    const user = userEvent.setup();
    const storage = new Map<string, string>();
    const services = makeServices(storage, async () => Promise.reject({ code: 'network' }));
    render(page(catalogData, services));
    await addVariant(user, 'Camiseta Básica Azúl', 'P / Azul');
    await user.click(screen.getByRole('button', { name: 'Cart (1)' }));
    await user.click(within(cartDialog()).getByRole('button', { name: 'Go to checkout' }));
    expect(within(cartDialog()).getByRole('alert').textContent).toBe(
      'We could not open the checkout. Check your connection and try again: your cart is kept.',
    );
    expect(services.go).not.toHaveBeenCalled();
    expect((within(cartDialog()).getByRole('button', { name: 'Go to checkout' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(cartDialog()).getAllByRole('listitem')).toHaveLength(1);
    expect(JSON.parse(storage.get(publicId)!).lines).toEqual([{ lineId: 'CAM-P-AZ', quantity: 1, priceMinor: 5990 }]);

    services.checkout.mockImplementation(async () => Promise.reject({ code: 'nothing_to_checkout' }));
    await user.click(within(cartDialog()).getByRole('button', { name: 'Go to checkout' }));
    expect(within(cartDialog()).getByRole('alert').textContent).toContain('None of these items can be bought now');
  });

  test('the cart panel closes and gives focus back to the cart button', async () => {
    const user = userEvent.setup();
    render(page(catalogData, makeServices()));
    const cartButton = screen.getByRole('button', { name: 'Cart (0)' });
    await user.click(cartButton);
    expect(cartDialog().open).toBe(true);
    await user.click(within(cartDialog()).getByRole('button', { name: 'Close' }));
    expect(cartDialog().open).toBe(false);
    expect(document.activeElement).toBe(cartButton);
  });
});

const summaryLine = (line: Partial<CartSummaryLine> & Pick<CartSummaryLine, 'retailerId'>): CartSummaryLine => ({
  quantity: 1,
  title: 'Camiseta Básica Azúl',
  variantTitle: '',
  imageUrl: null,
  priceMinor: 5990,
  chosenPriceMinor: null,
  currency: 'BRL',
  available: true,
  problem: null,
  ...line,
});

function cartData(lines?: CartSummaryLine[], cartId: string | null = 'cart_7Yh2', totalMinor?: number) {
  const all = lines ?? [
    summaryLine({ retailerId: 'CAM-M-AZ', variantTitle: 'M / Azul', quantity: 2, priceMinor: 6490 }),
    summaryLine({ retailerId: 'CAM-P-AZ', variantTitle: 'P / Azul', priceMinor: 5990, chosenPriceMinor: 4990, problem: 'price_changed' }),
    summaryLine({ retailerId: 'CAM-G-PR', variantTitle: 'G / Preto', priceMinor: 6990, available: false, problem: 'unavailable' }),
    summaryLine({ retailerId: 'VELHO-1', title: null, priceMinor: null, available: false, problem: 'unknown' }),
    summaryLine({ retailerId: 'GIFT', title: 'Cartão Presente', priceMinor: 5000, available: false, problem: 'not_sold_in_store' }),
  ];
  const total =
    totalMinor ?? all.reduce((sum, line) => sum + (line.available && line.priceMinor !== null ? line.priceMinor * line.quantity : 0), 0);
  return shopPageData('en', {
    page: 'cart',
    publicId,
    items: cartId ? null : all.map((line) => `${line.retailerId}:${line.quantity}`).join(','),
    summary: { cartId, storeName: 'Loja da Ana', currency: 'BRL', lines: all, totalMinor: total, lastSyncedAt: null },
  });
}

describe('the cart summary page', () => {
  test('each line with quantity, unit price and line total; a warning per problem; the total of what can be bought', () => {
    render(page(cartData(), makeServices()));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loja da Ana');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]!.textContent).toContain('M / Azul');
    expect(items[0]!.textContent).toContain('Quantity: 2');
    expect(items[0]!.textContent).toContain('Unit price: R$64.90');
    expect(items[0]!.textContent).toContain('Line total: R$129.80');
    expect(items[1]!.textContent).toContain('The price changed from R$49.90 to R$59.90. The checkout uses the new price.');
    expect(items[2]!.textContent).toContain('This item is sold out: it will be left out of the checkout.');
    expect(items[2]!.textContent).not.toContain('Line total');
    expect(items[3]!.textContent).toContain('Item VELHO-1');
    expect(items[3]!.textContent).toContain('This item is no longer in the catalog: it will be left out of the checkout.');
    expect(items[4]!.textContent).toContain('The store does not sell this item online: it will be left out of the checkout.');
    expect(screen.getByText('Total: R$189.70')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the catalog' }).getAttribute('href')).toBe(`/en/c/${publicId}`);
  });

  test('Go to checkout with the WhatsApp order’s cart id', async () => {
    const user = userEvent.setup();
    const services = makeServices();
    render(page(cartData(), services));
    await user.click(screen.getByRole('button', { name: 'Go to checkout' }));
    expect(services.checkout).toHaveBeenCalledWith(publicId, { cartId: 'cart_7Yh2', source: 'items_link' });
    expect(services.go).toHaveBeenCalledWith('https://loja-da-ana.example/cart/111:1,222:1?ref=cat');
  });

  test('Go to checkout from an items= link sends the lines that can be bought', async () => {
    const user = userEvent.setup();
    const services = makeServices();
    render(page(cartData(undefined, null), services));
    await user.click(screen.getByRole('button', { name: 'Go to checkout' }));
    expect(services.checkout).toHaveBeenCalledWith(publicId, {
      source: 'items_link',
      lines: [
        { retailerId: 'CAM-M-AZ', quantity: 2, priceMinor: 6490, currency: 'BRL' },
        { retailerId: 'CAM-P-AZ', quantity: 1, priceMinor: 5990, currency: 'BRL' },
      ],
    });
  });

  test('nothing to buy: checkout disabled, with the reason', () => {
    const lines = [summaryLine({ retailerId: 'CAM-G-PR', available: false, problem: 'unavailable' })];
    render(page(cartData(lines, null), makeServices()));
    expect((screen.getByRole('button', { name: 'Go to checkout' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('None of these items can be bought now. Choose other products in the catalog.')).toBeTruthy();
    expect(screen.queryByText(/^Total:/)).toBeNull();
  });

  test('an empty cart is explained', () => {
    render(page(cartData([], null), makeServices()));
    expect(screen.getByText('This cart is empty. Choose products in the catalog.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go to checkout' })).toBeNull();
  });
});

describe('the problem page', () => {
  const problem = (reason: 'inventory_not_found' | 'cart_not_found' | 'items_malformed', id: string | null = publicId): ShopPageData => ({
    page: 'problem',
    locale: 'en',
    publicId: id,
    reason,
  });

  test.each([
    [
      'inventory_not_found',
      'Catalog not found',
      'This link is no longer valid, or part of it is missing. Ask the store for a new link.',
      false,
    ],
    ['cart_not_found', 'Cart not found', 'This cart no longer exists. Ask the store for a new link', true],
    ['items_malformed', 'This cart link is incomplete', 'Part of this cart link is missing or damaged. Ask the store for a new link', true],
  ] as const)('%s: a heading, what to do, and the catalog link when it helps', (reason, heading, text, linksCatalog) => {
    const services = makeServices();
    render(page(problem(reason), services));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    expect(document.body.textContent).toContain(text);
    expect(document.body.textContent).toContain('This page counts visits anonymously');
    expect(screen.queryByRole('link', { name: 'See the catalog' })?.getAttribute('href') ?? null).toBe(
      linksCatalog ? `/en/c/${publicId}` : null,
    );
    expect(services.pageSeen).not.toHaveBeenCalled();
  });

  test('no catalog link without a public id', () => {
    render(page(problem('items_malformed', null), makeServices()));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
