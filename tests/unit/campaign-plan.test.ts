// The campaign planner's arithmetic (domain/campaign.ts), on fixed instants: how many days the
// messaging limit spreads a campaign over, when each contact's message is due (a day's sends at most
// the limit, out of the shopper's quiet hours on their own clock, across a DST change), a wall-clock
// time in the account's zone read as an instant, the schedule's refusals, and the status shown.
import { describe, expect, test } from 'vitest';
import {
  campaignOfSendKey,
  campaignPaceOffsetMs,
  campaignSendDueAt,
  campaignSendKey,
  campaignStart,
  instantOfLocalTime,
  shownCampaignStatus,
  spreadDays,
} from '@/domain/campaign';

const at = (iso: string) => new Date(iso);

describe('the spread', () => {
  test('days under the limit: a tier of 2,000 takes 5,400 contacts over 3 days', () => {
    expect(spreadDays(5_400, 2_000)).toBe(3);
    expect(spreadDays(2_000, 2_000)).toBe(1);
    expect(spreadDays(2_001, 2_000)).toBe(2);
    expect(spreadDays(0, 250)).toBe(1);
    expect(spreadDays(1_000_000, null)).toBe(1);
  });

  test('each day takes the limit, the next ones the rest, a day apart', () => {
    // 14:00 in São Paulo: outside the quiet hours.
    const startsAt = at('2026-12-02T17:00:00Z');
    const due = (index: number) => campaignSendDueAt({ startsAt, index, limit: 2_000, timeZone: 'America/Sao_Paulo' }).toISOString();
    expect(due(0)).toBe('2026-12-02T17:00:00.000Z');
    expect(due(1_999)).toBe('2026-12-02T17:00:00.000Z');
    expect(due(2_000)).toBe('2026-12-03T17:00:00.000Z');
    expect(due(5_399)).toBe('2026-12-04T17:00:00.000Z');
    // Unlimited: everyone at the start.
    expect(campaignSendDueAt({ startsAt, index: 99_999, limit: null, timeZone: 'America/Sao_Paulo' }).toISOString()).toBe(
      '2026-12-02T17:00:00.000Z',
    );
  });

  test("at a pace, a day's sends follow one another, each day's first at the day's start, after the quiet hours", () => {
    const startsAt = at('2026-12-02T17:00:00Z');
    const due = (index: number, limit: number | null) =>
      campaignSendDueAt({ startsAt, index, limit, timeZone: 'America/Sao_Paulo', paceMs: 12.75 }).toISOString();
    expect(due(0, 2_000)).toBe('2026-12-02T17:00:00.000Z');
    expect(due(1, 2_000)).toBe('2026-12-02T17:00:00.012Z');
    expect(due(80, 2_000)).toBe('2026-12-02T17:00:01.020Z');
    expect(due(2_000, 2_000)).toBe('2026-12-03T17:00:00.000Z');
    expect(due(2_001, 2_000)).toBe('2026-12-03T17:00:00.012Z');
    // Unlimited: the 100,000th 21 minutes after the start.
    expect(due(99_999, null)).toBe('2026-12-02T17:21:14.987Z');
    expect(campaignPaceOffsetMs(160, null, 12.75)).toBe(2_040);
    // A start in the quiet hours: the morning's first at 09:00, the rest after it.
    const night = at('2026-12-03T01:30:00Z');
    expect(campaignSendDueAt({ startsAt: night, index: 2, limit: 250, timeZone: 'America/Sao_Paulo', paceMs: 12.75 }).toISOString()).toBe(
      '2026-12-03T12:00:00.025Z',
    );
  });

  test("out of the quiet hours on the shopper's clock, not the merchant's", () => {
    // 22:30 in São Paulo is 02:30 in Madrid (both quiet: 09:00 each), 17:30 in Los Angeles (not quiet).
    const startsAt = at('2026-12-03T01:30:00Z');
    const due = (timeZone: string) => campaignSendDueAt({ startsAt, index: 0, limit: 250, timeZone }).toISOString();
    expect(due('America/Sao_Paulo')).toBe('2026-12-03T12:00:00.000Z');
    expect(due('Europe/Madrid')).toBe('2026-12-03T08:00:00.000Z');
    expect(due('America/Los_Angeles')).toBe('2026-12-03T01:30:00.000Z');
    // No quiet hours: at once.
    expect(campaignSendDueAt({ startsAt, index: 0, limit: 250, timeZone: 'America/Sao_Paulo', quietHours: null }).toISOString()).toBe(
      '2026-12-03T01:30:00.000Z',
    );
  });
});

