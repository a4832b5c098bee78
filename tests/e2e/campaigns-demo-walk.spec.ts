// Issue 36's done-when, walked in Chromium as a merchant walks `npm start`'s demo, in Portuguese: a
// merchant of its own with an active AI base, an inventory on a store of the walk's own (run here, as
// `npm start` runs the demo store beside the server) and a number with the ready-made campaign template
// approved gets `npm start`'s demo audience as the demo account gets it: the 300 contacts through the
// contacts API (scripts/demo-contacts.ts) and their past orders placed in the store and brought in by its
// signed orders/create webhook (scripts/demo-audience-orders.ts). At /pt/campaigns the merchant builds
// the segment of Portuguese speakers who bought in the last 60 days, with its live count and who is left
// out and why, plans the campaign with the ready-made offers (what fills each variable), sends it now
// (without quiet hours: the walk runs at any hour) after the review's cost estimate, pauses and resumes it
// on its page, and watches delivered, read, failed (131050), the three Meta's per-user limit sends back
// to wait for the next day (131049), replies and, once a shopper who got it opens its link and orders
// in the store, the order and its revenue fill in — the numbers answer as the demo number's do
// (tests/fixtures/whatsapp/demo-recipients.ts; the e2e server starts the WhatsApp fixture with the demo
// audience, as `npm start` does). Expected figures come from the demo audience's own rule, not typed in.
// The rules under it are proved below the browser: tests/server/campaigns.test.ts, demo-audience.test.ts,
// tests/model/campaign-wizard.test.ts, tests/component/campaigns-page.test.tsx.
import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Channel } from '@/domain/channel';
import type { Inventory } from '@/domain/inventory';
import type { TemplateDraft } from '@/domain/message-template';
import { priceOf } from '@/domain/message-pricing';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { ensureDemoAudienceOrders } from '@/scripts/demo-audience-orders';
import { ensureDemoAudience } from '@/scripts/demo-contacts';
import { DEMO_AUDIENCE } from '@/tests/fixtures/demo-audience';
import { demoStoreProducts, startShopifyAdminServer, type ShopifyAdminServer } from '@/tests/fixtures/shopify-admin-server';
import { demoOutcomeOf } from '@/tests/fixtures/whatsapp/demo-recipients';
import { DEFAULT_MESSAGING_LIMIT_TIER, MESSAGING_LIMITS } from '@/tests/fixtures/whatsapp/phone-numbers';
import { e2ePeers } from './fixtures/e2e-peers';
import { signInDirectly } from './fixtures/emulator-users';
import { inventoryApi } from './fixtures/inventory-api';
import { newMerchant, type Merchant } from './fixtures/merchant-api';
import { activeBase, connectWalkNumber } from './fixtures/walk-number';

type Line = { from: 'shopper' | 'business'; type: string; text: string };

const ZONE = 'America/Sao_Paulo';
/** 199.00 in the fixture store. */
const IPOD_NANO = 808950810;
const OFFER = '20% de desconto';
const END_DATE = 'domingo, 30/11';

// The segment as the demo audience holds it: Portuguese speakers who bought in the last 60 days.
const segment = DEMO_AUDIENCE.filter((contact) => contact.language === 'pt' && contact.boughtDaysAgo.length > 0);
const reached = segment.filter((contact) => contact.consent === 'subscribed');
const outcomes = reached.map((contact) => ({ contact, outcome: demoOutcomeOf(contact) }));
const failedWith = (code: number) => outcomes.filter(({ outcome }) => outcome.kind === 'failed' && outcome.code === code).length;
const readers = outcomes.filter(({ outcome }) => outcome.kind === 'read');
/** What the demo audience's rule makes of the campaign: 131049 sends wait for the next day, 131050 fails. */
const expected = {
  matched: segment.length,
  reachable: reached.length,
  neverAsked: segment.filter((contact) => contact.consent === 'never_asked').length,
  unsubscribed: segment.filter((contact) => contact.consent === 'unsubscribed').length,
  waiting: failedWith(131049),
  failed: failedWith(131050),
  sent: reached.length - failedWith(131049) - failedWith(131050),
  read: readers.length,
  replies: readers.filter(({ outcome }) => outcome.kind === 'read' && outcome.reply !== null).length,
};
/** The shopper who answers 'Quero ver!', then opens the link and buys. */
const buyer = readers.find(({ outcome }) => outcome.kind === 'read' && outcome.reply === 'Quero ver!')!.contact;

