// Meta's sending limits as the template sender plans with them (server/messaging/messaging-limit.ts):
// Graph's messaging limit tiers and a portfolio's limit from its numbers' tiers; the moving 24-hour
// plan (who may go now, who waits and until when, people already reached or in a service window not
// counted again); and a number's throughput as a token bucket over an injected clock.
import { describe, expect, test } from 'vitest';
import {
  COEXISTENCE_THROUGHPUT,
  HIGH_THROUGHPUT,
  MESSAGING_LIMIT_WINDOW_MS,
  STANDARD_THROUGHPUT,
  STARTING_MESSAGING_LIMIT,
  messagingLimitOf,
  planMessagingLimit,
  planSendWindow,
  PACE_WINDOW_MS,
  portfolioMessagingLimit,
  throughputOf,
  type QueuedSend,
  type Reach,
} from '@/server/messaging/messaging-limit';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 60 * 60 * 1000;
const reach = (recipient: string, msAgo: number): Reach => ({ recipient, at: ago(msAgo) });
const send = (recipient: string, inServiceWindow?: boolean): QueuedSend => ({ recipient, key: `notice:${recipient}`, inServiceWindow });
const keys = (sends: readonly QueuedSend[]) => sends.map((queued) => queued.key);

describe('messaging limit tiers', () => {
  test('Graph tiers stand for unique people per 24 hours; unlimited is Infinity', () => {
    expect(messagingLimitOf('TIER_250')).toBe(250);
    expect(messagingLimitOf('TIER_2K')).toBe(2_000);
    expect(messagingLimitOf('TIER_10K')).toBe(10_000);
    expect(messagingLimitOf('TIER_100K')).toBe(100_000);
    expect(messagingLimitOf('TIER_UNLIMITED')).toBe(Number.POSITIVE_INFINITY);
    expect(messagingLimitOf('TIER_1K')).toBe(1_000);
    expect(messagingLimitOf('TIER_50')).toBe(50);
    expect(messagingLimitOf('tier_2k')).toBe(2_000);
  });

  test('a missing or unknown tier counts as a new portfolio’s limit', () => {
    for (const tier of [null, undefined, '', 'TIER_5M']) expect(messagingLimitOf(tier)).toBe(STARTING_MESSAGING_LIMIT);
    expect(STARTING_MESSAGING_LIMIT).toBe(250);
  });

  test('a portfolio’s limit is the highest known tier among its numbers', () => {
    expect(portfolioMessagingLimit(['TIER_2K', 'TIER_100K', 'TIER_250'])).toBe(100_000);
    expect(portfolioMessagingLimit(['TIER_10K', null, 'SOMETHING_NEW'])).toBe(10_000);
    expect(portfolioMessagingLimit(['TIER_2K', 'TIER_UNLIMITED'])).toBe(Number.POSITIVE_INFINITY);
    expect(portfolioMessagingLimit([])).toBe(250);
    expect(portfolioMessagingLimit([null, 'SOMETHING_NEW'])).toBe(250);
  });
});

