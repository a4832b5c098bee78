// The website widget's 'Continue on WhatsApp' code, end to end on PGlite: POST
// /api/v1/widget-sites/{public id}/handoffs hands a page its visitor's code (the same one until it is
// picked up, for listed sites only, not to bots, limited per address); a shopper's WhatsApp message
// carrying it — delivered by the loopback Cloud API as a signed webhook, answered by the real worker
// through the loopback OpenAI-compatible model — has the AI base read the visitor's site conversation
// before the question (asked without its code), and counts as the widget's conversation. A code of
// another account, or one already picked up, brings nothing from the site. And the widget's events:
// what its pages report (POST …/events: listed sites only; bots and the screen's preview not counted)
// with the chats begun and the handoffs picked up, as GET /api/v1/dashboard shows them, kept through
// a change of time zone.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dayIn, type Dashboard } from '@/domain/dashboard';
import { defaultWidgetSettings, type Widget } from '@/domain/widget';
import { WIDGET_CHAT_LIMITS, type WidgetHandoff } from '@/domain/widget-chat';
import { refOf, WIDGET_REF_ALPHABET } from '@/domain/widget-ref';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { channelStore } from '@/server/channels/channel-store';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import { whatsappReplies } from '@/server/channels/whatsapp-reply-tables';
import type { Db } from '@/server/db/database';
import { visitorKeyOf } from '@/server/widgets/widget-chat';
import { widgetConversations, widgetMessages } from '@/server/widgets/widget-chat-tables';
import { widgetHandoffs } from '@/server/widgets/widget-handoffs';
import {
  fixturePhoneNumber,
  textMessage,
  type FixturePhoneNumber,
  type WhatsAppCloudApiServer,
} from '../fixtures/whatsapp-cloud-api-server';
import type { OpenAiCompatibleServer } from '../fixtures/openai-compatible-server';
import { checkedNumber, newPhoneNumberId } from './support/channel-seed';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { call } from './support/test-server';
import { startWhatsAppHarness, type WhatsAppHarness } from './support/whatsapp-harness';

const SITE = 'https://www.lojadaana.com.br';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const MODEL = 'fixture-small';

const data = scratchDataDir('widget-handoff');
let harness: WhatsAppHarness;
let url = '';
let db: Db;
let fixture: WhatsAppCloudApiServer;
let llm: OpenAiCompatibleServer;
const { api, merchant, createBase } = knowledgeClient(() => url);

beforeAll(async () => {
  harness = await startWhatsAppHarness({ dataDir: data.dir, withLlm: true, trustProxy: true });
  ({ db, url, fixture } = harness);
  llm = harness.llm!;
});
afterAll(async () => {
  await harness?.close();
  data.remove();
});

type Shop = { uid: string; user: Awaited<ReturnType<typeof merchant>>; publicId: string; number: FixturePhoneNumber; channelId: string };
let numbers = 800;

/** A seller answering with the loopback model on its number, its widget on for SITE. */
async function shop(label: string): Promise<Shop> {
  const user = await merchant(`widget-handoff-${label}`, 'enterprise');
  const base = await createBase(user, { name: `Base ${label}`, function: 'seller', voiceTone: 'default', language: 'pt_br' });
  await db.update(aiBases).set({ status: 'active', savedSteps: 3, model: MODEL }).where(eq(aiBases.id, base.id));
  const number = fixturePhoneNumber(++numbers, { phoneNumberId: newPhoneNumberId() });
  fixture.addNumber(number);
  fixture.setWebhookUrl(number.phoneNumberId, `${url}/webhooks/whatsapp`);
  const { channel } = await channelStore(db, harness.secrets).connect(
    user.uid,
    {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: base.id,
      inventoryId: null,
    },
    checkedNumber,
  );
  const saved = await api(user, 'PUT', '/widget', {
    ...defaultWidgetSettings(),
    enabled: true,
    channelId: channel.id,
    allowedOrigins: [SITE],
  });
  expect(saved.status, saved.text).toBe(200);
  return { uid: user.uid, user, publicId: (saved.body as Widget).publicId, number, channelId: channel.id };
}

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;
const newVisitor = () => `visitor-${randomBytes(9).toString('base64url')}`;

