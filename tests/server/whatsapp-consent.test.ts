// Shoppers' consent through their WhatsApp conversation, end to end: the loopback Cloud API delivers
// signed webhooks to the real app on PGlite, the webhook records consent for the number's account
// before it answers 200 (server/channels/conversation-consent.ts), and the whatsapp-inbound worker
// answers (server/channels/consent-replies.ts) with the AI bases on the loopback OpenAI-compatible
// model. Proved: a stop word unsubscribes from marketing only, at once (before Meta has its 200, on a
// paused channel, when the reply fails), order updates kept, and is confirmed in the shopper's
// language without a model; so does a tap on a marketing template's 'Stop promotions' quick reply, in
// any of its languages, confirmed in the contact's language; another quick reply is answered by the
// model; an everyday word is
// answered by the model; a redelivered stop leaves one history event; the consent button goes with a
// cart link to a shopper never asked, in their language, and its tap subscribes and is thanked;
// Meta's user_preferences stop and resume marketing; another account's contact of the same number is
// never touched; no log line holds a shopper's number.
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  consentButtons,
  optInConfirmations,
  optOutConfirmations,
  stopPromotionsTitles,
  type ConsentHistoryEntry,
  type ContactDetail,
} from '@/domain/contact';
import type { AiBaseLanguage } from '@/domain/ai-base';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import { WHATSAPP_INBOUND_QUEUE } from '@/server/channels/channel-store';
import { QUICK_RETRY_WAITS_MS } from '@/server/channels/inbound-worker';
import { aiRequests, whatsappReplies } from '@/server/channels/whatsapp-reply-tables';
import { contactStore, type ContactStore } from '@/server/contacts/contact-store';
import type { Db } from '@/server/db/database';
import { jobs } from '@/server/jobs/job-tables';
import { FIXTURE_MODELS, type OpenAiCompatibleServer } from '../fixtures/openai-compatible-server';
import {
  buttonReplyMessage,
  fixturePhoneNumber,
  orderMessage,
  templateButtonMessage,
  textMessage,
  type FixturePhoneNumber,
  type SentMessage,
  type WebhookPayload,
  type WhatsAppCloudApiServer,
} from '../fixtures/whatsapp-cloud-api-server';
import { userPreferences } from '../fixtures/whatsapp/account-webhooks';
import { metaWebhookJson, webhookSignature } from '../fixtures/whatsapp/webhook-delivery';
import { checkedNumber, newPhoneNumberId, seedAnsweringRecords } from './support/channel-seed';
import { scratchDataDir } from './support/knowledge-uploads';
import { seedStorefrontInventory } from './support/storefront-seed';
import { call } from './support/test-server';
import { startWhatsAppHarness, type WhatsAppHarness } from './support/whatsapp-harness';

const MODEL = FIXTURE_MODELS[0]!;
const data = scratchDataDir('whatsapp-consent');
let harness: WhatsAppHarness;
let db: Db;
let url = '';
let fixture: WhatsAppCloudApiServer;
let llm: OpenAiCompatibleServer;
let contacts: ContactStore;

type Shop = { uid: string; channelId: string; number: FixturePhoneNumber; catalogId: string };
type Shopper = { waId: string; name: string };

/** Every shopper a test made, for the log check. */
const shoppers: Shopper[] = [];
let numbers = 900;

/** A new Brazilian mobile (a shopper no other test of the run knows). */
function shopper(name: string): Shopper {
  const made = { waId: `55119${String(randomInt(10_000_000, 100_000_000))}`, name };
  shoppers.push(made);
  return made;
}
const phoneOf = (who: Shopper) => `+${who.waId}`;

/** A merchant whose active seller base speaks `language` with the fixture's model, on a new number, with a configured inventory. */
async function shop(label: string, language: AiBaseLanguage): Promise<Shop> {
  const inventory = await seedStorefrontInventory(`consent-${label}`);
  const records = await seedAnsweringRecords(inventory.uid, label);
  await db.update(aiBases).set({ model: MODEL, language }).where(eq(aiBases.id, records.activeBaseId));
  const number = fixturePhoneNumber(++numbers, { phoneNumberId: newPhoneNumberId() });
  fixture.addNumber(number);
  fixture.setWebhookUrl(number.phoneNumberId, `${url}/webhooks/whatsapp`);
  const { channel } = await harness.channels.connect(
    inventory.uid,
    {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: records.activeBaseId,
      inventoryId: inventory.id,
    },
    checkedNumber,
  );
  return { uid: inventory.uid, channelId: channel.id, number, catalogId: inventory.catalogId };
}

