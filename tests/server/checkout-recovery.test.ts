// Checkout recovery's worker (server/checkouts/recovery-worker.ts) on a clock of the test's own, with
// the real sender and the loopback WhatsApp Cloud API: a consenting shopper's abandoned checkout gets
// each reminder once at its time — never before the shopper left, never in their quiet hours — and is
// counted lost after the attribution window, or recovered when the order follows a reminder that went
// (an order placed while its reminder waited for its turn stops it and recovers nothing); a
// checkout is skipped for each reason the flow names (off, left before it was switched on, no number,
// a small cart, no consent) and stopped when the shopper writes or unsubscribes (a 'PARAR' is the
// opt-out); a process killed between asking for a reminder and noting it sends it once all the same;
// an order read while a run is at it stays recovered.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Inventory } from '@/domain/inventory';
import { defaultRecoveryFlow, RECOVERY_ATTRIBUTION_DAYS, type RecoveryFlow } from '@/domain/checkout-recovery';
import { toGraphTemplate, type TemplateLanguage } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import { channelStore } from '@/server/channels/channel-store';
import { cloudApiClient } from '@/server/channels/cloud-api-client';
import { RECOVERY_QUEUE, recordCheckout, wakeRecoveriesOfShoppers } from '@/server/checkouts/checkout-intake';
import { checkoutListStore } from '@/server/checkouts/checkout-list-store';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { recordRecoveredOrders } from '@/server/checkouts/recovered-orders';
import { recoveryFlowStore, type RecoveryFlowStore } from '@/server/checkouts/recovery-flow-store';
import { jobOutcomeOf, recoverCheckout, type RecoveryDependencies } from '@/server/checkouts/recovery-worker';
import { RECOVERY_PURPOSE, reminderEndedSql, reminderSendKey } from '@/server/checkouts/reminder-sends';
import type { CheckoutDraft } from '@/server/checkouts/shopify-checkouts';
import { contactStore, type ContactStore } from '@/server/contacts/contact-store';
import type { Db } from '@/server/db/database';
import { jobQueue } from '@/server/jobs/job-queue';
import { jobs } from '@/server/jobs/job-tables';
import { templateSender, type TemplateSender } from '@/server/messaging/template-sender';
import { secretBox } from '@/server/secrets/secret-box';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { connectTemplateNumber, sendQueued } from './support/template-number';
import { integrationStep } from './support/integration-step';
import { call, startTestServer, type TestServer } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');
const QUEUE = `template-sends-recovery-${randomBytes(4).toString('hex')}`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 09:00 in São Paulo (UTC−3). */
const SWITCHED_ON = Date.parse('2026-11-30T12:00:00Z');
let clock = SWITCHED_ON;
const now = () => new Date(clock);

let db: Db;
let cloudApi: WhatsAppCloudApiServer;
let server: TestServer;
let merchant: TestUser;
let records: ChannelMerchant;
let channelId: string;
let contacts: ContactStore;
let sender: TemplateSender;
let deps: RecoveryDependencies;
let flows: RecoveryFlowStore;
const number = fixturePhoneNumber(34, { phoneNumberId: newPhoneNumberId() });
const reminders = (['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3'] as const).map((key) => readyMadeTemplate(key).draft);

beforeAll(async () => {
  ({ db } = await testDatabase());
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false, now: () => clock });
  cloudApi.addNumber(number);
  for (const template of reminders)
    for (const language of ['pt_BR', 'en_US', 'es'] as TemplateLanguage[])
      cloudApi.addTemplate(number.wabaId, toGraphTemplate(template, language));
  server = await startTestServer({ env: { SECRETS_KEY, WHATSAPP_GRAPH_URL: cloudApi.graphUrl } });
  merchant = await createUser('checkout-recovery');
  records = await seedAnsweringRecords(merchant.uid, 'checkout-recovery');
  channelId = await connectTemplateNumber(server.url, merchant, records, number);

  const secrets = secretBox(Buffer.from(SECRETS_KEY, 'base64'));
  const channels = channelStore(db, secrets);
  contacts = contactStore(db, { now });
  sender = templateSender(db, {
    channels,
    contacts,
    cloudApi: cloudApiClient({ graphUrl: cloudApi.graphUrl }),
    now,
    queue: QUEUE,
    endedSql: { [RECOVERY_PURPOSE]: reminderEndedSql }, // as server/services.ts builds it
  });
  flows = recoveryFlowStore(db, { channels, now });
  deps = { db, secrets, contacts, sender, now };
  await saveFlow({});
});
afterAll(async () => {
  await db?.delete(jobs).where(eq(jobs.queue, QUEUE));
  await server?.close();
  await cloudApi?.close();
});

