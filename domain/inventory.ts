// Inventories: a merchant's Shopify store linked to their WhatsApp (Meta commerce) catalog, synced
// hourly. The vocabulary, the wizard's step payloads and the API's shapes, shared by the SPA (which
// validates before saving) and the server (which validates again). Validation messages are message
// ids (inventoryValidation): the server answers them in `error.fields`, the SPA translates them.
// Addresses are normalised to origins here, once, so both sides store and compare the same text.
// zod/mini: the wizard's chunk loads this.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import type { ApiErrorCode } from './api-error';
import { withoutBidiControls } from './bidi-controls';
import { DEFAULT_ORDER_POLL_SECONDS } from './runtime-config';
import { MAX_INT, shownName, storableText } from './storable-values';

/** Only Shopify today; the wizard offers the list so more can follow. */
export const ecommerceTypes = ['shopify'] as const;
export type EcommerceType = (typeof ecommerceTypes)[number];

/** The wizard's steps, in order: 1 Integration, 2 Inventory (the catalog), 3 Conclusion. */
export const inventorySteps = ['integration', 'catalog', 'conclusion'] as const;
export type InventoryStep = (typeof inventorySteps)[number];

/** `configuring` until both the store and the catalog are saved, then `configured`. */
export const inventoryStatuses = ['configuring', 'configured'] as const;
export type InventoryStatus = (typeof inventoryStatuses)[number];

/** `pending` until the first sync finishes (the seed's 'pending synchronization'). */
export const syncStatuses = ['pending', 'syncing', 'synced', 'failed'] as const;
export type SyncStatus = (typeof syncStatuses)[number];

/**
 * Why a store or catalog check (or a sync) failed, as codes the SPA translates: a wrong or
 * revoked token, a scope the token lacks, an address that is not a Shopify store's admin, a store
 * or catalog that did not answer, a catalog id the token cannot see.
 */
export const peerFailureReasons = [
  'store_token_invalid',
  'store_scope_missing',
  'store_url_wrong',
  'store_unreachable',
  'store_throttled',
  'catalog_not_found',
  'catalog_token_invalid',
  'catalog_unreachable',
  'catalog_throttled',
] as const satisfies readonly ApiErrorCode[];
export type PeerFailureReason = (typeof peerFailureReasons)[number];

/** The access scopes a Shopify token needs: the products to sync, the orders to attribute. */
export const requiredShopifyScopes = ['read_products', 'read_orders'] as const;

/**
 * How the store's orders and fulfillments reach Catalyst (server/order-events/): `webhooks`, sent by
 * Shopify as they happen (the store app's API secret key is saved and the site has a public address),
 * or `polling`, read from the store every ORDER_POLL_SECONDS (server/config.ts; default ORDER_POLL_MINUTES).
 */
export const orderEventDeliveries = ['webhooks', 'polling'] as const;
export type OrderEventDelivery = (typeof orderEventDeliveries)[number];
/** How often an inventory without webhooks has its store's orders read, unless ORDER_POLL_SECONDS says otherwise. */
export const ORDER_POLL_MINUTES = DEFAULT_ORDER_POLL_SECONDS / 60;

export const inventoryValidation = {
  nameRequired: /*i18n*/ { id: 'inventory.name_required', message: 'A name is required to continue' },
  nameTaken: /*i18n*/ { id: 'inventory.name_taken', message: 'You already have an inventory with this name.' },
  ecommerceTypeRequired: /*i18n*/ { id: 'inventory.ecommerce_type_required', message: 'The e-commerce type is required.' },
  shopifyTokenRequired: /*i18n*/ { id: 'inventory.shopify_token_required', message: 'The Shopify token is required.' },
  shopifyUrlRequired: /*i18n*/ { id: 'inventory.shopify_url_required', message: 'The Shopify URL is required.' },
  websiteRequired: /*i18n*/ { id: 'inventory.website_required', message: 'The Shopify website is required.' },
  addressInvalid: /*i18n*/ {
    id: 'inventory.address_invalid',
    message: 'Enter a valid https address, like https://your-store.myshopify.com.',
  },
  checkoutParamsInvalid: /*i18n*/ {
    id: 'inventory.checkout_params_invalid',
    message: 'Write the parameters as name=value pairs joined by &, like utm_source=whatsapp&utm_medium=chat.',
  },
  shopifyApiSecretInvalid: /*i18n*/ {
    id: 'inventory.shopify_api_secret_invalid',
    message: 'Paste the API secret key from the API credentials of your store’s app (often shpss_…), not its access token.',
  },
  catalogIdRequired: /*i18n*/ { id: 'inventory.catalog_id_required', message: 'The catalog ID is required.' },
  catalogIdInvalid: /*i18n*/ { id: 'inventory.catalog_id_invalid', message: 'A catalog ID is a number, like 1234567890123456.' },
  tooLong: /*i18n*/ { id: 'inventory.too_long', message: 'This field is too long' },
  unstorable: /*i18n*/ {
    id: 'inventory.unstorable',
    message: 'This field has characters that cannot be saved (a control character or half an emoji).',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Each validation message by its id, so a view can translate an id (`undefined`: not one of ours). */
export const inventoryValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(inventoryValidation).map((descriptor) => [descriptor.id, descriptor]),
);

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether an origin's host is this machine (the demo store and catalog; refused in production). */
export const isLoopbackOrigin = (origin: string) => {
  try {
    return LOOPBACK_HOST.test(new URL(origin).hostname);
  } catch {
    return false;
  }
};

/**
 * The origin of an address as a merchant pastes it: `shop.myshopify.com/admin` →
 * `https://shop.myshopify.com`. Null for anything that is not an https origin (http only on
 * loopback: the demo store), or that carries a user name or password.
 */
export function normaliseOrigin(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname))) return null;
  // A host needs a dot (a domain) unless it is loopback: 'https://shop' is a typo, not a store.
  if (!url.hostname.includes('.') && !LOOPBACK_HOST.test(url.hostname)) return null;
  return url.origin;
}

