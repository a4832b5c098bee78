// The template sender against the run's database and the loopback WhatsApp Cloud API, on a clock of
// the test's own: a consenting contact gets an approved template once per send key, in their
// language, priced with the rate card of its day; what must not go is refused before Meta is asked;
// the messaging limit and the number's throughput make sends wait, never drop them; and each of
// Meta's answers by code (throughput, 5xx, 190, 131049, 131050 at once and by status webhook, 131026,
// 132000) ends in its recorded outcome and what it changes elsewhere. A shopper who wrote to the number
// in the last 24 hours (an open customer service window) takes no slot of the messaging limit and is
// priced as Meta prices messages inside the window.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { toGraphTemplate, type TemplateLanguage } from '@/domain/message-template';
import { cardInForce, priceOf } from '@/domain/message-pricing';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { accounts } from '@/server/accounts/account-tables';
import { channelStore, type ChannelStore } from '@/server/channels/channel-store';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import { cloudApiClient, type CloudApiClient } from '@/server/channels/cloud-api-client';
import { contactStore, type ContactStore } from '@/server/contacts/contact-store';
import { RetryLater } from '@/server/jobs/queue-worker';
import { jobs } from '@/server/jobs/job-tables';
import { PACE_WINDOW_MS } from '@/server/messaging/messaging-limit';
import { messagingLimits, messagingWindows, templateSends } from '@/server/messaging/template-send-tables';
import { SENDING_GRACE_MS, templateSender, type TemplateSender } from '@/server/messaging/template-sender';
import { secretBox } from '@/server/secrets/secret-box';
import { templateStore } from '@/server/templates/template-store';
import { messageTemplates } from '@/server/templates/template-tables';
import type { Db } from '@/server/db/database';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { businessIdOf } from '../fixtures/whatsapp/phone-numbers';
import { checkedNumber, connectForm, newPhoneNumberId, seedChannelMerchant, type ChannelMerchant } from './support/channel-seed';
import { testDatabase } from './support/test-database';

let db: Db;
let cloudApi: WhatsAppCloudApiServer;
let channels: ChannelStore;
let contacts: ContactStore;
let sender: TemplateSender;
let client: CloudApiClient;
let merchant: ChannelMerchant;
let channelId: string;
let clock = Date.parse('2026-11-29T12:00:00Z');
const now = () => new Date(clock);
// A queue of this file's own: no worker of another test file takes its jobs; the test runs each one itself.
const QUEUE = `template-sends-test-${randomBytes(4).toString('hex')}`;
const number = fixturePhoneNumber(31, { phoneNumberId: newPhoneNumberId() });

const order = readyMadeTemplate('order_confirmation').draft;
// A marketing template of the merchant's own (same variables).
const offers = { ...order, name: 'news_offers', category: 'MARKETING' as const };
const orderVariables = { first_name: 'Ana', order_number: '1042', order_total: 'R$ 129,90', order_status_url: 'pedido/1042' };

beforeAll(async () => {
  ({ db } = await testDatabase());
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false, now: () => clock });
  cloudApi.addNumber(number);
  const secrets = secretBox(randomBytes(32));
  channels = channelStore(db, secrets);
  contacts = contactStore(db, { now });
  client = cloudApiClient({ graphUrl: cloudApi.graphUrl });
  sender = templateSender(db, { channels, contacts, cloudApi: client, now, random: () => 0.5, queue: QUEUE });
  merchant = await seedChannelMerchant('sender');
  const connected = await channels.connect(
    merchant.uid,
    connectForm(merchant, {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
    }),
    checkedNumber,
  );
  channelId = connected.channel.id;
  // Meta has the order confirmation approved in three languages and the campaign in Portuguese; Catalyst read them.
  for (const language of ['pt_BR', 'en_US', 'es'] as TemplateLanguage[])
    cloudApi.addTemplate(number.wabaId, toGraphTemplate(order, language));
  for (const language of ['pt_BR', 'es'] as TemplateLanguage[]) cloudApi.addTemplate(number.wabaId, toGraphTemplate(offers, language));
  await templateStore(db, { channels, cloudApi: client, now }).refresh(merchant.uid, channelId);
});
afterAll(async () => {
  await cloudApi?.close();
});
beforeEach(() => {
  clock += 60 * 60_000;
});
afterAll(async () => {
  await db.delete(jobs).where(eq(jobs.queue, QUEUE));
});

