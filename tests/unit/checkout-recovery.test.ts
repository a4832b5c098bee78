// Checkout recovery's shared rules (domain/checkout-recovery.ts) as the screen, the API and the
// scheduler rely on them: the wire values; the flow's schema, its ready-made default and each of
// its refusals at its field; when a checkout counts as abandoned and when each reminder is due;
// quiet hours on the shopper's wall clock, across midnight and across DST changes (São Paulo's
// 2018 midnight jump, Lisbon's spring gap and autumn overlap, Manaus without DST); which checkouts
// are skipped and why, and which reason stops the reminders. Every instant is fixed: no wall clock.
import { describe, expect, test } from 'vitest';
import {
  abandonedAt,
  checkoutRecoveryStateSchema,
  checkoutSources,
  checkoutStatuses,
  clockMinutes,
  defaultRecoveryFlow,
  defaultRecoveryValueSource,
  enabledAtAfterSave,
  isAbandoned,
  outOfQuietHours,
  recoveryFlowRefusals as r,
  recoveryFlowRefusalsOf,
  recoveryFlowSchema,
  recoveryValueSources,
  reminderSendAt,
  skipReason,
  skipReasons,
  stepDueAt,
  stopReason,
  stopReasons,
  type QuietHours,
  type RecoveryFlow,
  type SkipFacts,
  type StopFacts,
} from '@/domain/checkout-recovery';
import { templateVariables } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';

const at = (iso: string) => new Date(iso);
const CHANNEL = '2b1f0c3e-8a4d-4f6b-9c2e-1d3a5b7c9e0f';

/** A flow switched on, with a number: the default otherwise. */
const onFlow = (change: (flow: RecoveryFlow) => void = () => {}): RecoveryFlow => {
  const flow: RecoveryFlow = { ...defaultRecoveryFlow(), enabled: true, enabledAt: '2025-06-01T12:00:00.000Z', channelId: CHANNEL };
  change(flow);
  return flow;
};

describe('vocabulary', () => {
  test('the wire values stay as the list, the API and stored rows spell them', () => {
    expect(checkoutSources).toEqual(['store', 'cart_page', 'whatsapp_cart']);
    expect(checkoutStatuses).toEqual(['waiting', 'reminded', 'recovered', 'lost', 'opted_out', 'skipped']);
    expect(skipReasons).toEqual(['no_consent', 'no_phone', 'below_minimum', 'recently_recovered', 'before_flow_on', 'flow_off']);
    expect(stopReasons).toEqual(['order_placed', 'shopper_replied', 'unsubscribed', 'flow_off', 'template_not_approved']);
    expect(recoveryValueSources).toEqual([
      'first_name',
      'products',
      'total',
      'checkout_url',
      'store_name',
      'discount_code',
      'discount_value',
    ]);
  });

  test("a list status keeps the reminder's number beside 'reminded' and the reason beside 'skipped'", () => {
    expect(checkoutRecoveryStateSchema.parse({ status: 'reminded', step: 2 })).toEqual({ status: 'reminded', step: 2 });
    expect(checkoutRecoveryStateSchema.safeParse({ status: 'reminded', step: 0 }).success).toBe(false);
    expect(checkoutRecoveryStateSchema.safeParse({ status: 'reminded' }).success).toBe(false);
    expect(checkoutRecoveryStateSchema.parse({ status: 'skipped', reason: 'no_consent' })).toEqual({
      status: 'skipped',
      reason: 'no_consent',
    });
    expect(checkoutRecoveryStateSchema.safeParse({ status: 'skipped', reason: 'bored' }).success).toBe(false);
    expect(checkoutRecoveryStateSchema.safeParse({ status: 'abandoned' }).success).toBe(false);
  });

  test("variables fill from the obvious source by name; other names wait for the merchant's choice", () => {
    expect(defaultRecoveryValueSource('first_name')).toBe('first_name');
    expect(defaultRecoveryValueSource('cart_url')).toBe('checkout_url');
    expect(defaultRecoveryValueSource('coupon_code')).toBe('discount_code');
    expect(defaultRecoveryValueSource('discount')).toBe('discount_value');
    expect(defaultRecoveryValueSource('cart_total')).toBe('total');
    expect(defaultRecoveryValueSource('tracking_url')).toBeNull();
    expect(defaultRecoveryValueSource('constructor')).toBeNull();
  });
});

