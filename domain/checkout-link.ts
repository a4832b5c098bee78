// The link 'Go to checkout' sends a shopper to: the Shopify cart permalink with the inventory's
// attribution code and the cart's id, passed through the merchant's tracking URL when one is set.
// Pure, with no imports (the shopper's page has no room for zod), so the storefront, the server and
// the inventory screen's preview build the same link. Rules: docs/how-it-works.md, 'Checkout link'.

/** A line to check out: a Shopify variant (its numeric id, or its `gid://shopify/ProductVariant/…`) and how many. */
export type CheckoutLine = { variantId: string | number; quantity: number };

/** Why a line was left out: its id is no Shopify variant id, or its quantity is not a whole number of at least 1. */
export type LeftOutReason = 'variant_id_invalid' | 'quantity_invalid';
export type LeftOutLine = { line: CheckoutLine; reason: LeftOutReason };

export type CheckoutLinkInput = {
  /** The store's website, an https origin (`normaliseOrigin`); a path on it is ignored. */
  website: string;
  lines: readonly CheckoutLine[];
  /** The inventory's attribution code, sent as `ref=`. */
  attributionCode: string;
  /** The cart's id, sent as `attributes[catalyst_cart]=`. */
  cartId: string;
  /**
   * More cart attributes of ours, each sent as `attributes[<name>]=<value>` (Shopify's cart
   * permalinks take them onto the order), such as the number a shopper asked order updates on.
   */
  attributes?: Readonly<Record<string, string>>;
  /** The merchant's additional parameters, `a=1&b=2` (`normaliseCheckoutParams`); empty: none. */
  checkoutParams?: string;
  /** The merchant's tracking URL (`normaliseTrackingUrl`); empty: none. */
  trackingUrl?: string;
};

export type CheckoutLink =
  | {
      ok: true;
      /** Where the shopper is sent: the checkout URL, through the tracking URL when one applies. */
      url: string;
      /** The cart permalink itself, with its parameters. */
      checkoutUrl: string;
      /** Whether `url` passes through the tracking URL. */
      tracked: boolean;
      /** The lines that were left out, in the order given. */
      leftOut: LeftOutLine[];
    }
  | {
      ok: false;
      /** The website is no http(s) address, or no line could be sold. */
      reason: 'website_invalid' | 'no_lines';
      leftOut: LeftOutLine[];
    };

/** The query parameter that carries the attribution code (Shopify's referral code). */
export const REF_PARAM = 'ref';
/** The cart attribute that carries the cart's id onto the order. */
export const CART_ATTRIBUTE = 'catalyst_cart';
export const CART_ATTRIBUTE_PARAM = `attributes[${CART_ATTRIBUTE}]`;
/** A cart attribute's query parameter. */
export const attributeParam = (name: string) => `attributes[${name}]`;
/**
 * Our hidden cart attributes (Shopify hides those starting with `_` from the shopper): only Catalyst
 * sets them. A merchant's parameter of that form is left out, so that no link carries one the shopper
 * did not give (a number to send order updates to, say).
 */
const RESERVED_ATTRIBUTE_PARAM = /^attributes\[_catalyst_/;
const isOurs = (name: string) => name === REF_PARAM || name === CART_ATTRIBUTE_PARAM || RESERVED_ATTRIBUTE_PARAM.test(name);
/** The tracking URL's placeholder for the checkout URL. */
export const CHECKOUT_URL_PLACEHOLDER = '{checkout_url}';

const PLACEHOLDER = /\{checkout_url\}|%7Bcheckout_url%7D/i;
const PLACEHOLDERS = new RegExp(PLACEHOLDER.source, 'gi');
const GID = /^gid:\/\/shopify\/ProductVariant\/(\d+)$/;

/** A variant's numeric id as text (`gid://shopify/ProductVariant/0042` → `42`); null when it is none. */
export function numericVariantId(variantId: string | number): string | null {
  if (typeof variantId === 'number') return Number.isSafeInteger(variantId) && variantId > 0 ? String(variantId) : null;
  const text = variantId.trim();
  const digits = /^\d+$/.test(text) ? text : GID.exec(text)?.[1];
  if (digits === undefined) return null;
  const id = digits.replace(/^0+/, '');
  return id === '' || id.length > 20 ? null : id;
}

const httpUrl = (text: string): URL | null => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};

