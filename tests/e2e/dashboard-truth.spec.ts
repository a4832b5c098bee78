// The dashboard's truth test: a walk that causes the dashboard's figures with the demo peers and reads them
// back. A merchant of its own (basic plan) with an inventory on the demo store and catalog and an active
// seller AI base connects a number (all through the API); the catalog page is opened 3 times in Chromium
// and once by WhatsApp's link-preview crawler (not counted), the simulated shopper asks for products
// twice (2 catalogs sent) and checks the sample cart out on the store (1 order of the value the store
// records), Sync now attributes it. GET /api/v1/dashboard for today, then the screen in en, pt (R$)
// and es, show 3 accesses, 2 catalogs sent, 1 order, its value as converted value and average ticket,
// and the cost per catalog the plan implies; and checkout recovery as the walk left it: no checkout
// reminded, so a recovered value of 0 and no recovery rate (a dash, and why under it). Each figure's
// rules are proved below the browser (tests/server/dashboard.test.ts; recovery's, with reminders on a
// clock of the test's own, tests/server/checkout-recovered-orders.test.ts); the screen's states in
// dashboard-model.spec.ts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AiBase } from '@/domain/ai-base';
import type { Channel } from '@/domain/channel';
import { costPerCatalog, dayIn, periodSpendMinor, type Dashboard } from '@/domain/dashboard';
import { localeTags, type Locale } from '@/domain/locales';
import { localeCurrency, plans, type Currency } from '@/domain/plans';
import { DEMO_PRODUCT_QUESTION } from '@/scripts/demo-channel';
import { DEMO_SHOPPER } from '../fixtures/whatsapp-cloud-api-server';
import { e2ePeers } from './fixtures/e2e-peers';
import { signInDirectly } from './fixtures/emulator-users';
import { inventoryApi } from './fixtures/inventory-api';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';

/** The account's zone (the API's `tz` and the browser's): days are cut in it. */
const ZONE = 'America/Sao_Paulo';
/** WhatsApp's link-preview fetcher, as it names itself when a catalog link is pasted in a chat. */
const WHATSAPP_CRAWLER = 'WhatsApp/2.23.20.0 A';
/** The results' figures, in the order the screen shows them (proved in English, relied on in the other languages). */
const FIGURES = ['Accesses', 'Catalogs sent', 'Converted value', 'Orders', 'Average ticket', 'Cost per catalog'] as const;
type FigureName = (typeof FIGURES)[number];
/** Checkout recovery's figures, after the others (Conversion rate, Return on spend). */
const RECOVERY_FIGURES = { 'Recovered value': 8, 'Recovery rate': 9 } as const;
/** What the recovery rate says under its dash when no checkout was reminded. */
const noneReminded: Record<Locale, string> = {
  en: 'No checkout was reminded in this period.',
  pt: 'Nenhum checkout foi lembrado neste período.',
  es: 'Ningún checkout fue recordado en este período.',
};
const headings: Record<Locale, string> = { en: 'Dashboard', pt: 'Painel', es: 'Panel' };

test.use({ timezoneId: ZONE });