/** Saves the merchant's flow at the test's clock: the ready-made steps without a discount, on, from the number. */
async function saveFlow(change: Partial<RecoveryFlow>) {
  const flow = defaultRecoveryFlow();
  const variables = { first_name: 'first_name', cart_url: 'checkout_url' } as const;
  // Discount codes are not made yet: the third reminder is the second's template again.
  const steps = flow.steps.map((step, index) => ({
    ...step,
    templateName: index === 2 ? 'cart_reminder_2' : step.templateName,
    discount: null,
    variables,
  }));
  return flows.save(merchant.uid, records.inventoryId, { ...flow, enabled: true, channelId, steps, ...change });
}

let checkouts = 0;
/** A new checkout of the merchant's store without a number, as its webhook brings it: started 5 minutes before `updatedAt`. */
function checkoutDraft(updatedAt: Date): CheckoutDraft {
  const token = `t${randomBytes(8).toString('hex')}${++checkouts}`;
  return {
    token,
    shopifyCheckoutId: String(9_100_000 + checkouts),
    phone: null,
    whatsappUpdatesPhone: null,
    acceptsSmsMarketing: true,
    firstName: 'Ana',
    locale: 'pt-BR',
    currency: 'BRL',
    totalMinor: 25_990,
    items: [{ title: 'Camiseta', quantity: 2, variantId: '1' }],
    recoveryUrl: `https://loja.example/checkouts/ac/${token}/recover`,
    startedAt: new Date(updatedAt.getTime() - 5 * MINUTE),
    updatedAt,
    completedAt: null,
  };
}

/** A checkout of the merchant's store as its webhook brings it, last changed at `updatedAt`; its id. */
async function leftCheckout(draft: Partial<CheckoutDraft> & { updatedAt: Date }, inventoryId = records.inventoryId): Promise<number> {
  const left = { ...checkoutDraft(draft.updatedAt), ...draft };
  const { token } = left;
  await recordCheckout(db, inventoryId, left, { webhookId: `w-${token}`, topic: 'checkouts/create' });
  const [row] = await db.select({ id: storeCheckouts.id }).from(storeCheckouts).where(eq(storeCheckouts.token, token));
  await db.delete(jobs).where(eq(jobs.queue, RECOVERY_QUEUE)); // no other file's worker takes it
  return row!.id;
}
/** The store's `checkouts/update` saying the checkout was completed at `at` (its order placed). */
async function orderPlaced(id: number, phone: string, at: Date) {
  const [row] = await db.select().from(storeCheckouts).where(eq(storeCheckouts.id, id));
  await recordCheckout(
    db,
    records.inventoryId,
    { ...row!, phone, items: row!.items, updatedAt: at, completedAt: at },
    { webhookId: `w-completed-${id}`, topic: 'checkouts/update' },
  );
}
const stateOf = async (id: number) => (await db.select().from(storeCheckouts).where(eq(storeCheckouts.id, id)))[0]!;

const sendAll = (phone: string) => sendQueued({ db, sender, queue: QUEUE, cloudApi, phoneNumberId: number.phoneNumberId }, phone);

