// Shopify's Admin GraphQL API, as Catalyst reads a merchant's store: `POST {store}/admin/api/
// {version}/graphql.json` with `X-Shopify-Access-Token`. Here: the query runner that turns
// Shopify's answers into data or a PeerFailure (401 → wrong token, a page that is not the API →
// wrong URL, ACCESS_DENIED → a missing scope, THROTTLED with 200 or 429 → throttled, with the wait
// the bucket needs), the paced runner a read of many pages goes through (the store's variants, its
// orders), and the connection check the wizard runs before saving a store.
import { requiredShopifyScopes, type StoreCheck } from '@/domain/inventory';
import { fetchPeer, jsonOf, PeerFailure } from './peer-failure';

/** The Admin API version every request names (Shopify supports each for a year). */
export const SHOPIFY_API_VERSION = '2025-01';

export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
export type QueryCost = { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus: ThrottleStatus };
export type GraphqlAnswer<T> = { data: T; cost: QueryCost | null };

type GraphqlError = { message?: string; extensions?: { code?: string; requiredAccess?: string } };

export const graphqlUrl = (storeUrl: string) => `${storeUrl}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

/** Runs one query; throws PeerFailure for every answer that is not data. */
export async function shopifyQuery<T>(
  storeUrl: string,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphqlAnswer<T>> {
  const response = await fetchPeer(
    graphqlUrl(storeUrl),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query, variables }),
    },
    'store_unreachable',
  );
  if (response.status === 401 || response.status === 403) throw new PeerFailure('store_token_invalid', `http ${response.status}`);
  if (response.status === 429) throw new PeerFailure('store_throttled', 'http 429', retryAfterMs(response.headers.get('retry-after')));
  if (response.status >= 500) throw new PeerFailure('store_unreachable', `http ${response.status}`);
  const body = (await jsonOf(response)) as { data?: T; errors?: GraphqlError[] | string; extensions?: { cost?: QueryCost } } | null;
  // A redirect, a 404 or a page that is not JSON: the address is not a store's Admin API.
  if (response.status !== 200 || body === null || typeof body !== 'object')
    throw new PeerFailure('store_url_wrong', `http ${response.status}`);
  const cost = body.extensions?.cost ?? null;
  const errors = Array.isArray(body.errors) ? body.errors : [];
  const throttled = errors.find((error) => error.extensions?.code === 'THROTTLED');
  if (throttled) throw new PeerFailure('store_throttled', 'THROTTLED', cost ? waitForBucket(cost) : 1000);
  const denied = errors.filter((error) => error.extensions?.code === 'ACCESS_DENIED');
  if (denied.length > 0) {
    const missing = denied.flatMap((error) =>
      [...(error.extensions?.requiredAccess ?? error.message ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]!),
    );
    throw new PeerFailure('store_scope_missing', 'ACCESS_DENIED', undefined, [...new Set(missing)]);
  }
  if (errors.length > 0 || body.data == null)
    throw new PeerFailure('store_url_wrong', `graphql ${errors.map((error) => error.extensions?.code ?? 'error').join(',')}`);
  return { data: body.data, cost };
}

/** How long until the bucket holds what the refused query asked for. */
export function waitForBucket({ requestedQueryCost, throttleStatus }: QueryCost): number {
  const missing = Math.max(0, requestedQueryCost - throttleStatus.currentlyAvailable);
  return Math.ceil((missing / Math.max(throttleStatus.restoreRate, 1)) * 1000);
}

/** What a paced read has done: requests sent (refused ones too), time waited for the bucket, points spent. */
export type PaceProgress = { requests: number; waitedMs: number; cost: number };

export type PaceOptions = {
  /** Waits are cut short when this aborts. */
  signal?: AbortSignal;
  /** Tests shorten waits; production sleeps. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** THROTTLED answers in a row before the read fails. */
  maxThrottled?: number;
};

/** Sleeps `ms`, or until `signal` aborts; its listener goes with it (a sync waits hundreds of times on one signal). */
export const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });

/**
 * A query runner for one read of many pages, paced by Shopify's cost-based limit: after each answer
 * it knows the bucket (`throttleStatus`) and, before the next query, waits until the bucket holds
 * what the last one asked for rather than being THROTTLED; a THROTTLED or 429 answer that comes
 * anyway is waited out and asked again (up to `maxThrottled` in a row). Counts into `progress`.
 */
export function pacedQueries(
  storeUrl: string,
  token: string,
  progress: PaceProgress,
  { signal, sleep = realSleep, maxThrottled = 20 }: PaceOptions = {},
) {
  let bucket: QueryCost | null = null;
  const wait = async (ms: number) => {
    if (ms <= 0) return;
    progress.waitedMs += ms;
    await sleep(ms, signal);
  };
  return async function ask<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    for (let throttledInARow = 0; ;) {
      // The bucket refills while we wait: ask only once it holds what the last query asked for.
      if (bucket) {
        const { currentlyAvailable, restoreRate } = bucket.throttleStatus;
        await wait(Math.ceil(((bucket.requestedQueryCost - currentlyAvailable) / Math.max(restoreRate, 1)) * 1000));
      }
      let answer: GraphqlAnswer<T>;
      try {
        progress.requests += 1;
        answer = await shopifyQuery<T>(storeUrl, token, query, variables);
      } catch (error) {
        if (!(error instanceof PeerFailure) || error.reason !== 'store_throttled' || ++throttledInARow > maxThrottled) throw error;
        bucket = null;
        await wait(error.retryAfterMs ?? 1000);
        continue;
      }
      bucket = answer.cost;
      if (answer.cost) progress.cost += answer.cost.actualQueryCost ?? answer.cost.requestedQueryCost;
      return answer.data;
    }
  };
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : 1000;
}

const CHECK_QUERY = `query CatalystStoreCheck {
  shop { name currencyCode }
  currentAppInstallation { accessScopes { handle } }
}`;

/**
 * The store's name and currency when the token reads it with the scopes Catalyst needs; a
 * throttled check waits for the bucket once (a check is cheap: one wait is enough).
 */
export async function checkStore(storeUrl: string, token: string): Promise<StoreCheck> {
  type Answer = { shop: { name: string; currencyCode: string }; currentAppInstallation: { accessScopes: { handle: string }[] } };
  let answer: GraphqlAnswer<Answer>;
  try {
    answer = await shopifyQuery<Answer>(storeUrl, token, CHECK_QUERY);
  } catch (error) {
    if (!(error instanceof PeerFailure) || error.reason !== 'store_throttled' || (error.retryAfterMs ?? 0) > 10_000) throw error;
    await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs));
    answer = await shopifyQuery<Answer>(storeUrl, token, CHECK_QUERY);
  }
  const granted = new Set(answer.data.currentAppInstallation.accessScopes.map((scope) => scope.handle));
  // write_products implies read_products, as Shopify's scopes do.
  const missing = requiredShopifyScopes.filter((scope) => !granted.has(scope) && !granted.has(scope.replace('read_', 'write_')));
  if (missing.length > 0) throw new PeerFailure('store_scope_missing', `scopes ${missing.join(',')}`, undefined, missing);
  return { name: answer.data.shop.name, currency: answer.data.shop.currencyCode };
}
