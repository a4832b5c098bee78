// POST /api/v1/widget-sites/{public id}/messages and GET /api/v1/widget/conversations: the website
// widget's chat over real HTTP on PGlite, with the built-in answerer over a real uploaded knowledge
// base. Proved: the answer from the WhatsApp pipeline with product cards whose 'Add to cart' opens
// the cart summary page, the conversation continued, each answer counted as an AI request as the
// WhatsApp worker counts one (extra past the plan's allowance); the origin check and the preflight
// for listed sites only; bots refused; the per-visitor, per-address and new-conversation limits
// (429 with Retry-After); the merchant's daily cap on the account's day (an injected clock); off → 404,
// nothing answering → 503; the merchant reads the conversations, another account does not. And the
// product finder's catalog (GET …/catalog), for listed sites only.
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LINK_REF } from '@/domain/link-ref';
import type { PlanId } from '@/domain/plans';
import type { PublicCatalog } from '@/domain/storefront';
import { defaultWidgetSettings, type Widget, type WidgetSettings } from '@/domain/widget';
import { WIDGET_CHAT_LIMITS, type WidgetChatAnswer, type WidgetConversations } from '@/domain/widget-chat';
import { accountMonthlyUsage } from '@/server/accounts/account-tables';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { channels } from '@/server/channels/channel-tables';
import { aiRequests } from '@/server/channels/whatsapp-reply-tables';
import { parseConfig } from '@/server/config';
import type { Db } from '@/server/db/database';
import { inventories, inventoryProducts } from '@/server/inventories/inventory-tables';
import { buildServices } from '@/server/services';
import { widgetChat } from '@/server/widgets/widget-chat';
import { widgetConversations, widgetMessages } from '@/server/widgets/widget-chat-tables';
import { widgetEvents } from '@/server/widgets/widget-event-tables';
import { widgetLinkRef } from '@/server/widgets/widget-link-ref';
import type { FastifyInstance } from 'fastify';
import { addChannelRow } from './support/channel-seed';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { seededProducts } from './support/storefront-seed';
import { buildTestApp, call, errorOf, testEnv } from './support/test-server';
import { testDatabase } from './support/test-database';

const SITE = 'https://www.lojadaana.com.br';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const faq = [
  'Pergunta;Resposta',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega, sem uso e com etiqueta.',
  'Do que são feitas as camisetas?;As camisetas são 100% algodão.',
].join('\n');

const data = scratchDataDir('widget-chat');
let app: FastifyInstance;
let url = '';
let db: Db;
/** The chat's clock, moved by the daily cap's test. */
let clock = new Date('2026-03-10T15:00:00Z');
const { api, merchant, createBase, uploaded, settled } = knowledgeClient(() => url);

