// Issue 33's done-when, walked in Chromium as a merchant walks `npm start`'s demo, in Portuguese: a
// merchant of its own with an active AI base, an inventory on the demo store (orders polled: the e2e
// server has no public address) and a number of this spec's own submits the ready-made order
// confirmation and order shipped templates in Portuguese only on /pt/templates, sees Meta's review
// approve them, switches both post-sale notices on on the inventory's page; then two shoppers order
// from the cart link the number sent them, each ticking 'order updates on WhatsApp' on the cart page,
// and each gets the confirmation and, once the order is shipped on the demo store's orders page, the
// shipping update: one of them wrote 'PARAR' first, which stops promotions only (marketing), never
// the order updates they asked for. The rules under it are proved below the browser:
// tests/server/notices.test.ts, template-sender.test.ts, tests/unit/contact.test.ts. Last, the
// dashboard's messages, on the API and the screen (the truth test of what notices send).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Contact, ContactDetail } from '@/domain/contact';
import { dayIn, type Dashboard } from '@/domain/dashboard';
import { priceOf } from '@/domain/message-pricing';
import { e2ePeers } from './fixtures/e2e-peers';
import { signInDirectly } from './fixtures/emulator-users';
import { inventoryApi } from './fixtures/inventory-api';
import { newMerchant } from './fixtures/merchant-api';
import { activeBase, connectWalkNumber } from './fixtures/walk-number';

type Line = { from: 'shopper' | 'business'; type: string; text: string };

const ZONE = 'America/Sao_Paulo';
const CONSENTING = '5511987650001';
const STOPPED_PROMOTIONS = '5511987650002';

/** The simulated shopper's side of the conversation with the number. */
function shopperSide(request: APIRequestContext, shopperUrl: string, phoneNumberId: string) {
  const lines = async (waId: string) => {
    const answer = await request.get(`${shopperUrl}/conversation`, { params: { phoneNumberId, waId } });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { lines: Line[] }).lines;
  };
  return {
    lines,
    templates: async (waId: string) => (await lines(waId)).filter((line) => line.from === 'business' && line.type === 'template'),
    write: async (waId: string, message: { text: string } | { order: true }) => {
      const sent = await request.post(`${shopperUrl}/messages`, { data: { phoneNumberId, waId, ...message } });
      expect(sent.ok(), await sent.text()).toBe(true);
      expect(await sent.json()).toEqual({ status: 200 }); // the webhook was answered
    },
  };
}

/** Opens a ready-made template on /pt/templates, keeps Portuguese only, submits it and waits for Meta's approval. */
async function submitInPortuguese(page: Page, title: string) {
  await page.goto('/pt/templates');
  await page.getByRole('link', { name: `Revisar e enviar: ${title}` }).click();
  for (const other of ['Inglês (EUA)', 'Espanhol']) {
    await page.getByRole('tab', { name: other }).click();
    await page.getByRole('button', { name: `Remover ${other}` }).click();
  }
  await expect(page.getByRole('tab')).toHaveText(['Português (Brasil)']);
  await page.getByRole('button', { name: 'Enviar para análise da Meta' }).click();
  // The fixture's review approves after a few seconds; its webhook (or the page's re-read) brings the verdict.
  await expect(page.getByRole('heading', { name: 'Aprovado' })).toBeVisible({ timeout: 30_000 });
}

test.use({ timezoneId: ZONE });

