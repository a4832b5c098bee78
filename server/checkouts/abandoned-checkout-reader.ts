// A store's abandoned checkouts, read with each inventory sync (Admin GraphQL `abandonedCheckouts`,
// `read_orders`) to catch what the `checkouts/create|update` webhooks missed: a store without them, a
// delivery lost. Each page is turned into the webhook's shape and recorded by the webhooks' own intake
// (checkout-intake.ts), whose newest-update-wins rule keeps one row per checkout however it came and
// queues its recovery job as for a webhook. Details: docs/how-it-works.md, 'Abandoned checkouts'.
import { createHash } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { RECOVERY_MAX_DELAY_MINUTES } from '@/domain/checkout-recovery';
import type { Db } from '../db/database';
import { updatedSinceQuery, WATERMARK_OVERLAP_MS } from '../inventories/order-reader';
import { pacedQueries, type PaceOptions, type PaceProgress } from '../inventories/shopify-admin';
import { numericIdOf } from '../order-events/shopify-order-events';
import { recordCheckout } from './checkout-intake';
import { storeCheckouts } from './checkout-tables';
import { checkoutFromWebhook, type CheckoutDraft, type RestCheckout } from './shopify-checkouts';

/**
 * Checkouts a page, and lines read of each. A checkout costs 26 points by Shopify's documented rule
 * (itself, its attributes, two addresses, its lines' connection at 2 + 10 × 2), so a page asks 652,
 * under the single-query limit of 1,000. A reminder names a checkout's first lines; a webhook gives them all.
 */
export const CHECKOUTS_PER_PAGE = 25;
export const LINES_PER_CHECKOUT = 10;
/** How far back the first read goes: a checkout left longer ago is past a flow's longest step. */
export const FIRST_READ_MS = RECOVERY_MAX_DELAY_MINUTES * 60_000;
/** What a recording from a sync notes as its delivery's topic (a webhook's is `checkouts/…`). */
export const SYNC_TOPIC = 'sync/abandoned_checkouts';

// The contact number, language and agreement to text marketing a webhook carries are not fields of
// AbandonedCheckout (its `customer` needs `read_customers`): the addresses' numbers and the cart
// page's WhatsApp attribute are what a sync reads.
export const ABANDONED_CHECKOUTS_QUERY = `query CatalystAbandonedCheckouts($first: Int!, $after: String, $query: String, $lines: Int!) {
  abandonedCheckouts(first: $first, after: $after, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id abandonedCheckoutUrl createdAt updatedAt completedAt
      customAttributes { key value }
      shippingAddress { firstName phone countryCodeV2 }
      billingAddress { firstName phone countryCodeV2 }
      totalPriceSet { presentmentMoney { amount currencyCode } }
      lineItems(first: $lines) { nodes { title variantTitle quantity variant { legacyResourceId } } }
    }
  }
}`;

type GraphqlAddress = { firstName: string | null; phone: string | null; countryCodeV2: string | null };

/** An abandoned checkout as the query above reads it. */
export type AbandonedCheckoutNode = {
  id: string;
  abandonedCheckoutUrl: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  customAttributes: { key: string; value: string | null }[];
  shippingAddress: GraphqlAddress | null;
  billingAddress: GraphqlAddress | null;
  totalPriceSet: { presentmentMoney: { amount: string; currencyCode: string } };
  lineItems: {
    nodes: { title: string | null; variantTitle: string | null; quantity: number; variant: { legacyResourceId: string } | null }[];
  };
};
type Page = { abandonedCheckouts: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: AbandonedCheckoutNode[] } };

/**
 * The checkout's token, which GraphQL does not give: its way back names it
 * (`https://{shop}/{shop id}/checkouts/[ac/]{token}/recover?key=…`). Null when the path is not that.
 */
export function tokenOfRecoveryUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  return /\/checkouts\/(?:ac\/)?([A-Za-z0-9_-]{1,100})\/recover\/?$/.exec(path)?.[1] ?? null;
}

/** The checkout in the shape of its webhook's payload, so the webhook's reading applies (shopify-checkouts.ts). */
export function restCheckoutOf(node: AbandonedCheckoutNode, token: string): RestCheckout {
  const money = node.totalPriceSet.presentmentMoney;
  const address = (given: GraphqlAddress | null) =>
    given && { first_name: given.firstName, phone: given.phone, country_code: given.countryCodeV2 };
  return {
    id: node.id,
    token,
    created_at: node.createdAt,
    updated_at: node.updatedAt,
    completed_at: node.completedAt,
    abandoned_checkout_url: node.abandonedCheckoutUrl,
    presentment_currency: money.currencyCode,
    total_price: money.amount,
    note_attributes: node.customAttributes.map(({ key, value }) => ({ name: key, value })),
    line_items: node.lineItems.nodes.map((line) => ({
      title: line.title,
      variant_title: line.variantTitle,
      quantity: line.quantity,
      variant_id: line.variant?.legacyResourceId ?? null,
    })),
    shipping_address: address(node.shippingAddress),
    billing_address: address(node.billingAddress),
  };
}