describe('the moving 24-hour plan', () => {
  test('new people take the free slots in queue order; the rest wait', () => {
    const plan = planMessagingLimit({ limit: 3, reached: [reach('a', HOUR)], queued: [send('b'), send('c'), send('d'), send('e')], now });
    expect(keys(plan.sendNow)).toEqual(['notice:b', 'notice:c']);
    expect(keys(plan.waiting)).toEqual(['notice:d', 'notice:e']);
    expect(plan.used).toBe(3);
    // The slot opens when 'a', reached an hour ago, leaves the window.
    expect(plan.nextSlotAt).toEqual(new Date(now.getTime() - HOUR + MESSAGING_LIMIT_WINDOW_MS));
  });

  test('a person already reached in the window goes at once and does not count again, even at the limit', () => {
    const plan = planMessagingLimit({
      limit: 2,
      reached: [reach('a', HOUR), reach('b', 2 * HOUR), reach('a', 3 * HOUR)],
      queued: [send('c'), send('a'), send('b'), send('a')],
      now,
    });
    expect(keys(plan.sendNow)).toEqual(['notice:a', 'notice:b', 'notice:a']);
    expect(keys(plan.waiting)).toEqual(['notice:c']);
    expect(plan.used).toBe(2);
  });

  test('two queued sends to one new person take one slot', () => {
    const plan = planMessagingLimit({ limit: 1, reached: [], queued: [send('a'), send('a'), send('b')], now });
    expect(keys(plan.sendNow)).toEqual(['notice:a', 'notice:a']);
    expect(keys(plan.waiting)).toEqual(['notice:b']);
    expect(plan.nextSlotAt).toEqual(new Date(now.getTime() + MESSAGING_LIMIT_WINDOW_MS));
  });

  test('a send inside an open service window goes without taking a slot', () => {
    const plan = planMessagingLimit({ limit: 1, reached: [reach('a', HOUR)], queued: [send('z', true), send('b')], now });
    expect(keys(plan.sendNow)).toEqual(['notice:z']);
    expect(keys(plan.waiting)).toEqual(['notice:b']);
    expect(plan.used).toBe(1);
  });

  test('a reach leaves the window exactly 24 hours after it; a person leaves 24 hours after their last reach', () => {
    const reached = [reach('old', MESSAGING_LIMIT_WINDOW_MS), reach('a', MESSAGING_LIMIT_WINDOW_MS - 1)];
    const plan = planMessagingLimit({ limit: 1, reached, queued: [send('old'), send('b')], now });
    // 'old' is out of the window, so it is a new person, and 'a' still fills the only slot.
    expect(keys(plan.waiting)).toEqual(['notice:old', 'notice:b']);
    expect(plan.nextSlotAt).toEqual(new Date(now.getTime() + 1));

    const twice = [reach('a', 20 * HOUR), reach('a', 2 * HOUR)];
    const later = planMessagingLimit({ limit: 1, reached: twice, queued: [send('b')], now });
    expect(later.nextSlotAt).toEqual(new Date(now.getTime() - 2 * HOUR + MESSAGING_LIMIT_WINDOW_MS));
  });

  test('over a limit that went down, the slot opens once enough people have left', () => {
    const reached = [reach('a', 20 * HOUR), reach('b', 10 * HOUR), reach('c', 5 * HOUR), reach('d', HOUR)];
    const plan = planMessagingLimit({ limit: 2, reached, queued: [send('e')], now });
    expect(plan.sendNow).toEqual([]);
    expect(plan.used).toBe(4);
    // Four in the window for two slots: one opens when three have left, the third at 'c'.
    expect(plan.nextSlotAt).toEqual(new Date(now.getTime() - 5 * HOUR + MESSAGING_LIMIT_WINDOW_MS));
  });

  test('an unlimited portfolio sends everything; nothing waiting means no next slot', () => {
    const queued = Array.from({ length: 500 }, (_, i) => send(`p${i}`));
    const plan = planMessagingLimit({ limit: Number.POSITIVE_INFINITY, reached: [reach('a', HOUR)], queued, now });
    expect(plan.sendNow).toHaveLength(500);
    expect(plan.waiting).toEqual([]);
    expect(plan.nextSlotAt).toBeNull();
    expect(plan.used).toBe(501);
  });

  test('a limit of zero holds everything, with no slot ever opening', () => {
    const plan = planMessagingLimit({ limit: 0, reached: [], queued: [send('a')], now });
    expect(keys(plan.waiting)).toEqual(['notice:a']);
    expect(plan.nextSlotAt).toBeNull();
  });
});