describe('recording a checkout', () => {
  test('says when its recovery job is due, for the worker’s nudge: the flow’s first reminder, at once when placed, none for a repeat', async () => {
    // The job's time is the database's clock (now()): the checkout is left by the real clock here.
    const at = new Date();
    const draft: CheckoutDraft = { ...checkoutDraft(at), phone: '+5511976541999' };
    const { token } = draft;
    const record = (change: Partial<CheckoutDraft>, webhookId: string, timeScale = 1) =>
      recordCheckout(db, records.inventoryId, { ...draft, ...change }, { webhookId, topic: 'checkouts/update' }, { timeScale });
    const dueInMs = async (id: number) =>
      (
        await db
          .select({ runAfter: jobs.runAfter })
          .from(jobs)
          .where(sql`${jobs.payload}->>'checkoutId' = ${String(id)}`)
      )[0]!.runAfter.getTime() - Date.now();
    try {
      // New: first looked at when the flow's first reminder would go, an hour after the shopper's last change.
      const first = await record({}, `w-${token}-1`);
      expect(first).toMatchObject({ newDelivery: true, changed: true });
      expect(first.recoveryDueInMs).toBeGreaterThan(59 * MINUTE);
      expect(first.recoveryDueInMs).toBeLessThanOrEqual(HOUR);
      // Said again (another delivery, nothing new): its job is queued already.
      expect(await record({}, `w-${token}-2`)).toMatchObject({ newDelivery: true, changed: false, recoveryDueInMs: null });
      // Changed: the job queued already reads the change when it runs.
      expect(await record({ updatedAt: new Date(at.getTime() + MINUTE) }, `w-${token}-3`)).toMatchObject({
        changed: true,
        recoveryDueInMs: null,
      });
      // Placed: the waiting job is due now, to stop the reminders.
      const placedAt = new Date(at.getTime() + 2 * MINUTE);
      expect(await record({ updatedAt: placedAt, completedAt: placedAt }, `w-${token}-4`)).toMatchObject({
        changed: true,
        recoveryDueInMs: 0,
      });
      // At DEMO_TIME_SCALE 60 the first reminder of a checkout left now is a minute away…
      const demo = await record({ token: `${token}-demo` }, `w-${token}-5`, 60);
      expect(demo.recoveryDueInMs).toBeGreaterThan(59_000);
      expect(demo.recoveryDueInMs).toBeLessThanOrEqual(60_000);
      // …and one left two hours ago is looked at after the shortest delay a flow may have (15 minutes), from now.
      const old = await record({ token: `${token}-old`, updatedAt: new Date(at.getTime() - 2 * HOUR) }, `w-${token}-6`);
      expect(old.recoveryDueInMs).toBeGreaterThan(14 * MINUTE);
      expect(old.recoveryDueInMs).toBeLessThanOrEqual(15 * MINUTE);
      // The merchant shortens the first delay to 30 minutes: the checkouts not reminded yet are looked at again now.
      await record({ token: `${token}-flow` }, `w-${token}-7`);
      const { id } = (
        await db
          .select({ id: storeCheckouts.id })
          .from(storeCheckouts)
          .where(eq(storeCheckouts.token, `${token}-flow`))
      )[0]!;
      expect(await dueInMs(id)).toBeGreaterThan(59 * MINUTE);
      const flow = defaultRecoveryFlow();
      await saveFlow({ steps: [{ ...flow.steps[0]!, delayMinutes: 30 }] });
      expect(await dueInMs(id)).toBeLessThanOrEqual(0);
      await saveFlow({});
    } finally {
      await db.delete(jobs).where(eq(jobs.queue, RECOVERY_QUEUE)); // no other file's worker takes them
    }
  });
});