test('the notices walk: Portuguese templates approved, both notices on, consenting shoppers’ orders confirmed and shipped, PARAR stopping promotions only', async ({
  page,
  request,
}) => {
  test.slow();
  // The day in the account's zone before anything happens (the dashboard is read from it to the day it is read on).
  const firstDay = dayIn(new Date(), ZONE);
  const { demo, shopifyToken, whatsapp } = e2ePeers();
  const number = whatsapp.noticesWalkNumber;
  const merchant = await newMerchant(request, 'notices-walk');
  const headers = { authorization: `Bearer ${merchant.idToken}` };

  // 1. As `npm start` leaves the demo account once its AI base is active: an inventory on the demo store
  // and catalog, an active AI base, the number connected and its callback URL verified at Meta.
  const [inventory, base] = await Promise.all([
    inventoryApi(request, merchant).onDemoStore('Loja Avisos', { ...demo, token: shopifyToken }),
    activeBase(request, merchant, 'Ana dos Avisos'),
    signInDirectly(page, merchant),
  ]);
  await connectWalkNumber(request, merchant, { number, shopperUrl: whatsapp.shopperUrl, aiBaseId: base.id, inventoryId: inventory.id });

  // 2. The ready-made templates, in Portuguese only, submitted and approved.
  await submitInPortuguese(page, 'Confirmação de pedido');
  await submitInPortuguese(page, 'Pedido enviado');

  // 3. Both notices switched on, from the number, with those templates (the ready-made ones' variables come mapped).
  await page.goto(`/pt/inventory/${inventory.id}`);
  // The innermost block holding the section's title and its number.
  const notices = page
    .locator('div', { has: page.getByRole('heading', { name: 'Avisos pós-venda' }) })
    .filter({ has: page.getByLabel('Número do WhatsApp') })
    .last();
  await notices.getByLabel('Número do WhatsApp').selectOption({ label: `${number.displayPhoneNumber} (${number.verifiedName})` });
  await notices.getByLabel('Enviar a confirmação do pedido').check();
  await notices.getByLabel('Enviar a atualização de envio').check();
  const templates = notices.getByLabel('Modelo');
  await templates.nth(0).selectOption('order_confirmation');
  await templates.nth(1).selectOption('order_shipped');
  await notices.getByRole('button', { name: 'Salvar avisos' }).click();
  await expect(notices.getByRole('button', { name: 'Salvo' })).toBeVisible();

  // 4. Two shoppers: one wrote PARAR first (promotions stopped). Each asks for a cart and checks out
  // from the cart page, ticking 'order updates on WhatsApp' with their number.
  const shoppers = shopperSide(request, whatsapp.shopperUrl, number.phoneNumberId);
  await shoppers.write(STOPPED_PROMOTIONS, { text: 'PARAR' });
  const checkout = async (waId: string) => {
    await shoppers.write(waId, { order: true });
    const cartLink = async () =>
      (await shoppers.lines(waId)).map((line) => /https?:\/\/\S+\/cart\?cart=[\w-]+/.exec(line.text)?.[0]).find(Boolean) ?? '';
    await expect.poll(cartLink, { timeout: 20_000 }).toMatch(new RegExp(`/pt/c/${inventory.publicId}/cart\\?cart=`));
    const cartUrl = new URL(await cartLink());
    await page.goto(`${cartUrl.pathname}${cartUrl.search}`);
    await page.getByLabel('Quero receber atualizações do pedido pelo WhatsApp').check();
    await page.getByLabel('Seu número de WhatsApp').fill(`+${waId}`);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${demo.storefrontUrl}/cart/`));
    return /order (#\d+) recorded/.exec(await page.getByText(/order #\d+ recorded/).innerText())![1]!;
  };
  const consentingOrder = await checkout(CONSENTING);
  const stoppedOrder = await checkout(STOPPED_PROMOTIONS);

  // 5. Each shopper's confirmation arrives in Portuguese, naming their order.
  for (const [waId, order] of [
    [CONSENTING, consentingOrder],
    [STOPPED_PROMOTIONS, stoppedOrder],
  ] as const) {
    await expect
      .poll(async () => (await shoppers.templates(waId)).map((line) => line.text), { timeout: 30_000 })
      .toEqual([expect.stringContaining(order)]);
    expect((await shoppers.templates(waId))[0]!.text).toMatch(/pedido/i);
  }

  // 6. Both orders shipped on the demo store's orders page: the shipping update with its tracking reaches each shopper.
  await page.goto(`${demo.storefrontUrl}/_demo/orders`);
  for (const order of [consentingOrder, stoppedOrder]) {
    await page.getByRole('row').filter({ hasText: order }).getByRole('button', { name: 'Ship' }).click();
    await expect(page.getByRole('row').filter({ hasText: order })).toContainText('DEMO');
  }
  for (const waId of [CONSENTING, STOPPED_PROMOTIONS]) {
    await expect.poll(async () => (await shoppers.templates(waId)).length, { timeout: 30_000 }).toBe(2);
    expect((await shoppers.templates(waId))[1]!.text).toMatch(/DEMO/);
  }

  // 7. The shopper who wrote PARAR: unsubscribed from marketing in their own voice, subscribed to order
  // updates by the cart page's box.
  const history = async () => {
    const found = await request.get('/api/v1/contacts', { headers, params: { q: STOPPED_PROMOTIONS } });
    const [contact] = ((await found.json()) as { contacts: Contact[] }).contacts;
    if (!contact) return [];
    const detail = (await (await request.get(`/api/v1/contacts/${contact.id}`, { headers })).json()) as ContactDetail;
    return detail.history.map(({ purpose, source, effect }) => `${purpose} ${source} ${effect}`);
  };
  await expect
    .poll(history, { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['marketing stop_word unsubscribed', 'utility cart_page subscribed']));

  // 8. The dashboard counts what was sent, from the same sends: 4 utility messages, both notices to each
  // shopper, at Meta's price of the day (each had written within 24 hours: a utility template in the window).
  const price = priceOf({ category: 'UTILITY', country: 'BR', at: new Date(), inServiceWindow: true }).amountMicros;
  const range = { from: firstDay, to: dayIn(new Date(), ZONE) };
  const dashboard = await request.get('/api/v1/dashboard', { headers, params: { ...range, tz: ZONE } });
  expect(dashboard.status(), await dashboard.text()).toBe(200);
  const { messages } = (await dashboard.json()) as Dashboard;
  expect({
    utility: messages.utility.current,
    marketing: messages.marketing.current,
    noticesSent: messages.noticesSent.current,
    costMicros: messages.costMicros.current,
  }).toEqual({ utility: 4, marketing: 0, noticesSent: 4, costMicros: 4 * price });
  await page.goto(range.from === range.to ? '/pt/dashboard?range=today' : `/pt/dashboard?range=custom&from=${range.from}&to=${range.to}`);
  // A total: dollars and cents.
  const usd = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' }).format(Math.round((4 * price) / 10_000) / 100);
  await expect(page.locator('dl[aria-labelledby="dashboard-messages-sent"] dd')).toHaveText(['4', '0', '4', usd]);
});
