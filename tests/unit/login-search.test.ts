// The login route validates its search without zod (zod would be in every page's first JS); it
// must agree with the schema that types it.
import { describe, expect, it } from 'vitest';
import { Route } from '@/src/routes/$lang/_logged-out/login';
import { loginSearchSchema } from '@/src/features/auth/login-search';

const validate = Route.options.validateSearch as (search: Record<string, unknown>) => unknown;

describe('the login route search', () => {
  const inputs: Record<string, unknown>[] = [
    {},
    { redirect: '/en/dashboard?tab=1#top' },
    { redirect: '' },
    { redirect: 5 },
    { redirect: null },
    { redirect: undefined },
    { redirect: ['/en/x'] },
    { redirect: { path: '/en/x' } },
    { other: 'kept out' },
    { redirect: '/pt/ia-bases', other: 1 },
  ];
  for (const input of inputs) {
    it(`reads ${JSON.stringify(input)} as loginSearchSchema does`, () => {
      expect(validate(input)).toStrictEqual(loginSearchSchema.parse(input));
    });
  }
});