beforeAll(async () => {
  ({ db } = await testDatabase());
  // Each test asks from an address of its own (X-Forwarded-For, trusted here), so the limits per address stay apart.
  const env = { ...testEnv, DATA_DIR: data.dir, TRUST_PROXY: 'true' };
  const services = buildServices(db, parseConfig(env));
  app = await buildTestApp(env, {
    workers: true,
    services: { ...services, widgetChat: widgetChat({ db, knowledge: services.knowledge, models: services.models, now: () => clock }) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  data.remove();
});

type Shop = {
  user: TestUser;
  uid: string;
  publicId: string;
  channelId: string;
  baseId: string;
  inventory: { id: string; publicId: string };
};

/** A seller on `plan`: an active base over the FAQ, a configured inventory with the storefront tests' products, its number, its widget on for SITE. */
async function shop(label: string, { plan = 'enterprise', dailyCap = 200 }: { plan?: PlanId; dailyCap?: number } = {}): Promise<Shop> {
  const user = await merchant(`widget-chat-${label}`, plan);
  const base = await createBase(user, { name: `Base ${label}`, function: 'seller', voiceTone: 'default', language: 'pt_br' });
  await settled(user, base.id, (await uploaded(user, base.id, 'faq.csv', faq)).id);
  await db.update(aiBases).set({ status: 'active', savedSteps: 3 }).where(eq(aiBases.id, base.id));
  const [inventory] = await db
    .insert(inventories)
    .values({
      uid: user.uid,
      name: `Loja ${label}`,
      publicId: randomBytes(16).toString('base64url'),
      catalogId: String(1_000_000_000_000_000 + Math.floor(Math.random() * 1e12)),
      website: 'https://loja.example.com.br',
      status: 'configured',
      savedSteps: 2,
      syncStatus: 'synced',
      lastSyncedAt: new Date(),
      store: { name: `Loja ${label}`, currency: 'BRL' },
    })
    .returning({ id: inventories.id, publicId: inventories.publicId });
  await db.insert(inventoryProducts).values(
    seededProducts.map((product, position) => ({
      inventoryId: inventory!.id,
      key: product.key,
      position,
      searchText: [product.title, product.variantTitle, product.sku, product.retailerId].filter(Boolean).join(' ').toLowerCase(),
      product,
    })),
  );
  const channelId = await addChannelRow(user.uid, base.id, '+55 11 94000-0001');
  const saved = await saveWidget(user, { enabled: true, channelId, inventoryId: inventory!.id, dailyCap });
  return { user, uid: user.uid, publicId: saved.publicId, channelId, baseId: base.id, inventory: inventory! };
}

async function saveWidget(user: TestUser, settings: Partial<WidgetSettings>): Promise<Widget> {
  const answer = await api(user, 'PUT', '/widget', { ...defaultWidgetSettings(), allowedOrigins: [SITE], ...settings });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Widget;
}

let addresses = 0;
/** A client address no other test uses. */
const newAddress = () => `203.0.113.${++addresses}`;
let visitors = 0;
const newVisitor = () => `visitor-${String(++visitors).padStart(4, '0')}-${randomBytes(6).toString('base64url')}`;

type Ask = { text: string; visitorId: string; conversationId?: string | null; origin?: string | null; agent?: string; address: string };
const ask = (target: Pick<Shop, 'publicId'>, { text, visitorId, conversationId, origin = SITE, agent = BROWSER, address }: Ask) =>
  call(`${url}/api/v1/widget-sites/${target.publicId}/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': agent,
      'x-forwarded-for': address,
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify({ visitorId, ...(conversationId === undefined ? {} : { conversationId }), text }),
  });

const requestsOf = (uid: string) =>
  db
    .select({ channelId: aiRequests.channelId, mediaType: aiRequests.mediaType, extra: aiRequests.extra, aiBaseId: aiRequests.aiBaseId })
    .from(aiRequests)
    .where(eq(aiRequests.uid, uid));
const conversationsOf = async (uid: string) => (await db.select().from(widgetConversations).where(eq(widgetConversations.uid, uid))).length;

let seller: Shop;
beforeAll(async () => {
  seller = await shop('seller');
});

describe('an answer', () => {
  test('from the WhatsApp pipeline: the knowledge’s answer, product cards opening the cart page, the conversation continued', async () => {
    const address = newAddress();
    const visitorId = newVisitor();
    const first = await ask(seller, { text: 'Vocês têm camisetas?', visitorId, address });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(first.headers.get('vary')).toContain('Origin');
    const answer = first.body as WidgetChatAnswer;
    expect(answer.text).toContain('As camisetas são 100% algodão.');
    // Its links carry the widget's ref (what they sell counts as the widget's).
    expect(widgetLinkRef(seller.publicId)).toMatch(LINK_REF);
    // The sold-out size G, the cap only in the catalog and the socks without a catalog item are left out, as on WhatsApp.
    expect(answer.cards).toEqual([
      {
        title: 'Camiseta Básica — P',
        imageUrl: 'https://cdn.example.com/camiseta.jpg',
        priceMinor: 4990,
        currency: 'BRL',
        cartUrl: `${url}/pt/c/${seller.inventory.publicId}/cart?items=CAM-P%3A1&ref=${widgetLinkRef(seller.publicId)}`,
      },
      {
        title: 'Camiseta Básica — M',
        imageUrl: 'https://cdn.example.com/camiseta.jpg',
        priceMinor: 5490,
        currency: 'BRL',
        cartUrl: `${url}/pt/c/${seller.inventory.publicId}/cart?items=CAM-M%3A1&ref=${widgetLinkRef(seller.publicId)}`,
      },
    ]);
    expect(answer.catalogUrl).toBeNull();
    // The card's link is the shopper's cart page, with the product in it (the page reads the cart the storefront API sums up).
    const items = new URL(answer.cards[0]!.cartUrl).searchParams.get('items')!;
    const cart = await call(`${url}/api/v1/storefront/${seller.inventory.publicId}/cart?items=${encodeURIComponent(items)}`);
    expect(cart.status, cart.text).toBe(200);
    expect(cart.text).toContain('CAM-P');

    const second = await ask(seller, { text: 'Posso trocar um produto?', visitorId, conversationId: answer.conversationId, address });
    expect(second.status, second.text).toBe(200);
    expect((second.body as WidgetChatAnswer).conversationId).toBe(answer.conversationId);
    expect((second.body as WidgetChatAnswer).text).toContain('Sim, em até 30 dias após a entrega');
    // Another page naming that conversation does not continue it: it starts its own.
    const other = await ask(seller, { text: 'Oi', visitorId: newVisitor(), conversationId: answer.conversationId, address });
    expect(other.status, other.text).toBe(200);
    expect((other.body as WidgetChatAnswer).conversationId).not.toBe(answer.conversationId);
  });

  test('asking for the catalog: the catalog page’s link', async () => {
    const answer = await ask(seller, { text: 'Quero ver o catálogo', visitorId: newVisitor(), address: newAddress() });
    expect(answer.status, answer.text).toBe(200);
    expect((answer.body as WidgetChatAnswer).catalogUrl).toBe(
      `${url}/pt/c/${seller.inventory.publicId}?ref=${widgetLinkRef(seller.publicId)}`,
    );
  });

  test('a blocked term is refused as the base refuses it on WhatsApp', async () => {
    await db
      .update(aiBases)
      .set({ blockedTerms: ['concorrente'] })
      .where(eq(aiBases.id, seller.baseId));
    try {
      const answer = await ask(seller, { text: 'E a loja concorrente?', visitorId: newVisitor(), address: newAddress() });
      expect(answer.status, answer.text).toBe(200);
      expect((answer.body as WidgetChatAnswer).cards).toEqual([]);
      expect((answer.body as WidgetChatAnswer).text).not.toContain('concorrente');
    } finally {
      await db.update(aiBases).set({ blockedTerms: [] }).where(eq(aiBases.id, seller.baseId));
    }
  });

  test('each answer is an AI request of the plan, as WhatsApp’s are: in the month’s usage, extra past the allowance', async () => {
    const basic = await shop('basic', { plan: 'basic' });
    const answered = await ask(basic, { text: 'Posso trocar um produto?', visitorId: newVisitor(), address: newAddress() });
    expect(answered.status, answered.text).toBe(200);
    expect(await requestsOf(basic.uid)).toEqual([{ channelId: basic.channelId, mediaType: 'text', extra: false, aiBaseId: basic.baseId }]);
    const usage = () =>
      db
        .select({ queries: accountMonthlyUsage.queries })
        .from(accountMonthlyUsage)
        .where(and(eq(accountMonthlyUsage.uid, basic.uid), sql`${accountMonthlyUsage.month} = '2026-03-01'`));
    expect(await usage()).toEqual([{ queries: 1 }]);
    // The basic plan's 1,000 queries used: still answered, the request counted as extra.
    await db
      .update(accountMonthlyUsage)
      .set({ queries: 1000 })
      .where(and(eq(accountMonthlyUsage.uid, basic.uid), sql`${accountMonthlyUsage.month} = '2026-03-01'`));
    const past = await ask(basic, { text: 'Posso trocar um produto?', visitorId: newVisitor(), address: newAddress() });
    expect(past.status, past.text).toBe(200);
    expect((await requestsOf(basic.uid)).map((request) => request.extra).sort()).toEqual([false, true]);
    expect(await usage()).toEqual([{ queries: 1001 }]);
  });
});

describe('sites', () => {
  test('a site not listed, or none, is refused and reads nothing; Catalyst’s own origin (the preview) is answered', async () => {
    const before = await conversationsOf(seller.uid);
    for (const origin of ['https://evil.example', null]) {
      const refused = await ask(seller, { text: 'Oi', visitorId: newVisitor(), origin, address: newAddress() });
      expect([refused.status, errorOf(refused).code]).toEqual([403, 'origin_not_allowed']);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(await conversationsOf(seller.uid)).toBe(before);
    const preview = await ask(seller, { text: 'Oi', visitorId: newVisitor(), origin: url, address: newAddress() });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.headers.get('access-control-allow-origin')).toBe(url);
  });

  test('the product finder’s catalog: the inventory’s public catalog to listed sites, refused to others, 404 with the finder off', async () => {
    const read = (target: Pick<Shop, 'publicId'>, origin: string | null, headers: Record<string, string> = {}) =>
      call(`${url}/api/v1/widget-sites/${target.publicId}/catalog`, {
        headers: { 'x-forwarded-for': newAddress(), ...(origin ? { origin } : {}), ...headers },
      });
    const listed = await read(seller, SITE);
    expect(listed.status, listed.text).toBe(200);
    expect([listed.headers.get('access-control-allow-origin'), listed.headers.get('cache-control')]).toEqual([
      SITE,
      'private, max-age=300',
    ]);
    // Written out once a sync: compressed for a browser that takes it, with an ETag a page may ask again with (304, nothing sent).
    expect(listed.headers.get('vary')).toMatch(/Origin.*accept-encoding/);
    const etag = listed.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await read(seller, SITE, { 'if-none-match': etag });
    expect([again.status, again.text, again.headers.get('access-control-allow-origin')]).toEqual([304, '', SITE]);
    for (const [accepted, sent] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const encoded = await read(seller, SITE, { 'accept-encoding': accepted });
      expect([encoded.headers.get('content-encoding'), encoded.body], accepted).toEqual([sent, listed.body]);
    }
    const catalog = listed.body as PublicCatalog;
    expect(catalog).toMatchObject({ publicId: seller.inventory.publicId, currency: 'BRL' });
    // As the catalog page reads it: the store's products with their variants (what the store does not sell left out).
    const direct = await call(`${url}/api/v1/storefront/${seller.inventory.publicId}/catalog`);
    expect(catalog.products).toEqual((direct.body as PublicCatalog).products);
    expect(catalog.products.flatMap((product) => product.variants.map((variant) => variant.lineId))).toContain('CAM-P');

    for (const origin of ['https://evil.example', null]) {
      const refused = await read(seller, origin);
      expect([refused.status, errorOf(refused).code]).toEqual([403, 'origin_not_allowed']);
      expect(refused.text).not.toContain('CAM-P');
    }
    const off = await shop('finder-off');
    await saveWidget(off.user, { enabled: true, channelId: off.channelId, inventoryId: off.inventory.id, filterEnabled: false });
    expect((await read(off, SITE)).status).toBe(404);
  });

  test('the preflight is answered for listed sites only', async () => {
    const preflight = (origin: string) =>
      call(`${url}/api/v1/widget-sites/${seller.publicId}/messages`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight(SITE);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(allowed.headers.get('vary')).toContain('Origin');
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('access-control-allow-methods')).toBeNull();
  });

  test('a bot’s user agent, or none, is refused before anything is answered or counted', async () => {
    const before = { conversations: await conversationsOf(seller.uid), requests: (await requestsOf(seller.uid)).length };
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'python-requests/2.31', '']) {
      const refused = await ask(seller, { text: 'Oi', visitorId: newVisitor(), agent, address: newAddress() });
      expect([refused.status, errorOf(refused).code], agent).toEqual([403, 'bot_refused']);
    }
    expect({ conversations: await conversationsOf(seller.uid), requests: (await requestsOf(seller.uid)).length }).toEqual(before);
  });

  test('a widget switched off is 404, its preflight too; a number with nothing answering is 503 not_answering', async () => {
    const off = await shop('off');
    await db.update(channels).set({ status: 'paused' }).where(eq(channels.id, off.channelId));
    const paused = await ask(off, { text: 'Oi', visitorId: newVisitor(), address: newAddress() });
    expect([paused.status, errorOf(paused).code]).toEqual([503, 'not_answering']);
    expect(paused.headers.get('access-control-allow-origin')).toBe(SITE);
    await saveWidget(off.user, { enabled: false, channelId: off.channelId });
    const answer = await ask(off, { text: 'Oi', visitorId: newVisitor(), address: newAddress() });
    expect([answer.status, errorOf(answer).code]).toEqual([404, 'not_found']);
    const preflight = await call(`${url}/api/v1/widget-sites/${off.publicId}/messages`, { method: 'OPTIONS', headers: { origin: SITE } });
    expect(preflight.status).toBe(404);
    expect(await conversationsOf(off.uid)).toBe(0);
  });

  test('a text too long, a malformed visitor id or conversation id is 400', async () => {
    const address = newAddress();
    for (const body of [
      { visitorId: newVisitor(), text: 'x'.repeat(501) },
      { visitorId: 'short', text: 'Oi' },
      { visitorId: newVisitor(), text: '   ' },
      { visitorId: newVisitor(), conversationId: 'nope', text: 'Oi' },
    ]) {
      const answer = await call(`${url}/api/v1/widget-sites/${seller.publicId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER, 'x-forwarded-for': address, origin: SITE },
        body: JSON.stringify(body),
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('limits', () => {
  test('a visitor’s messages a minute: then 429 rate_limited with Retry-After; another visitor is answered', async () => {
    const address = newAddress();
    const visitorId = newVisitor();
    let conversationId: string | null = null;
    for (let sent = 0; sent < WIDGET_CHAT_LIMITS.visitorMessagesPerMinute; sent++) {
      const answer = await ask(seller, { text: 'Oi', visitorId, conversationId, address });
      expect(answer.status, answer.text).toBe(200);
      conversationId = (answer.body as WidgetChatAnswer).conversationId;
    }
    const refused = await ask(seller, { text: 'Oi', visitorId, conversationId, address });
    expect([refused.status, errorOf(refused).code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('access-control-allow-origin')).toBe(SITE);
    expect((await ask(seller, { text: 'Oi', visitorId: newVisitor(), address })).status).toBe(200);
  });

  test('an address’s messages a minute, whatever the visitor ids: then 429', async () => {
    const address = newAddress();
    const perVisitor = WIDGET_CHAT_LIMITS.visitorMessagesPerMinute;
    let sent = 0;
    while (sent < WIDGET_CHAT_LIMITS.addressMessagesPerMinute) {
      const visitorId = newVisitor();
      let conversationId: string | null = null;
      for (let i = 0; i < perVisitor && sent < WIDGET_CHAT_LIMITS.addressMessagesPerMinute; i++, sent++) {
        const answer = await ask(seller, { text: 'Oi', visitorId, conversationId, address });
        expect(answer.status, answer.text).toBe(200);
        conversationId = (answer.body as WidgetChatAnswer).conversationId;
      }
    }
    const refused = await ask(seller, { text: 'Oi', visitorId: newVisitor(), address });
    expect([refused.status, errorOf(refused).code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another address is not held back by this one.
    expect((await ask(seller, { text: 'Oi', visitorId: newVisitor(), address: newAddress() })).status).toBe(200);
  });

  test('new conversations an address starts an hour: then 429', async () => {
    const address = newAddress();
    for (let started = 0; started < WIDGET_CHAT_LIMITS.addressConversationsPerHour; started++)
      expect((await ask(seller, { text: 'Oi', visitorId: newVisitor(), address })).status).toBe(200);
    const refused = await ask(seller, { text: 'Oi', visitorId: newVisitor(), address });
    expect([refused.status, errorOf(refused).code]).toEqual([429, 'rate_limited']);
  });

  test('the merchant’s daily cap, on the account’s day: then 429 daily_cap_reached, nothing answered or counted; the next day answers', async () => {
    const capped = await shop('capped', { dailyCap: 2 });
    const zone = await api(capped.user, 'PUT', '/me/time-zone', { timeZone: 'America/Sao_Paulo' });
    expect(zone.status, zone.text).toBe(200);
    // 23:00 in São Paulo on the 9th (02:00 UTC on the 10th).
    clock = new Date('2026-03-10T02:00:00Z');
    try {
      for (let answered = 0; answered < 2; answered++)
        expect((await ask(capped, { text: 'Oi', visitorId: newVisitor(), address: newAddress() })).status).toBe(200);
      const refused = await ask(capped, { text: 'Oi', visitorId: newVisitor(), address: newAddress() });
      expect([refused.status, errorOf(refused).code]).toEqual([429, 'daily_cap_reached']);
      expect(refused.headers.get('access-control-allow-origin')).toBe(SITE);
      expect((await requestsOf(capped.uid)).length).toBe(2);
      expect(await conversationsOf(capped.uid)).toBe(2);
      // 02:59 UTC is still the 9th in São Paulo; 03:00 UTC is midnight there: a new day.
      clock = new Date('2026-03-10T02:59:00Z');
      expect((await ask(capped, { text: 'Oi', visitorId: newVisitor(), address: newAddress() })).status).toBe(429);
      clock = new Date('2026-03-10T03:00:00Z');
      expect((await ask(capped, { text: 'Oi', visitorId: newVisitor(), address: newAddress() })).status).toBe(200);
      expect((await requestsOf(capped.uid)).length).toBe(3);
    } finally {
      clock = new Date('2026-03-10T15:00:00Z');
    }
  });
});

describe('the merchant’s conversations', () => {
  test('the owner reads them (what was written, what was answered, the products shown); another account does not; no visitor id kept', async () => {
    const owner = await shop('owner');
    const visitorId = newVisitor();
    const asked = await ask(owner, { text: 'Vocês têm camisetas?', visitorId, address: newAddress() });
    expect(asked.status, asked.text).toBe(200);
    const { conversationId } = asked.body as WidgetChatAnswer;

    const read = await api(owner.user, 'GET', '/widget/conversations');
    expect(read.status, read.text).toBe(200);
    expect((read.body as WidgetConversations).channelId).toBe(owner.channelId);
    const [conversation, ...more] = (read.body as WidgetConversations).conversations;
    expect(more).toEqual([]);
    expect(conversation).toMatchObject({ id: conversationId, startedAt: '2026-03-10T15:00:00.000Z' });
    expect(conversation!.messages.map(({ role, products }) => ({ role, products }))).toEqual([
      { role: 'shopper', products: [] },
      { role: 'agent', products: ['Camiseta Básica — P', 'Camiseta Básica — M'] },
    ]);
    expect(conversation!.messages[0]!.text).toBe('Vocês têm camisetas?');
    expect(conversation!.messages[1]!.text).toContain('As camisetas são 100% algodão.');

    // A chat begun counts once for the dashboard (widget_events), on the widget's number; its next message adds nothing.
    const next = await ask(owner, { text: 'E o prazo de entrega?', visitorId, conversationId, address: newAddress() });
    expect(next.status, next.text).toBe(200);
    // (Written in the widget events' batches, a quarter of a second apart, at the chat's clock.)
    const chatEvents = () =>
      db
        .select({ kind: widgetEvents.kind, channelId: widgetEvents.channelId, occurredAt: widgetEvents.occurredAt })
        .from(widgetEvents)
        .where(eq(widgetEvents.uid, owner.user.uid));
    await expect
      .poll(chatEvents, { timeout: 10_000, interval: 100 })
      .toEqual([{ kind: 'chat', channelId: owner.channelId, occurredAt: new Date('2026-03-10T15:00:00.000Z') }]);

    const other = await merchant('widget-chat-other');
    const theirs = await api(other, 'GET', '/widget/conversations');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ channelId: null, conversations: [] });
    expect(theirs.text).not.toContain(conversationId);

    const stored = JSON.stringify([
      await db.select().from(widgetConversations).where(eq(widgetConversations.id, conversationId)),
      await db.select().from(widgetMessages).where(eq(widgetMessages.conversationId, conversationId)),
    ]);
    expect(stored).not.toContain(visitorId);
    expect(stored).not.toContain('203.0.113.');
  });
});
