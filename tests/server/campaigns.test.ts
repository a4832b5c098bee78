// Audiences and campaigns against the run's database, the template sender and the loopback WhatsApp
// Cloud API, on a clock of the test's own: an audience's rules count the contacts they match with who
// is left out and why; a campaign is refused by field until it holds, reviewed with its cost and the
// messaging limit's spread, planned once (twice at once is once) into one send per reachable contact
// in a language the template is approved in, values frozen, days spread by the limit and out of the
// shopper's quiet hours; paused, nothing of it goes and its jobs wait, resumed it goes; cancelled, what
// is left ends; a template Meta paused pauses the campaign; and its results count what was recorded.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { everyContact, type AudienceRules } from '@/domain/audience';
import type { CampaignDraftInput } from '@/domain/campaign';
import { toGraphTemplate, type TemplateLanguage } from '@/domain/message-template';
import { priceOf } from '@/domain/message-pricing';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { audienceStore, type AudienceStore } from '@/server/audiences/audience-store';
import { campaignEndedSql, campaignHeldSql } from '@/server/campaigns/campaign-queries';
import { CampaignPlanRefusal } from '@/server/campaigns/campaign-planner';
import { campaignCsvLines } from '@/server/campaigns/campaign-csv';
import { campaignResults } from '@/server/campaigns/campaign-results';
import type { CampaignRefusal } from '@/server/campaigns/campaign-store';
import { campaignStore, type CampaignStore } from '@/server/campaigns/campaign-store';
import { campaignSends, campaigns as campaignTable } from '@/server/campaigns/campaign-tables';
import { channelStore, type ChannelStore } from '@/server/channels/channel-store';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import { cloudApiClient } from '@/server/channels/cloud-api-client';
import { contactStore, type ContactStore } from '@/server/contacts/contact-store';
import { contacts as contactTable } from '@/server/contacts/contact-tables';
import type { Db } from '@/server/db/database';
import { jobs } from '@/server/jobs/job-tables';
import { RetryLater } from '@/server/jobs/queue-worker';
import { CAMPAIGN_PACE_MS } from '@/server/messaging/messaging-limit';
import { messagingLimits, templateSends } from '@/server/messaging/template-send-tables';
import { TEMPLATE_SEND_QUEUE, templateSender, type TemplateSender } from '@/server/messaging/template-sender';
import { orderEvents } from '@/server/order-events/order-event-tables';
import { secretBox } from '@/server/secrets/secret-box';
import { storefrontEvents } from '@/server/storefront/storefront-tables';
import { inventories } from '@/server/inventories/inventory-tables';
import { templateStore, type TemplateStore } from '@/server/templates/template-store';
import { messageTemplates } from '@/server/templates/template-tables';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { checkedNumber, connectForm, newPhoneNumberId, seedChannelMerchant, type ChannelMerchant } from './support/channel-seed';
import { testDatabase } from './support/test-database';

let db: Db;
let cloudApi: WhatsAppCloudApiServer;
let channels: ChannelStore;
let contacts: ContactStore;
let templates: TemplateStore;
let sender: TemplateSender;
let audiences: AudienceStore;
let campaigns: CampaignStore;
let merchant: ChannelMerchant;
let channelId: string;
let clock = Date.parse('2026-12-01T18:00:00Z');
const now = () => new Date(clock);
const DAY_MS = 24 * 60 * 60_000;
const number = fixturePhoneNumber(32, { phoneNumberId: newPhoneNumberId() });
const offers = readyMadeTemplate('campaign_offers').draft;
const order = readyMadeTemplate('order_confirmation').draft;
const SITE = 'https://loja.example';