/** `a=1&b=2` (a leading `?` dropped) when every pair has a name; null otherwise. */
export function normaliseCheckoutParams(input: string): string | null {
  const trimmed = input.trim().replace(/^\?/, '');
  if (trimmed === '') return '';
  if (/\s/.test(trimmed)) return null;
  const pairs = trimmed.split('&');
  if (pairs.some((pair) => pair === '' || pair.startsWith('='))) return null;
  return new URLSearchParams(trimmed).toString();
}

/** A tracking URL the checkout link passes through: a full https URL (any path and query). */
export function normaliseTrackingUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const origin = normaliseOrigin(trimmed);
  if (origin === null) return null;
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  return url.href;
}

const tooLong = (max: number) => z.maxLength(max, { error: inventoryValidation.tooLong.id });
const storable = () => storableText(inventoryValidation.unstorable.id);
const required = (id: string) => z.minLength(1, { error: id, abort: true });

/** A text field normalised by `normalise` (null: refused with `invalidId`). */
const normalised = (normalise: (input: string) => string | null, invalidId: string, requiredId?: string) =>
  z.pipe(
    storable().check(z.trim(), ...(requiredId ? [required(requiredId)] : []), tooLong(2000)),
    z.transform((value: string, context) => {
      const result = normalise(value);
      if (result === null) {
        context.issues.push({ code: 'custom', message: invalidId, input: value });
        return z.NEVER;
      }
      return result;
    }),
  );

// Without bidirectional controls (domain/bidi-controls.ts): the name stored reads as it is.
export const inventoryNameSchema = storable().check(
  z.overwrite(withoutBidiControls),
  z.trim(),
  required(inventoryValidation.nameRequired.id),
  tooLong(80),
);

/** 'Configure new inventory' asks for the name first. */
export const createInventorySchema = z.strictObject({ name: inventoryNameSchema });

/**
 * A Shopify app's API secret key (what signs its webhooks): letters, digits, `_` and `-`, 32 or more
 * (`shpss_` and 32 hex digits, or 32 hex digits for older apps). An access token (`shpat_…`) pasted
 * here instead is refused: it would never verify a webhook.
 */
export const isShopifyApiSecret = (value: string) => /^[A-Za-z0-9_-]{32,100}$/.test(value) && !/^shp(?:at|ca|pa)_/.test(value);

/**
 * Step 1, Integration. The token is write-only: the API never sends it back, so an empty one on a
 * later save keeps the stored token (the server refuses an empty one when none is stored). The API
 * secret key (optional; it verifies the store's order webhooks) is write-only too: empty or absent
 * keeps the stored one.
 */
export const integrationSchema = z.strictObject({
  name: inventoryNameSchema,
  ecommerceType: z.enum(ecommerceTypes, { error: inventoryValidation.ecommerceTypeRequired.id }),
  shopifyToken: storable().check(z.trim(), tooLong(200)),
  shopifyApiSecret: z.optional(
    storable().check(
      z.trim(),
      tooLong(200),
      z.refine((value) => value === '' || isShopifyApiSecret(value), { error: inventoryValidation.shopifyApiSecretInvalid.id }),
    ),
  ),
  shopifyUrl: normalised(normaliseOrigin, inventoryValidation.addressInvalid.id, inventoryValidation.shopifyUrlRequired.id),
  website: normalised(normaliseOrigin, inventoryValidation.addressInvalid.id, inventoryValidation.websiteRequired.id),
  checkoutParams: normalised(normaliseCheckoutParams, inventoryValidation.checkoutParamsInvalid.id),
  trackingUrl: normalised(normaliseTrackingUrl, inventoryValidation.addressInvalid.id),
});
export type IntegrationInput = z.input<typeof integrationSchema>;
export type Integration = z.output<typeof integrationSchema>;