describe('throughput', () => {
  test('a number’s rate from its Graph fields', () => {
    expect(throughputOf({ level: 'STANDARD' })).toBe(STANDARD_THROUGHPUT);
    expect(throughputOf({})).toBe(80);
    expect(throughputOf({ level: 'HIGH' })).toBe(HIGH_THROUGHPUT);
    expect(HIGH_THROUGHPUT).toBe(1_000);
    expect(throughputOf({ level: 'HIGH', onBusinessApp: true })).toBe(COEXISTENCE_THROUGHPUT);
    expect(COEXISTENCE_THROUGHPUT).toBe(20);
  });

  test('an empty window lets the rate go at once; the next goes when the first is a window old', () => {
    const first = planSendWindow({ ratePerSecond: 80, window: null, now, wanted: 200 });
    expect(first.allowed).toBe(80);
    expect(first.window).toEqual(Array.from({ length: 80 }, () => now.getTime()));
    // The rest wait their places: 80 at a window from now, 40 at two windows.
    expect(first.waits).toHaveLength(120);
    expect(first.waits.slice(0, 80).every((wait) => wait === PACE_WINDOW_MS)).toBe(true);
    expect(first.waits.slice(80).every((wait) => wait === 2 * PACE_WINDOW_MS)).toBe(true);

    const soon = planSendWindow({ ratePerSecond: 80, window: first.window, now: new Date(now.getTime() + PACE_WINDOW_MS - 1), wanted: 5 });
    expect(soon.allowed).toBe(0);
    expect(soon.waits).toEqual([1, 1, 1, 1, 1]);
    expect(
      planSendWindow({ ratePerSecond: 80, window: first.window, now: new Date(now.getTime() + PACE_WINDOW_MS), wanted: 5 }).allowed,
    ).toBe(5);
  });

  test('sends spread over the window free their places one by one', () => {
    // One send every 10 ms for 800 ms: the window is full; the next place is the oldest's, a window later.
    const window = Array.from({ length: 80 }, (_, index) => now.getTime() + index * 10);
    const at = new Date(now.getTime() + 800);
    const plan = planSendWindow({ ratePerSecond: 80, window, now: at, wanted: 3 });
    expect(plan.allowed).toBe(0);
    expect(plan.waits).toEqual([PACE_WINDOW_MS - 800, PACE_WINDOW_MS - 790, PACE_WINDOW_MS - 780]);
  });

  test('over any run of turns, no span of the window holds more than the rate, however the turns fall', () => {
    // A backlog asked at uneven times (a sender that falls behind and catches up): the admissions never crowd a window.
    let window: number[] | null = null;
    const admitted: number[] = [];
    let ms = 0;
    for (let turn = 0; turn < 2_000; turn++) {
      ms += [1, 7, 3, 250, 13, 2, 400, 5][turn % 8]!;
      const at = now.getTime() + ms;
      const plan = planSendWindow({ ratePerSecond: 80, window, now: new Date(at), wanted: 1_000 });
      for (let index = 0; index < plan.allowed; index++) admitted.push(at);
      window = plan.window;
      expect(window.length).toBeLessThanOrEqual(80);
    }
    for (let index = 80; index < admitted.length; index++)
      expect(admitted[index]! - admitted[index - 80]!).toBeGreaterThanOrEqual(PACE_WINDOW_MS);
  });

  test('a sender that comes back when told sends the rate in every window', () => {
    let window: number[] | null = null;
    let at = now.getTime();
    let admitted = 0;
    for (let turn = 0; turn < 100; turn++) {
      const plan = planSendWindow({ ratePerSecond: 80, window, now: new Date(at), wanted: 1_000 });
      admitted += plan.allowed;
      window = plan.window;
      at += plan.waits[0]!;
    }
    // 100 turns a window apart: 80 each.
    expect(admitted).toBe(8_000);
    expect(at - now.getTime()).toBe(100 * PACE_WINDOW_MS);
  });

  test('fewer wanted than places keeps the rest for later', () => {
    const some = planSendWindow({ ratePerSecond: 1_000, window: null, now, wanted: 10 });
    expect(some).toEqual({ allowed: 10, window: Array.from({ length: 10 }, () => now.getTime()), waits: [] });
    expect(planSendWindow({ ratePerSecond: 80, window: some.window, now, wanted: 70 }).allowed).toBe(70);
  });

  test('a time stored ahead of this clock counts as now', () => {
    const ahead = Array.from({ length: 80 }, () => now.getTime() + 5_000);
    const plan = planSendWindow({ ratePerSecond: 80, window: ahead, now, wanted: 1 });
    expect(plan.allowed).toBe(0);
    expect(plan.waits).toEqual([PACE_WINDOW_MS]);
  });

  test('a rate that is not a positive whole number is refused', () => {
    for (const rate of [0, -80, 76.5, Number.NaN]) {
      expect(() => planSendWindow({ ratePerSecond: rate, window: null, now, wanted: 1 })).toThrow(RangeError);
    }
  });
});