let a: Shop;
let b: Shop;

beforeAll(async () => {
  harness = await startWhatsAppHarness({ dataDir: data.dir, withLlm: true, concurrency: 2, appLog: true });
  ({ db, url, fixture } = harness);
  llm = harness.llm!;
  contacts = contactStore(db);
  a = await shop('a', 'pt_br');
  b = await shop('b', 'en_us');
}, 60_000);
afterAll(async () => {
  await harness?.close();
  data.remove();
});

/** A time a few minutes ago, in whole seconds (what a webhook carries). */
const minutesAgo = (minutes: number) => Math.floor(Date.now() / 1000) * 1000 - minutes * 60_000;
const iso = (at: number) => new Date(at).toISOString();

/** Delivers a payload signed by the fixture, as Meta does; every copy must get its 200. */
async function deliver(payload: WebhookPayload, options?: { copies?: number; concurrently?: boolean }): Promise<string> {
  const deliveries = await fixture.deliver(payload, options);
  for (const delivery of deliveries) expect(delivery.status, delivery.responseBody).toBe(200);
  return payload.entry[0]!.changes[0]!.value.messages![0]!.id;
}

/** The account's contact of the shopper's number with its history, or null. */
async function contactOf(uid: string, who: Shopper): Promise<ContactDetail | null> {
  const found = (await contacts.consentOf(uid, [phoneOf(who)])).get(phoneOf(who));
  return found ? contacts.get(uid, found.id) : null;
}
const historyOf = (contact: ContactDetail | null) =>
  (contact?.history ?? [])
    .map(({ purpose, kind, source, at, effect }: ConsentHistoryEntry) => ({ purpose, kind, source, at, effect }))
    .reverse();

const messageRow = async (target: Shop, messageId: string) => {
  const [row] = await db
    .select({ id: whatsappInboundMessages.id, reply: whatsappReplies })
    .from(whatsappInboundMessages)
    .leftJoin(whatsappReplies, eq(whatsappReplies.inboundMessageId, whatsappInboundMessages.id))
    .where(and(eq(whatsappInboundMessages.channelId, target.channelId), eq(whatsappInboundMessages.messageId, messageId)));
  return row ?? null;
};
/** The reply once the worker is done with the message (not `sending` any more). */
async function settledReply(target: Shop, messageId: string) {
  await expect
    .poll(async () => (await messageRow(target, messageId))?.reply?.outcome ?? 'none', { timeout: 15_000, interval: 25 })
    .not.toMatch(/^(none|sending)$/);
  return (await messageRow(target, messageId))!.reply!;
}
/** What went to the shopper in answer to a message: the message quoting it and those after it to them, up to the next quote. */
function sentFor(target: Shop, who: Shopper, messageId: string): SentMessage[] {
  const all = fixture.sent(target.number.phoneNumberId).filter((message) => message.waId === who.waId);
  const first = all.findIndex((message) => message.replyTo === messageId);
  if (first < 0) return [];
  const next = all.findIndex((message, index) => index > first && message.replyTo !== null);
  return all.slice(first, next < 0 ? undefined : next);
}
const textOf = (message: SentMessage | undefined) => (message?.message.text as { body?: string } | undefined)?.body;
const aiRequestsOf = async (target: Shop, messageId: string) => {
  const row = await messageRow(target, messageId);
  return row ? db.select().from(aiRequests).where(eq(aiRequests.inboundMessageId, row.id)) : [];
};

const unsubscribedBy = (source: string, at: number) => ({ status: 'unsubscribed', source, at: iso(at) });
const subscribedBy = (source: string, at: number) => ({ status: 'subscribed', source, at: iso(at) });
const neverAsked = { status: 'not_subscribed', source: null, at: null };
const stopEvents = (at: number) => [{ purpose: 'marketing', kind: 'opt_out', source: 'stop_word', at: iso(at), effect: 'unsubscribed' }];

