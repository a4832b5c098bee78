// How an order is known to come from a reminded checkout, besides the checkout's own token: each
// checkout's recovery draws a `ref` of its own (unguessable, kept on the checkout), and every
// reminder's way-back link carries it as `ref=` — the store keeps a landing URL's `ref` as the visit's
// referral code, which the order then names (Admin GraphQL's customerJourneySummary, a webhook's
// `landing_site`). Where the way back is a cart permalink, the ref also rides as a hidden cart
// attribute, which Shopify copies onto the order. Pure: no tables, no clock.
import { randomInt } from 'node:crypto';
import { REF_PARAM, attributeParam } from '@/domain/checkout-link';

/** What an order was matched to its checkout by: its checkout token, the recovery's cart attribute, or the visit's `ref`. */
export const recoveredByKinds = ['checkout_token', 'cart_attribute', 'ref'] as const;
export type RecoveredBy = (typeof recoveredByKinds)[number];

/** The hidden cart attribute (Shopify hides those starting with `_`) carrying a recovery's ref onto the order. */
export const RECOVERY_ATTRIBUTE = '_catalyst_recovery';

/** Lower-case letters and digits a shopper or a store cannot confuse (no 0/o, 1/l). */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const REF_LENGTH = 20;

/** A recovery ref as newRecoveryRef draws it: `rc` and 20 characters of 5 random bits each. */
export const RECOVERY_REF = new RegExp(`^rc[${ALPHABET}]{${REF_LENGTH}}$`);

/** A new recovery ref, drawn by a cryptographic generator (100 bits: no one guesses another checkout's). */
export function newRecoveryRef(): string {
  let tail = '';
  for (let index = 0; index < REF_LENGTH; index++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `rc${tail}`;
}

/**
 * A reminder's way back: the checkout's recovery URL with `ref=<ref>` (in place of any `ref` it had),
 * and on a cart permalink (`/cart/…`) the recovery attribute too. An address that is no http(s) URL
 * is returned as it was.
 */
export function recoveryLink(recoveryUrl: string, ref: string): string {
  let url: URL;
  try {
    url = new URL(recoveryUrl);
  } catch {
    return recoveryUrl;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return recoveryUrl;
  url.searchParams.set(REF_PARAM, ref);
  if (url.pathname.startsWith('/cart/')) url.searchParams.set(attributeParam(RECOVERY_ATTRIBUTE), ref);
  return url.href;
}

/** A ref as an order names it: trimmed, and only when it could be one of ours (anything else matches nothing). */
export function recoveryRefOf(value: string | null | undefined): string | null {
  const ref = value?.trim().toLowerCase() ?? '';
  return RECOVERY_REF.test(ref) ? ref : null;
}

/** The recovery ref of an order webhook's `landing_site` (the landing page's path and query, or a whole URL); null: none. */
export function refOfLandingSite(landingSite: string | null | undefined): string | null {
  if (!landingSite) return null;
  try {
    return recoveryRefOf(new URL(landingSite, 'https://landing.invalid').searchParams.get(REF_PARAM));
  } catch {
    return null;
  }
}