describe('the schedule', () => {
  test("a wall-clock time in the account's zone, across a DST change", () => {
    expect(instantOfLocalTime('2026-12-24T10:00', 'America/Sao_Paulo')?.toISOString()).toBe('2026-12-24T13:00:00.000Z');
    expect(instantOfLocalTime('2026-12-24 10:00', 'Europe/Madrid')?.toISOString()).toBe('2026-12-24T09:00:00.000Z');
    // Madrid in summer time (UTC+2) and the day after the clocks went back (UTC+1).
    expect(instantOfLocalTime('2026-10-24T10:00', 'Europe/Madrid')?.toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(instantOfLocalTime('2026-10-26T10:00', 'Europe/Madrid')?.toISOString()).toBe('2026-10-26T09:00:00.000Z');
    for (const wrong of ['2026-02-30T10:00', '2026-12-24T24:00', 'tomorrow', '2026-12-24'])
      expect(instantOfLocalTime(wrong, 'America/Sao_Paulo')).toBeNull();
  });

  test('now, a time ahead, or refused: past, too far, not a time', () => {
    const now = at('2026-12-02T17:00:00Z');
    expect(campaignStart({ kind: 'now' }, 'America/Sao_Paulo', now)).toEqual({ ok: true, startsAt: now });
    expect(campaignStart({ kind: 'at', localTime: '2026-12-05T09:30' }, 'America/Sao_Paulo', now)).toEqual({
      ok: true,
      startsAt: at('2026-12-05T12:30:00Z'),
    });
    const refusal = (localTime: string) => {
      const start = campaignStart({ kind: 'at', localTime }, 'America/Sao_Paulo', now);
      return start.ok ? null : start.error.id;
    };
    expect(refusal('2026-12-02T13:00')).toBe('campaign.time_past');
    expect(refusal('2027-03-10T10:00')).toBe('campaign.time_too_far');
    expect(refusal('soon')).toBe('campaign.time_invalid');
    // A time within the last minute (typed as the clock turned) starts now.
    expect(campaignStart({ kind: 'at', localTime: '2026-12-02T14:00' }, 'America/Sao_Paulo', at('2026-12-02T17:00:30Z'))).toEqual({
      ok: true,
      startsAt: at('2026-12-02T17:00:30Z'),
    });
  });
});

test('the status shown: scheduled before its start, sending while any send is open, then finished', () => {
  const now = at('2026-12-02T17:00:00Z');
  expect(shownCampaignStatus('active', at('2026-12-03T12:00:00Z'), 10, now)).toBe('scheduled');
  expect(shownCampaignStatus('active', now, 10, now)).toBe('sending');
  expect(shownCampaignStatus('active', now, 0, now)).toBe('finished');
  expect(shownCampaignStatus('paused', now, 10, now)).toBe('paused');
  expect(shownCampaignStatus('draft', null, 0, now)).toBe('draft');
});

test("a send key names its campaign and contact, and no other purpose's key names a campaign", () => {
  const campaign = '6131c314-1ae7-4808-b3ae-95ed5857bb9f';
  const key = campaignSendKey(campaign, '8c3b8cfc-7700-4d95-b507-439f04db8312');
  expect(campaignOfSendKey(key)).toBe(campaign);
  expect(campaignOfSendKey('recovery:12:1')).toBeNull();
});