describe('the flow settings', () => {
  test('the default: off, the ready-made reminders at 1 h, 24 h and 72 h, 21:00–09:00 quiet, a code on the last', () => {
    const flow = defaultRecoveryFlow();
    expect(flow.enabled).toBe(false);
    expect(flow.enabledAt).toBeNull();
    expect(flow.steps.map((step) => step.delayMinutes)).toEqual([60, 1440, 4320]);
    expect(flow.steps.map((step) => step.templateName)).toEqual(['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3']);
    expect(flow.steps.map((step) => step.discount)).toEqual([null, null, { kind: 'percentage', value: 10, expiresInHours: 48 }]);
    expect(flow.quietHours).toEqual({ start: '21:00', end: '09:00' });
    expect(flow.minimumCartMinor).toBe(0);
    expect(recoveryFlowSchema.parse(flow)).toEqual(flow);
    // Each call is a fresh flow: a screen editing one does not change the next.
    flow.steps[0]!.variables.first_name = 'store_name';
    expect(defaultRecoveryFlow().steps[0]!.variables.first_name).toBe('first_name');
  });

  test('the default maps every variable of each ready-made reminder, in every language, from its obvious source', () => {
    for (const step of defaultRecoveryFlow().steps) {
      const template = readyMadeTemplate(step.templateName as 'cart_reminder_1');
      for (const content of Object.values(template.draft.languages)) {
        const names = templateVariables(content!);
        expect(Object.keys(step.variables).sort()).toEqual([...names].sort());
        for (const name of names) expect(step.variables[name]).toBe(defaultRecoveryValueSource(name));
      }
    }
  });

  test('the schema takes a flow without discounts named, and refuses what is not one', () => {
    const input = { ...onFlow(), steps: [{ delayMinutes: 60, templateName: 'cart_reminder_1', variables: { first_name: 'first_name' } }] };
    expect(recoveryFlowSchema.parse(input).steps[0]!.discount).toBeNull();
    expect(recoveryFlowSchema.safeParse({ ...input, minimumCartMinor: 1.5 }).success).toBe(false);
    expect(recoveryFlowSchema.safeParse({ ...input, enabledAt: 'yesterday' }).success).toBe(false);
    expect(
      recoveryFlowSchema.safeParse({ ...input, steps: [{ ...input.steps[0], variables: { first_name: 'order_number' } }] }).success,
    ).toBe(false);
    expect(recoveryFlowSchema.safeParse({ ...input, steps: [{ ...input.steps[0], delayMinutes: 60.5 }] }).success).toBe(false);
  });

  test('switching on records the moment; staying on keeps it; switching off clears it', () => {
    const now = at('2025-06-02T10:00:00.000Z');
    expect(enabledAtAfterSave(null, true, now)).toBe('2025-06-02T10:00:00.000Z');
    expect(enabledAtAfterSave({ enabled: false, enabledAt: null }, true, now)).toBe('2025-06-02T10:00:00.000Z');
    expect(enabledAtAfterSave({ enabled: true, enabledAt: '2025-05-01T08:00:00.000Z' }, true, now)).toBe('2025-05-01T08:00:00.000Z');
    expect(enabledAtAfterSave({ enabled: true, enabledAt: '2025-05-01T08:00:00.000Z' }, false, now)).toBeNull();
    expect(enabledAtAfterSave(null, false, now)).toBeNull();
  });
});