describe('a consenting shopper’s abandoned checkout', () => {
  test('each reminder once at its time, then lost after the attribution window', async () => {
    const phone = '+5511976541001';
    clock = SWITCHED_ON + MINUTE;
    const id = await leftCheckout({ phone, updatedAt: now() });

    // Half an hour later the shopper may still be at it: the job waits for the first step's time.
    clock += 30 * MINUTE;
    const early = await recoverCheckout(deps, id);
    expect(early).toEqual({ kind: 'later', at: new Date(SWITCHED_ON + 61 * MINUTE) });
    expect(jobOutcomeOf(early, now())).toEqual({ againInMs: 30 * MINUTE });

    clock = SWITCHED_ON + 61 * MINUTE;
    // The sending run says when the next step is due: the job's next run, none in between.
    const sent = await recoverCheckout(deps, id);
    expect(sent).toEqual({ kind: 'sent', step: 1, next: new Date(SWITCHED_ON + MINUTE + DAY) });
    expect(jobOutcomeOf(sent, now())).toEqual({ againInMs: DAY - 60 * MINUTE });
    // The store's record of the shopper's agreement to its marketing texts is their opt-in.
    expect((await contacts.consentOf(merchant.uid, [phone])).get(phone)!.consent.marketing).toMatchObject({
      status: 'subscribed',
      source: 'store_checkout',
    });
    const first = await sendAll(phone);
    expect(first.map((send) => [send.name, send.language])).toEqual([['cart_reminder_1', 'pt_BR']]);
    expect(JSON.stringify(first[0])).toContain('Ana');
    expect(JSON.stringify(first[0])).toContain('/recover');

    // Run again at once (a repeated job): the next step is a day after the shopper left; nothing more goes now.
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'later', at: new Date(SWITCHED_ON + MINUTE + DAY) });
    expect(await sendAll(phone)).toHaveLength(1);

    clock = SWITCHED_ON + MINUTE + DAY;
    expect(await recoverCheckout(deps, id)).toMatchObject({ kind: 'sent', step: 2 });
    clock = SWITCHED_ON + MINUTE + 3 * DAY;
    // After the last step the next run is the attribution window's end.
    expect(await recoverCheckout(deps, id)).toEqual({
      kind: 'sent',
      step: 3,
      next: new Date(clock + RECOVERY_ATTRIBUTION_DAYS * DAY),
    });
    const all = await sendAll(phone);
    expect(all.map((send) => send.name)).toEqual(['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_2']);
    expect(await sender.byKey(merchant.uid, reminderSendKey(id, 3))).toMatchObject({ status: 'sent', purpose: 'checkout_recovery' });

    const windowEnds = new Date(clock + RECOVERY_ATTRIBUTION_DAYS * DAY);
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'later', at: windowEnds });
    clock = windowEnds.getTime();
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'lost' });
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'lost', remindersSent: 3 });
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'closed' });
    expect(await sendAll(phone)).toHaveLength(3);
  });

  test('a reminder due in the shopper’s quiet hours waits for 09:00 on their clock', async () => {
    // Left at 23:30 in São Paulo: the first step is due at 00:30 there.
    clock = Date.parse('2026-12-01T02:30:00Z');
    const id = await leftCheckout({ phone: '+5511976541002', updatedAt: now() });
    clock = Date.parse('2026-12-01T03:31:00Z');
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'later', at: new Date('2026-12-01T12:00:00Z') });
    // A shopper in Manaus (UTC−4) left at the same instant (22:30 there): 09:00 comes an hour later for them.
    const manaus = await leftCheckout({ phone: '+5592981234567', updatedAt: new Date('2026-12-01T02:30:00Z') });
    expect(await recoverCheckout(deps, manaus)).toEqual({ kind: 'later', at: new Date('2026-12-01T13:00:00Z') });
  });

  test('the order placed after a reminder counts it recovered; placed before any, it was never abandoned', async () => {
    clock = Date.parse('2026-12-02T12:00:00Z');
    const phone = '+5511976541003';
    const id = await leftCheckout({ phone, updatedAt: now() });
    clock += 2 * HOUR;
    expect(await recoverCheckout(deps, id)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await sendAll(phone)).toHaveLength(1);
    await orderPlaced(id, phone, new Date(clock + HOUR));
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'recovered' });
    // The store named no order (the poll's read does not tie one to its checkout): the checkout's total is its value.
    expect(await stateOf(id)).toMatchObject({
      recoveryStatus: 'recovered',
      remindersSent: 1,
      recoveredAt: new Date(clock + HOUR),
      recoveredValueMinor: 25_990,
      recoveredCurrency: 'BRL',
      recoveredOrderId: null,
    });
    // The order read later by this checkout's token takes its place, with the value it has now.
    const { token } = await stateOf(id);
    await recordRecoveredOrders(db, records.inventoryId, [
      {
        orderId: '880001',
        placedAt: new Date(clock + HOUR),
        checkoutToken: token,
        referralRef: null,
        attributeRef: null,
        valueMinor: 23_990,
        currency: 'BRL',
        discountCodes: [],
      },
    ]);
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'recovered', recoveredOrderId: '880001', recoveredValueMinor: 23_990 });

    const bought = await leftCheckout({ phone: '+5511976541004', updatedAt: now(), completedAt: now() });
    expect(await recoverCheckout(deps, bought)).toEqual({ kind: 'closed' });
    expect(await stateOf(bought)).toMatchObject({ recoveryStatus: 'waiting', remindersSent: 0 });
  });
});

