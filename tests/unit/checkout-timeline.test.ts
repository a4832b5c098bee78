// A checkout's timeline puts "counted as abandoned" where the recovery worker counts it: the checkout's
// last activity plus its flow's first delay on the worker's clock, so with DEMO_TIME_SCALE the delay
// shrinks as the worker's does (60: the hour's delay is a minute), never an hour ahead of the rest.
import { describe, expect, test } from 'vitest';
import { abandonedAt } from '@/domain/checkout-recovery';
import { checkoutTimeline, type TimelineCheckout } from '@/server/checkouts/checkout-timeline';

const lastActivity = new Date('2026-11-10T15:00:00.000Z');

const skipped: TimelineCheckout = {
  startedAt: new Date('2026-11-10T14:58:00.000Z'),
  shopifyUpdatedAt: lastActivity,
  completedAt: null,
  recoveryStatus: 'skipped',
  recoveryReason: 'no_consent',
  remindersSent: 0,
  firstReminderAt: null,
  lastReminderAt: null,
  discountCode: null,
  discountStep: null,
};

const abandonedEvent = (timeScale?: number) =>
  checkoutTimeline(skipped, 60, new Map(), timeScale).find((event) => event.kind === 'abandoned');

describe("a checkout's timeline", () => {
  test('counts a skipped checkout abandoned at its last activity plus the first delay, at the real clock', () => {
    expect(abandonedEvent()).toEqual({ kind: 'abandoned', at: '2026-11-10T16:00:00.000Z' });
  });

  test('at DEMO_TIME_SCALE the first delay is scaled as the worker scales it (60: a minute, not an hour)', () => {
    expect(abandonedEvent(60)).toEqual({ kind: 'abandoned', at: '2026-11-10T15:01:00.000Z' });
    // The worker's own rule (domain/checkout-recovery.ts abandonedAt) gives the same moment.
    const workers = abandonedAt({ updatedAt: lastActivity, completedAt: null, phone: '+5511987654321' }, 60, 60);
    expect(abandonedEvent(60)?.at).toBe(workers?.toISOString());
  });

  test('keeps the events in order: the skip follows the scaled abandonment', () => {
    expect(checkoutTimeline(skipped, 60, new Map(), 60).map((event) => [event.kind, event.at])).toEqual([
      ['started', '2026-11-10T14:58:00.000Z'],
      ['last_activity', '2026-11-10T15:00:00.000Z'],
      ['abandoned', '2026-11-10T15:01:00.000Z'],
      ['skipped', null],
    ]);
  });
});