describe('refusals by field', () => {
  test('the default switched on with a number holds', () => {
    expect(recoveryFlowRefusalsOf(onFlow())).toEqual({});
  });

  test('one to three steps', () => {
    expect(recoveryFlowRefusalsOf(onFlow((flow) => (flow.steps = [])))).toEqual({ steps: r.stepCount });
    const four = onFlow((flow) => flow.steps.push({ ...flow.steps[0]!, delayMinutes: 5000, variables: {}, discount: null }));
    expect(recoveryFlowRefusalsOf(four)).toEqual({ steps: r.stepCount });
    expect(recoveryFlowRefusalsOf(onFlow((flow) => (flow.steps = flow.steps.slice(0, 1))))).toEqual({});
  });

  test('a delay from 15 minutes to 7 days, at both limits and one past', () => {
    const delays = (first: number, last: number) =>
      onFlow((flow) => {
        flow.steps[0]!.delayMinutes = first;
        flow.steps[2]!.delayMinutes = last;
      });
    expect(recoveryFlowRefusalsOf(delays(15, 10_080))).toEqual({});
    expect(recoveryFlowRefusalsOf(delays(14, 10_081))).toEqual({
      'steps.0.delayMinutes': r.delayOutOfRange,
      'steps.2.delayMinutes': r.delayOutOfRange,
    });
  });

  test('each step later than the one before it', () => {
    const same = onFlow((flow) => (flow.steps[1]!.delayMinutes = 60));
    expect(recoveryFlowRefusalsOf(same)).toEqual({ 'steps.1.delayMinutes': r.delayNotIncreasing });
    const earlier = onFlow((flow) => (flow.steps[2]!.delayMinutes = 1000));
    expect(recoveryFlowRefusalsOf(earlier)).toEqual({ 'steps.2.delayMinutes': r.delayNotIncreasing });
  });

  test('a number and each template, only while the flow is on', () => {
    const missing = (enabled: boolean) =>
      onFlow((flow) => {
        flow.enabled = enabled;
        flow.channelId = null;
        flow.steps[1]!.templateName = null;
      });
    expect(recoveryFlowRefusalsOf(missing(true))).toEqual({ channelId: r.channelMissing, 'steps.1.templateName': r.templateMissing });
    expect(recoveryFlowRefusalsOf(missing(false))).toEqual({});
  });

  test('the code and the discount fill a variable only on a step that has a discount', () => {
    const flow = onFlow((f) => (f.steps[0]!.variables = { first_name: 'first_name', code: 'discount_code', off: 'discount_value' }));
    expect(recoveryFlowRefusalsOf(flow)).toEqual({
      'steps.0.variables.code': r.sourceNeedsDiscount,
      'steps.0.variables.off': r.sourceNeedsDiscount,
    });
    flow.steps[0]!.discount = { kind: 'amount', value: 500, expiresInHours: 24 };
    expect(recoveryFlowRefusalsOf(flow)).toEqual({});
  });

  test('a percentage above 0 and at most 100', () => {
    const percent = (value: number) => recoveryFlowRefusalsOf(onFlow((flow) => (flow.steps[2]!.discount!.value = value)));
    for (const value of [0.5, 10, 100]) expect(percent(value)).toEqual({});
    for (const value of [0, -5, 100.5, 150]) expect(percent(value)).toEqual({ 'steps.2.discount.value': r.percentageOutOfRange });
  });

  test('an amount above zero, in whole minor units', () => {
    const amount = (value: number) =>
      recoveryFlowRefusalsOf(onFlow((flow) => (flow.steps[2]!.discount = { kind: 'amount', value, expiresInHours: 48 })));
    for (const value of [1, 500]) expect(amount(value)).toEqual({});
    for (const value of [0, -100, 10.5]) expect(amount(value)).toEqual({ 'steps.2.discount.value': r.amountNotPositive });
  });

  test('a code that lasts from 1 hour to 30 days', () => {
    const expiry = (hours: number) => recoveryFlowRefusalsOf(onFlow((flow) => (flow.steps[2]!.discount!.expiresInHours = hours)));
    for (const hours of [1, 720]) expect(expiry(hours)).toEqual({});
    for (const hours of [0, 721]) expect(expiry(hours)).toEqual({ 'steps.2.discount.expiresInHours': r.expiryOutOfRange });
  });

  test('a minimum cart value of zero or more, a whole number of minor units', () => {
    expect(recoveryFlowRefusalsOf(onFlow((flow) => (flow.minimumCartMinor = -1)))).toEqual({ minimumCartMinor: r.minimumNegative });
    // A blank or unreadable field on the screen reads as NaN: refused here, never sent as null.
    for (const minimum of [Number.NaN, 12.5])
      expect(recoveryFlowRefusalsOf(onFlow((flow) => (flow.minimumCartMinor = minimum)))).toEqual({
        minimumCartMinor: r.minimumNotANumber,
      });
    expect(recoveryFlowRefusalsOf(onFlow((flow) => (flow.minimumCartMinor = 15_000)))).toEqual({});
  });

  test('quiet hours as HH:MM, 00:00 to 23:59, ending at another time than they start; or none', () => {
    const quiet = (quietHours: QuietHours | null) => recoveryFlowRefusalsOf(onFlow((flow) => (flow.quietHours = quietHours)));
    expect(quiet(null)).toEqual({});
    expect(quiet({ start: '00:00', end: '23:59' })).toEqual({});
    expect(quiet({ start: '13:00', end: '14:00' })).toEqual({});
    for (const bad of ['9:00', '24:00', '21:60', '', '21:00:00', ' 21:00'])
      expect(quiet({ start: bad, end: '09:00' })).toEqual({ 'quietHours.start': r.quietHoursMalformed });
    expect(quiet({ start: '21:00', end: '9h' })).toEqual({ 'quietHours.end': r.quietHoursMalformed });
    expect(quiet({ start: '21:00', end: '21:00' })).toEqual({ 'quietHours.end': r.quietHoursEmpty });
  });

  test('every refusal has its own id under recovery.', () => {
    const ids = Object.values(r).map((descriptor) => descriptor.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^recovery\.[a-z_]+$/);
  });

  test('clock times read as minutes since midnight', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('09:30')).toBe(570);
    expect(clockMinutes('23:59')).toBe(1439);
    expect(clockMinutes('24:00')).toBeNull();
  });
});

