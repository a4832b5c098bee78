// Subscribing an inventory's store to its order webhooks: Admin GraphQL's `webhookSubscriptionCreate`
// for orders/create, fulfillments/create and fulfillments/update (post-sale notices) and
// checkouts/create and checkouts/update (checkout recovery), JSON, to the inventory's callback URL
// on the site's public address. Idempotent: Shopify refuses a second subscription of a topic to the
// same address ('Address for this topic has already been taken'), which counts as subscribed. Done
// after step 1 is saved with an API secret key, and again by the poller while it has not succeeded;
// the inventory records the URL once all are subscribed, and its orders stop being polled.
import { CHECKOUT_WEBHOOK_TOPICS } from '../checkouts/shopify-checkouts';
import type { Db } from '../db/database';
import { markOrderWebhooks, orderEventSourceOf } from '../inventories/inventory-order-sources';
import { PeerFailure } from '../inventories/peer-failure';
import { pacedQueries, type PaceOptions } from '../inventories/shopify-admin';
import type { SecretBox } from '../secrets/secret-box';
import { orderWebhookUrl } from './order-webhook-address';

/** The webhook topics an inventory's store is subscribed to, as Admin GraphQL names them. */
export const STORE_WEBHOOK_TOPICS = ['ORDERS_CREATE', 'FULFILLMENTS_CREATE', 'FULFILLMENTS_UPDATE', ...CHECKOUT_WEBHOOK_TOPICS] as const;

/** Shopify's userError for a topic already subscribed to this address. */
export const ALREADY_SUBSCRIBED = 'Address for this topic has already been taken';

const SUBSCRIBE = `mutation CatalystOrderWebhook($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

type SubscribeAnswer = {
  webhookSubscriptionCreate: {
    webhookSubscription: { id: string } | null;
    userErrors: { field: string[] | null; message: string }[];
  } | null;
};

/** Shopify refused a subscription for another reason than 'already taken' (its message, for the log). */
export class SubscriptionRefused extends Error {
  constructor(
    readonly topic: string,
    readonly reason: string,
  ) {
    super(`${topic}: ${reason}`);
    this.name = 'SubscriptionRefused';
  }
}

/** Subscribes the store to each topic at `callbackUrl`; how many were new. Throws PeerFailure or SubscriptionRefused. */
export async function subscribeOrderWebhooks(
  storeUrl: string,
  token: string,
  callbackUrl: string,
  pace: PaceOptions = {},
): Promise<number> {
  const ask = pacedQueries(storeUrl, token, { requests: 0, waitedMs: 0, cost: 0 }, pace);
  let created = 0;
  for (const topic of STORE_WEBHOOK_TOPICS) {
    const answer = await ask<SubscribeAnswer>(SUBSCRIBE, { topic, webhookSubscription: { callbackUrl, format: 'JSON' } });
    const payload = answer.webhookSubscriptionCreate;
    const refusals = (payload?.userErrors ?? []).filter((error) => error.message !== ALREADY_SUBSCRIBED);
    if (refusals.length > 0) throw new SubscriptionRefused(topic, refusals.map((error) => error.message).join('; '));
    if (payload?.webhookSubscription) created += 1;
  }
  return created;
}

/** What `ensureOrderWebhooks` found or did. */
export type OrderWebhooksOutcome =
  | { outcome: 'subscribed'; created: number }
  | { outcome: 'already_subscribed' | 'no_public_address' | 'no_secret' | 'no_store' | 'changed_meanwhile' }
  | { outcome: 'failed'; reason: string };

/**
 * Subscribes the inventory's store to its order webhooks when it has an API secret key, a store and
 * token, and the site a public address (`publicOrigin`), unless already done for this address; then
 * records the URL on the inventory (unless the store, token or secret changed meanwhile).
 */
export async function ensureOrderWebhooks(
  { db, secrets, publicOrigin }: { db: Db; secrets: SecretBox; publicOrigin: string | null },
  inventoryId: string,
  pace: PaceOptions = {},
): Promise<OrderWebhooksOutcome> {
  if (!publicOrigin) return { outcome: 'no_public_address' };
  const source = await orderEventSourceOf(db, secrets, inventoryId);
  if (!source) return { outcome: 'no_store' };
  if (!source.apiSecretSet) return { outcome: 'no_secret' };
  const callbackUrl = orderWebhookUrl(publicOrigin, inventoryId);
  if (source.orderWebhooksUrl === callbackUrl) return { outcome: 'already_subscribed' };
  let created: number;
  try {
    created = await subscribeOrderWebhooks(source.shopifyUrl, source.token, callbackUrl, pace);
  } catch (error) {
    if (error instanceof PeerFailure) return { outcome: 'failed', reason: error.reason };
    if (error instanceof SubscriptionRefused) return { outcome: 'failed', reason: `refused ${error.message}` };
    throw error;
  }
  return (await markOrderWebhooks(db, inventoryId, callbackUrl, source))
    ? { outcome: 'subscribed', created }
    : { outcome: 'changed_meanwhile' };
}