let keys = 0;
/** Asks for one send of `template` to `recipient`; its key. */
async function ask(recipient: string, template = order, variables: Record<string, string> = orderVariables, language = 'pt_BR') {
  const sendKey = `test:${++keys}`;
  await sender.enqueue([
    { uid: merchant.uid, channelId, sendKey, purpose: 'order_confirmation', templateName: template.name, language, recipient, variables },
  ]);
  return sendKey;
}
/** Runs the send's job once: 'done', or how long it asked to wait. */
async function run(sendKey: string): Promise<'done' | { waitMs: number; reason: string }> {
  const send = (await sender.byKey(merchant.uid, sendKey))!;
  try {
    return await sender.handle({ id: 0, queue: QUEUE, payload: { sendId: send.id }, attempts: 1, maxAttempts: 10 });
  } catch (error) {
    if (error instanceof RetryLater) return { waitMs: error.delayMs, reason: error.message };
    throw error;
  }
}
const outcome = async (sendKey: string) => {
  const send = (await sender.byKey(merchant.uid, sendKey))!;
  return { status: send.status, reason: send.reason, code: send.code };
};
let shoppers = 0;
/** A new shopper's number, subscribed to `purposes` through their conversation. */
async function shopper(purposes: Array<'utility' | 'marketing'> = ['utility'], language: 'pt' | 'en' | 'es' = 'pt') {
  const phone = `+55119876${String(++shoppers).padStart(5, '0')}`;
  for (const purpose of purposes)
    await contacts.recordOptIn(merchant.uid, phone, purpose, 'whatsapp_conversation', now().toISOString(), { language });
  return phone;
}
/** The shopper wrote to the number `agoMs` before the clock, from WhatsApp id `waId` (their number's digits unless told). */
async function wrote(phone: string, agoMs: number, waId = phone.slice(1)) {
  await db.insert(whatsappInboundMessages).values({
    channelId,
    messageId: `wamid.window-${randomBytes(6).toString('hex')}`,
    sender: waId,
    type: 'text',
    content: { type: 'text', body: 'Oi, meu pedido já saiu?' },
    sentAt: new Date(clock - agoMs),
  });
}
const HOUR_MS = 60 * 60_000;
const sendsTo = (phone: string) => cloudApi.templateSends(number.phoneNumberId).filter((send) => `+${send.waId}` === phone);

