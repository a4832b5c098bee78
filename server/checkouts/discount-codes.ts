// A recovery reminder's discount: a single-use code made in the merchant's Shopify store at send time
// with Admin GraphQL's `discountCodeBasicCreate` — a percentage or an amount off the whole order, for
// anyone, once, expiring after the step's hours. The code is drawn before the store is asked and kept
// on the checkout (recovery-worker.ts), so a retry after a crash asks for the same code again and
// Shopify's 'already taken' means it was made: one code per checkout and step, whatever retries.
import { randomInt } from 'node:crypto';
import type { RecoveryDiscount } from '@/domain/checkout-recovery';
import { minorToDecimal } from '../dashboard/dashboard-csv';
import { pacedQueries, type PaceOptions } from '../inventories/shopify-admin';

const CREATE = `mutation CatalystRecoveryDiscount($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field code message }
  }
}`;

type CreateAnswer = {
  discountCodeBasicCreate: {
    codeDiscountNode: { id: string } | null;
    userErrors: { field: string[] | null; code: string | null; message: string }[];
  } | null;
};

/** Shopify refused the discount for another reason than its code being taken (its message, for the log). */
export class DiscountRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DiscountRefused';
  }
}

/** Letters and digits a shopper cannot misread (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A new code: `VOLTA-` and eight characters drawn by a cryptographic generator. */
export function newDiscountCode(): string {
  let tail = '';
  for (let index = 0; index < 8; index++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `VOLTA-${tail}`;
}

/** What fills a step's `discount_value` variable: `10%`, or the amount as the shopper's language writes money. */
export const discountValueText = (discount: RecoveryDiscount, amount: (minor: number) => string | null): string =>
  discount.kind === 'percentage' ? `${discount.value}%` : (amount(discount.value) ?? '');

/**
 * Makes `code` in the store: `discount` off the whole order, usable once by one shopper, from `now`
 * for the discount's hours. Resolves when made (or made before: its code is taken); throws
 * DiscountRefused for another refusal, PeerFailure when the store cannot be reached.
 */
export async function createDiscountCode(
  store: { shopifyUrl: string; token: string; currency: string | null },
  code: string,
  discount: RecoveryDiscount,
  now: Date,
  pace: PaceOptions = {},
): Promise<void> {
  const ask = pacedQueries(store.shopifyUrl, store.token, { requests: 0, waitedMs: 0, cost: 0 }, pace);
  const value =
    discount.kind === 'percentage'
      ? { percentage: discount.value / 100 }
      : { discountAmount: { amount: minorToDecimal(discount.value, store.currency ?? 'USD'), appliesOnEachItem: false } };
  const answer = await ask<CreateAnswer>(CREATE, {
    basicCodeDiscount: {
      title: `Catalyst ${code}`,
      code,
      startsAt: now.toISOString(),
      endsAt: new Date(now.getTime() + discount.expiresInHours * 3_600_000).toISOString(),
      usageLimit: 1,
      appliesOncePerCustomer: true,
      customerSelection: { all: true },
      customerGets: { value, items: { all: true } },
    },
  });
  const payload = answer.discountCodeBasicCreate;
  const errors = payload?.userErrors ?? [];
  if (payload?.codeDiscountNode || errors.some((error) => error.code === 'TAKEN')) return;
  throw new DiscountRefused(errors.map((error) => `${error.code ?? ''} ${error.message}`.trim()).join('; ') || 'no discount made');
}