/** A contact of the account, subscribed by the merchant to order updates and offers; when they were subscribed. */
async function subscribedContact(target: Shop, who: Shopper, language: 'pt' | 'en' | 'es'): Promise<number> {
  const created = await contacts.create(
    target.uid,
    { phone: phoneOf(who), country: 'BR', name: who.name, language, optIn: ['utility', 'marketing'], note: null },
    'merchant',
  );
  return Date.parse(created.consent.utility.at!);
}

describe('a stop word', () => {
  test('“PARAR”: unsubscribed from marketing only before Meta has its 200, order updates kept, then confirmed in Portuguese; no model asked', async () => {
    const maria = shopper('Maria');
    const subscribedAt = await subscribedContact(a, maria, 'pt');
    const at = minutesAgo(10);
    const chats = llm.chatCalls().length;
    const id = await deliver(textMessage(a.number, maria, 'PARAR', { at }));

    const contact = await contactOf(a.uid, maria);
    expect(contact).toMatchObject({ phone: phoneOf(maria), language: 'pt' });
    expect(contact!.consent).toEqual({ utility: subscribedBy('merchant', subscribedAt), marketing: unsubscribedBy('stop_word', at) });
    expect(historyOf(contact).slice(2)).toEqual(stopEvents(at));

    expect(await settledReply(a, id)).toMatchObject({ outcome: 'sent', kind: 'answer', model: null, text: optOutConfirmations.pt });
    const [confirmation, ...more] = sentFor(a, maria, id);
    expect(more).toEqual([]);
    expect(confirmation).toMatchObject({ type: 'text', replyTo: id });
    expect(textOf(confirmation)).toBe(optOutConfirmations.pt);
    expect(llm.chatCalls()).toHaveLength(chats);
    expect(await aiRequestsOf(a, id)).toEqual([]);
  });

  test('a new contact takes the language of the base its number answers with: “stop” to an English base, confirmed in English', async () => {
    const joao = shopper('João');
    const at = minutesAgo(10);
    const id = await deliver(textMessage(b.number, joao, 'stop please', { at }));
    expect(await contactOf(b.uid, joao)).toMatchObject({
      language: 'en',
      consent: { utility: neverAsked, marketing: unsubscribedBy('stop_word', at) },
    });
    await settledReply(b, id);
    expect(textOf(sentFor(b, joao, id)[0])).toBe(optOutConfirmations.en);
  });

  test('“cancelar o pedido” is no opt-out: the model answers it, and the shopper is no contact', async () => {
    const ana = shopper('Ana');
    const chats = llm.chatCalls().length;
    const id = await deliver(textMessage(a.number, ana, 'Quero cancelar o pedido'));
    expect(await settledReply(a, id)).toMatchObject({ outcome: 'sent', model: MODEL });
    expect(llm.chatCalls()).toHaveLength(chats + 1);
    expect(textOf(sentFor(a, ana, id)[0])).not.toBe(optOutConfirmations.pt);
    expect(await contactOf(a.uid, ana)).toBeNull();
  });

  test('recorded though the confirmation fails on every attempt', async () => {
    const pedro = shopper('Pedro');
    const at = minutesAgo(9);
    fixture.failNext('serviceUnavailable', 3 * (QUICK_RETRY_WAITS_MS.length + 1));
    const id = await deliver(textMessage(a.number, pedro, 'SAIR', { at }));
    expect(await settledReply(a, id)).toMatchObject({ outcome: 'failed', failure: 'server' });
    expect(sentFor(a, pedro, id)).toEqual([]);
    expect((await contactOf(a.uid, pedro))!.consent).toEqual({ utility: neverAsked, marketing: unsubscribedBy('stop_word', at) });
  });

  test('recorded on a paused channel, which answers nothing', async () => {
    const lucia = shopper('Lúcia');
    await harness.channels.pause(a.uid, a.channelId);
    try {
      const id = await deliver(textMessage(a.number, lucia, 'Não quero mais receber mensagens'));
      expect(await contactOf(a.uid, lucia)).toMatchObject({ consent: { marketing: { status: 'unsubscribed', source: 'stop_word' } } });
      const row = await messageRow(a, id);
      expect(row).toMatchObject({ reply: null });
      const queued = await db.select().from(jobs).where(eq(jobs.queue, WHATSAPP_INBOUND_QUEUE));
      expect(queued.filter((job) => job.payload.inboundMessageId === row!.id)).toEqual([]);
    } finally {
      await harness.channels.resume(a.uid, a.channelId);
    }
  });

  test('delivered three times (two at once), and again after the shopper opted in: one history event', async () => {
    const rita = shopper('Rita');
    const at = minutesAgo(8);
    const payload = textMessage(a.number, rita, 'BAJA', { at });
    const [first] = await fixture.deliver(payload, { copies: 3, concurrently: true });
    expect(first!.status).toBe(200);
    expect(historyOf(await contactOf(a.uid, rita))).toEqual(stopEvents(at));

    // Later the shopper taps the consent button: the redelivered stop is not read again.
    const tapAt = minutesAgo(7);
    const { id, title } = { id: consentButtons.utility.id, title: consentButtons.utility.title.pt };
    await deliver(buttonReplyMessage(a.number, rita, { id, title }, { replyTo: 'wamid.consent', at: tapAt }));
    expect((await fixture.redeliver(first!)).status).toBe(200);
    const contact = await contactOf(a.uid, rita);
    expect(contact!.consent).toEqual({
      utility: subscribedBy('whatsapp_conversation', tapAt),
      marketing: unsubscribedBy('stop_word', at),
    });
    expect(historyOf(contact)).toEqual([
      ...stopEvents(at),
      { purpose: 'utility', kind: 'opt_in', source: 'whatsapp_conversation', at: iso(tapAt), effect: 'subscribed' },
    ]);
  });

  test("a stop on account A's number leaves account B's contact of the same number as it was", async () => {
    const clara = shopper('Clara');
    await contacts.create(
      b.uid,
      { phone: phoneOf(clara), country: 'BR', name: 'Clara', language: 'pt', optIn: ['utility', 'marketing'], note: null },
      'merchant',
    );
    const before = await contactOf(b.uid, clara);
    await deliver(textMessage(a.number, clara, 'PARAR'));
    expect(await contactOf(a.uid, clara)).toMatchObject({ consent: { marketing: { status: 'unsubscribed' } } });
    expect(await contactOf(b.uid, clara)).toEqual(before);
  });
});