describe('abandonment and due times', () => {
  const checkout = { updatedAt: at('2025-06-10T15:00:00Z'), completedAt: null, phone: '+5511987654321' };

  test('a checkout with a phone and no completion is abandoned its first delay after its last update', () => {
    expect(abandonedAt(checkout, 60)).toEqual(at('2025-06-10T16:00:00Z'));
    expect(isAbandoned(checkout, 60, at('2025-06-10T15:59:59.999Z'))).toBe(false);
    expect(isAbandoned(checkout, 60, at('2025-06-10T16:00:00Z'))).toBe(true);
  });

  test('without a phone, or once completed, it never is', () => {
    for (const phone of [null, '', '   ']) {
      expect(abandonedAt({ ...checkout, phone }, 60)).toBeNull();
      expect(isAbandoned({ ...checkout, phone }, 60, at('2025-07-01T00:00:00Z'))).toBe(false);
    }
    const completed = { ...checkout, completedAt: at('2025-06-10T15:30:00Z') };
    expect(abandonedAt(completed, 60)).toBeNull();
    expect(isAbandoned(completed, 60, at('2025-07-01T00:00:00Z'))).toBe(false);
  });

  test("each step is due its own delay after the checkout's last activity, not after the step before", () => {
    const flow = defaultRecoveryFlow();
    const base = checkout.updatedAt;
    expect(stepDueAt(base, 0, flow)).toEqual(at('2025-06-10T16:00:00Z'));
    expect(stepDueAt(base, 0, flow)).toEqual(abandonedAt(checkout, flow.steps[0]!.delayMinutes));
    expect(stepDueAt(base, 1, flow)).toEqual(at('2025-06-11T15:00:00Z'));
    expect(stepDueAt(base, 2, flow)).toEqual(at('2025-06-13T15:00:00Z'));
  });

  test('a step the flow does not have is an error', () => {
    const flow = defaultRecoveryFlow();
    for (const index of [-1, 3, 0.5]) expect(() => stepDueAt(checkout.updatedAt, index, flow)).toThrow(RangeError);
  });

  test("a reminder goes at its due time moved out of the shopper's quiet hours", () => {
    const flow = defaultRecoveryFlow();
    // Left at 19:30 in São Paulo: the first reminder is due at 20:30 and goes then.
    expect(reminderSendAt(at('2025-06-10T22:30:00Z'), 0, flow, 'America/Sao_Paulo')).toEqual(at('2025-06-10T23:30:00Z'));
    // Left at 20:30: due at 21:30, it waits for 09:00.
    expect(reminderSendAt(at('2025-06-10T23:30:00Z'), 0, flow, 'America/Sao_Paulo')).toEqual(at('2025-06-11T12:00:00Z'));
    // The second, due at 20:30 the next day, goes then: the first one's wait does not push it back.
    expect(reminderSendAt(at('2025-06-10T23:30:00Z'), 1, flow, 'America/Sao_Paulo')).toEqual(at('2025-06-11T23:30:00Z'));
    // Left at 21:30: the third, due at 21:30 three days later, waits for 09:00.
    expect(reminderSendAt(at('2025-06-11T00:30:00Z'), 2, flow, 'America/Sao_Paulo')).toEqual(at('2025-06-14T12:00:00Z'));
    expect(reminderSendAt(at('2025-06-10T23:30:00Z'), 0, { ...flow, quietHours: null }, 'America/Sao_Paulo')).toEqual(
      at('2025-06-11T00:30:00Z'),
    );
  });
});

