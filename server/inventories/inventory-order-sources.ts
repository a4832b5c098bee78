// What server/order-events asks of the inventories' tables (scripts/lint-area-tables.js): an
// inventory's store as its orders are read or its webhooks subscribed (address and opened token,
// whether an API secret key is saved, the webhook URL subscribed so far), the recording of that URL
// once subscribed, and which inventories have their orders polled (no webhooks to this site).
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { SecretBox } from '../secrets/secret-box';
import { orderWebhookUrl } from '../order-events/order-webhook-address';
import { inventories } from './inventory-tables';

/** An inventory's store as its order events are read: null when it is gone or has no store saved. */
export type OrderEventSource = {
  shopifyUrl: string;
  token: string;
  apiSecretSet: boolean;
  orderWebhooksUrl: string | null;
  /** What the store, token and secret were when read: the subscription is recorded only if they are still so. */
  sealed: { shopifyUrl: string; token: string; secret: string | null };
};

export async function orderEventSourceOf(db: Db, secrets: SecretBox, inventoryId: string): Promise<OrderEventSource | null> {
  const [row] = await db
    .select({
      shopifyUrl: inventories.shopifyUrl,
      tokenSealed: inventories.shopifyTokenSealed,
      secretSealed: inventories.shopifyApiSecretSealed,
      orderWebhooksUrl: inventories.orderWebhooksUrl,
      savedSteps: inventories.savedSteps,
    })
    .from(inventories)
    .where(eq(inventories.id, inventoryId));
  if (!row?.tokenSealed || !row.shopifyUrl || row.savedSteps < 1) return null;
  return {
    shopifyUrl: row.shopifyUrl,
    token: secrets.open(row.tokenSealed, inventoryId),
    apiSecretSet: row.secretSealed !== null,
    orderWebhooksUrl: row.orderWebhooksUrl,
    sealed: { shopifyUrl: row.shopifyUrl, token: row.tokenSealed, secret: row.secretSealed },
  };
}

/** Records that the store's order webhooks are subscribed to `url`, unless its store, token or secret changed since `source` was read. */
export async function markOrderWebhooks(db: Db, inventoryId: string, url: string, { sealed }: OrderEventSource): Promise<boolean> {
  const marked = await db
    .update(inventories)
    .set({ orderWebhooksUrl: url })
    .where(
      and(
        eq(inventories.id, inventoryId),
        eq(inventories.shopifyUrl, sealed.shopifyUrl),
        eq(inventories.shopifyTokenSealed, sealed.token),
        sealed.secret === null ? sql`${inventories.shopifyApiSecretSealed} is null` : eq(inventories.shopifyApiSecretSealed, sealed.secret),
      ),
    )
    .returning({ id: inventories.id });
  return marked.length > 0;
}

/**
 * A select of the ids (`id`) of the inventories whose orders are polled: a store and token saved, and
 * no order webhooks subscribed to this site's public address (`publicOrigin`; null: none, all are).
 * The rule of inventory-store.ts's orderEventsOf, in SQL.
 */
export function polledInventoryIdsSql(publicOrigin: string | null): SQL {
  const subscribed = publicOrigin
    ? sql`(${inventories.shopifyApiSecretSealed} is not null and ${inventories.orderWebhooksUrl} is not distinct from (${orderWebhookUrl(publicOrigin, '')} || ${inventories.id}::text))`
    : sql`false`;
  const polled = and(
    sql`${inventories.savedSteps} >= 1`,
    isNotNull(inventories.shopifyTokenSealed),
    sql`${inventories.shopifyUrl} <> ''`,
    sql`not ${subscribed}`,
  );
  return sql`select ${inventories.id} as id from ${inventories} where ${polled}`;
}