describe('an order placed in the second its first reminder went', () => {
  test('recovers the checkout, read by the worker or by an order read: Shopify gives an order’s time in whole seconds', async () => {
    clock = Date.parse('2026-12-04T12:00:00Z');
    const inTheSecond = () => new Date(clock - (clock % 1000));
    // The store says the checkout completed (the worker's read).
    const phone = '+5511976541013';
    const id = await leftCheckout({ phone, updatedAt: now() });
    clock += 2 * HOUR + 400;
    expect(await recoverCheckout(deps, id)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await sendAll(phone)).toHaveLength(1);
    clock += 300;
    await orderPlaced(id, phone, inTheSecond());
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'recovered' });
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'recovered', recoveredAt: inTheSecond() });

    // The order read names the checkout (the poll's or the sync's read).
    const readPhone = '+5511976541014';
    const read = await leftCheckout({ phone: readPhone, updatedAt: now() });
    clock += 2 * HOUR + 400;
    expect(await recoverCheckout(deps, read)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await sendAll(readPhone)).toHaveLength(1);
    clock += 300;
    const { token } = await stateOf(read);
    const order = { orderId: '880013', placedAt: inTheSecond(), checkoutToken: token, referralRef: null, attributeRef: null };
    expect(
      await recordRecoveredOrders(db, records.inventoryId, [{ ...order, valueMinor: 25_990, currency: 'BRL', discountCodes: [] }]),
    ).toEqual({ recovered: 1, updated: 0 });
    expect(await stateOf(read)).toMatchObject({ recoveryStatus: 'recovered', recoveredOrderId: '880013' });
  });
});

describe('a reminder waiting for its turn at the sender', () => {
  test('never goes once the order came in meanwhile (the sender looks right before Meta), and the order is not counted recovered', async () => {
    clock = Date.parse('2026-12-03T12:00:00Z');
    const phone = '+5511976541005';
    const id = await leftCheckout({ phone, updatedAt: now() });
    clock += 2 * HOUR;
    // The worker read the checkout open and asked for reminder 1; before the sender's turn the order is placed.
    expect(await recoverCheckout(deps, id)).toMatchObject({ kind: 'sent', step: 1 });
    await orderPlaced(id, phone, now());
    expect(await sendAll(phone)).toEqual([]);
    expect(await sender.byKey(merchant.uid, reminderSendKey(id, 1))).toMatchObject({ status: 'failed', reason: 'no_longer_wanted' });
    // No reminder reached the shopper before the order: it stopped the reminders, it was not recovered by one.
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'stopped', reason: 'order_placed' });
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'reminded', recoveryReason: 'order_placed', remindersSent: 1 });
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'closed' });

    // A checkout still open is reminded as before: the check names only its own checkout.
    const open = await leftCheckout({ phone: '+5511976541006', updatedAt: now() });
    clock += 2 * HOUR;
    expect(await recoverCheckout(deps, open)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await sendAll('+5511976541006')).toHaveLength(1);
  });
});

describe('an order read while a run is at it', () => {
  test('the run never undoes the recovery: its reminder is not noted, and the sender refuses it', async () => {
    clock = Date.parse('2026-12-03T18:00:00Z');
    const phone = '+5511976541007';
    const id = await leftCheckout({ phone, updatedAt: now() });
    clock += 2 * HOUR;
    expect(await recoverCheckout(deps, id)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await sendAll(phone)).toHaveLength(1);
    const { token } = await stateOf(id);
    // Reminder 2 is due; the run reads the checkout open, and the poll reads the order from reminder 1's link before the run asks.
    clock += DAY;
    const orderReadMeanwhile: TemplateSender = {
      ...sender,
      enqueueAlongside: async (send, alongside) => {
        const read = await recordRecoveredOrders(db, records.inventoryId, [
          {
            orderId: '880007',
            placedAt: new Date(clock - HOUR),
            checkoutToken: token,
            referralRef: null,
            attributeRef: null,
            valueMinor: 25_990,
            currency: 'BRL',
            discountCodes: [],
          },
        ]);
        expect(read.recovered).toBe(1);
        return sender.enqueueAlongside(send, alongside);
      },
    };
    await recoverCheckout({ ...deps, sender: orderReadMeanwhile }, id);
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'recovered', recoveredOrderId: '880007', remindersSent: 1 });
    expect((await sendAll(phone)).map((send) => send.name)).toEqual(['cart_reminder_1']);
    expect(await sender.byKey(merchant.uid, reminderSendKey(id, 2))).toMatchObject({ status: 'failed', reason: 'no_longer_wanted' });
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'closed' });
  });
});