beforeAll(async () => {
  ({ db } = await testDatabase());
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false, now: () => clock });
  cloudApi.addNumber(number);
  const secrets = secretBox(randomBytes(32));
  channels = channelStore(db, secrets);
  contacts = contactStore(db, { now });
  const client = cloudApiClient({ graphUrl: cloudApi.graphUrl });
  let bound: CampaignStore | null = null;
  sender = templateSender(db, {
    channels,
    contacts,
    cloudApi: client,
    now,
    random: () => 0.5,
    endedSql: { campaign: campaignEndedSql },
    heldSql: { campaign: campaignHeldSql },
    holdOnTemplate: { campaign: (send) => bound!.holdForTemplate(send) },
  });
  audiences = audienceStore(db, { now });
  campaigns = bound = campaignStore(db, { audiences, channels, sender, now });
  merchant = await seedChannelMerchant('campaigns');
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
  // The offers template approved in Portuguese and Spanish (not English); the order confirmation is utility.
  for (const language of ['pt_BR', 'es'] as TemplateLanguage[]) cloudApi.addTemplate(number.wabaId, toGraphTemplate(offers, language));
  cloudApi.addTemplate(number.wabaId, toGraphTemplate(order, 'pt_BR'));
  templates = templateStore(db, { channels, cloudApi: client, now });
  await templates.refresh(merchant.uid, channelId);
});
afterAll(async () => {
  // The jobs of this file's campaigns are nobody else's to run.
  await db.delete(jobs).where(and(eq(jobs.queue, TEMPLATE_SEND_QUEUE), sql`${jobs.payload}->>'campaignId' is not null`));
  await cloudApi?.close();
});
beforeEach(async () => {
  // Each test on a day of its own, from 15:00 UTC (noon in São Paulo: outside the quiet hours).
  clock = Math.ceil((clock + 1) / DAY_MS) * DAY_MS + 15 * 60 * 60_000;
  // Every test starts with no one reached and a known limit (read an hour ago at most: trusted).
  await db.delete(templateSends).where(eq(templateSends.uid, merchant.uid));
  await setLimit(1_000);
});

async function setLimit(limit: number | null) {
  await db
    .insert(messagingLimits)
    .values({ uid: merchant.uid, limit, readAt: now() })
    .onConflictDoUpdate({ target: messagingLimits.uid, set: { limit, readAt: now() } });
}

let shoppers = 0;
/** A new contact: marketing consent as told, their language, a Brazilian number unless told. */
async function contact(
  options: { marketing?: 'subscribed' | 'unsubscribed' | 'none'; language?: 'pt' | 'en' | 'es'; phone?: string; name?: string } = {},
) {
  const phone = options.phone ?? `+55119${String(70_000_000 + ++shoppers)}`;
  // A second apart: the plan takes contacts oldest first.
  clock += 1_000;
  const { marketing = 'subscribed', language = 'pt' } = options;
  await contacts.recordOptIn(merchant.uid, phone, 'utility', 'whatsapp_conversation', now().toISOString(), { language });
  if (marketing !== 'none') await contacts.recordOptIn(merchant.uid, phone, 'marketing', 'whatsapp_conversation', now().toISOString());
  if (marketing === 'unsubscribed') await contacts.recordOptOut(merchant.uid, phone, 'meta_user_preferences', now().toISOString());
  if (options.name)
    await db
      .update(contactTable)
      .set({ name: options.name })
      .where(and(eq(contactTable.uid, merchant.uid), eq(contactTable.phone, phone)));
  return phone;
}
/** Removes the account's contacts (each test counts its own). */
const noContacts = () => db.delete(contactTable).where(eq(contactTable.uid, merchant.uid));

let orders = 0;
/** An order of the shopper's; `viaCartPage`: the checkout asked for no phone, the number is the one given on the cart page for WhatsApp updates. */
async function ordered(phone: string, daysAgo: number, totalMinor: number, { viaCartPage = false } = {}) {
  const id = `order-${++orders}`;
  await db.insert(orderEvents).values({
    inventoryId: merchant.inventoryId,
    kind: 'order_created',
    eventKey: `created:${id}`,
    source: 'webhook',
    shopifyOrderId: id,
    totalMinor,
    currency: 'BRL',
    ...(viaCartPage ? { whatsappUpdatesPhone: phone } : { customerPhone: phone }),
    occurredAt: new Date(clock - daysAgo * DAY_MS),
  });
}

