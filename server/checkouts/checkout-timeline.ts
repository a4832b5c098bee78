// One checkout's timeline for the Checkouts screen (GET /api/v1/checkouts/:id): what the shopper did,
// what recovery decided, each reminder as the sender records its delivery, the discount code made for
// it, and how it ended — from the checkout's recovery state and its reminders' sends, nothing invented.
// A skip or a stop has no recorded moment: it sits after what led to it, with a null time. The moment
// it counted as abandoned follows the worker's clock: the flow's first delay at DEMO_TIME_SCALE.
import {
  RECOVERY_ATTRIBUTION_DAYS,
  scaledMinutesMs,
  skipReasons,
  stopReasons,
  type SkipReason,
  type StopReason,
} from '@/domain/checkout-recovery';
import type { CheckoutTimelineEvent } from '@/domain/checkout-list';
import type { RecordedSend } from '../messaging/messaging-queries';
import type { storeCheckouts } from './checkout-tables';

const DAY_MS = 24 * 60 * 60_000;

export type TimelineCheckout = Pick<
  typeof storeCheckouts.$inferSelect,
  | 'startedAt'
  | 'shopifyUpdatedAt'
  | 'completedAt'
  | 'recoveryStatus'
  | 'recoveryReason'
  | 'remindersSent'
  | 'firstReminderAt'
  | 'lastReminderAt'
  | 'discountCode'
  | 'discountStep'
>;

const isSkipReason = (reason: string): reason is SkipReason => (skipReasons as readonly string[]).includes(reason);
const isStopReason = (reason: string): reason is StopReason => (stopReasons as readonly string[]).includes(reason);

/**
 * The checkout's events in time order. `firstDelayMinutes`: its inventory's flow's first delay (when
 * a checkout counts as abandoned); `sends`: its reminders' sends by step (1-based); `timeScale`:
 * DEMO_TIME_SCALE, which the recovery worker divides the delay by (1 but in a demo).
 */
export function checkoutTimeline(
  checkout: TimelineCheckout,
  firstDelayMinutes: number,
  sends: ReadonlyMap<number, RecordedSend>,
  timeScale = 1,
): CheckoutTimelineEvent[] {
  // Each event in the order it happened, with the instant it sorts by: its own, else the one before it.
  const events: { event: CheckoutTimelineEvent; sortAt: number }[] = [];
  const add = (event: CheckoutTimelineEvent) => {
    const sortAt = event.at === null ? (events.at(-1)?.sortAt ?? 0) : Date.parse(event.at);
    events.push({ event, sortAt });
  };

  add({ kind: 'started', at: checkout.startedAt.toISOString() });
  if (checkout.shopifyUpdatedAt.getTime() !== checkout.startedAt.getTime())
    add({ kind: 'last_activity', at: checkout.shopifyUpdatedAt.toISOString() });

  const sent = checkout.remindersSent;
  const reason = checkout.recoveryReason;
  if (checkout.recoveryStatus !== 'waiting') {
    let abandoned = checkout.shopifyUpdatedAt.getTime() + scaledMinutesMs(firstDelayMinutes, timeScale);
    // The flow's first delay may have changed since: the first reminder went once it was abandoned.
    if (checkout.firstReminderAt) abandoned = Math.min(abandoned, checkout.firstReminderAt.getTime());
    add({ kind: 'abandoned', at: new Date(abandoned).toISOString() });
  }
  if (sent === 0 && reason !== null) {
    if (isSkipReason(reason)) add({ kind: 'skipped', at: null, reason });
    else if (isStopReason(reason)) add({ kind: 'stopped', at: null, reason });
  }

  for (const [step, send] of [...sends.entries()].sort(([a], [b]) => a - b)) {
    const askedAt = send.askedAt.toISOString();
    // The code is made in the store just before its reminder is asked for.
    if (checkout.discountCode && checkout.discountStep === step)
      add({ kind: 'discount_code', at: askedAt, step, code: checkout.discountCode });
    add({
      kind: 'reminder',
      at: send.sentAt?.toISOString() ?? askedAt,
      step,
      templateName: send.templateName,
      language: send.language,
      status: send.status,
      reason: send.reason,
      costMicros: send.costMicros,
      askedAt,
      sentAt: send.sentAt?.toISOString() ?? null,
    });
  }

  if (sent > 0 && reason !== null && isStopReason(reason)) add({ kind: 'stopped', at: null, reason });
  if (checkout.recoveryStatus === 'lost' && checkout.lastReminderAt)
    add({ kind: 'lost', at: new Date(checkout.lastReminderAt.getTime() + RECOVERY_ATTRIBUTION_DAYS * DAY_MS).toISOString() });
  // Recovered without a completion time: an order recovery matched otherwise (its ref) — the event, its moment unknown.
  if (checkout.recoveryStatus === 'recovered') add({ kind: 'recovered', at: checkout.completedAt?.toISOString() ?? null });
  else if (checkout.completedAt) add({ kind: 'completed', at: checkout.completedAt.toISOString() });

  // A stable sort: events of the same instant keep the order they happened in.
  return events.sort((a, b) => a.sortAt - b.sortAt).map(({ event }) => event);
}