describe("a marketing template's 'Stop promotions' quick reply", () => {
  test.each([
    ['pt', 'Sofia'],
    ['en', 'Sam'],
    ['es', 'Sol'],
  ] as const)(
    'in %s: the tap unsubscribes from marketing only, order updates kept, confirmed in the contact’s language',
    async (language, name) => {
      // Account A's base speaks Portuguese: the confirmation is in the contact's language all the same.
      const who = shopper(name);
      const subscribedAt = await subscribedContact(a, who, language);
      const at = minutesAgo(5);
      const chats = llm.chatCalls().length;
      const id = await deliver(
        templateButtonMessage(a.number, who, { text: stopPromotionsTitles[language] }, { replyTo: 'wamid.offer', at }),
      );

      const contact = await contactOf(a.uid, who);
      expect(contact!.consent).toEqual({
        utility: subscribedBy('merchant', subscribedAt),
        marketing: unsubscribedBy('whatsapp_conversation', at),
      });
      expect(historyOf(contact).slice(2)).toEqual([
        { purpose: 'marketing', kind: 'opt_out', source: 'whatsapp_conversation', at: iso(at), effect: 'unsubscribed' },
      ]);
      expect(await settledReply(a, id)).toMatchObject({ outcome: 'sent', model: null, text: optOutConfirmations[language] });
      expect(textOf(sentFor(a, who, id)[0])).toBe(optOutConfirmations[language]);
      expect(llm.chatCalls()).toHaveLength(chats);
    },
  );

  test('another quick reply (“Quero ver!”) changes no consent and is answered by the model', async () => {
    const nina = shopper('Nina');
    await subscribedContact(a, nina, 'pt');
    const before = await contactOf(a.uid, nina);
    const chats = llm.chatCalls().length;
    const id = await deliver(templateButtonMessage(a.number, nina, { text: 'Quero ver!' }, { replyTo: 'wamid.offer' }));
    expect(await settledReply(a, id)).toMatchObject({ outcome: 'sent', model: MODEL });
    expect(llm.chatCalls()).toHaveLength(chats + 1);
    expect(await contactOf(a.uid, nina)).toEqual(before);
  });
});

