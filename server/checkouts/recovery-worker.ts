// Checkout recovery: one process's worker of RECOVERY_QUEUE, one job per checkout of a store
// (queued by its webhooks, server/checkouts/checkout-intake.ts) or own cart of Catalyst's
// (server/checkouts/own-carts.ts: one gives way to the store's checkout of it, or to the shopper's
// later cart, before its first reminder), which lives as long as the checkout's
// recovery: each run reads the checkout and its inventory's flow again and does the one thing now due —
// waits (the shopper may still be typing; a reminder's time, moved out of the shopper's quiet hours),
// skips it (domain/checkout-recovery.ts's skipReason: the flow off or switched on after it, no number,
// a small cart, a recovery in the last 7 days, no consent), stops it (the order placed, the shopper
// wrote or unsubscribed — at once: their message wakes the job — the flow off, the template no longer
// approved), or asks the template sender for the next reminder (its discount code made in the store
// first), keyed by checkout and step, so a retried or repeated run sends it once. Each reminder's way-back link carries the checkout's recovery
// ref (drawn for the first, kept in the statement that asks for it: server/checkouts/recovery-ref.ts). After the last
// reminder it waits out the attribution window and counts the checkout lost; an order placed from it
// within that window counts it recovered (the order's readers mark it so with the order and its value:
// server/checkouts/recovered-orders.ts; a checkout the store says completed in time, here, valued at its total).
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  RECOVERY_ATTRIBUTION_DAYS,
  abandonedAt,
  reminderSendAt,
  skipReason,
  stopReason,
  type RecoveryDiscount,
  type RecoveryFlow,
  type RecoveryStep,
  type RecoveryValueSource,
} from '@/domain/checkout-recovery';
import { shopperLanguage } from '@/domain/contact';
import { readContactPhone } from '@/domain/contact-phone';
import type { Locale } from '@/domain/locales';
import { localeTemplateLanguages } from '@/domain/message-template';
import { shopperTimeZone } from '@/domain/phone-time-zone';
import { accountTimeZoneSql } from '../accounts/account-queries';
import { shopperWroteSql } from '../channels/service-window';
import { contactStatusesSql, type ContactStatuses } from '../contacts/contact-queries';
import type { ContactStore } from '../contacts/contact-store';
import type { Db } from '../db/database';
import { preparedPerDb } from '../db/prepared-per-db';
import { accountInventoryIdsSql, inventoryOwnerSql } from '../inventories/inventory-queries';
import { orderEventSourceOf } from '../inventories/inventory-order-sources';
import { PeerFailure } from '../inventories/peer-failure';
import type { Job } from '../jobs/job-queue';
import { queueWorker, type JobOutcome, type JobSettling, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import type { TemplateSender } from '../messaging/template-sender';
import { formatTotal, greetingName } from '../notices/notice-values';
import type { SecretBox } from '../secrets/secret-box';
import { approvedCategorySql } from '../templates/template-queries';
import { RECOVERY_QUEUE } from './checkout-intake';
import { storeCheckouts } from './checkout-tables';
import { createDiscountCode, discountValueText, DiscountRefused, newDiscountCode } from './discount-codes';
import { newRecoveryRef, recoveryLink } from './recovery-ref';
import { orderTimeFloor, RECOVERY_PURPOSE, reminderSendKey, reminderWentBySql } from './reminder-sends';
import { flowOfRow } from './recovery-flow-store';
import { recoveryFlows } from './recovery-flow-tables';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The zone quiet hours are read in when neither the number nor the account names one. */
const DEFAULT_ZONE = 'America/Sao_Paulo';

export type RecoveryDependencies = {
  db: Db;
  /** Opens the store's token (a reminder's discount code is made in the store). */
  secrets: SecretBox;
  contacts: ContactStore;
  sender: TemplateSender;
  now?: () => Date;
  /** DEMO_TIME_SCALE: the flow's delays run this many times faster, without quiet hours (1 but in a demo). */
  timeScale?: number;
};

/** What one run did, for the log and the tests; `later`: run again at `at`. */
export type RecoveryOutcome =
  | { kind: 'gone' | 'closed' | 'recovered' | 'lost' }
  /** An own cart gives way to the store's checkout opened from it, or to the shopper's later cart (they are reminded instead). */
  | { kind: 'gave_way' }
  | { kind: 'later'; at: Date }
  | { kind: 'skipped'; reason: NonNullable<ReturnType<typeof skipReason>> }
  | { kind: 'stopped'; reason: NonNullable<ReturnType<typeof stopReason>> }
  /**
   * `next`: when the checkout's next step is due (else the attribution window's end), its next run;
   * `released`: the job was handed back for then in the statement that asked for the reminder.
   */
  | { kind: 'sent'; step: number; next: Date; released?: true }
  /** The store could not make the step's discount code (unreachable, or it refused): the reminder waits. */
  | { kind: 'discount_failed'; step: number; reason: string };

type CheckoutRow = typeof storeCheckouts.$inferSelect & { uid: string; storeName: string; accountZone: string | null };

/**
 * The checkout with its inventory's owner and name, the owner's time zone and the inventory's recovery
 * flow, in one statement (a run's first read).
 */
const checkoutRead = preparedPerDb((db) => {
  const owner = inventoryOwnerSql(storeCheckouts.inventoryId);
  return db
    .select({
      checkout: storeCheckouts,
      uid: owner.uid,
      storeName: owner.name,
      accountZone: accountTimeZoneSql(owner.uid),
      flow: recoveryFlows,
    })
    .from(storeCheckouts)
    .leftJoin(recoveryFlows, eq(recoveryFlows.inventoryId, storeCheckouts.inventoryId))
    .where(eq(storeCheckouts.id, sql.placeholder('id')))
    .prepare('recovery_checkout_read');
});

async function checkoutOf(db: Db, id: number): Promise<{ checkout: CheckoutRow; flow: RecoveryFlow } | null> {
  const [row] = await checkoutRead(db).execute({ id });
  if (!row?.uid) return null;
  return {
    checkout: { ...row.checkout, uid: row.uid, storeName: row.storeName ?? '', accountZone: row.accountZone },
    flow: flowOfRow(row.flow),
  };
}

/** When the shopper's latest recovery of another checkout of the account began (null: none), for the caller's statement. */
const lastRecoveryStartedAtSql = (checkout: CheckoutRow, phone: string): SQL =>
  sql`(select max(${storeCheckouts.firstReminderAt}) from ${storeCheckouts}
    where ${storeCheckouts.phone} = ${phone} and ${storeCheckouts.id} <> ${checkout.id}
      and ${storeCheckouts.inventoryId} in (${accountInventoryIdsSql(checkout.uid)}))`;

/**
 * Whether an own cart (./own-carts.ts) gives way before its first reminder, for the caller's statement:
 * to a checkout of the store opened from that cart with a number (the shopper went on to the store,
 * which knows more), or to a later own cart of the same shopper (the newest cart is the one they mean).
 */
function givesWaySql(checkout: CheckoutRow): SQL {
  if (checkout.source === 'store') return sql`false`;
  const other = sql`${storeCheckouts.inventoryId} = ${checkout.inventoryId}::uuid and ${storeCheckouts.id} <> ${checkout.id}`;
  return sql`(${
    checkout.cartId === null
      ? sql`false`
      : sql`exists (select 1 from ${storeCheckouts} where ${other} and ${storeCheckouts.cartId} = ${checkout.cartId}
      and ${storeCheckouts.source} = 'store' and ${storeCheckouts.phone} is not null)`
  }
    or ${
      checkout.phone === null
        ? sql`false`
        : sql`exists (select 1 from ${storeCheckouts} where ${other} and ${storeCheckouts.phone} = ${checkout.phone}
      and ${storeCheckouts.source} <> 'store'
      and (${storeCheckouts.startedAt}, ${storeCheckouts.id}) > (${checkout.startedAt.toISOString()}::timestamptz, ${checkout.id}))`
    })`;
}

/** What a run decides by besides the checkout and its flow, read in one statement. */
type RunFacts = {
  /** The category an approved template of the step is sent as (a cart reminder is MARKETING); null: none approved. */
  category: 'MARKETING' | 'UTILITY' | null;
  /** The shopper wrote to the number since the checkout's last update (the conversation takes over). */
  wrote: boolean;
  /** Before the first reminder: when the shopper's latest recovery of another checkout began, and whether an own cart gives way. */
  lastRecoveryStartedAt: Date | null;
  givesWay: boolean;
  /** The shopper as the account's contact: language and consent (null: no contact, no consent). */
  contact: ContactStatuses | null;
};

async function runFacts(
  db: Db,
  { checkout, flow, step, phone, now }: { checkout: CheckoutRow; flow: RecoveryFlow; step: RecoveryStep; phone: string | null; now: Date },
): Promise<RunFacts> {
  const first = checkout.remindersSent === 0;
  const channelId = flow.channelId;
  const result = await db.execute(sql`select
    ${channelId && step.templateName ? approvedCategorySql(channelId, step.templateName) : sql`null`} as category,
    ${channelId && phone ? shopperWroteSql(channelId, phone, checkout.shopifyUpdatedAt, now) : sql`false`} as wrote,
    ${first && phone ? lastRecoveryStartedAtSql(checkout, phone) : sql`null`} as last_recovery_started_at,
    ${first ? givesWaySql(checkout) : sql`false`} as gives_way,
    ${phone ? contactStatusesSql(sql`${checkout.uid}`, sql`${phone}`) : sql`null`} as contact`);
  const [row] = (
    result as unknown as {
      rows: {
        category: RunFacts['category'];
        wrote: boolean;
        last_recovery_started_at: string | Date | null;
        gives_way: boolean;
        contact: ContactStatuses | null;
      }[];
    }
  ).rows;
  return {
    category: row?.category ?? null,
    wrote: row?.wrote === true,
    lastRecoveryStartedAt: row?.last_recovery_started_at ? new Date(row.last_recovery_started_at) : null,
    givesWay: row?.gives_way === true,
    contact: row?.contact ?? null,
  };
}

/** Whether one of the checkout's reminders went (Meta took it) at or before `by`. */
async function reminderWentBy(db: Db, checkout: CheckoutRow, by: Date): Promise<boolean> {
  const result = await db.execute(
    sql`select ${reminderWentBySql(sql`${checkout.uid}`, sql`${checkout.id}::bigint`, sql`${by.toISOString()}::timestamptz`)} as went`,
  );
  return (result as unknown as { rows: { went: boolean }[] }).rows[0]?.went === true;
}

type Mark = Partial<
  Pick<
    typeof storeCheckouts.$inferInsert,
    | 'recoveryStatus'
    | 'recoveryReason'
    | 'remindersSent'
    | 'firstReminderAt'
    | 'lastReminderAt'
    | 'discountCode'
    | 'discountStep'
    | 'recoveryRef'
    | 'recoveredAt'
    | 'recoveredValueMinor'
    | 'recoveredCurrency'
  >
>;
/**
 * The checkout `id`, unless an order recovered it since this run read it: the order's readers
 * (./recovered-orders.ts) may mark it while a run is at it, and a run never undoes a recovery.
 */
const unrecovered = (id: number) => and(eq(storeCheckouts.id, id), ne(storeCheckouts.recoveryStatus, 'recovered'));
const mark = (db: Db, id: number, values: Mark) => db.update(storeCheckouts).set(values).where(unrecovered(id));

/** The lines of a checkout as a reminder names them: `2× Camiseta, 1× Boné`. */
const productsOf = (checkout: CheckoutRow) => checkout.items.map((item) => `${item.quantity}× ${item.title}`).join(', ');

function valueOf(source: RecoveryValueSource, checkout: CheckoutRow, language: Locale, discount: MadeDiscount | null): string {
  switch (source) {
    case 'first_name':
      return greetingName(checkout.firstName, language);
    case 'products':
      return productsOf(checkout);
    case 'total':
      return checkout.totalMinor !== null && checkout.currency ? (formatTotal(checkout.totalMinor, checkout.currency, language) ?? '') : '';
    case 'checkout_url':
      return checkout.recoveryUrl && checkout.recoveryRef
        ? recoveryLink(checkout.recoveryUrl, checkout.recoveryRef)
        : (checkout.recoveryUrl ?? '');
    case 'store_name':
      return checkout.storeName;
    case 'discount_code':
      return discount?.code ?? '';
    case 'discount_value':
      return discount
        ? discountValueText(discount.discount, (minor) => (checkout.currency ? formatTotal(minor, checkout.currency, language) : null))
        : '';
  }
}

type MadeDiscount = { code: string; discount: RecoveryDiscount };

/**
 * The step's discount code, made in the store (drawn first and kept on the checkout, so a retry makes
 * the same one); a failure's reason when the store could not make it.
 */
async function madeDiscount(
  { db, secrets }: Pick<RecoveryDependencies, 'db' | 'secrets'>,
  checkout: CheckoutRow,
  step: number,
  discount: RecoveryDiscount,
  now: Date,
): Promise<MadeDiscount | { failed: string }> {
  let code = checkout.discountStep === step ? checkout.discountCode : null;
  if (!code) {
    code = newDiscountCode();
    await mark(db, checkout.id, { discountCode: code, discountStep: step });
  }
  const store = await orderEventSourceOf(db, secrets, checkout.inventoryId);
  if (!store) return { failed: 'no_store' };
  try {
    await createDiscountCode({ shopifyUrl: store.shopifyUrl, token: store.token, currency: checkout.currency }, code, discount, now);
  } catch (error) {
    if (error instanceof PeerFailure) return { failed: error.reason };
    if (error instanceof DiscountRefused) return { failed: `refused ${error.reason}` };
    throw error;
  }
  return { code, discount };
}

/**
 * One run of a checkout's recovery at the injected clock's now. `settling`: its job's, when a queue
 * worker runs it (a reminder asked for hands the job back for the next step in the same statement).
 */
export async function recoverCheckout(
  { db, secrets, contacts, sender, now: clock = () => new Date(), timeScale = 1 }: RecoveryDependencies,
  checkoutId: number,
  settling?: JobSettling,
): Promise<RecoveryOutcome> {
  const now = clock();
  const read = await checkoutOf(db, checkoutId);
  if (!read) return { kind: 'gone' };
  const { checkout, flow } = read;
  const sent = checkout.remindersSent;
  const attributionEnds = checkout.lastReminderAt ? checkout.lastReminderAt.getTime() + RECOVERY_ATTRIBUTION_DAYS * DAY_MS : null;

  // Ended already: recovered, lost, opted out, or stopped after a reminder.
  if (['recovered', 'lost', 'opted_out'].includes(checkout.recoveryStatus) || (sent > 0 && checkout.recoveryReason !== null))
    return { kind: 'closed' };
  if (checkout.completedAt) {
    if (sent === 0) return { kind: 'closed' }; // bought before any reminder: never abandoned
    // Placed after the attribution window: the recovery ended without an order.
    if (attributionEnds !== null && checkout.completedAt.getTime() > attributionEnds) {
      await mark(db, checkout.id, { recoveryStatus: 'lost' });
      return { kind: 'lost' };
    }
    // Placed after a reminder went: recovered. The store said so without naming the order (an order read
    // by the poll, which Admin GraphQL does not tie to its checkout): the completed checkout's total is the
    // order's value when placed, until an order read that names this checkout (./recovered-orders.ts) sets its own.
    if (checkout.completedAt >= orderTimeFloor(checkout.firstReminderAt!) && (await reminderWentBy(db, checkout, checkout.completedAt))) {
      await mark(db, checkout.id, {
        recoveryStatus: 'recovered',
        recoveryReason: null,
        recoveredAt: checkout.completedAt,
        ...(checkout.totalMinor !== null && checkout.currency
          ? { recoveredValueMinor: checkout.totalMinor, recoveredCurrency: checkout.currency }
          : {}),
      });
      return { kind: 'recovered' };
    }
    // A reminder was asked for, but the order came before Meta took one (the sender refuses it then): it stopped them.
    await mark(db, checkout.id, { recoveryReason: 'order_placed' });
    return { kind: 'stopped', reason: 'order_placed' };
  }

  const base = checkout.shopifyUpdatedAt;
  if (sent >= flow.steps.length || (sent > 0 && !flow.steps[sent])) {
    if (attributionEnds !== null && now.getTime() < attributionEnds) return { kind: 'later', at: new Date(attributionEnds) };
    await mark(db, checkout.id, { recoveryStatus: 'lost' });
    return { kind: 'lost' };
  }

  // Not abandoned yet: the shopper may still be at it.
  const firstDelay = flow.steps[0]?.delayMinutes ?? 0;
  const abandoned = abandonedAt({ updatedAt: base, completedAt: null, phone: checkout.phone }, firstDelay, timeScale);
  if (abandoned && now < abandoned && sent === 0) return { kind: 'later', at: abandoned };

  const step = flow.steps[sent]!;
  const phone = checkout.phone ? readContactPhone(checkout.phone) : null;
  const facts = await runFacts(db, { checkout, flow, step, phone: phone?.ok ? phone.phone : null, now });
  const { category } = facts;
  const purpose = category === 'UTILITY' ? 'utility' : 'marketing';

  let contact = facts.contact;
  // The store's own record of the shopper's consent to its marketing texts counts as their opt-in.
  if (phone?.ok && checkout.acceptsSmsMarketing && sent === 0 && (contact?.marketing ?? 'not_subscribed') === 'not_subscribed') {
    const recorded = await contacts.recordOptIn(
      checkout.uid,
      phone.phone,
      'marketing',
      'store_checkout',
      checkout.startedAt.toISOString(),
      {
        language: shopperLanguage(undefined, checkout.locale, phone.country),
      },
    );
    if (recorded) {
      const { language, consent } = recorded.contact;
      contact = { language, utility: consent.utility.status, marketing: consent.marketing.status };
    }
  }

  if (sent === 0) {
    if (facts.givesWay) return { kind: 'gave_way' };
    const skipped = skipReason({
      flow,
      checkout: { updatedAt: base, phone: phone?.ok ? phone.phone : null, totalMinor: checkout.totalMinor ?? 0 },
      consented: contact?.[purpose] === 'subscribed',
      lastRecoveryStartedAt: facts.lastRecoveryStartedAt,
      now,
    });
    if (skipped) {
      await mark(db, checkout.id, { recoveryStatus: 'skipped', recoveryReason: skipped });
      return { kind: 'skipped', reason: skipped };
    }
  }
  if (!phone?.ok || !flow.channelId) return { kind: 'closed' }; // skipReason said so already

  const zone = shopperTimeZone(phone.phone, checkout.accountZone ?? DEFAULT_ZONE);
  const sendAt = reminderSendAt(base, sent, flow, zone, timeScale);
  const stopped = stopReason({
    orderPlaced: false,
    shopperReplied: facts.wrote,
    unsubscribed: contact?.[purpose] === 'unsubscribed',
    flowOff: !flow.enabled,
    templateApproved: category !== null,
  });
  // What the shopper did stops the reminders at once (a message of theirs wakes this run); what the
  // merchant may still set right (the flow off, a template in review) is looked at when one is due.
  const byShopper = stopped === 'shopper_replied' || stopped === 'unsubscribed';
  if (now < sendAt && !byShopper) return { kind: 'later', at: sendAt };
  if (stopped) {
    await mark(db, checkout.id, {
      recoveryStatus: stopped === 'unsubscribed' ? 'opted_out' : sent > 0 ? 'reminded' : 'skipped',
      recoveryReason: stopped,
    });
    return { kind: 'stopped', reason: stopped };
  }
  let discount: MadeDiscount | null = null;
  if (step.discount) {
    const made = await madeDiscount({ db, secrets }, checkout, sent + 1, step.discount, now);
    if ('failed' in made) return { kind: 'discount_failed', step: sent + 1, reason: made.failed };
    discount = made;
  }

  // The recovery's ref rides the link; it is kept with the reminder asked for and the checkout marked reminded, in one
  // statement: a run that dies before it asked for nothing and kept nothing, and the next draws afresh.
  const recoveryRef = checkout.recoveryRef ?? newRecoveryRef();
  checkout.recoveryRef = recoveryRef;
  const language = shopperLanguage(contact?.language, checkout.locale, phone.country);
  const reminded = db
    .update(storeCheckouts)
    .set({
      recoveryRef,
      recoveryStatus: 'reminded',
      recoveryReason: null,
      remindersSent: sent + 1,
      firstReminderAt: checkout.firstReminderAt ?? now,
      lastReminderAt: now,
    } satisfies Mark)
    // Recovered meanwhile: nothing is noted (the sender refuses the reminder at its turn: ./reminder-sends.ts).
    .where(unrecovered(checkout.id));
  // The next run is the next step's time (or the window's end): no run in between only to find it.
  const next = flow.steps[sent + 1]
    ? reminderSendAt(base, sent + 1, flow, zone, timeScale)
    : new Date(now.getTime() + RECOVERY_ATTRIBUTION_DAYS * DAY_MS);
  const release = settling ? [settling.releaseSql(next.getTime() - now.getTime())] : [];
  await sender.enqueueAlongside(
    {
      uid: checkout.uid,
      channelId: flow.channelId,
      sendKey: reminderSendKey(checkout.id, sent + 1),
      purpose: RECOVERY_PURPOSE,
      templateName: step.templateName!,
      language: localeTemplateLanguages[language],
      recipient: phone.phone,
      variables: Object.fromEntries(
        Object.entries(step.variables).map(([variable, source]) => [variable, valueOf(source, checkout, language, discount)]),
      ),
    },
    [reminded.getSQL(), ...release],
  );
  return { kind: 'sent', step: sent + 1, next, ...(settling ? { released: true as const } : {}) };
}

/** How long a reminder waits for its store to make its discount code before it is tried again. */
const DISCOUNT_WAIT_MS = 5 * MINUTE_MS;

/** What a run's outcome asks of the queue: done, or run again (the next reminder's time). */
export function jobOutcomeOf(outcome: RecoveryOutcome, now: Date): JobOutcome {
  switch (outcome.kind) {
    case 'later':
      return { againInMs: Math.max(0, outcome.at.getTime() - now.getTime()) };
    case 'sent':
      return { againInMs: Math.max(0, outcome.next.getTime() - now.getTime()), ...(outcome.released ? { released: true } : {}) };
    case 'discount_failed':
      return { againInMs: DISCOUNT_WAIT_MS };
    default:
      return 'done';
  }
}

export type RecoveryWorkerOptions = RecoveryDependencies & {
  log: WorkerLog;
  concurrency?: number;
  pollMs?: number;
  /** A send was asked for (the process's sender worker may look at once). */
  onAsked?: () => void;
};

export function checkoutRecoveryWorker({ log, concurrency = 2, pollMs, onAsked, ...dependencies }: RecoveryWorkerOptions): QueueWorker {
  const now = dependencies.now ?? (() => new Date());
  return queueWorker({
    db: dependencies.db,
    name: 'checkout-recovery',
    queues: [RECOVERY_QUEUE],
    log,
    concurrency,
    ...(pollMs === undefined ? {} : { pollMs }),
    handle: async (job: Job, _signal, settling) => {
      const outcome = await recoverCheckout(dependencies, Number(job.payload.checkoutId), settling);
      if (outcome.kind === 'sent') onAsked?.();
      if (outcome.kind !== 'later') log.info({ job: job.id, checkoutId: job.payload.checkoutId, ...outcome }, 'checkout recovery');
      return jobOutcomeOf(outcome, now());
    },
  });
}