describe('demo time', () => {
  const checkout = { updatedAt: at('2025-06-10T23:30:00Z'), completedAt: null, phone: '+5511987654321' };

  test("at DEMO_TIME_SCALE 60 an hour's delay is a minute, and each step keeps its place", () => {
    const flow = defaultRecoveryFlow();
    expect(abandonedAt(checkout, 60, 60)).toEqual(at('2025-06-10T23:31:00Z'));
    expect(isAbandoned(checkout, 60, at('2025-06-10T23:30:59Z'), 60)).toBe(false);
    expect(isAbandoned(checkout, 60, at('2025-06-10T23:31:00Z'), 60)).toBe(true);
    expect(stepDueAt(checkout.updatedAt, 1, flow, 60)).toEqual(at('2025-06-10T23:54:00Z'));
    expect(stepDueAt(checkout.updatedAt, 2, flow, 60)).toEqual(at('2025-06-11T00:42:00Z'));
  });

  test('a compressed day has no night: quiet hours hold a reminder only at the real scale', () => {
    const flow = defaultRecoveryFlow();
    // Left at 20:30 in São Paulo: due at 20:31 demo time, it goes then; at scale 1, due at 21:30, it waits for 09:00.
    expect(reminderSendAt(checkout.updatedAt, 0, flow, 'America/Sao_Paulo', 60)).toEqual(at('2025-06-10T23:31:00Z'));
    expect(reminderSendAt(checkout.updatedAt, 0, flow, 'America/Sao_Paulo', 1)).toEqual(at('2025-06-11T12:00:00Z'));
  });
});