describe('the consent button', () => {
  const order = (target: Shop, who: Shopper) =>
    orderMessage(target.number, who, {
      catalogId: target.catalogId,
      items: [{ retailerId: 'CAM-M', quantity: 1, itemPrice: 54.9, currency: 'BRL' }],
    });
  const buttonOf = (language: 'pt' | 'en' | 'es') => ({
    type: 'button',
    body: { text: consentButtons.utility.prompt[language] },
    action: { buttons: [{ type: 'reply', reply: { id: consentButtons.utility.id, title: consentButtons.utility.title[language] } }] },
  });

  test('goes with the cart link to a shopper never asked; their tap subscribes them to order updates and is thanked, no model asked', async () => {
    const bia = shopper('Bia');
    const id = await deliver(order(a, bia));
    const reply = await settledReply(a, id);
    expect(reply).toMatchObject({ outcome: 'sent', kind: 'order_cart' });
    const [link, button, ...more] = sentFor(a, bia, id);
    expect(more).toEqual([]);
    expect(textOf(link)).toMatch(/^Aqui está o resumo do seu carrinho/);
    expect(button).toMatchObject({ type: 'interactive', replyTo: null });
    expect(button!.message.interactive).toEqual(buttonOf('pt'));
    expect(reply.text).toBe(`${textOf(link)}\n\n${consentButtons.utility.prompt.pt}`);
    expect(reply.parts.map((part) => part.wamid)).toEqual([link!.id, button!.id]);

    const chats = llm.chatCalls().length;
    const tapAt = minutesAgo(5);
    const tap = await deliver(
      buttonReplyMessage(
        a.number,
        bia,
        { id: consentButtons.utility.id, title: consentButtons.utility.title.pt },
        { replyTo: button!.id, at: tapAt },
      ),
    );
    expect((await contactOf(a.uid, bia))!.consent).toEqual({
      utility: subscribedBy('whatsapp_conversation', tapAt),
      marketing: neverAsked,
    });
    expect(await settledReply(a, tap)).toMatchObject({ outcome: 'sent', model: null, text: optInConfirmations.utility.pt });
    expect(textOf(sentFor(a, bia, tap)[0])).toBe(optInConfirmations.utility.pt);
    expect(llm.chatCalls()).toHaveLength(chats);
    expect(await aiRequestsOf(a, tap)).toEqual([]);

    // Asked and agreed: the next cart link goes alone.
    const again = await deliver(order(a, bia));
    await settledReply(a, again);
    expect(sentFor(a, bia, again)).toHaveLength(1);
  });

  test('is not offered to a shopper whose order updates were stopped; one who stopped promotions is still asked', async () => {
    const caio = shopper('Caio');
    await contacts.recordOptOut(a.uid, phoneOf(caio), 'whatsapp_conversation', iso(minutesAgo(6)), { purpose: 'utility' });
    const id = await deliver(order(a, caio));
    await settledReply(a, id);
    expect(sentFor(a, caio, id).map((message) => message.type)).toEqual(['text']);

    const leo = shopper('Léo');
    await deliver(textMessage(a.number, leo, 'PARAR', { at: minutesAgo(6) }));
    const asked = await deliver(order(a, leo));
    await settledReply(a, asked);
    expect(sentFor(a, leo, asked).map((message) => message.type)).toEqual(['text', 'interactive']);
  });

  test('is offered in the contact’s language: a Spanish-speaking contact of a Portuguese base gets it in Spanish', async () => {
    const sofia = shopper('Sofía');
    await contacts.create(
      a.uid,
      { phone: phoneOf(sofia), country: 'BR', name: 'Sofía', language: 'es', optIn: [], note: null },
      'merchant',
    );
    const id = await deliver(order(a, sofia));
    await settledReply(a, id);
    const [link, button] = sentFor(a, sofia, id);
    expect(textOf(link)).toMatch(/^Aqui está o resumo do seu carrinho/);
    expect(button!.message.interactive).toEqual(buttonOf('es'));
  });

  test('a tap that comes after an opt-out that holds is not thanked', async () => {
    const davi = shopper('Davi');
    // The tap on the offers button is older than the stop (a late delivery): the stop holds, and nothing claims otherwise.
    await deliver(textMessage(a.number, davi, 'STOP', { at: minutesAgo(3) }));
    const tap = await deliver(
      buttonReplyMessage(
        a.number,
        davi,
        { id: consentButtons.marketing.id, title: consentButtons.marketing.title.pt },
        { replyTo: 'wamid.consent', at: minutesAgo(4) },
      ),
    );
    expect(await contactOf(a.uid, davi)).toMatchObject({ consent: { marketing: { status: 'unsubscribed', source: 'stop_word' } } });
    expect(await settledReply(a, tap)).toMatchObject({ outcome: 'skipped_unsupported' });
    expect(sentFor(a, davi, tap)).toEqual([]);
  });
});