/** Reads the store's abandoned checkouts updated after `since`, a page at a time, paced by the cost-based limit. */
export async function readAbandonedCheckoutsSince(
  storeUrl: string,
  token: string,
  since: Date,
  { onCheckouts, ...pace }: PaceOptions & { onCheckouts: (checkouts: AbandonedCheckoutNode[]) => Promise<void> | void },
): Promise<PaceProgress & { checkouts: number }> {
  const progress = { checkouts: 0, requests: 0, waitedMs: 0, cost: 0 };
  const ask = pacedQueries(storeUrl, token, progress, pace);
  const query = updatedSinceQuery(since);
  for (let after: string | null = null; ;) {
    const page: Page = await ask<Page>(ABANDONED_CHECKOUTS_QUERY, { first: CHECKOUTS_PER_PAGE, after, query, lines: LINES_PER_CHECKOUT });
    const { nodes, pageInfo } = page.abandonedCheckouts;
    await onCheckouts(nodes);
    progress.checkouts += nodes.length;
    pace.signal?.throwIfAborted();
    if (!pageInfo.hasNextPage || !pageInfo.endCursor) return progress;
    after = pageInfo.endCursor;
  }
}

/**
 * Where the inventory's next read starts: `lastRead`, the start of its last succeeded sync that read
 * checkouts, less the orders' overlap (Shopify's clock and search index may lag ours), else FIRST_READ_MS before `now`.
 */
export const checkoutsWatermark = (lastRead: Date | null, now: Date): Date =>
  lastRead ? new Date(lastRead.getTime() - WATERMARK_OVERLAP_MS) : new Date(now.getTime() - FIRST_READ_MS);

/**
 * The delivery a sync's reading of a checkout is noted as: the checkout as read, not only its update
 * time (Shopify's has seconds; two changes may share one, as the order placed right after a change).
 */
const syncDeliveryId = (draft: CheckoutDraft) =>
  `sync:${draft.token}:${createHash('sha256').update(JSON.stringify(draft)).digest('base64url').slice(0, 22)}`;

/**
 * Records a page through the webhooks' intake; how many were added or changed. The token comes from
 * the way back, else from the row already kept under the same Shopify id, else is made of that id.
 * The agreement to text marketing, which GraphQL does not say, stays as kept. Each recording is noted
 * as a delivery of what was read, so reading the same again (the overlap) records nothing.
 */
async function recordPage(db: Db, inventoryId: string, nodes: AbandonedCheckoutNode[], timeScale: number): Promise<number> {
  const entries = nodes.map((node) => ({ node, token: tokenOfRecoveryUrl(node.abandonedCheckoutUrl), id: numericIdOf(node.id) }));
  const tokens = entries.flatMap((entry) => (entry.token ? [entry.token] : []));
  const ids = entries.flatMap((entry) => (entry.id ? [entry.id] : []));
  const kept =
    tokens.length + ids.length === 0
      ? []
      : await db
          .select({ token: storeCheckouts.token, id: storeCheckouts.shopifyCheckoutId, accepts: storeCheckouts.acceptsSmsMarketing })
          .from(storeCheckouts)
          .where(
            and(
              eq(storeCheckouts.inventoryId, inventoryId),
              or(
                ...(tokens.length ? [inArray(storeCheckouts.token, tokens)] : []),
                ...(ids.length ? [inArray(storeCheckouts.shopifyCheckoutId, ids)] : []),
              ),
            ),
          );
  const byToken = new Map(kept.map((row) => [row.token, row]));
  const byId = new Map(kept.flatMap((row) => (row.id ? [[row.id, row] as const] : [])));
  let recorded = 0;
  for (const { node, token: named, id } of entries) {
    const token = named ?? (id ? (byId.get(id)?.token ?? `ac-${id}`) : null);
    const draft = token ? checkoutFromWebhook(restCheckoutOf(node, token)) : null;
    if (!draft) continue;
    draft.acceptsSmsMarketing = byToken.get(draft.token)?.accepts ?? false;
    const outcome = await recordCheckout(db, inventoryId, draft, { webhookId: syncDeliveryId(draft), topic: SYNC_TOPIC }, { timeScale });
    if (outcome.changed) recorded += 1;
  }
  return recorded;
}

export type CheckoutsRead = { since: Date; read: number; recorded: number; progress: PaceProgress };

/**
 * One read of the store's abandoned checkouts for the inventory (a sync's, or a poll's): those updated
 * after `since`, page by page into the intake; `timeScale`: DEMO_TIME_SCALE.
 */
export async function recordAbandonedCheckouts(
  db: Db,
  inventory: { id: string; shopifyUrl: string },
  token: string,
  since: Date,
  { timeScale = 1, ...pace }: PaceOptions & { timeScale?: number } = {},
): Promise<CheckoutsRead> {
  let recorded = 0;
  const { checkouts: read, ...progress } = await readAbandonedCheckoutsSince(inventory.shopifyUrl, token, since, {
    ...pace,
    onCheckouts: async (nodes) => {
      recorded += await recordPage(db, inventory.id, nodes, timeScale);
    },
  });
  return { since, read, recorded, progress };
}