describe('template sender', () => {
  test('a consenting contact gets the approved template in their language once per key, priced with its day’s card', async () => {
    const phone = await shopper(['utility'], 'es');
    // Another account knows the number too, in another language and opted out: that is not this account's contact.
    const rival = `sender-rival-${randomBytes(4).toString('hex')}`;
    await db.insert(accounts).values({ uid: rival });
    await contacts.recordOptIn(rival, phone, 'utility', 'whatsapp_conversation', now().toISOString(), { language: 'en' });
    await contacts.recordOptOut(rival, phone, 'stop_word', now().toISOString());
    const key = await ask(phone);
    expect(await run(key)).toBe('done');
    const send = (await sender.byKey(merchant.uid, key))!;
    const expected = priceOf({ category: 'UTILITY', country: 'BR', at: now() });
    expect(send).toMatchObject({ status: 'sent', language: 'es', category: 'UTILITY', attempts: 1, costMicros: expected.amountMicros });
    expect(send.rateCardFrom).toBe(expected.cardEffectiveFrom);
    expect(send.pricingMarket).toBe('Brazil');
    expect(sendsTo(phone)).toEqual([expect.objectContaining({ name: order.name, language: 'es', messageId: send.metaMessageId })]);

    // Asked again with the same key (a redelivered order webhook, a retry): nothing more goes.
    expect(
      await sender.enqueue([
        {
          uid: merchant.uid,
          channelId,
          sendKey: key,
          purpose: 'order_confirmation',
          templateName: order.name,
          language: 'pt_BR',
          recipient: phone,
          variables: orderVariables,
        },
      ]),
    ).toEqual({ queued: 0, duplicates: 1 });
    expect(await run(key)).toBe('done');
    expect(sendsTo(phone)).toHaveLength(1);
  });

  test("a caller's writes alongside a send are kept with it or not at all", async () => {
    const phone = await shopper();
    const request = (sendKey: string) => ({
      uid: merchant.uid,
      channelId,
      sendKey,
      purpose: 'order_confirmation' as const,
      templateName: order.name,
      language: 'pt_BR' as const,
      recipient: phone,
      variables: orderVariables,
    });
    const marker = `alongside-${randomBytes(4).toString('hex')}`;
    const markers = () => db.select().from(jobs).where(eq(jobs.queue, marker));
    const write = (n: number) => sql`insert into ${jobs} (queue, payload) select ${marker}, jsonb_build_object('n', ${n}::int)`;
    // One write fails (division by zero): neither the other nor the send is kept.
    const failing = sql`insert into ${jobs} (queue, payload) select ${marker}, jsonb_build_object('n', 1 / 0)`;
    const refused = await sender.enqueueAlongside(request(`${marker}-1`), [write(1), failing]).then(
      () => null,
      (error: Error) => String(error.cause ?? error),
    );
    expect(refused).toMatch(/division by zero/);
    expect(await sender.byKey(merchant.uid, `${marker}-1`)).toBeNull();
    expect(await markers()).toHaveLength(0);

    expect(await sender.enqueueAlongside(request(`${marker}-2`), [write(1), write(2)])).toBe(true);
    expect(await sender.byKey(merchant.uid, `${marker}-2`)).toMatchObject({ status: 'queued' });
    expect((await markers()).map((row) => row.payload.n).sort()).toEqual([1, 2]);
    // Asked again under its key: nothing more is queued, the caller's writes still happen (they are the caller's to make idempotent).
    expect(await sender.enqueueAlongside(request(`${marker}-2`), [write(3)])).toBe(false);
    expect(await markers()).toHaveLength(3);
    await db.delete(jobs).where(eq(jobs.queue, marker));
  });

  test('what must not go is refused before Meta is asked, each with its reason', async () => {
    const stranger = '+5511987659999';
    const stopped = await shopper(['utility', 'marketing']);
    await contacts.recordOptOut(merchant.uid, stopped, 'stop_word', now().toISOString());
    const utilityOnly = await shopper(['utility']);
    const cases: Array<[string, Promise<string>]> = [
      ['not_subscribed', ask(stranger)],
      ['unsubscribed', ask(stopped)],
      ['not_subscribed', ask(utilityOnly, offers, orderVariables)],
      ['variables_missing', ask(utilityOnly, order, { first_name: 'Bia' })],
      ['template_not_approved', ask(utilityOnly, { ...order, name: 'never_submitted' })],
      ['recipient_invalid', ask('12')],
    ];
    for (const [reason, asked] of cases) {
      const key = await asked;
      if (reason !== 'recipient_invalid') expect(await run(key)).toBe('done');
      expect(await outcome(key)).toEqual({ status: 'failed', reason, code: null });
    }
    for (const phone of [stranger, stopped, utilityOnly]) expect(sendsTo(phone)).toEqual([]);
  });

  test('an opt-out recorded after the send was asked for still stops it', async () => {
    const phone = await shopper();
    const key = await ask(phone);
    await contacts.recordOptOut(merchant.uid, phone, 'stop_word', now().toISOString());
    expect(await run(key)).toBe('done');
    expect(await outcome(key)).toEqual({ status: 'failed', reason: 'unsubscribed', code: null });
    expect(sendsTo(phone)).toEqual([]);
  });

  test('over the messaging limit a send waits for the slot; a shopper already reached still goes', async () => {
    await db
      .insert(messagingLimits)
      .values({ uid: merchant.uid, limit: 0, readAt: now() })
      .onConflictDoUpdate({
        target: messagingLimits.uid,
        set: { limit: 0, readAt: now() },
      });
    try {
      // Everyone reached so far this day fills the limit below: two more may not go, until one leaves the window.
      const [counted] = await db
        .select({ n: sql<number>`count(distinct ${templateSends.recipient})::int` })
        .from(templateSends)
        .where(and(eq(templateSends.uid, merchant.uid), gt(templateSends.sentAt, new Date(clock - 86_400_000))));
      const reached = counted!.n;
      await db.update(messagingLimits).set({ limit: reached }).where(eq(messagingLimits.uid, merchant.uid));
      const fresh = await shopper();
      const key = await ask(fresh);
      const waited = await run(key);
      expect(waited).toMatchObject({ reason: 'waiting_turn' });
      expect((waited as { waitMs: number }).waitMs).toBeGreaterThan(0);
      expect(await outcome(key)).toEqual({ status: 'queued', reason: null, code: null });
      expect(sendsTo(fresh)).toEqual([]);

      // One more slot: it goes.
      await db
        .update(messagingLimits)
        .set({ limit: reached + 1 })
        .where(eq(messagingLimits.uid, merchant.uid));
      expect(await run(key)).toBe('done');
      expect((await outcome(key)).status).toBe('sent');
      // The same shopper again does not count twice.
      const again = await ask(fresh);
      expect(await run(again)).toBe('done');
      expect(sendsTo(fresh)).toHaveLength(2);

      // One slot more and two new shoppers' sends at once: one goes, the other waits for a slot.
      await db
        .update(messagingLimits)
        .set({ limit: reached + 2 })
        .where(eq(messagingLimits.uid, merchant.uid));
      const pair = [await shopper(), await shopper()];
      const pairKeys = [await ask(pair[0]!), await ask(pair[1]!)];
      const pairTurns = await Promise.all(pairKeys.map((pairKey) => run(pairKey)));
      expect(pairTurns.filter((turn) => turn === 'done')).toHaveLength(1);
      expect(pairTurns.filter((turn) => turn !== 'done')).toMatchObject([{ reason: 'waiting_turn' }]);
      expect(pair.map((phone) => sendsTo(phone).length).sort()).toEqual([0, 1]);
    } finally {
      await db.delete(messagingLimits).where(eq(messagingLimits.uid, merchant.uid));
    }
  });

  test("the number's throughput: with the last window's places taken a send waits for the oldest to leave it", async () => {
    // 80 sends in the last window, the oldest 20 ms ago.
    const recent = Array.from({ length: 80 }, (_, index) => now().getTime() - 20 + Math.floor(index / 4));
    await db
      .insert(messagingWindows)
      .values({ channelId, recent, at: now() })
      .onConflictDoUpdate({ target: messagingWindows.channelId, set: { recent, at: now() } });
    const phone = await shopper();
    const key = await ask(phone);
    expect(await run(key)).toEqual({ waitMs: PACE_WINDOW_MS - 20, reason: 'waiting_turn' });
    clock += PACE_WINDOW_MS - 20;
    expect(await run(key)).toBe('done');
    expect(sendsTo(phone)).toHaveLength(1);
  });

  test('sends whose turns come at once are decided together: the places go in order, the rest wait theirs, a refusal is its own', async () => {
    // Two places left in the window; five sends ask at once, the third to a shopper who opted out meanwhile.
    const recent = Array.from({ length: 78 }, () => now().getTime() - 10);
    await db
      .insert(messagingWindows)
      .values({ channelId, recent, at: now() })
      .onConflictDoUpdate({ target: messagingWindows.channelId, set: { recent, at: now() } });
    const phones = [await shopper(), await shopper(), await shopper(), await shopper(), await shopper()];
    const keys = [];
    for (const phone of phones) keys.push(await ask(phone));
    await contacts.recordOptOut(merchant.uid, phones[2]!, 'stop_word', now().toISOString());
    const turns = await Promise.all(keys.map((key) => run(key)));
    expect(turns.filter((turn) => turn === 'done')).toHaveLength(3); // two sent, one refused
    expect(await outcome(keys[2]!)).toMatchObject({ status: 'failed', reason: 'unsubscribed' });
    const waits = turns.flatMap((turn) => (turn === 'done' ? [] : [turn]));
    // The window frees its places when the 78 are a window old.
    expect(waits).toEqual([
      { waitMs: PACE_WINDOW_MS - 10, reason: 'waiting_turn' },
      { waitMs: PACE_WINDOW_MS - 10, reason: 'waiting_turn' },
    ]);
    expect(phones.filter((phone) => sendsTo(phone).length === 1)).toHaveLength(2);
    clock += PACE_WINDOW_MS - 10;
    const left = keys.filter((_, index) => turns[index] !== 'done');
    expect(await Promise.all(left.map((key) => run(key)))).toEqual(['done', 'done']);
    expect(phones.filter((phone) => sendsTo(phone).length === 1)).toHaveLength(4);
  });

  test("Meta's limits and outages: wait and send again, once", async () => {
    const phone = await shopper();
    const key = await ask(phone);
    cloudApi.failNext('throughput');
    const throttled = await run(key);
    expect(throttled).toMatchObject({ reason: 'throughput_limited' });
    expect(await outcome(key)).toEqual({ status: 'queued', reason: 'throughput_limited', code: 130429 });
    cloudApi.failNext('serverError');
    expect(await run(key)).toMatchObject({ reason: 'meta_unavailable' });
    clock += 60_000;
    expect(await run(key)).toBe('done');
    expect(await outcome(key)).toEqual({ status: 'sent', reason: null, code: null });
    expect((await sender.byKey(merchant.uid, key))!.attempts).toBe(3);
    expect(sendsTo(phone)).toHaveLength(1);
  });

  test('131049: no sooner than the next day; 131026: ended as undeliverable', async () => {
    const marketer = await shopper(['marketing']);
    const key = await ask(marketer, offers, orderVariables);
    cloudApi.failNext('perUserMarketingLimit');
    expect(await run(key)).toEqual({ waitMs: 24 * 60 * 60_000, reason: 'per_user_marketing_limit' });
    expect(await outcome(key)).toMatchObject({ status: 'queued', code: 131049 });

    const far = await shopper();
    const undeliverable = await ask(far);
    cloudApi.failNext('undeliverable');
    expect(await run(undeliverable)).toBe('done');
    expect(await outcome(undeliverable)).toEqual({ status: 'failed', reason: 'undeliverable', code: 131026 });
  });

  test('131050, at once or in a failed status webhook, unsubscribes the shopper from marketing', async () => {
    const first = await shopper(['utility', 'marketing']);
    const key = await ask(first, offers, orderVariables);
    cloudApi.failNext('userStoppedMarketing');
    expect(await run(key)).toBe('done');
    expect(await outcome(key)).toEqual({ status: 'failed', reason: 'marketing_opted_out', code: 131050 });
    const consent = (await contacts.consentOf(merchant.uid, [first])).get(first)!.consent;
    expect(consent.marketing).toMatchObject({ status: 'unsubscribed', source: 'meta_error_131050' });
    expect(consent.utility.status).toBe('subscribed');
    // A later campaign is refused before Meta is asked.
    const later = await ask(first, offers, orderVariables);
    expect(await run(later)).toBe('done');
    expect(await outcome(later)).toMatchObject({ status: 'failed', reason: 'unsubscribed' });

    const second = await shopper(['marketing']);
    const byStatus = await ask(second, offers, orderVariables);
    cloudApi.failNext('userStoppedMarketing', 1, { asStatus: true });
    expect(await run(byStatus)).toBe('done');
    const sent = (await sender.byKey(merchant.uid, byStatus))!;
    expect(sent.status).toBe('sent');
    expect(sent.costMicros).toBeGreaterThan(0);
    await sender.statusesReceived([
      { channelId, messageId: sent.metaMessageId!, status: 'failed', errorCodes: [131050], callbackData: null },
    ]);
    expect(await outcome(byStatus)).toEqual({ status: 'failed', reason: 'marketing_opted_out', code: 131050 });
    // Meta bills what it delivers: the message it took and could not deliver costs nothing.
    expect((await sender.byKey(merchant.uid, byStatus))!.costMicros).toBeNull();
    expect((await contacts.consentOf(merchant.uid, [second])).get(second)!.consent.marketing.status).toBe('unsubscribed');
  });

  test('delivered and read come from the status webhook, in order', async () => {
    const phone = await shopper();
    const key = await ask(phone);
    await run(key);
    const { metaMessageId } = (await sender.byKey(merchant.uid, key))!;
    await sender.statusesReceived([{ channelId, messageId: metaMessageId!, status: 'read', errorCodes: [], callbackData: null }]);
    await sender.statusesReceived([{ channelId, messageId: metaMessageId!, status: 'delivered', errorCodes: [], callbackData: null }]);
    expect((await outcome(key)).status).toBe('read');
  });

  test("a worker that died while Meta was asked: Meta's status with the send's callback data settles it, else it goes again after the grace", async () => {
    // Meta takes the send, then the process dies before it records the answer.
    const dying = templateSender(db, {
      channels,
      contacts,
      cloudApi: {
        ...client,
        sendTemplate: async (...args) => {
          await client.sendTemplate(...args);
          throw new Error('killed');
        },
      },
      now,
      queue: QUEUE,
    });
    const dieOn = async (key: string) => {
      const send = (await sender.byKey(merchant.uid, key))!;
      await expect(dying.handle({ id: 0, queue: QUEUE, payload: { sendId: send.id }, attempts: 1, maxAttempts: 10 })).rejects.toThrow(
        'killed',
      );
      return send.id;
    };

    const heard = await shopper();
    const key = await ask(heard);
    const id = await dieOn(key);
    expect((await outcome(key)).status).toBe('sending');
    // Claimed again at once: it waits for Meta's word rather than sending twice.
    expect(await run(key)).toMatchObject({ reason: 'in_flight' });
    const [taken] = sendsTo(heard);
    await sender.statusesReceived([{ channelId, messageId: taken!.messageId, status: 'sent', errorCodes: [], callbackData: `send:${id}` }]);
    expect(await sender.byKey(merchant.uid, key)).toMatchObject({ status: 'sent', metaMessageId: taken!.messageId });
    expect(await run(key)).toBe('done');
    expect(sendsTo(heard)).toHaveLength(1);

    // No word from Meta within the grace: never lost, it goes again.
    const unheard = await shopper();
    const lost = await ask(unheard);
    await dieOn(lost);
    clock += SENDING_GRACE_MS;
    expect(await run(lost)).toBe('done');
    expect((await outcome(lost)).status).toBe('sent');
    expect(sendsTo(unheard)).toHaveLength(2);
  });

  test('132000 marks the template as needing attention; later sends of it are refused until it is fixed', async () => {
    // Meta's copy of the Spanish one changed (a variable more) since Catalyst read it.
    const [spanish] = await db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, order.name), eq(messageTemplates.language, 'es')));
    await db
      .update(messageTemplates)
      .set({ content: { ...spanish!.content, body: '¡Hola {{first_name}}! Pedido #{{order_number}}.' } })
      .where(eq(messageTemplates.id, spanish!.id));
    try {
      const phone = await shopper(['utility'], 'es');
      const key = await ask(phone, order, { first_name: 'Fer', order_number: '7' });
      expect(await run(key)).toBe('done');
      expect(await outcome(key)).toEqual({ status: 'failed', reason: 'template_parameter_count_mismatch', code: 132000 });
      const next = await ask(phone);
      expect(await run(next)).toBe('done');
      expect(await outcome(next)).toMatchObject({ status: 'failed', reason: 'template_needs_attention' });
      // Portuguese still sends.
      const portuguese = await shopper(['utility'], 'pt');
      const fine = await ask(portuguese);
      expect(await run(fine)).toBe('done');
      expect((await outcome(fine)).status).toBe('sent');
    } finally {
      await db.update(messageTemplates).set({ content: spanish!.content, attention: null }).where(eq(messageTemplates.id, spanish!.id));
    }
  });

  test('190: the channel needs attention and its sends wait, then go once the token is fixed', async () => {
    const phone = await shopper();
    const key = await ask(phone);
    cloudApi.expireToken(number.accessToken);
    try {
      expect(await run(key)).toMatchObject({ reason: 'token_invalid' });
      expect((await channels.get(merchant.uid, channelId))!.status).toBe('needs_attention');
      expect(await run(key)).toMatchObject({ reason: 'channel_needs_attention' });
    } finally {
      cloudApi.expireToken(number.accessToken, false);
    }
    expect(sendsTo(phone)).toEqual([]);
    // The merchant pastes a working token: the channel is active again and the send goes.
    await channels.replaceAccessToken(merchant.uid, channelId, number.accessToken, checkedNumber);
    expect(await run(key)).toBe('done');
    expect(sendsTo(phone)).toHaveLength(1);
  });

  test('the messaging limit is read from Meta once an hour', async () => {
    cloudApi.setTier(businessIdOf(number), 'TIER_2K');
    const reads = () => cloudApi.requests.filter((request) => request.url.includes('whatsapp_business_manager_messaging_limit')).length;
    const before = reads();
    const phone = await shopper();
    await run(await ask(phone));
    await run(await ask(phone));
    expect(reads()).toBe(before + 1);
    expect((await db.select().from(messagingLimits).where(eq(messagingLimits.uid, merchant.uid)))[0]!.limit).toBe(2_000);
  });

  test('a shopper who wrote within 24 hours gets a utility notice free on a card that says so; one who wrote 25 hours ago pays', async () => {
    const card = cardInForce(now())!;
    expect(card.utilityFreeInServiceWindow).toBe(true);
    const full = priceOf({ category: 'UTILITY', country: 'BR', at: now() }).amountMicros;
    expect(full).toBeGreaterThan(0);

    const recent = await shopper();
    await wrote(recent, HOUR_MS);
    // A Brazilian shopper whose WhatsApp id predates the ninth digit (55 11 8765… for +55 11 98765…).
    const oldId = await shopper();
    await wrote(oldId, HOUR_MS, oldId.slice(1).replace(/^(55\d{2})9/, '$1'));
    const lapsed = await shopper();
    await wrote(lapsed, 25 * HOUR_MS);
    const [free, freeOldId, paid] = [await ask(recent), await ask(oldId), await ask(lapsed)];
    for (const key of [free, freeOldId, paid]) expect(await run(key)).toBe('done');

    for (const key of [free, freeOldId])
      expect(await sender.byKey(merchant.uid, key)).toMatchObject({
        status: 'sent',
        category: 'UTILITY',
        costMicros: 0,
        pricingMarket: 'Brazil',
        rateCardFrom: card.effectiveFrom,
      });
    expect(await sender.byKey(merchant.uid, paid)).toMatchObject({ status: 'sent', category: 'UTILITY', costMicros: full });

    // Inside the window a marketing message still costs its price.
    const marketer = await shopper(['marketing']);
    await wrote(marketer, HOUR_MS);
    const offer = await ask(marketer, offers, orderVariables);
    expect(await run(offer)).toBe('done');
    expect((await sender.byKey(merchant.uid, offer))!.costMicros).toBe(
      priceOf({ category: 'MARKETING', country: 'BR', at: now() }).amountMicros,
    );
  });

  test('under the messaging limit a shopper with an open service window goes without taking a slot; others wait', async () => {
    // A day on: nobody the earlier tests reached is still counted.
    clock += 25 * HOUR_MS;
    await db
      .insert(messagingLimits)
      .values({ uid: merchant.uid, limit: 1, readAt: now() })
      .onConflictDoUpdate({ target: messagingLimits.uid, set: { limit: 1, readAt: now() } });
    try {
      const writer = await shopper();
      await wrote(writer, HOUR_MS);
      expect(await run(await ask(writer))).toBe('done');
      expect(sendsTo(writer)).toHaveLength(1);

      // The one slot is still free: a shopper without a window takes it.
      const first = await shopper();
      expect(await run(await ask(first))).toBe('done');
      expect(sendsTo(first)).toHaveLength(1);

      // Full now: the next shopper without a window waits, one who wrote 23 hours ago still goes.
      const second = await shopper();
      const waiting = await ask(second);
      expect(await run(waiting)).toMatchObject({ reason: 'waiting_turn' });
      expect(await outcome(waiting)).toEqual({ status: 'queued', reason: null, code: null });
      expect(sendsTo(second)).toEqual([]);
      const lateWriter = await shopper();
      await wrote(lateWriter, 23 * HOUR_MS);
      expect(await run(await ask(lateWriter))).toBe('done');
      expect(sendsTo(lateWriter)).toHaveLength(1);
    } finally {
      await db.delete(messagingLimits).where(eq(messagingLimits.uid, merchant.uid));
    }
  });
});