describe('across a restart', () => {
  test('a reminder is asked for and noted in one statement: a process killed before it asks again once, one killed after asks nothing more', async () => {
    const phone = '+5511976541009';
    clock = SWITCHED_ON + MINUTE;
    const id = await leftCheckout({ phone, updatedAt: now() });
    clock += 2 * HOUR;
    // The first process is killed as it asks the sender for reminder 1: nothing is asked, nothing noted.
    const killedBefore: TemplateSender = {
      ...sender,
      enqueueAlongside: async () => {
        throw new Error('the process was killed');
      },
    };
    await expect(recoverCheckout({ ...deps, sender: killedBefore }, id)).rejects.toThrow('killed');
    expect(await stateOf(id)).toMatchObject({ remindersSent: 0, recoveryStatus: 'waiting', recoveryRef: null });
    // Restarted, the job runs again (its lease ran out) and asks for reminder 1; this process is killed right after.
    const killedAfter: TemplateSender = {
      ...sender,
      enqueueAlongside: async (send, alongside) => {
        await sender.enqueueAlongside(send, alongside);
        throw new Error('the process was killed');
      },
    };
    await expect(recoverCheckout({ ...deps, sender: killedAfter }, id)).rejects.toThrow('killed');
    const noted = await stateOf(id);
    expect(noted).toMatchObject({ remindersSent: 1, recoveryStatus: 'reminded' });
    // The job runs once more: reminder 1 was noted with its asking, so nothing is asked again; one message goes, with the kept ref.
    expect(await recoverCheckout(deps, id)).toMatchObject({ kind: 'later' });
    const sent = await sendAll(phone);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain(noted.recoveryRef!);
  });
});

describe('run by the queue', () => {
  test('the statement that asks for a reminder hands the job back for the next step; a process killed after it leaves nothing to redo', async () => {
    const phone = '+5511976541010';
    clock = SWITCHED_ON + MINUTE;
    const id = await leftCheckout({ phone, updatedAt: now() });
    const queue = jobQueue(db);
    // The checkout's job, as the queue's worker 'w' holds it (its own queue: no other file's worker takes it).
    const name = `recovery-test-${randomBytes(4).toString('hex')}`;
    await queue.enqueue(db, name, { checkoutId: id });
    const job = (await queue.claim([name], 'w', 60_000))!;
    clock += 2 * HOUR;
    const killedAfter: TemplateSender = {
      ...sender,
      enqueueAlongside: async (send, alongside) => {
        await sender.enqueueAlongside(send, alongside);
        throw new Error('the process was killed');
      },
    };
    const settling = { releaseSql: (delayMs: number) => queue.releaseSql(job.id, 'w', delayMs) };
    await expect(recoverCheckout({ ...deps, sender: killedAfter }, id, settling)).rejects.toThrow('killed');
    // Asked, noted, and the job queued again for step 2 (a day after the checkout, less the two hours gone), its attempt not counted.
    expect(await stateOf(id)).toMatchObject({ remindersSent: 1, recoveryStatus: 'reminded' });
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'queued', lockedBy: null, attempts: 0 });
    const dueInMs = row!.runAfter.getTime() - Date.now();
    expect(dueInMs).toBeGreaterThan(21 * HOUR);
    expect(dueInMs).toBeLessThanOrEqual(22 * HOUR);
    expect(await sendAll(phone)).toHaveLength(1);
    await db.delete(jobs).where(eq(jobs.id, job.id));
  });

  test('a run of the queue’s worker says the job was handed back with the reminder', async () => {
    const phone = '+5511976541011';
    clock = SWITCHED_ON + MINUTE;
    const id = await leftCheckout({ phone, updatedAt: now() });
    clock += 2 * HOUR;
    const settling = { releaseSql: () => sql`select 1` };
    const outcome = await recoverCheckout(deps, id, settling);
    expect(outcome).toMatchObject({ kind: 'sent', step: 1, released: true });
    expect(jobOutcomeOf(outcome, now())).toEqual({ againInMs: 22 * HOUR, released: true });
    // Run outside a queue (a test, a tool): nothing said released, the worker would hand the job back itself.
    clock += DAY;
    const second = await recoverCheckout(deps, id);
    expect(second).toMatchObject({ kind: 'sent', step: 2 });
    expect(jobOutcomeOf(second, now())).not.toHaveProperty('released');
    await sendAll(phone);
  });
});

