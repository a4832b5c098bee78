// machines/failure.ts: how every machine reads a rejected call as one of its failure kinds, with
// `unknown` as the one fallback.
import { describe, expect, it } from 'vitest';
import { failed, failureOf } from '@/machines/failure';

const kinds = ['invalid', 'conflict', 'unknown'] as const;
type TestFailure = { kind: (typeof kinds)[number]; fields?: Record<string, string> };

describe('failureOf', () => {
  it('passes a failure of a known kind through as it is, with what it carries', () => {
    const invalid: TestFailure = { kind: 'invalid', fields: { name: 'name_required' } };
    expect(failureOf<TestFailure>(invalid, kinds)).toBe(invalid);
    expect(failureOf<TestFailure>({ kind: 'conflict' }, kinds)).toEqual({ kind: 'conflict' });
  });

  it('reads anything else as unknown: a kind this machine does not know, an Error, a primitive, nothing', () => {
    for (const error of [
      { kind: 'plan_limit' },
      { kind: 42 },
      new Error('boom'),
      new TypeError('fetch failed'),
      'invalid',
      7,
      null,
      undefined,
    ])
      expect(failureOf<TestFailure>(error, kinds)).toEqual({ kind: 'unknown' });
  });

  it("needs the machine's kinds to include the fallback", () => {
    // @ts-expect-error: a machine whose kinds leave out 'unknown' could not hold the fallback.
    expect(failureOf<{ kind: 'invalid' }>(new Error('boom'), ['invalid'])).toEqual({ kind: 'unknown' });
  });

  it('gives a guard or action the error of the event', () => {
    const error = { kind: 'conflict' };
    expect(failed({ event: { error } })).toEqual({ error });
  });
});