/** Step 2, Inventory: the Meta commerce catalog (its ids are numbers, kept as text). */
export const catalogSchema = z.strictObject({
  catalogId: storable().check(
    z.trim(),
    required(inventoryValidation.catalogIdRequired.id),
    z.regex(/^\d{1,20}$/, { error: inventoryValidation.catalogIdInvalid.id }),
  ),
  /** 'The store is the source of truth': syncs push the store's price and availability to the catalog. Omitted: unchanged. */
  storeIsTruth: z.optional(z.boolean()),
});

export const expectedVersionSchema = z.int().check(z.positive(), z.lte(MAX_INT));
export const saveIntegrationSchema = z.strictObject({ ...integrationSchema.shape, expectedVersion: expectedVersionSchema });
export const saveCatalogSchema = z.strictObject({ ...catalogSchema.shape, expectedVersion: expectedVersionSchema });

export const inventoryIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A stored token as the screens show it: its kind and last four characters (`shpat_…1a2b`). */
export function tokenHint(token: string): string {
  const kind = /^(shp[a-z]+_)/.exec(token)?.[1] ?? '';
  return `${kind}…${token.slice(-4)}`;
}

/** What a store check found. */
export const storeCheckSchema = z.object({ name: shownName(), currency: z.string() });
export type StoreCheck = z.infer<typeof storeCheckSchema>;

/** What a catalog check found. */
export const catalogCheckSchema = z.object({ name: shownName(), itemCount: z.int() });
export type CatalogCheck = z.infer<typeof catalogCheckSchema>;

/** An inventory as the API returns it (never its token: `shopifyTokenHint` only; never its API secret key: whether one is saved). */
export const inventorySchema = z.object({
  id: z.string(),
  name: shownName(),
  ecommerceType: z.nullable(z.enum(ecommerceTypes)),
  shopifyTokenHint: z.nullable(z.string()),
  shopifyApiSecretSet: z.boolean(),
  /** How the store's orders reach Catalyst: its webhooks (subscribed), or polling. */
  orderEvents: z.enum(orderEventDeliveries),
  /** With polling, how many seconds apart the store's orders are read (the server's ORDER_POLL_SECONDS); null with webhooks. */
  orderPollSeconds: z.nullable(z.int().check(z.positive())),
  shopifyUrl: z.string(),
  website: z.string(),
  checkoutParams: z.string(),
  trackingUrl: z.string(),
  catalogId: z.string(),
  storeIsTruth: z.boolean(),
  /** The store and catalog as the last check found them. */
  store: z.nullable(storeCheckSchema),
  catalog: z.nullable(catalogCheckSchema),
  status: z.enum(inventoryStatuses),
  /** The step the wizard resumes at: the first one not saved yet (or the last). */
  step: z.enum(inventorySteps),
  syncStatus: z.enum(syncStatuses),
  syncFailure: z.nullable(z.enum(peerFailureReasons)),
  lastSyncedAt: z.nullable(z.string()),
  /** The unguessable id of the public catalog and cart pages. */
  publicId: z.string(),
  /** The `ref=` of its checkout links (Shopify's referral code of the orders they bring). */
  attributionCode: z.string(),
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Inventory = z.infer<typeof inventorySchema>;

/**
 * What the inventory's links brought: the store's orders each sync attributes to it (from a Catalyst
 * cart, or with its referral code; server/inventories/order-reader.ts) that count as converted, and
 * their value in minor units. The rule: an order's value is its current total, net of refunds (a
 * refund lowers it at the next sync); a cancelled order is not counted, nor one refunded in full (it
 * converted nothing). Orders come in the store's currency; should the store have changed currency,
 * the figures are those of the currency of its latest counted order. No order: 0, 0 and null.
 */
export const convertedValueSchema = z.object({
  orders: z.int(),
  valueMinor: z.int(),
  currency: z.nullable(z.string()),
});
export type ConvertedValue = z.infer<typeof convertedValueSchema>;

/** One inventory as GET /inventories/:id answers it: with what its links converted. */
export const inventoryDetailSchema = z.extend(inventorySchema, { converted: convertedValueSchema });
export type InventoryDetail = z.infer<typeof inventoryDetailSchema>;

export const inventoryListSchema = z.object({ inventories: z.array(inventorySchema) });