describe('skipped and stopped', () => {
  test('no consent, no number, a small cart, left before the flow was on, the flow off', async () => {
    clock = Date.parse('2026-12-03T12:00:00Z');
    const cases = {
      no_consent: await leftCheckout({ phone: '+5511976542001', acceptsSmsMarketing: false, updatedAt: now() }),
      no_phone: await leftCheckout({ phone: null, updatedAt: now() }),
      below_minimum: await leftCheckout({ phone: '+5511976542002', totalMinor: 500, updatedAt: now() }),
      before_flow_on: await leftCheckout({ phone: '+5511976542003', updatedAt: new Date(SWITCHED_ON - DAY) }),
    };
    await saveFlow({ minimumCartMinor: 1_000 });
    clock += 2 * HOUR;
    for (const [reason, id] of Object.entries(cases)) {
      expect(await recoverCheckout(deps, id), reason).toEqual({ kind: 'skipped', reason });
      expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'skipped', recoveryReason: reason });
    }
    expect((await contacts.consentOf(merchant.uid, ['+5511976542001'])).get('+5511976542001')?.consent.marketing.status).not.toBe(
      'subscribed',
    );

    const flowOff = await leftCheckout({ phone: '+5511976542004', updatedAt: now() });
    await saveFlow({ enabled: false });
    clock += 2 * HOUR;
    expect(await recoverCheckout(deps, flowOff)).toEqual({ kind: 'skipped', reason: 'flow_off' });
    clock -= 4 * HOUR;
    await saveFlow({}); // on again: switched on now
    clock += 4 * HOUR;
    expect(await sendAll('+5511976542002')).toEqual([]);
  });

  test('skipped for no consent, then bought: still skipped, and counted abandoned at their last step, before the order', async () => {
    clock = Date.parse('2026-12-03T18:00:00Z');
    const left = new Date(clock);
    const id = await leftCheckout({ phone: '+5511976542005', acceptsSmsMarketing: false, updatedAt: left });
    clock += 2 * HOUR;
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'skipped', reason: 'no_consent' });
    clock += 3 * HOUR;
    const bought = new Date(clock);
    await orderPlaced(id, '+5511976542005', bought);
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'closed' });
    // The order's own update is no activity of the shopper's: the checkout stays left when it was.
    expect(await stateOf(id)).toMatchObject({
      recoveryStatus: 'skipped',
      recoveryReason: 'no_consent',
      shopifyUpdatedAt: left,
      completedAt: bought,
    });
    const detail = await checkoutListStore(db).detail(merchant.uid, id);
    expect(detail?.timeline.map((event) => [event.kind, event.at])).toEqual([
      ['started', new Date(left.getTime() - 5 * MINUTE).toISOString()],
      ['last_activity', left.toISOString()],
      ['abandoned', new Date(left.getTime() + HOUR).toISOString()],
      ['skipped', null],
      ['completed', bought.toISOString()],
    ]);
  });

  test('the shopper wrote to the number after leaving: the conversation takes over; unsubscribed: opted out', async () => {
    clock = Date.parse('2026-12-04T12:00:00Z');
    await saveFlow({});
    const phone = '+5511976543001';
    const id = await leftCheckout({ phone, updatedAt: new Date(clock + MINUTE) });
    await db.insert(whatsappInboundMessages).values({
      channelId,
      messageId: `wamid.recovery-${randomBytes(6).toString('hex')}`,
      sender: phone.slice(1),
      type: 'text',
      content: { type: 'text', body: 'Oi, o frete para Campinas?' },
      sentAt: new Date(clock + 10 * MINUTE),
    });
    clock += 2 * HOUR;
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'stopped', reason: 'shopper_replied' });

    const leaving = '+5511976543002';
    const later = await leftCheckout({ phone: leaving, updatedAt: now() });
    clock += 2 * HOUR;
    expect(await recoverCheckout(deps, later)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await sendAll(leaving)).toHaveLength(1);
    await contacts.recordOptOut(merchant.uid, leaving, 'stop_word', now().toISOString());
    clock += DAY;
    expect(await recoverCheckout(deps, later)).toEqual({ kind: 'stopped', reason: 'unsubscribed' });
    expect(await stateOf(later)).toMatchObject({ recoveryStatus: 'opted_out', remindersSent: 1 });
    expect(await sendAll(leaving)).toHaveLength(1);

    // 'PARAR' answered to the first reminder is a reply, and what it says is the opt-out: opted out at
    // once — the message wakes the checkout's job, whose run stops it long before reminder 2's time.
    const stopping = '+5511976543003';
    const answered = await leftCheckout({ phone: stopping, updatedAt: now() });
    clock += 2 * HOUR;
    expect(await recoverCheckout(deps, answered)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await sendAll(stopping)).toHaveLength(1);
    await db.insert(whatsappInboundMessages).values({
      channelId,
      messageId: `wamid.recovery-${randomBytes(6).toString('hex')}`,
      sender: stopping.slice(1),
      type: 'text',
      content: { type: 'text', body: 'PARAR' },
      sentAt: new Date(clock + MINUTE),
    });
    await contacts.recordOptOut(merchant.uid, stopping, 'stop_word', new Date(clock + MINUTE).toISOString());
    const jobOf = async () =>
      (
        await db
          .select({ runAfter: jobs.runAfter })
          .from(jobs)
          .where(sql`${jobs.queue} = ${RECOVERY_QUEUE} and ${jobs.payload}->>'checkoutId' = ${String(answered)}`)
      )[0];
    // Its job waits for reminder 2's time (this file's checkouts have none of their own: see leftCheckout).
    await db.insert(jobs).values({ queue: RECOVERY_QUEUE, payload: { checkoutId: answered }, runAfter: sql`now() + interval '1 day'` });
    // Another account's shopper of the same number wakes nothing of this one's.
    expect(await wakeRecoveriesOfShoppers(db, [{ uid: 'someone-else', phone: stopping }])).toBe(0);
    expect(await wakeRecoveriesOfShoppers(db, [{ uid: merchant.uid, phone: stopping }])).toBe(1);
    expect((await jobOf())!.runAfter.getTime(), 'due now, not in a day').toBeLessThan(Date.now() + HOUR);
    await db.delete(jobs).where(eq(jobs.queue, RECOVERY_QUEUE));
    clock += 2 * MINUTE;
    expect(await recoverCheckout(deps, answered)).toEqual({ kind: 'stopped', reason: 'unsubscribed' });
    expect(await stateOf(answered)).toMatchObject({ recoveryStatus: 'opted_out', remindersSent: 1 });
    expect(await sendAll(stopping)).toHaveLength(1);
  });
});