describe("Meta's user_preferences", () => {
  test('a marketing stop, recorded before the 200 for the number’s account only, once however often delivered; then a resume', async () => {
    const eva = shopper('Eva');
    const tapAt = minutesAgo(20);
    await deliver(
      buttonReplyMessage(
        a.number,
        eva,
        { id: consentButtons.utility.id, title: consentButtons.utility.title.pt },
        { replyTo: 'wamid.consent', at: tapAt },
      ),
    );
    await contacts.create(
      b.uid,
      { phone: phoneOf(eva), country: 'BR', name: 'Eva', language: 'pt', optIn: ['utility', 'marketing'], note: null },
      'merchant',
    );
    const ofB = await contactOf(b.uid, eva);

    const stopAt = minutesAgo(2);
    const [stop] = await fixture.deliverUserPreferences(a.number.phoneNumberId, eva, 'stop', { at: stopAt });
    expect(stop!.status).toBe(200);
    expect((await contactOf(a.uid, eva))!.consent).toEqual({
      utility: subscribedBy('whatsapp_conversation', tapAt),
      marketing: unsubscribedBy('meta_user_preferences', stopAt),
    });
    expect((await fixture.redeliver(stop!)).status).toBe(200);
    const stopEvent = { purpose: 'marketing', kind: 'opt_out', source: 'meta_user_preferences', at: iso(stopAt), effect: 'unsubscribed' };
    expect(historyOf(await contactOf(a.uid, eva)).slice(1)).toEqual([stopEvent]);

    const resumeAt = minutesAgo(1);
    const [resume] = await fixture.deliverUserPreferences(a.number.phoneNumberId, eva, 'resume', { at: resumeAt });
    expect(resume!.status).toBe(200);
    const contact = await contactOf(a.uid, eva);
    expect(contact!.consent.marketing).toEqual(subscribedBy('meta_user_preferences', resumeAt));
    expect(historyOf(contact).slice(1)).toEqual([
      stopEvent,
      { purpose: 'marketing', kind: 'opt_in', source: 'meta_user_preferences', at: iso(resumeAt), effect: 'subscribed' },
    ]);
    expect(await contactOf(b.uid, eva)).toEqual(ofB);
  });

  test('signed with another secret: 401, and nothing recorded', async () => {
    const ivo = shopper('Ivo');
    const body = metaWebhookJson(userPreferences(a.number, ivo, 'stop'));
    const answer = await call(`${url}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(body, b.number.appSecret) },
      body,
    });
    expect(answer.status).toBe(401);
    expect(await contactOf(a.uid, ivo)).toBeNull();
  });
});

test("no log line of the app or the worker holds a shopper's number", () => {
  const lines = [...harness.logged, ...harness.appLogged];
  expect(lines.some((line) => line.includes('"consent"'))).toBe(true);
  const all = lines.join('\n');
  for (const { waId } of shoppers) {
    expect(all).not.toContain(waId);
    expect(all).not.toContain(waId.slice(2));
  }
});