describe('quiet hours', () => {
  const night: QuietHours = { start: '21:00', end: '09:00' };
  const lunch: QuietHours = { start: '13:00', end: '14:00' };

  test('a window across midnight: from its start, included, to its end, excluded (São Paulo, UTC−3)', () => {
    const zone = 'America/Sao_Paulo';
    expect(outOfQuietHours(at('2025-06-10T23:59:59Z'), zone, night)).toEqual(at('2025-06-10T23:59:59Z')); // 20:59:59
    expect(outOfQuietHours(at('2025-06-11T00:00:00Z'), zone, night)).toEqual(at('2025-06-11T12:00:00Z')); // 21:00
    expect(outOfQuietHours(at('2025-06-11T03:30:00Z'), zone, night)).toEqual(at('2025-06-11T12:00:00Z')); // 00:30
    expect(outOfQuietHours(at('2025-06-11T11:59:30Z'), zone, night)).toEqual(at('2025-06-11T12:00:00Z')); // 08:59:30
    expect(outOfQuietHours(at('2025-06-11T12:00:00Z'), zone, night)).toEqual(at('2025-06-11T12:00:00Z')); // 09:00
  });

  test('a window within the day', () => {
    const zone = 'America/Sao_Paulo';
    expect(outOfQuietHours(at('2025-06-10T15:59:00Z'), zone, lunch)).toEqual(at('2025-06-10T15:59:00Z')); // 12:59
    expect(outOfQuietHours(at('2025-06-10T16:00:00Z'), zone, lunch)).toEqual(at('2025-06-10T17:00:00Z')); // 13:00
    expect(outOfQuietHours(at('2025-06-10T16:15:00Z'), zone, lunch)).toEqual(at('2025-06-10T17:00:00Z')); // 13:15
    expect(outOfQuietHours(at('2025-06-10T17:00:00Z'), zone, lunch)).toEqual(at('2025-06-10T17:00:00Z')); // 14:00
    expect(outOfQuietHours(at('2025-06-11T02:00:00Z'), zone, lunch)).toEqual(at('2025-06-11T02:00:00Z')); // 23:00
  });

  test("the shopper's zone decides: the same instant in Manaus (UTC−4) and São Paulo (UTC−3)", () => {
    const due = at('2025-06-10T01:30:00Z'); // 21:30 in Manaus, 22:30 in São Paulo
    expect(outOfQuietHours(due, 'America/Manaus', night)).toEqual(at('2025-06-10T13:00:00Z'));
    expect(outOfQuietHours(due, 'America/Sao_Paulo', night)).toEqual(at('2025-06-10T12:00:00Z'));
    expect(outOfQuietHours(at('2025-06-10T00:30:00Z'), 'America/Manaus', night)).toEqual(at('2025-06-10T00:30:00Z')); // 20:30
  });

  test("São Paulo's 2018 DST start (00:00 → 01:00): morning comes an hour earlier in UTC", () => {
    // 22:00 on 3 Nov at UTC−3; 09:00 on 4 Nov is at UTC−2.
    expect(outOfQuietHours(at('2018-11-04T01:00:00Z'), 'America/Sao_Paulo', night)).toEqual(at('2018-11-04T11:00:00Z'));
    // A window ending at 00:30, inside the skipped hour: the jump itself ends it.
    const late: QuietHours = { start: '22:00', end: '00:30' };
    expect(outOfQuietHours(at('2018-11-04T02:00:00Z'), 'America/Sao_Paulo', late)).toEqual(at('2018-11-04T03:00:00Z'));
  });

  test("Lisbon's spring gap and autumn overlap", () => {
    const zone = 'Europe/Lisbon';
    // 22:00 WET on 29 Mar; 09:00 on 30 Mar is WEST (UTC+1).
    expect(outOfQuietHours(at('2025-03-29T22:00:00Z'), zone, night)).toEqual(at('2025-03-30T08:00:00Z'));
    // 23:00 WEST on 25 Oct; 09:00 on 26 Oct is WET (UTC).
    expect(outOfQuietHours(at('2025-10-25T22:00:00Z'), zone, night)).toEqual(at('2025-10-26T09:00:00Z'));
    // 00:30–01:30 on 30 Mar: at 01:00 UTC the clock leaps from 01:00 to 02:00, out of the window.
    expect(outOfQuietHours(at('2025-03-30T00:45:00Z'), zone, { start: '00:30', end: '01:30' })).toEqual(at('2025-03-30T01:00:00Z'));
    // 01:00–03:00 on 26 Oct: the hour from 01:00 is lived twice; the window ends at 03:00 WET.
    expect(outOfQuietHours(at('2025-10-26T00:30:00Z'), zone, { start: '01:00', end: '03:00' })).toEqual(at('2025-10-26T03:00:00Z'));
    // 01:30–03:00 on 26 Oct: at 02:00 WEST the clock falls back to 01:00, before the window's start.
    expect(outOfQuietHours(at('2025-10-26T00:45:00Z'), zone, { start: '01:30', end: '03:00' })).toEqual(at('2025-10-26T01:00:00Z'));
  });

  // An independent reading of the wall clock, to check the answers without the code under test.
  const wallFormats = new Map<string, Intl.DateTimeFormat>();
  const wall = (instant: number, timeZone: string) => {
    let format = wallFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' });
      wallFormats.set(timeZone, format);
    }
    return format.format(new Date(instant));
  };
  const isQuiet = (instant: number, timeZone: string, { start, end }: QuietHours) => {
    const time = wall(instant, timeZone);
    return start < end ? time >= `${start}:00` && time < `${end}:00` : time >= `${start}:00` || time < `${end}:00`;
  };

  test.each([
    ['America/Sao_Paulo', '2018-11-02T00:00:00Z'],
    ['America/Sao_Paulo', '2019-02-15T00:00:00Z'],
    ['Europe/Lisbon', '2025-03-28T00:00:00Z'],
    ['Europe/Lisbon', '2025-10-24T00:00:00Z'],
    ['America/Manaus', '2025-06-09T00:00:00Z'],
  ])('in %s from %s, every answer is the first instant outside the window', (zone, from) => {
    const windows: QuietHours[] = [
      night,
      lunch,
      { start: '00:30', end: '01:30' },
      { start: '01:00', end: '03:00' },
      { start: '01:30', end: '03:00' },
      { start: '22:00', end: '00:30' },
      { start: '23:30', end: '00:15' },
    ];
    const start = Date.parse(from);
    const step = 7 * 60_000 + 13_000;
    for (const quiet of windows) {
      for (let due = start; due < start + 4 * 86_400_000; due += step) {
        const answer = outOfQuietHours(new Date(due), zone, quiet).getTime();
        expect(answer).toBeGreaterThanOrEqual(due);
        expect(isQuiet(answer, zone, quiet)).toBe(false);
        if (answer > due) {
          // Quiet from the due time until the answer: at the due time, a second before, and every ten minutes between.
          expect(isQuiet(due, zone, quiet)).toBe(true);
          expect(isQuiet(answer - 1000, zone, quiet)).toBe(true);
          for (let probe = due; probe < answer; probe += 600_000) expect(isQuiet(probe, zone, quiet)).toBe(true);
        }
      }
    }
  });

  test('no quiet hours leave the due time alone; an unknown zone or malformed hours are errors', () => {
    const due = at('2025-06-11T03:30:00Z');
    expect(outOfQuietHours(due, 'America/Sao_Paulo', null)).toEqual(due);
    expect(() => outOfQuietHours(due, 'Mars/Olympus_Mons', night)).toThrow(RangeError);
    expect(() => outOfQuietHours(due, 'America/Sao_Paulo', { start: '9pm', end: '09:00' })).toThrow(RangeError);
  });
});