const offerVariables: CampaignDraftInput['variables'] = {
  first_name: { source: 'first_name' },
  offer: { source: 'text', text: '20% off' },
  end_date: { source: 'text', text: 'Sunday' },
  store_url: { source: 'catalog_link' },
};

async function draftFor(rules: AudienceRules, changes: Partial<CampaignDraftInput> = {}) {
  const audience = await audiences.create(merchant.uid, { name: `Audience ${randomBytes(3).toString('hex')}`, rules });
  const campaign = await campaigns.create(merchant.uid, { name: 'Weekly offers' });
  await campaigns.saveDraft(merchant.uid, campaign.id, {
    name: 'Weekly offers',
    audienceId: audience.id,
    channelId,
    inventoryId: merchant.inventoryId,
    templateName: offers.name,
    variables: offerVariables as Record<string, { source: 'first_name' | 'catalog_link' | 'text'; text: string }>,
    schedule: { kind: 'now' },
    step: 3,
    ...changes,
  } as Parameters<CampaignStore['saveDraft']>[2]);
  return campaign.id;
}

const planOf = (id: string) => campaigns.plan(merchant.uid, id, { siteOrigin: SITE });
const sendsOfCampaign = (id: string) =>
  db
    .select({ send: templateSends, position: campaignSends.position })
    .from(campaignSends)
    .innerJoin(templateSends, eq(templateSends.id, campaignSends.sendId))
    .where(eq(campaignSends.campaignId, id))
    .orderBy(campaignSends.position);