const usd = (micros: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
    micros / 1_000_000,
  );
const pt = (value: number) => new Intl.NumberFormat('pt-BR').format(value);

/** The value a fact list (dt/dd) or the results table gives for a label. */
const fact = (page: Page, term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
const figure = (page: Page, label: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell')
    .first();

/** What the number sent the shopper: its templates' texts as the shopper sees them. */
async function templatesTo(request: APIRequestContext, shopperUrl: string, phoneNumberId: string, waId: string) {
  const answer = await request.get(`${shopperUrl}/conversation`, { params: { phoneNumberId, waId } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { lines: Line[] }).lines.filter((line) => line.from === 'business' && line.type === 'template');
}

test.use({ timezoneId: ZONE });

// The walk's store and inventory, put away after it (the inventory's order poll would read a closed store).
let cleanup: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

test('the campaign walk: a Portuguese segment with who is left out, the ready-made offers costed, sent, paused, resumed, and its results filling in', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { demo, whatsapp } = e2ePeers();
  const number = whatsapp.campaignWalkNumber;
  const apiUrl = test.info().project.use.baseURL!.replace('localhost', '127.0.0.1');
  const merchant: Merchant = await newMerchant(request, 'campaign-walk');
  const headers = { authorization: `Bearer ${merchant.idToken}` };
  const call = async <T>(method: 'get' | 'put', path: string, data?: unknown): Promise<T> => {
    const answer = await request[method](`/api/v1${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (answer.status() === 204 ? null : await answer.json()) as T;
  };

  // 1. As `npm start` leaves the demo account: an inventory on the store (its storefront the website the
  // catalog link leads to), an active AI base, the number connected and its callback URL verified at Meta.
  const products = demoStoreProducts();
  const store: ShopifyAdminServer = await startShopifyAdminServer({
    products,
    shop: { name: 'Loja Campanhas Catalyst', currencyCode: 'BRL' },
  });
  let inventory: Inventory | null = null;
  cleanup = async () => {
    if (inventory) await request.delete(`/api/v1/inventories/${inventory.id}`, { headers });
    await store.close();
  };
  const [made, base] = await Promise.all([
    inventoryApi(request, merchant).onDemoStore('Loja Campanhas', {
      storeUrl: store.adminUrl,
      storefrontUrl: store.storefrontUrl,
      catalogId: demo.catalogId,
      token: store.accessToken,
    }),
    activeBase(request, merchant, 'Ana das Campanhas'),
    signInDirectly(page, merchant),
  ]);
  inventory = made;
  const channel: Channel = await connectWalkNumber(request, merchant, {
    number,
    shopperUrl: whatsapp.shopperUrl,
    aiBaseId: base.id,
    inventoryId: inventory.id,
  });

  // 2. The demo audience and its past orders, as `npm start` adds them; meanwhile the ready-made campaign
  // template, in Portuguese, submitted and approved by Meta (the Templates screen's walk is the notices walk's).
  const { draft } = readyMadeTemplate('campaign_offers');
  const portuguese: TemplateDraft = { ...draft, languages: { pt_BR: draft.languages.pt_BR! } };
  await call('put', `/channels/${channel.id}/templates/${draft.name}`, portuguese);
  expect(await ensureDemoAudience(apiUrl, merchant, DEMO_AUDIENCE)).toBe(DEMO_AUDIENCE.length);
  expect(await ensureDemoAudienceOrders(apiUrl, merchant, store, products, inventory.id)).toBeGreaterThan(segment.length);
  await expect
    .poll(
      async () =>
        (await call<{ records: { status: string }[] }>('get', `/channels/${channel.id}/templates/${draft.name}`)).records.map(
          (record) => record.status,
        ),
      { message: "Meta's review of the campaign template", timeout: 30_000, intervals: [500] },
    )
    .toEqual(['APPROVED']);

  // 3. A new campaign at /pt/campaigns, and its audience: Portuguese speakers who bought in the last 60
  // days, counted live, with who is left out and why.
  await page.goto('/pt/campaigns');
  await expect(page.getByText('Nenhuma campanha ainda')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'Nova campanha' }).first().click();
  await expect(page).toHaveURL(/\/pt\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Público' })).toBeVisible();
  await page.getByLabel('Nome da campanha').fill('Ofertas da semana');
  await page.getByRole('button', { name: 'Novo público' }).click();
  const count = page.getByRole('status', { name: 'Contagem do público' });
  await expect(count.getByText(/^Alcança \d+ contatos$/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Português' }).check();
  await page.getByLabel(/^Comprou nos últimos/).fill('60');
  await expect(count.getByText(`Alcança ${expected.reachable} contatos`)).toBeVisible();
  await expect(count.getByText(`As regras incluem ${expected.matched} contatos.`)).toBeVisible();
  await expect(count.getByRole('list', { name: 'Ficaram de fora' }).getByRole('listitem')).toHaveText([
    `${expected.neverAsked} — nunca aceitaram receber promoções`,
    `${expected.unsubscribed} — cancelaram a inscrição nas promoções`,
  ]);
  await expect(count.getByRole('list', { name: 'Alcançáveis por país' }).getByRole('listitem')).toHaveText([
    `Brasil: ${expected.reachable}`,
  ]);
  await page.getByLabel('Nome do público').fill('Falam português e compraram em 60 dias');
  await page.getByRole('button', { name: 'Salvar o público' }).click();
  await expect(page.getByRole('combobox', { name: /^Público/ })).toHaveValue(/[0-9a-f-]{36}/);
  await page.getByRole('button', { name: 'Salvar e avançar' }).click();

  // 4. The message: the number, the ready-made offers, what fills each variable for each contact.
  await expect(page.getByRole('heading', { name: 'Mensagem' })).toBeVisible();
  await page.getByLabel(/^Número do WhatsApp/).selectOption({ label: `${number.displayPhoneNumber} (${number.verifiedName})` });
  await page.getByLabel(/^Modelo/).selectOption(draft.name);
  await expect(page.getByLabel('O que preenche {{first_name}}')).toHaveValue('first_name');
  await expect(page.getByLabel('O que preenche {{store_url}}')).toHaveValue('catalog_link');
  await page.getByLabel('Texto para {{offer}}').fill(OFFER);
  await page.getByLabel('Texto para {{end_date}}').fill(END_DATE);
  await page.getByLabel(/^Inventário do link do catálogo/).selectOption({ label: 'Loja Campanhas' });
  await page.getByRole('button', { name: 'Salvar e avançar' }).click();

  // 5. When: now, without quiet hours (21:00–09:00 on each shopper's clock would hold a night walk's messages).
  await expect(page.getByRole('heading', { name: 'Quando' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Agora/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /^Respeitar o horário de silêncio/ }).uncheck();
  await page.getByRole('button', { name: 'Salvar e avançar' }).click();

  // 6. The review: whom it goes to, its estimated cost from Meta's price table for Brazil, the messaging limit.
  await expect(page.getByRole('heading', { name: 'Revisão' })).toBeVisible();
  const price = priceOf({ category: 'MARKETING', country: 'BR', at: new Date(), inServiceWindow: false }).amountMicros;
  await expect(fact(page, 'Contatos que a recebem')).toHaveText(pt(expected.reachable));
  await expect(fact(page, 'Custo estimado')).toHaveText(usd(expected.reachable * price));
  // The number's business at the fixture's tier: its limit spreads no send to another day.
  const limit = MESSAGING_LIMITS[DEFAULT_MESSAGING_LIMIT_TIER];
  await expect(fact(page, 'Limite de mensagens')).toHaveText(`nível ${pt(limit)}: ${expected.reachable} contatos em um dia`);
  await expect(fact(page, 'Horário de silêncio')).toHaveText('Nenhum: as mensagens saem a qualquer hora');
  await expect(page.getByRole('status', { name: 'Contagem do público' }).getByRole('list', { name: 'Ficaram de fora' })).toBeVisible();

  // 7. Sent now. Its page reads it again every 5 s while it sends (every 30 s once nothing waits: a page that read it
  // in the moment every message had gone and none had come back yet sees it sending again a little later): the
  // shopper who stopped marketing at Meta failed (131050), and the three over Meta's per-user limit (131049) wait
  // for the next day.
  await page.getByRole('button', { name: 'Enviar a campanha' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertas da semana' })).toBeVisible();
  await expect(page.getByText(`${expected.reachable} mensagens planejadas`)).toBeVisible();
  await expect(figure(page, 'Mensagens planejadas')).toHaveText(pt(expected.reachable));
  const status = page.getByText('Status:');
  await expect(status).toContainText('Enviando', { timeout: 45_000 });
  await expect(figure(page, 'Aguardando a vez')).toHaveText(pt(expected.waiting), { timeout: 45_000 });
  await expect(figure(page, 'Enviadas')).toHaveText(pt(expected.sent));
  await expect(figure(page, 'Falharam')).toHaveText(pt(expected.failed));
  await expect(figure(page, 'Falharam: o comprador parou de receber mensagens de marketing')).toHaveText(pt(expected.failed));

  // 8. Paused, and resumed, on its page: the three still wait for the next day.
  await page.getByRole('button', { name: 'Pausar' }).click();
  await expect(status).toContainText('Pausada');
  await expect(page.getByText('Você pausou esta campanha. As mensagens aguardam até você retomá-la.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeHidden();
  await page.getByRole('button', { name: 'Retomar' }).click();
  await expect(status).toContainText('Enviando');
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeVisible();
  await expect(page.getByText('Você pausou esta campanha.')).toBeHidden();

  // Delivered, read and replies fill in as Meta's statuses and the shoppers' answers come.
  await expect(figure(page, 'Entregues')).toHaveText(pt(expected.sent), { timeout: 30_000 });
  await expect(figure(page, 'Lidas')).toHaveText(pt(expected.read), { timeout: 30_000 });
  await expect(figure(page, 'Respostas')).toHaveText(pt(expected.replies), { timeout: 30_000 });
  await expect(figure(page, 'Aguardando a vez')).toHaveText(pt(expected.waiting));
  await expect(figure(page, 'Pedidos em até 7 dias')).toHaveText('0');

  // 9. The shopper who answered 'Quero ver!' got the offers in Portuguese, by name, opens its link (the
  // inventory's catalog page) on their phone, and orders in the store with their number (a checkout takes it):
  // the store's signed orders/create brings the order in, as it brought the demo audience's past orders.
  const [message] = await templatesTo(request, whatsapp.shopperUrl, number.phoneNumberId, buyer.phone.slice(1));
  expect(message!.text).toContain(
    `Oi, ${buyer.firstName}! Separamos ofertas especiais para você: ${OFFER} em produtos selecionados, só até ${END_DATE}.`,
  );
  const link = /https?:\/\/\S+\/pt\/c\/\S+\?ref=cp[a-z2-9]{20}/.exec(message!.text)![0];
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const shopperPage = await phone.newPage();
  // The page tells the server it was seen, with the link's ref, once it is shown.
  const seen = shopperPage.waitForResponse((answer) => answer.url().endsWith('/events') && answer.request().method() === 'POST');
  await shopperPage.goto(new URL(link).pathname + new URL(link).search);
  await expect(shopperPage.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await seen).status()).toBe(202);
  await phone.close();
  const order = store.addOrder({
    lines: [{ variantId: IPOD_NANO, quantity: 1 }],
    phone: buyer.phone,
    shippingAddress: { firstName: buyer.firstName, phone: buyer.phone, countryCode: 'BR' },
    customerLocale: 'pt-BR',
  });
  const delivery = await store.sendOrderCreated(order.id, `${apiUrl}/webhooks/shopify/${inventory.id}`, {
    webhookId: `campaign-walk-order-${order.id}`,
    eventId: `campaign-walk-order-${order.id}`,
  });
  expect(delivery.status).toBe(200);
  await expect(figure(page, 'Pedidos em até 7 dias')).toHaveText('1', { timeout: 20_000 });
  await expect(figure(page, 'Receita')).toHaveText(/R\$\s199,00/);
  await expect(figure(page, 'Link do catálogo aberto')).toHaveText('1', { timeout: 20_000 });
});