/** The checkout URL through the tracking URL, by the rule above; null when the tracking URL cannot carry it. */
function throughTracking(trackingUrl: string, checkoutUrl: string): string | null {
  const tracking = httpUrl(trackingUrl);
  if (!tracking) return null;
  const encoded = encodeURIComponent(checkoutUrl);
  let tracked: URL | null;
  if (PLACEHOLDER.test(trackingUrl)) tracked = httpUrl(trackingUrl.replace(PLACEHOLDERS, () => encoded));
  else if (trackingUrl.endsWith('=')) tracked = httpUrl(`${trackingUrl}${encoded}`);
  else {
    tracked = new URL(tracking.href);
    tracked.searchParams.set('url', checkoutUrl);
  }
  // The checkout URL is a value: it never moves the link to another host.
  return tracked && tracked.origin === tracking.origin ? tracked.href : null;
}

/** The link a shopper is sent to for `lines`, by the rules in this file's header. */
export function checkoutLink(input: CheckoutLinkInput): CheckoutLink {
  const leftOut: LeftOutLine[] = [];
  const quantities = new Map<string, number>();
  for (const line of input.lines) {
    const id = numericVariantId(line.variantId);
    if (id === null) leftOut.push({ line, reason: 'variant_id_invalid' });
    else if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) leftOut.push({ line, reason: 'quantity_invalid' });
    else quantities.set(id, (quantities.get(id) ?? 0) + line.quantity);
  }
  const website = httpUrl(input.website);
  if (!website) return { ok: false, reason: 'website_invalid', leftOut };
  if (quantities.size === 0) return { ok: false, reason: 'no_lines', leftOut };

  const checkout = new URL(website.origin);
  checkout.pathname = `/cart/${[...quantities].map(([id, quantity]) => `${id}:${quantity}`).join(',')}`;
  const params = new URLSearchParams();
  if (input.attributionCode !== '') params.set(REF_PARAM, input.attributionCode);
  if (input.cartId !== '') params.set(CART_ATTRIBUTE_PARAM, input.cartId);
  for (const [name, value] of Object.entries(input.attributes ?? {})) params.set(attributeParam(name), value);
  const set = new Set(params.keys());
  for (const [name, value] of new URLSearchParams(input.checkoutParams ?? '')) {
    if (!isOurs(name) && !set.has(name)) params.append(name, value);
  }
  checkout.search = params.toString();
  const checkoutUrl = checkout.href;

  const trackingUrl = input.trackingUrl?.trim() ?? '';
  const tracked = trackingUrl === '' ? null : throughTracking(trackingUrl, checkoutUrl);
  return { ok: true, url: tracked ?? checkoutUrl, checkoutUrl, tracked: tracked !== null, leftOut };
}

/** The merchant's parameters that are not sent because ours carry the same name (each name once, in their order). */
export function overriddenCheckoutParams(checkoutParams: string): string[] {
  const names = [...new URLSearchParams(checkoutParams).keys()];
  return [...new Set(names.filter(isOurs))];
}

/** The sample cart of the inventory screen's preview: one of variant 1, in cart `SAMPLE`. */
export const SAMPLE_CHECKOUT_LINE: CheckoutLine = { variantId: '1', quantity: 1 };
export const SAMPLE_CART_ID = 'SAMPLE';

/** The link a one-line sample cart would get from an inventory: how its parameters and tracking URL apply. */
export function checkoutLinkPreview(inventory: {
  website: string;
  attributionCode: string;
  checkoutParams: string;
  trackingUrl: string;
}): CheckoutLink {
  return checkoutLink({ ...inventory, lines: [SAMPLE_CHECKOUT_LINE], cartId: SAMPLE_CART_ID });
}
