// The shopper, in one walk on a phone (Chromium emulating a Pixel 7, then 360 px wide),
// signed out, against the real server, its sync worker and the demo store `npm start` links: the
// catalog the server rendered is searched and filtered, two variants go into the cart, the cart
// survives a reload, the cart summary lists them at today's prices, 'Go to checkout' lands on the
// store's (the fixture's) cart permalink with those variants, quantities, the inventory's `ref` and
// the cart's attribute; the store records that order, and after Sync now the inventory counts it
// as converted value (on top of the demo store's week of orders). The products' pictures load from
// the demo peers on loopback. Both pages pass axe. What needs no browser (filters, the cart's
// rules, each view's states, the pages' HTTP answers) is proved in tests/unit/shop-*.test.ts* and
// tests/server/shop-pages.test.ts.
import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Page } from '@playwright/test';
import type { InventoryDetail } from '@/domain/inventory';
import { demoStoreProducts } from '../fixtures/shopify/store-products';
import { e2ePeers } from './fixtures/e2e-peers';
import { inventoryApi } from './fixtures/inventory-api';
import { newMerchant } from './fixtures/merchant-api';

const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
test.use({ ...pixel });

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
}

test('a shopper on a phone finds two variants, keeps them over a reload, and checks out on the store; the order comes back as converted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { demo, shopifyToken } = e2ePeers();
  const merchant = await newMerchant(request, 'shop-journey');
  const inventories = inventoryApi(request, merchant);
  // The demo store, its storefront as the inventory's website (where the permalink records the order).
  const headers = { authorization: `Bearer ${merchant.idToken}` };
  const inventory = await inventories.onDemoStore('Loja do Telefone', { ...demo, token: shopifyToken }, 'utm_source=whatsapp');
  // The demo store's own week of orders (some from Catalyst carts) counts from the first sync.
  const before = ((await inventories.get(inventory.id)) as InventoryDetail).converted;

  const nano = demoStoreProducts().find((product) => product.title === 'IPod Nano - 8GB')!;
  const variantOf = (colour: string) =>
    nano.variants.find((variant) => variant.selectedOptions?.some((option) => option.value === colour))!;

  // The catalog, signed out, opened from a campaign's link: the server's HTML, then the page at work once
  // hydrated, which reports the access with the link's ref (the campaign's clicks).
  const pageEvent = () => page.waitForResponse((answer) => answer.url().endsWith(`/storefront/${inventory.publicId}/events`));
  const access = pageEvent();
  await page.goto(`/pt/c/${inventory.publicId}?ref=cpab23cd45ef67gh89jk2m`);
  expect((await access).status()).toBe(202);
  expect((await access).request().postDataJSON()).toMatchObject({
    kind: 'access',
    locale: 'pt',
    visitorId: expect.stringMatching(/^[\w-]{8,64}$/),
    ref: 'cpab23cd45ef67gh89jk2m',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.storeName);
  const products = page.getByRole('heading', { level: 2 });
  await expect(products.first()).toBeVisible();
  const all = await products.count();
  expect(all).toBeGreaterThan(1);

  await page.getByLabel('Buscar produtos').fill('nano');
  await expect(products).toHaveCount(1);
  await expect(page.getByText('1 produto', { exact: true })).toBeVisible();
  // In stock only keeps the Nano (some of its colours are in stock).
  await page.getByText('Filtros', { exact: true }).click();
  await page.getByLabel('Só com estoque').check();
  await expect(products).toHaveText(['IPod Nano - 8GB']);

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'IPod Nano - 8GB' }) });
  // Its picture, which the demo peers serve on this machine, loaded (a broken one leaves an empty box, no <img>).
  await expect
    .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const option = card.getByLabel('Opção');
  const add = card.getByRole('button', { name: 'Adicionar ao carrinho' });
  const choose = async (colour: string) =>
    option.selectOption({
      label: (await option
        .locator('option')
        .filter({ hasText: new RegExp(`^${colour}`) })
        .textContent())!,
    });
  await choose('Red');
  await add.click();
  await choose('Black');
  // The keyboard works as the mouse does.
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Carrinho \(2\)/ })).toBeVisible();
  await axeClean(page);

  // A reload (or a return tomorrow): the cart is the browser's, kept by inventory.
  await page.reload();
  await expect(page.getByRole('button', { name: /Carrinho \(2\)/ })).toBeVisible();

  // At 360 px nothing is wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: /Carrinho \(2\)/ }).click();
  const cartView = pageEvent();
  await page.getByRole('link', { name: 'Revisar carrinho' }).click();
  expect((await cartView).request().postDataJSON()).toMatchObject({ kind: 'cart_view', locale: 'pt' });
  await expect(page).toHaveURL(new RegExp(`/pt/c/${inventory.publicId}/cart\\?items=`));
  await expect(page.getByRole('heading', { level: 3, name: 'IPod Nano - 8GB' })).toHaveCount(2);
  await expect(page.getByText('Red', { exact: true })).toBeVisible();
  await expect(page.getByText('Black', { exact: true })).toBeVisible();
  await expect(page.getByText(/Total: R\$\s*398,00/)).toBeVisible();
  await axeClean(page);

  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${demo.storefrontUrl}/cart/`));
  const checkout = new URL(page.url());
  const lines = decodeURIComponent(checkout.pathname.slice('/cart/'.length)).split(',').sort();
  expect(lines).toEqual([`${variantOf('Red').id}:1`, `${variantOf('Black').id}:1`].sort());
  expect(checkout.searchParams.get('ref')).toBe(inventory.attributionCode);
  expect(checkout.searchParams.get('attributes[catalyst_cart]')).toMatch(/^[A-Za-z0-9_-]{11}$/);
  // The merchant's own parameter rides along.
  expect(checkout.searchParams.get('utm_source')).toBe('whatsapp');

  // The fixture store recorded the order that checkout places; the next sync brings it back.
  // Sync now (refused for a few seconds after the first sync started: asked again until it is taken).
  await expect
    .poll(async () => (await request.post(`/api/v1/inventories/${inventory.id}/sync`, { headers })).status(), {
      timeout: 30_000,
      intervals: [1_000],
    })
    .toBeLessThan(300);
  await inventories.syncsFinished(inventory.id, 2);
  const after = (await inventories.get(inventory.id)) as InventoryDetail;
  expect(after.converted).toEqual({ orders: before.orders + 1, valueMinor: before.valueMinor + 39_800, currency: 'BRL' });
});