describe('skipping and stopping', () => {
  const facts = (change: Partial<SkipFacts> = {}): SkipFacts => ({
    flow: { enabled: true, enabledAt: '2025-06-01T12:00:00.000Z', minimumCartMinor: 5_000 },
    checkout: { updatedAt: at('2025-06-10T15:00:00Z'), phone: '+5511987654321', totalMinor: 12_990 },
    consented: true,
    lastRecoveryStartedAt: null,
    now: at('2025-06-10T16:00:00Z'),
    ...change,
  });
  const base = facts();

  test('a checkout the flow may remind is not skipped', () => {
    expect(skipReason(base)).toBeNull();
  });

  test('each reason alone', () => {
    expect(skipReason(facts({ flow: { ...base.flow, enabled: false, enabledAt: null } }))).toBe('flow_off');
    expect(skipReason(facts({ checkout: { ...base.checkout, updatedAt: at('2025-06-01T11:59:59.999Z') } }))).toBe('before_flow_on');
    expect(skipReason(facts({ checkout: { ...base.checkout, updatedAt: at('2025-06-01T12:00:00Z') } }))).toBeNull();
    // Switched on at 12:00:00.400, a checkout Shopify dates 12:00:00 (its times are whole seconds) may have been left after.
    const onAtNoonAndABit = { ...base.flow, enabledAt: '2025-06-01T12:00:00.400Z' };
    expect(skipReason(facts({ flow: onAtNoonAndABit, checkout: { ...base.checkout, updatedAt: at('2025-06-01T12:00:00Z') } }))).toBeNull();
    expect(skipReason(facts({ flow: onAtNoonAndABit, checkout: { ...base.checkout, updatedAt: at('2025-06-01T11:59:59Z') } }))).toBe(
      'before_flow_on',
    );
    expect(skipReason(facts({ checkout: { ...base.checkout, phone: null } }))).toBe('no_phone');
    expect(skipReason(facts({ checkout: { ...base.checkout, totalMinor: 4_999 } }))).toBe('below_minimum');
    expect(skipReason(facts({ checkout: { ...base.checkout, totalMinor: 5_000 } }))).toBeNull();
    expect(skipReason(facts({ consented: false }))).toBe('no_consent');
  });

  test('one recovery per shopper in 7 days', () => {
    expect(skipReason(facts({ lastRecoveryStartedAt: at('2025-06-03T16:00:00.001Z') }))).toBe('recently_recovered');
    expect(skipReason(facts({ lastRecoveryStartedAt: at('2025-06-03T16:00:00Z') }))).toBeNull();
  });

  test("the flow's state first, consent last: 'no consent' counts only what consent would have let through", () => {
    const everything = facts({
      flow: { ...base.flow, enabled: false, enabledAt: null },
      checkout: { updatedAt: at('2025-05-01T00:00:00Z'), phone: null, totalMinor: 0 },
      consented: false,
      lastRecoveryStartedAt: at('2025-06-09T00:00:00Z'),
    });
    expect(skipReason(everything)).toBe('flow_off');
    expect(skipReason({ ...everything, flow: base.flow })).toBe('before_flow_on');
    expect(skipReason({ ...everything, flow: base.flow, checkout: { ...everything.checkout, updatedAt: base.checkout.updatedAt } })).toBe(
      'no_phone',
    );
    expect(skipReason({ ...everything, flow: base.flow, checkout: { ...base.checkout, totalMinor: 0 } })).toBe('below_minimum');
    expect(skipReason({ ...everything, flow: base.flow, checkout: base.checkout })).toBe('recently_recovered');
    expect(skipReason({ ...everything, flow: base.flow, checkout: base.checkout, lastRecoveryStartedAt: null })).toBe('no_consent');
  });

  test('the first stop reason in order: order placed, opt-out, reply, flow off, template not approved', () => {
    const order: [keyof StopFacts, string][] = [
      ['orderPlaced', 'order_placed'],
      ['unsubscribed', 'unsubscribed'],
      ['shopperReplied', 'shopper_replied'],
      ['flowOff', 'flow_off'],
      ['templateApproved', 'template_not_approved'],
    ];
    // Every combination of the five facts.
    for (let bits = 0; bits < 32; bits++) {
      const facts = Object.fromEntries(
        order.map(([key], i) => [key, key === 'templateApproved' ? !(bits & (1 << i)) : !!(bits & (1 << i))]),
      );
      const first = order.find((_, i) => bits & (1 << i));
      expect(stopReason(facts as StopFacts)).toBe(first ? first[1] : null);
    }
  });
});