const askCode = (target: Pick<Shop, 'publicId'>, visitorId: string, { origin = SITE, agent = BROWSER, address = newAddress() } = {}) =>
  call(`${url}/api/v1/widget-sites/${target.publicId}/handoffs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': agent, 'x-forwarded-for': address, ...(origin ? { origin } : {}) },
    body: JSON.stringify({ visitorId }),
  });

/** What the visitor said on the site and was answered, as the widget's chat stores it. */
async function siteConversation(target: Shop, visitorId: string, exchange: [string, string]) {
  const at = new Date(Date.now() - 60_000);
  const [conversation] = await db
    .insert(widgetConversations)
    .values({ uid: target.uid, visitorKey: visitorKeyOf(target.publicId, visitorId), startedAt: at, lastMessageAt: at })
    .returning({ id: widgetConversations.id });
  await db.insert(widgetMessages).values([
    { conversationId: conversation!.id, role: 'shopper', text: exchange[0], sentAt: at },
    { conversationId: conversation!.id, role: 'agent', text: exchange[1], sentAt: at },
  ]);
}

/** The shopper writes; the worker's reply settles; what the model was asked (every message's text, in order). */
async function written(target: Shop, waId: string, text: string): Promise<string[]> {
  const payload = textMessage(target.number, { waId, name: 'Shopper' }, text);
  for (const delivery of await fixture.deliver(payload)) expect(delivery.status, delivery.responseBody).toBe(200);
  const messageId = payload.entry[0]!.changes[0]!.value.messages![0]!.id;
  const outcome = async () => {
    const [row] = await db
      .select({ outcome: whatsappReplies.outcome })
      .from(whatsappInboundMessages)
      .innerJoin(whatsappReplies, eq(whatsappReplies.inboundMessageId, whatsappInboundMessages.id))
      .where(and(eq(whatsappInboundMessages.channelId, target.channelId), eq(whatsappInboundMessages.messageId, messageId)));
    return row?.outcome ?? 'none';
  };
  await expect.poll(outcome, { timeout: 20_000, interval: 25 }).toBe('sent');
  return llm
    .chatCalls()
    .at(-1)!
    .body.messages.map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)));
}

let seller: Shop;
beforeAll(async () => {
  seller = await shop('seller');
});

describe('the code a page is handed', () => {
  test('one per visitor, the same until picked up, of six letters a shopper cannot confuse; for listed sites only', async () => {
    const visitor = newVisitor();
    const first = await askCode(seller, visitor);
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe(SITE);
    const { ref } = first.body as WidgetHandoff;
    expect(ref).toMatch(new RegExp(`^[${WIDGET_REF_ALPHABET}]{6}$`));
    expect(((await askCode(seller, visitor)).body as WidgetHandoff).ref).toBe(ref);
    expect(((await askCode(seller, newVisitor())).body as WidgetHandoff).ref).not.toBe(ref);

    const refused = await askCode(seller, visitor, { origin: 'https://evil.example' });
    expect([refused.status, (refused.body as { error: { code: string } }).error.code]).toEqual([403, 'origin_not_allowed']);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const bot = await askCode(seller, visitor, { agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect([bot.status, (bot.body as { error: { code: string } }).error.code]).toEqual([403, 'bot_refused']);
    const malformed = await askCode(seller, 'short');
    expect(malformed.status).toBe(400);

    const preflight = await call(`${url}/api/v1/widget-sites/${seller.publicId}/handoffs`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-methods')]).toEqual([204, 'POST']);
  });

  test('an address asking for too many: 429 rate_limited with Retry-After', async () => {
    const address = newAddress();
    for (let i = 0; i < WIDGET_CHAT_LIMITS.addressHandoffsPerHour; i++)
      expect((await askCode(seller, newVisitor(), { address })).status).toBe(200);
    const limited = await askCode(seller, newVisitor(), { address });
    expect([limited.status, (limited.body as { error: { code: string } }).error.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('picked up on WhatsApp', () => {
  test('the AI base reads the site conversation before the question, asked without its code; counted as the widget’s', async () => {
    const visitor = newVisitor();
    await siteConversation(seller, visitor, ['Vocês têm a camiseta vermelha no tamanho M?', 'Temos sim, a Camiseta Básica vermelha em M.']);
    const { ref } = (await askCode(seller, visitor)).body as WidgetHandoff;
    const since = new Date(Date.now() - 1_000);

    const asked = await written(seller, '5511955550001', `Olá! Vim pelo site de vocês. (ref ${ref.toLowerCase()})`);
    const site = asked.indexOf('Vocês têm a camiseta vermelha no tamanho M?');
    expect(site, asked.join('\n')).toBeGreaterThan(0);
    expect(asked[site + 1]).toBe('Temos sim, a Camiseta Básica vermelha em M.');
    expect(asked.at(-1)).toContain('Olá! Vim pelo site de vocês.');
    expect(asked.at(-1)).not.toMatch(/ref/i);
    const handoffs = widgetHandoffs({ db });
    expect(await handoffs.pickedUp(seller.uid, since, new Date(Date.now() + 60_000))).toBe(1);

    // The shopper's next message still reads the site's part (the WhatsApp history is short).
    const next = await written(seller, '5511955550001', 'Qual o prazo de entrega?');
    expect(next).toContain('Vocês têm a camiseta vermelha no tamanho M?');
    // Picked up, the page's visitor is handed a new code.
    expect(((await askCode(seller, visitor)).body as WidgetHandoff).ref).not.toBe(ref);

    // Someone else sending the same code: nothing from the site, nothing counted again.
    const other = await written(seller, '5511955550002', `Oi (ref ${ref})`);
    expect(other).not.toContain('Vocês têm a camiseta vermelha no tamanho M?');
    expect(await handoffs.pickedUp(seller.uid, since, new Date(Date.now() + 60_000))).toBe(1);
  });

  test('a code of another account’s widget brings nothing from its site', async () => {
    const other = await shop('other');
    const visitor = newVisitor();
    await siteConversation(other, visitor, ['Segredo da outra loja?', 'Resposta da outra loja.']);
    const { ref } = (await askCode(other, visitor)).body as WidgetHandoff;
    const asked = await written(seller, '5511955550003', `Olá (ref ${ref})`);
    expect(asked).not.toContain('Segredo da outra loja?');
    expect(await widgetHandoffs({ db }).pickedUp(other.uid, new Date(0), new Date(Date.now() + 60_000))).toBe(0);
  });

  test('the code in a message, any case; none in a message without one', () => {
    expect(refOf('Olá! Vim pelo site de vocês. (ref K7Q2MX)')).toBe('K7Q2MX');
    expect(refOf('oi ref: k7q2mx obrigado')).toBe('K7Q2MX');
    expect(refOf('Meu pedido é ref 12345')).toBeNull();
    expect(refOf('prefiro (ref K7Q2M0)')).toBeNull();
  });
});

describe('the widget’s events on the dashboard', () => {
  const report = (target: Pick<Shop, 'publicId'>, kind: string, { origin = SITE, agent = BROWSER } = {}) =>
    call(`${url}/api/v1/widget-sites/${target.publicId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': agent, 'x-forwarded-for': newAddress(), ...(origin ? { origin } : {}) },
      body: JSON.stringify({ kind }),
    });

  test('views, opens, searches and clicks the pages report, and handoffs picked up; kept through a change of zone', async () => {
    const site = await shop('events');
    const owner = site.user;
    for (const kind of ['view', 'view', 'open', 'search', 'whatsapp']) {
      const reported = await report(site, kind);
      expect(reported.status, reported.text).toBe(204);
      expect(reported.headers.get('access-control-allow-origin')).toBe(SITE);
    }
    // Not counted: a bot, the widget screen's own preview; refused: a site not listed, a kind only the server records.
    expect((await report(site, 'view', { agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(204);
    expect((await report(site, 'view', { origin: url })).status).toBe(204);
    expect((await report(site, 'view', { origin: 'https://elsewhere.example' })).status).toBe(403);
    expect((await report(site, 'chat')).status).toBe(400);
    const preflight = await call(`${url}/api/v1/widget-sites/${site.publicId}/events`, { method: 'OPTIONS', headers: { origin: SITE } });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, SITE]);

    // A visitor's code picked up on WhatsApp (a chat begun counts as tests/server/widget-chat.test.ts proves).
    const { ref } = (await askCode(site, newVisitor())).body as WidgetHandoff;
    await written(site, '5511955550009', `Olá! Vim pelo site de vocês. (ref ${ref})`);

    const widgetOn = async (tz: string) => {
      const today = dayIn(new Date(), tz);
      const read = await api(owner, 'GET', `/dashboard?from=${today}&to=${today}&tz=${encodeURIComponent(tz)}`);
      expect(read.status, read.text).toBe(200);
      const { currency: _currency, ...figures } = (read.body as Dashboard).widget;
      return Object.fromEntries(Object.entries(figures).map(([key, figure]) => [key, figure.current]));
    };
    const counted = { views: 2, opens: 1, chats: 0, searches: 1, whatsappClicks: 1, handoffs: 1, orders: 0, valueMinor: 0 };
    // The pages' reports are written in batches (a quarter of a second apart).
    await expect.poll(() => widgetOn('UTC'), { timeout: 10_000, interval: 100 }).toEqual(counted);

    // A change of zone recounts the rollups from the raw events: the widget's figures with the rest.
    const zoned = await api(owner, 'PUT', '/me/time-zone', { timeZone: 'Asia/Kolkata' });
    expect(zoned.status, zoned.text).toBe(200);
    expect(await widgetOn('Asia/Kolkata')).toEqual(counted);
    const rows = (await db.execute(sql`select
        (select sum(widget_views + widget_opens + widget_chats + widget_searches + widget_whatsapp_clicks + widget_handoffs)::int
          from dashboard_rollups where uid = ${site.uid}) as rolled,
        (select count(*)::int from widget_events where uid = ${site.uid}) as raw`)) as unknown as {
      rows: { rolled: number; raw: number }[];
    };
    expect(rows.rows[0]).toEqual({ rolled: 6, raw: 6 });
  });
});