const jobsOfCampaign = (id: string) =>
  db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->>'campaignId' = ${id}`);

/** Runs a send's job once as a worker would: 'done' (the job is then gone), or why it waits. */
async function run(sendId: string): Promise<'done' | string> {
  try {
    const done = await sender.handle({ id: 0, queue: TEMPLATE_SEND_QUEUE, payload: { sendId }, attempts: 1, maxAttempts: 10 });
    await db.delete(jobs).where(sql`${jobs.payload}->>'sendId' = ${sendId}`);
    return done;
  } catch (error) {
    if (error instanceof RetryLater) return error.message;
    throw error;
  }
}
const messagesTo = (phone: string) => cloudApi.templateSends(number.phoneNumberId).filter((send) => `+${send.waId}` === phone);
const fieldsOf = async (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) =>
      error instanceof CampaignPlanRefusal
        ? Object.fromEntries(Object.entries(error.fields).map(([key, value]) => [key, value.id]))
        : error,
  );

describe('audiences', () => {
  test('rules count what they match, the reachable apart, the others by why', async () => {
    await noContacts();
    const buyer = await contact({ language: 'pt' });
    const bigSpender = await contact({ language: 'pt' });
    const oldBuyer = await contact({ language: 'pt' });
    await contact({ language: 'pt', marketing: 'none' });
    const optedOut = await contact({ language: 'pt', marketing: 'unsubscribed' });
    await contact({ language: 'es', phone: '+34612345678' });
    await ordered(buyer, 10, 5_000);
    await ordered(bigSpender, 30, 40_000);
    await ordered(bigSpender, 200, 30_000);
    await ordered(oldBuyer, 90, 9_000);
    await ordered(optedOut, 5, 1_000);

    const portuguese = await audiences.count(merchant.uid, { ...everyContact, languages: ['pt'] });
    expect(portuguese).toEqual({
      matched: 5,
      reachable: 3,
      leftOut: { not_subscribed: 1, unsubscribed: 1 },
      byCountry: [{ country: 'BR', contacts: 3 }],
    });
    // Bought in the last 60 days: the buyer and the big spender reachable, the opted-out one left out.
    expect(await audiences.count(merchant.uid, { ...everyContact, languages: ['pt'], orderedWithinDays: 60 })).toMatchObject({
      matched: 3,
      reachable: 2,
      leftOut: { not_subscribed: 0, unsubscribed: 1 },
    });
    // Spent 500.00 or more over all their orders: only the big spender (700.00).
    expect(await audiences.count(merchant.uid, { ...everyContact, minTotalSpentMinor: 50_000 })).toMatchObject({
      matched: 1,
      reachable: 1,
    });
    // Country and language together; the Spanish number in Spain.
    expect(await audiences.count(merchant.uid, { ...everyContact, countries: ['ES'] })).toMatchObject({
      matched: 1,
      byCountry: [{ country: 'ES', contacts: 1 }],
    });
    // Talked to the number in the last 7 days: a Brazilian mobile writing from its id without the ninth digit counts.
    await db.insert(whatsappInboundMessages).values({
      channelId,
      messageId: `wamid.${randomBytes(6).toString('hex')}`,
      sender: `5511${buyer.slice(6)}`,
      type: 'text',
      content: { type: 'text', body: 'Oi' },
      sentAt: new Date(clock - 2 * DAY_MS),
    });
    expect(await audiences.count(merchant.uid, { ...everyContact, talkedWithinDays: 7 })).toMatchObject({ matched: 1, reachable: 1 });
    // Another account's contacts are never counted.
    const other = await audienceStore(db, { now }).count(`someone-else-${randomBytes(3).toString('hex')}`, everyContact);
    expect(other.matched).toBe(0);
  });
});

describe('campaigns', () => {
  test('a draft is refused by field until it holds', async () => {
    await noContacts();
    await contact();
    const campaign = await campaigns.create(merchant.uid, { name: '' });
    expect(await fieldsOf(campaigns.review(merchant.uid, campaign.id))).toEqual({
      name: 'campaign.name_required',
      audienceId: 'campaign.audience_required',
      channelId: 'campaign.channel_required',
    });
    const id = await draftFor(everyContact, {
      templateName: order.name,
      variables: {},
      schedule: { kind: 'at', localTime: '2020-01-01T10:00' },
    });
    expect(await fieldsOf(campaigns.plan(merchant.uid, id, { siteOrigin: SITE }))).toEqual({
      templateName: 'campaign.template_not_marketing',
      schedule: 'campaign.time_past',
    });
    await campaigns.saveDraft(merchant.uid, id, {
      ...(await campaigns.get(merchant.uid, id)),
      templateName: offers.name,
      inventoryId: null,
      variables: {
        first_name: { source: 'first_name', text: '' },
        offer: { source: 'text', text: '' },
        store_url: { source: 'catalog_link', text: '' },
      },
      schedule: { kind: 'at', localTime: 'tomorrow' },
      quietHours: { start: '25:00', end: '09:00' },
    });
    expect(await fieldsOf(planOf(id))).toEqual({
      'variables.offer': 'campaign.text_required',
      'variables.end_date': 'campaign.variable_required',
      inventoryId: 'campaign.inventory_required',
      schedule: 'campaign.time_invalid',
      'quietHours.start': 'recovery.quiet_hours_malformed',
    });
    // Nothing was planned by a refusal.
    expect(await campaigns.get(merchant.uid, id)).toMatchObject({ status: 'draft', planned: 0 });
  });

  test('review: reachable in the template’s languages, the cost by country, the spread under the limit', async () => {
    await noContacts();
    for (let index = 0; index < 5; index++) await contact({ language: 'pt' });
    await contact({ language: 'es', phone: '+34612345679' });
    await contact({ language: 'en', phone: '+14155550123' });
    await contact({ language: 'pt', marketing: 'none' });
    await setLimit(2);
    const id = await draftFor(everyContact);
    const review = await campaigns.review(merchant.uid, id);
    const price = (country: string) => priceOf({ category: 'MARKETING', country, at: now(), inServiceWindow: false }).amountMicros;
    expect(review).toMatchObject({
      reachable: 6,
      withoutTemplateLanguage: 1,
      estimatedCostMicros: 5 * price('BR') + price('ES'),
      currency: 'USD',
      messagingLimit: 2,
      days: 3,
      startsAt: now().toISOString(),
      quietHours: { start: '21:00', end: '09:00' },
    });
    expect(review.audience).toMatchObject({ matched: 8, reachable: 7, leftOut: { not_subscribed: 1, unsubscribed: 0 } });
  });

  test('planned once into frozen sends spread by the limit and out of quiet hours', async () => {
    await noContacts();
    const ana = await contact({ language: 'pt', name: 'Ana Souza' });
    const bia = await contact({ language: 'pt' });
    const carla = await contact({ language: 'es', phone: '+34612345680', name: 'Carla' });
    await contact({ language: 'en', phone: '+14155550124' });
    await setLimit(2);
    // Planned at 22:00 in São Paulo: inside its quiet hours, so the first day's sends wait for 09:00.
    clock = Date.parse('2026-12-20T01:00:00Z');
    await setLimit(2);
    const id = await draftFor(everyContact);
    const [first, second] = await Promise.allSettled([planOf(id), planOf(id)]);
    const outcomes = [first, second].map((outcome) =>
      outcome.status === 'fulfilled' ? 'planned' : (outcome.reason as CampaignRefusal).reason,
    );
    expect(outcomes.sort()).toEqual(['not_draft', 'planned']);
    const campaign = await campaigns.get(merchant.uid, id);
    // Started (its sends wait out the quiet hours): sending.
    expect(campaign).toMatchObject({ status: 'sending', planned: 3, startsAt: now().toISOString() });

    const sends = await sendsOfCampaign(id);
    expect(sends.map(({ send }) => send.recipient)).toEqual([ana, bia, carla]);
    expect(sends[0]!.send).toMatchObject({
      purpose: 'campaign',
      templateName: offers.name,
      language: 'pt_BR',
      sendKey: expect.stringContaining(id),
    });
    // The catalog link in the contact's language, carrying the campaign's ref (its clicks).
    const [{ publicId: publicIdOf }] = (await db
      .select({ publicId: inventories.publicId })
      .from(inventories)
      .where(eq(inventories.id, merchant.inventoryId))) as [{ publicId: string }];
    expect(campaign.ref).toMatch(/^cp[a-z0-9]{20}$/);
    expect(sends[0]!.send.variables).toEqual({
      first_name: 'Ana',
      offer: '20% off',
      end_date: 'Sunday',
      store_url: `${SITE}/pt/c/${publicIdOf}?ref=${campaign.ref}`,
    });
    expect(sends[2]!.send).toMatchObject({
      language: 'es',
      variables: expect.objectContaining({ first_name: 'Carla', store_url: expect.stringContaining('/es/c/') }),
    });
    const due = new Map((await jobsOfCampaign(id)).map((job) => [job.payload.sendId, job.runAfter.toISOString()]));
    // Day 1 (the limit of 2): 09:00 in São Paulo and in Madrid, the second at the number's pace after the first;
    // day 2: the next day's 09:00 in São Paulo.
    expect(due.get(sends[0]!.send.id)).toBe('2026-12-20T12:00:00.000Z');
    expect(due.get(sends[1]!.send.id)).toBe(`2026-12-20T12:00:00.0${Math.floor(CAMPAIGN_PACE_MS)}Z`);
    expect(due.get(sends[2]!.send.id)).toBe('2026-12-21T08:00:00.000Z');
    // Without quiet hours, a campaign planned then goes at once.
    const anyHour = await draftFor(everyContact, { quietHours: null });
    await planOf(anyHour);
    expect((await jobsOfCampaign(anyHour)).map((job) => job.runAfter.toISOString()).sort()).toEqual([
      now().toISOString(),
      new Date(clock + Math.floor(CAMPAIGN_PACE_MS)).toISOString(),
      new Date(clock + DAY_MS).toISOString(),
    ]);

    // A later edit of a contact changes no message already planned.
    await db.update(contactTable).set({ name: 'Mariana' }).where(eq(contactTable.phone, ana));
    clock = Date.parse('2026-12-20T12:00:00Z');
    expect(await run(sends[0]!.send.id)).toBe('done');
    expect(messagesTo(ana)).toHaveLength(1);
    expect(JSON.stringify(messagesTo(ana)[0])).toContain('Ana');
    // Asked to plan again: refused, nothing doubled.
    await expect(planOf(id)).rejects.toMatchObject({ reason: 'not_draft' });
    expect(await sendsOfCampaign(id)).toHaveLength(3);
  });

  test('paused, nothing goes and its jobs wait; resumed, it goes; cancelled, what is left ends', async () => {
    await noContacts();
    const first = await contact();
    const second = await contact();
    const third = await contact();
    const id = await draftFor(everyContact);
    await planOf(id);
    const sends = await sendsOfCampaign(id);
    expect(await run(sends[0]!.send.id)).toBe('done');
    expect(messagesTo(first)).toHaveLength(1);

    expect(await campaigns.pause(merchant.uid, id)).toMatchObject({ status: 'paused', pauseReason: 'merchant' });
    // Its queued jobs are held, and one a worker took as it was paused waits in its turn: nothing goes.
    expect(
      (await jobsOfCampaign(id)).every((job) => !Number.isFinite(job.runAfter.getTime()) || job.runAfter.getTime() > clock + 365 * DAY_MS),
    ).toBe(true);
    expect(await run(sends[1]!.send.id)).toBe('held');
    expect(messagesTo(second)).toHaveLength(0);
    await expect(campaigns.pause(merchant.uid, id)).rejects.toMatchObject({ reason: 'not_active' });

    expect(await campaigns.resume(merchant.uid, id)).toMatchObject({ status: 'sending', pauseReason: null });
    // What is left, spread again from now at the number's pace: the two left due now and a pace after.
    expect((await jobsOfCampaign(id)).map((job) => job.runAfter.getTime() - clock).sort((a, b) => a - b)).toEqual([
      0,
      Math.floor(CAMPAIGN_PACE_MS),
    ]);
    expect(await run(sends[1]!.send.id)).toBe('done');
    expect(messagesTo(second)).toHaveLength(1);

    expect(await campaigns.cancel(merchant.uid, id)).toMatchObject({ status: 'cancelled' });
    expect(await jobsOfCampaign(id)).toHaveLength(0);
    const [, , last] = await sendsOfCampaign(id);
    expect(last!.send).toMatchObject({ status: 'failed', reason: 'no_longer_wanted' });
    expect(await run(last!.send.id)).toBe('done');
    expect(messagesTo(third)).toHaveLength(0);
    await expect(campaigns.resume(merchant.uid, id)).rejects.toMatchObject({ reason: 'not_paused' });
    await expect(campaigns.cancel(merchant.uid, id)).rejects.toMatchObject({ reason: 'ended' });
    const [row] = await db.select().from(campaignTable).where(eq(campaignTable.id, id));
    expect(row!.status).toBe('cancelled');
  });

  test('a template Meta paused pauses the campaign, and its sends wait', async () => {
    await noContacts();
    const phone = await contact();
    const id = await draftFor(everyContact);
    await planOf(id);
    const [planned] = await sendsOfCampaign(id);
    await db
      .update(messageTemplates)
      .set({ status: 'PAUSED' })
      .where(
        and(eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, offers.name), eq(messageTemplates.language, 'pt_BR')),
      );
    try {
      expect(await run(planned!.send.id)).toBe('template_unusable');
      expect(messagesTo(phone)).toHaveLength(0);
      expect(await campaigns.get(merchant.uid, id)).toMatchObject({ status: 'paused', pauseReason: 'template_unusable' });
      expect(await sendsOfCampaign(id)).toEqual([expect.objectContaining({ send: expect.objectContaining({ status: 'queued' }) })]);
    } finally {
      await db
        .update(messageTemplates)
        .set({ status: 'APPROVED' })
        .where(and(eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, offers.name)));
    }
  });

  test('results count what was recorded, beside the previous campaign', async () => {
    await noContacts();
    const [ana, bia, caio] = [await contact(), await contact(), await contact()];
    const earlier = await draftFor(everyContact);
    await planOf(earlier);
    clock += 60_000;
    const id = await draftFor(everyContact);
    await planOf(id);
    const sends = await sendsOfCampaign(id);
    for (const { send } of sends) expect(await run(send.id)).toBe('done');
    const [first, second] = await sendsOfCampaign(id);
    await sender.statusesReceived([
      { channelId, messageId: first!.send.metaMessageId!, status: 'delivered', errorCodes: [], callbackData: null },
      { channelId, messageId: first!.send.metaMessageId!, status: 'read', errorCodes: [], callbackData: null },
      { channelId, messageId: second!.send.metaMessageId!, status: 'failed', errorCodes: [131026], callbackData: null },
    ]);
    // Ana wrote back an hour later and ordered two days later; Caio ordered before the message (not the campaign's).
    clock += 60 * 60_000;
    await db.insert(whatsappInboundMessages).values({
      channelId,
      messageId: `wamid.${randomBytes(6).toString('hex')}`,
      sender: ana.slice(1),
      type: 'text',
      content: { type: 'text', body: 'Quero!' },
      sentAt: now(),
    });
    await ordered(caio, 1, 7_000);
    // Two shoppers opened the catalog from its link (one twice, once on to the cart); another from no link.
    const { ref } = await campaigns.get(merchant.uid, id);
    const access = (visitorId: string, kind: 'access' | 'cart_view', from: string | null) =>
      db.insert(storefrontEvents).values({ inventoryId: merchant.inventoryId, kind, locale: 'pt', visitorId, ref: from });
    await access('visitor-ana-1', 'access', ref);
    await access('visitor-ana-1', 'access', ref);
    await access('visitor-ana-1', 'cart_view', ref);
    await access('visitor-bia-1', 'access', ref);
    await access('visitor-else', 'access', null);
    clock += 2 * DAY_MS;
    await ordered(ana, 0, 12_990);
    // Caio then bought from the cart page: his checkout took no phone, the number he gave there is his.
    await ordered(caio, 0, 5_010, { viaCartPage: true });

    const results = await campaignResults(db, campaigns).of(merchant.uid, id);
    const cost = priceOf({ category: 'MARKETING', country: 'BR', at: now(), inServiceWindow: false }).amountMicros;
    expect(results.figures).toMatchObject({
      planned: 3,
      queued: 0,
      sent: 2,
      delivered: 1,
      read: 1,
      failed: 1,
      failedByReason: [{ reason: 'undeliverable', count: 1 }],
      replies: 1,
      clicks: 2,
      orders: 2,
      revenue: [{ currency: 'BRL', totalMinor: 18_000 }],
      returnOnCost: null,
      returnWithheld: 'other_currency',
    });
    // Meta bills what it delivers: the failed one costs nothing.
    expect(results.figures.costMicros).toBe(2 * cost);
    // The export: one row per planned message in the plan's order, numbers masked, prices in dollars.
    const { pages } = await campaigns.exportPages(merchant.uid, id);
    let file = '';
    for await (const chunk of campaignCsvLines(pages)) file += chunk;
    const lines = file
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('phone,language,status,reason,sent_at,cost_usd');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4))).toEqual([
      [`•••• ${ana.slice(-4)}`, 'pt_BR', 'read', ''],
      [`•••• ${bia.slice(-4)}`, 'pt_BR', 'failed', 'undeliverable'],
      [`•••• ${caio.slice(-4)}`, 'pt_BR', 'sent', ''],
    ]);
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual([String(cost / 1_000_000), '', String(cost / 1_000_000)]);
    await expect(campaigns.exportPages('someone-else', id)).rejects.toMatchObject({ reason: 'not_found' });
    expect(results.previous).toMatchObject({ id: earlier, figures: expect.objectContaining({ planned: 3, queued: 3, sent: 0 }) });
  });
});