let shop: ShopifyAdminServer;
let shopPort: number;
/** A new inventory of the merchant's on the loopback store (step 1 saved through the API); its id. */
async function inventoryOnStore(): Promise<string> {
  shop = await startShopifyAdminServer();
  shopPort = Number(new URL(shop.adminUrl).port);
  const as = (path: string, method: string, body: unknown) =>
    call(`${server.url}/api/v1${path}`, {
      method,
      token: merchant.idToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const name = 'Loja com descontos';
  const created = (await as('/inventories', 'POST', { name })).body as Inventory;
  const saved = await as(`/inventories/${created.id}/integration`, 'PUT', {
    ...integrationStep(shop, { name, version: created.version }),
    shopifyToken: shop.accessToken,
  });
  expect(saved.status, saved.text).toBe(200);
  return created.id;
}
afterAll(async () => {
  await shop?.close().catch(() => {});
});

describe('a reminder with a discount', () => {
  test('its single-use code is made in the store first, once whatever retries, and the reminder carries it', async () => {
    clock = Date.parse('2026-12-05T12:00:00Z');
    const inventoryId = await inventoryOnStore();
    const flow = defaultRecoveryFlow();
    const third = flow.steps[2]!; // cart_reminder_3: a copy-code button and the discount's value
    await flows.save(merchant.uid, inventoryId, {
      ...flow,
      enabled: true,
      channelId,
      steps: [{ ...third, delayMinutes: 60, discount: { kind: 'percentage', value: 15, expiresInHours: 48 } }],
    });
    const phone = '+5511976544001';
    const id = await leftCheckout({ phone, updatedAt: now() }, inventoryId);

    // The store cannot be reached: the reminder waits, its code already drawn.
    clock += 2 * HOUR;
    await shop.close();
    const down = await recoverCheckout(deps, id);
    expect(down).toMatchObject({ kind: 'discount_failed', step: 1 });
    expect(jobOutcomeOf(down, now())).toEqual({ againInMs: 5 * MINUTE });
    const drawn = (await stateOf(id)).discountCode;
    expect(drawn).toMatch(/^VOLTA-[2-9A-HJKMNP-Z]{8}$/);

    shop = await startShopifyAdminServer({ port: shopPort, accessToken: shop.accessToken });
    clock += 5 * MINUTE;
    expect(await recoverCheckout(deps, id)).toMatchObject({ kind: 'sent', step: 1 });
    expect(shop.discountCodes()).toEqual([
      expect.objectContaining({ code: drawn, kind: 'percentage', value: 0.15, usageLimit: 1, appliesOncePerCustomer: true }),
    ]);
    const [sent] = await sendAll(phone);
    expect(sent).toMatchObject({ name: 'cart_reminder_3' });
    expect(JSON.stringify(sent)).toContain(drawn!);
    expect(JSON.stringify(sent)).toContain('15%');
  });
});