test('the truth test: 3 catalog opens (a crawler’s not counted), 2 catalogs sent and 1 checkout show as such on the API and the screen, in en, pt and es', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  // The day in the account's zone before anything happens: the figures are read from it to the day
  // they are read on, so a run across São Paulo's midnight still finds what it caused.
  const firstDay = dayIn(new Date(), ZONE);
  const { demo, shopifyToken, whatsapp } = e2ePeers();
  const number = whatsapp.dashboardTruthNumber;
  const merchant = await newMerchant(request, 'dashboard-truth', 'basic');
  const headers = { authorization: `Bearer ${merchant.idToken}` };
  const inventories = inventoryApi(request, merchant);

  // 1. An inventory on the demo store (its storefront records the checkout's order) and catalog, synced;
  // an active seller AI base; the number connected to answer with it from that inventory.
  const makeInventory = () => inventories.onDemoStore('Loja Painel', { ...demo, token: shopifyToken });
  const makeBase = async () => {
    const bases = merchantApi(request, merchant);
    const base: AiBase = await bases.create({ name: 'Ana do Painel' });
    await bases.uploadKnowledge(base, 'faq.csv', 'Pergunta;Resposta\nQual o prazo de entrega?;De 3 a 7 dias úteis.');
    return bases.activate(await bases.complete(await bases.get(base.id)));
  };
  const [inventory, base] = await Promise.all([makeInventory(), makeBase(), signInDirectly(page, merchant)]);
  const connected = await request.post('/api/v1/channels', {
    headers,
    data: {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: base.id,
      inventoryId: inventory.id,
    },
  });
  expect(connected.status(), await connected.text()).toBe(201);
  const { channel, verifyToken, webhookUrl } = (await connected.json()) as { channel: Channel; verifyToken: string; webhookUrl: string };
  expect(channel.phoneNumberId).toBe(number.phoneNumberId);
  // Meta's 'Verify and save' of the callback URL, through the fixture's HTTP control (its page's form posts the same).
  const verified = await request.post(`${whatsapp.shopperUrl}/webhook`, {
    data: { phoneNumberId: number.phoneNumberId, callbackUrl: webhookUrl, verifyToken },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // 2. The catalog page opened 3 times in the browser, each reported once it is up; then once by WhatsApp's
  // link-preview crawler, which gets the page and the same answer to its report, and is not counted.
  const catalogPath = `/pt/c/${inventory.publicId}`;
  const openCatalog = async (on: Page) => {
    const reported = on.waitForResponse(
      (answer) => answer.url().endsWith(`/storefront/${inventory.publicId}/events`) && answer.request().method() === 'POST',
    );
    await on.goto(catalogPath);
    expect((await reported).status()).toBe(202);
  };
  for (let open = 0; open < 3; open++) await openCatalog(page);
  const crawler = await browser.newContext({ baseURL, userAgent: WHATSAPP_CRAWLER, serviceWorkers: 'block' });
  try {
    await openCatalog(await crawler.newPage());
  } finally {
    await crawler.close();
  }

  // 3. The shopper asks the number for products twice: a product list each time (a catalog sent).
  const shopperLines = async () => {
    const answer = await request.get(`${whatsapp.shopperUrl}/conversation`, {
      params: { phoneNumberId: number.phoneNumberId, waId: DEMO_SHOPPER.waId },
    });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { lines: Array<{ from: 'shopper' | 'business'; text: string }> }).lines.filter(
      (line) => line.from === 'business',
    );
  };
  const write = async (message: { text: string } | { order: true }) => {
    const sent = await request.post(`${whatsapp.shopperUrl}/messages`, {
      data: { phoneNumberId: number.phoneNumberId, waId: DEMO_SHOPPER.waId, ...message },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    expect(await sent.json()).toEqual({ status: 200 }); // the webhook was answered
  };
  const productLists = async () => (await shopperLines()).filter((line) => line.text.includes('[product list:')).length;
  for (const expected of [1, 2]) {
    await write({ text: DEMO_PRODUCT_QUESTION });
    await expect.poll(productLists, { timeout: 20_000 }).toBe(expected);
  }

  // 4. The sample cart gets the cart summary's link; its checkout lands on the store, which records the order.
  await write({ order: true });
  const cartLinkSent = async () =>
    (await shopperLines()).map((line) => /https?:\/\/\S+\/cart\?cart=[\w-]+/.exec(line.text)?.[0]).find(Boolean) ?? '';
  await expect.poll(cartLinkSent, { timeout: 20_000 }).toMatch(new RegExp(`/pt/c/${inventory.publicId}/cart\\?cart=`));
  const cartUrl = new URL(await cartLinkSent());
  await page.goto(`${cartUrl.pathname}${cartUrl.search}`);
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${demo.storefrontUrl}/cart/`));
  await expect(page.getByText(/order #\d+ recorded/)).toBeVisible();
  const total = page.locator('[data-total]');
  const orderTotal = (await total.getAttribute('data-total'))!;
  const storeCurrency = (await total.textContent())!.trim().split(' ').at(-1)!;
  const orderMinor = Math.round(Number(orderTotal) * 10 ** currencyDigits(storeCurrency));
  expect(orderMinor).toBeGreaterThan(0);

  // Sync now (refused within the e2e server's 10 s of the last sync: asked again until it is taken), and it finished.
  await expect
    .poll(async () => (await request.post(`/api/v1/inventories/${inventory.id}/sync`, { headers })).status(), {
      timeout: 30_000,
      intervals: [1_000],
    })
    .toBe(202);
  await inventories.syncsFinished(inventory.id, 2);

  // 5. Read back: the API for the days since the test began (today, but for a run across midnight)
  // in the account's zone, then the screen in each language.
  const expected = (currency: Currency) => {
    const range = { from: firstDay, to: dayIn(new Date(), ZONE) };
    return { range, costPerCatalog: costPerCatalog(periodSpendMinor(range, 0, plans.basic.prices[currency]), 2) };
  };
  for (const currency of ['USD', 'BRL'] as const) {
    await expect
      .poll(async () => figuresOf(await readDashboard(request, merchant, expected(currency).range, currency)), { timeout: 15_000 })
      .toEqual({
        tz: ZONE,
        currency,
        convertedCurrency: storeCurrency,
        accesses: 3,
        catalogsSent: 2,
        orders: 1,
        convertedValue: orderMinor,
        averageTicket: orderMinor,
        costPerCatalog: expected(currency).costPerCatalog,
        recovery: { reminded: 0, recovered: 0, rate: null, valueMinor: 0, currency: null },
      });
  }

  const main = page.getByRole('main');
  for (const lang of ['en', 'pt', 'es'] as const) {
    const { from, to } = expected('USD').range;
    await page.goto(from === to ? `/${lang}/dashboard?range=today` : `/${lang}/dashboard?range=custom&from=${from}&to=${to}`);
    await expect(main.getByRole('heading', { level: 1, name: headings[lang] })).toBeVisible();
    const figures = main.getByRole('group');
    // In English the figures are found by their names; the other languages show them in the same places.
    if (lang === 'en') for (const [index, name] of FIGURES.entries()) await expect(figures.nth(index)).toHaveAccessibleName(name);
    const count = (value: number) => new Intl.NumberFormat(localeTags[lang]).format(value);
    const money = (minor: number, currency: string) =>
      new Intl.NumberFormat(localeTags[lang], { style: 'currency', currency }).format(minor / 10 ** currencyDigits(currency));
    const shown: Record<FigureName, string> = {
      Accesses: count(3),
      'Catalogs sent': count(2),
      'Converted value': money(orderMinor, storeCurrency),
      Orders: count(1),
      'Average ticket': money(orderMinor, storeCurrency),
      'Cost per catalog': money(expected(localeCurrency[lang]).costPerCatalog!, localeCurrency[lang]),
    };
    for (const [index, name] of FIGURES.entries())
      await expect(figures.nth(index).locator('p').first(), `${lang}: ${name}`).toHaveText(shown[name]);
    // Recovery: no checkout reminded in the walk, so nothing recovered (in the store's currency) and no rate.
    const recovered = figures.nth(RECOVERY_FIGURES['Recovered value']);
    const rate = figures.nth(RECOVERY_FIGURES['Recovery rate']);
    if (lang === 'en')
      for (const [name, index] of Object.entries(RECOVERY_FIGURES)) await expect(figures.nth(index)).toHaveAccessibleName(name);
    await expect(recovered.locator('p').first(), `${lang}: Recovered value`).toHaveText(money(0, storeCurrency));
    await expect(rate.locator('p').first().locator('[aria-hidden="true"]'), `${lang}: Recovery rate`).toHaveText('—');
    await expect(rate.getByText(noneReminded[lang])).toBeVisible();
  }
});

/** A currency's minor digits, as Intl knows them (the app and the server read them the same way). */
function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

async function readDashboard(
  request: APIRequestContext,
  merchant: Merchant,
  range: { from: string; to: string },
  currency: Currency,
): Promise<Dashboard> {
  const answer = await request.get('/api/v1/dashboard', {
    headers: { authorization: `Bearer ${merchant.idToken}` },
    params: { ...range, tz: ZONE, currency },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as Dashboard;
}

const figuresOf = (dashboard: Dashboard) => ({
  tz: dashboard.range.tz,
  currency: dashboard.currency,
  convertedCurrency: dashboard.convertedCurrency,
  accesses: dashboard.accesses.current,
  catalogsSent: dashboard.catalogsSent.current,
  orders: dashboard.orders.current,
  convertedValue: dashboard.convertedValue.current,
  averageTicket: dashboard.averageTicket.current,
  costPerCatalog: dashboard.costPerCatalog.current,
  recovery: {
    reminded: dashboard.recovery.reminded.current,
    recovered: dashboard.recovery.recovered.current,
    rate: dashboard.recovery.rate.current,
    valueMinor: dashboard.recovery.valueMinor.current,
    currency: dashboard.recovery.currency,
  },
});
