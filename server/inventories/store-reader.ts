// Reads every variant of a Shopify store through the Admin GraphQL API, a page at a time, paced by
// Shopify's cost-based limit so it waits rather than being throttled; past BULK_THRESHOLD variants,
// a bulk operation read as a stream instead. Details: docs/how-it-works.md, 'Store reading'.
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { minorDigits } from '../knowledge/extraction/money';
import type { StoreVariant } from './catalog-match';
import { fetchPeer, PeerFailure } from './peer-failure';
import { pacedQueries, realSleep, shopifyQuery, type PaceOptions } from './shopify-admin';

export const VARIANTS_PER_PAGE = 250;

const VARIANTS_QUERY = `query CatalystVariants($first: Int!, $after: String) {
  shop { currencyCode }
  productVariants(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes {
      legacyResourceId title sku barcode price compareAtPrice inventoryQuantity availableForSale
      product { legacyResourceId title handle status productType onlineStoreUrl featuredImage { url } }
    }
  }
}`;

type VariantNode = {
  legacyResourceId: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  price: string;
  compareAtPrice: string | null;
  inventoryQuantity: number | null;
  availableForSale: boolean;
  product: {
    legacyResourceId: string;
    title: string;
    handle: string;
    status: StoreVariant['status'];
    /** '' when the merchant set none. */
    productType: string;
    onlineStoreUrl: string | null;
    featuredImage: { url: string } | null;
  };
};
type Page = {
  shop: { currencyCode: string };
  productVariants: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: VariantNode[] };
};

/** A decimal string ('29.90', '1299') in minor units of `currency`; integers only. */
export function decimalToMinor(value: string, currency: string): number {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  const digits = minorDigits(currency);
  if (!/^-?\d+$/.test(whole) || !/^\d*$/.test(fraction)) throw new PeerFailure('store_url_wrong', 'price not a decimal');
  const padded = fraction.padEnd(digits + 1, '0');
  const minor = Math.abs(Number(whole)) * 10 ** digits + Number(padded.slice(0, digits) || '0') + (Number(padded[digits]) >= 5 ? 1 : 0);
  return whole.startsWith('-') ? -minor : minor;
}

export type ReadProgress = { variants: number; requests: number; waitedMs: number; cost: number };

export type StoreReadOptions = {
  /**
   * Takes each page of variants as it comes (a sync matches them and lets them go, so a big store
   * is never held whole); without it the variants are collected and returned.
   */
  onVariants?: (variants: StoreVariant[]) => Promise<void> | void;
  /** Called after each page (the sync shows progress, renews its lease). */
  onPage?: (progress: ReadProgress) => Promise<void> | void;
} & PaceOptions;

/** A variant as both readers get it, into the sync's shape. */
function variantOf(node: VariantNode, currency: string): StoreVariant {
  return {
    productId: node.product.legacyResourceId,
    variantId: node.legacyResourceId,
    productTitle: node.product.title,
    variantTitle: node.title === 'Default Title' ? '' : node.title,
    handle: node.product.handle,
    status: node.product.status,
    // A scalar of the product: Shopify's cost rules charge nothing for it, and a row gains one short string.
    productType: node.product.productType?.trim() || null,
    sku: node.sku || null,
    barcode: node.barcode || null,
    priceMinor: decimalToMinor(node.price, currency),
    compareAtMinor: node.compareAtPrice ? decimalToMinor(node.compareAtPrice, currency) : null,
    currency,
    quantity: node.inventoryQuantity,
    available: node.availableForSale,
    imageUrl: node.product.featuredImage?.url ?? null,
    url: node.product.onlineStoreUrl,
  };
}

/** Longest a bulk operation's file may take to read (Shopify's file links last a week). */
const BULK_FILE_TIMEOUT_MS = 30 * 60_000;

/** Past this many variants a sync reads the store through a bulk operation. */
export const BULK_THRESHOLD = 10_000;

/** How many variants the store has (exact up to 10,000; `atLeast` past it). */
export async function countStoreVariants(storeUrl: string, token: string): Promise<{ count: number; atLeast: boolean }> {
  const { data } = await shopifyQuery<{ productVariantsCount: { count: number; precision: 'EXACT' | 'AT_LEAST' } }>(
    storeUrl,
    token,
    'query CatalystCount { productVariantsCount { count precision } }',
  );
  return { count: data.productVariantsCount.count, atLeast: data.productVariantsCount.precision === 'AT_LEAST' };
}

/** Where a reader puts its variants: the caller's `onVariants`, or an array it returns. */
function variantSink(onVariants: StoreReadOptions['onVariants']) {
  const collected: StoreVariant[] = [];
  return { put: onVariants ?? ((batch: StoreVariant[]) => void collected.push(...batch)), collected };
}

/** The store's variants: paged and paced up to `bulkThreshold`, through a bulk operation past it. */
export async function readStore(
  storeUrl: string,
  token: string,
  options: StoreReadOptions & { bulkThreshold?: number; bulkPollMs?: number } = {},
): Promise<{ variants: StoreVariant[]; progress: ReadProgress; bulk: boolean }> {
  const { bulkThreshold = BULK_THRESHOLD } = options;
  const { count, atLeast } = await countStoreVariants(storeUrl, token);
  if (count > bulkThreshold || (atLeast && count >= bulkThreshold))
    return { ...(await readStoreVariantsBulk(storeUrl, token, options)), bulk: true };
  return { ...(await readStoreVariants(storeUrl, token, options)), bulk: false };
}

const BULK_QUERY = `{
  productVariants {
    edges {
      node {
        legacyResourceId title sku barcode price compareAtPrice inventoryQuantity availableForSale
        product { legacyResourceId title handle status productType onlineStoreUrl featuredImage { url } }
      }
    }
  }
}`;

type BulkOperation = { id: string; status: string; errorCode: string | null; url: string | null; objectCount: string };

/**
 * Every variant through a bulk operation: started with one mutation, polled until Shopify has
 * written the file, and the file read line by line (each line one variant with its product), so
 * a store of any size passes through without its whole export in memory at once.
 */
export async function readStoreVariantsBulk(
  storeUrl: string,
  token: string,
  { onVariants, onPage, signal, sleep = realSleep, bulkPollMs = 1_000 }: StoreReadOptions & { bulkPollMs?: number } = {},
): Promise<{ variants: StoreVariant[]; progress: ReadProgress }> {
  const progress: ReadProgress = { variants: 0, requests: 0, waitedMs: 0, cost: 0 };
  const ask = async <T>(query: string, variables?: Record<string, unknown>) => {
    progress.requests += 1;
    const answer = await shopifyQuery<T>(storeUrl, token, query, variables);
    if (answer.cost) progress.cost += answer.cost.actualQueryCost ?? answer.cost.requestedQueryCost;
    return answer.data;
  };
  const { shop } = await ask<{ shop: { currencyCode: string } }>('query CatalystCurrency { shop { currencyCode } }');
  const started = await ask<{ bulkOperationRunQuery: { bulkOperation: BulkOperation | null; userErrors: { message: string }[] } }>(
    `mutation CatalystBulk($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { id status errorCode url objectCount } userErrors { field message } } }`,
    { query: BULK_QUERY },
  );
  const first = started.bulkOperationRunQuery.bulkOperation;
  if (!first)
    throw new PeerFailure(
      'store_unreachable',
      `bulk refused: ${started.bulkOperationRunQuery.userErrors.map((error) => error.message).join('; ')}`,
    );
  let operation: BulkOperation = first;
  while (!['COMPLETED', 'FAILED', 'CANCELED', 'EXPIRED'].includes(operation.status)) {
    progress.waitedMs += bulkPollMs;
    await sleep(bulkPollMs, signal);
    const polled: { bulkOperation: BulkOperation | null } = await ask<{ bulkOperation: BulkOperation | null }>(
      'query CatalystBulkStatus($id: ID!) { bulkOperation(id: $id) { id status errorCode url objectCount } }',
      { id: operation.id },
    );
    if (!polled.bulkOperation) throw new PeerFailure('store_unreachable', 'bulk operation vanished');
    operation = polled.bulkOperation;
  }
  if (operation.status !== 'COMPLETED')
    throw new PeerFailure(
      operation.errorCode === 'ACCESS_DENIED' ? 'store_scope_missing' : 'store_unreachable',
      `bulk ${operation.status} ${operation.errorCode ?? ''}`,
    );
  const sink = variantSink(onVariants);
  // An empty store has no file.
  if (operation.url) {
    // The file is read as it comes, each page of it written to the run's rows: minutes for a big store.
    const response = await fetchPeer(operation.url, { signal: signal ?? null }, 'store_unreachable', { timeoutMs: BULK_FILE_TIMEOUT_MS });
    if (!response.ok || !response.body) throw new PeerFailure('store_unreachable', `bulk file http ${response.status}`);
    const lines = createInterface({
      input: Readable.fromWeb(response.body as WebReadableStream),
      crlfDelay: Infinity,
    });
    let batch: StoreVariant[] = [];
    for await (const line of lines) {
      if (!line.trim()) continue;
      const node = JSON.parse(line) as VariantNode & { __parentId?: string };
      if (node.__parentId || !node.product) continue; // only variant lines: nested connections are not asked for
      batch.push(variantOf(node, shop.currencyCode));
      if (batch.length === VARIANTS_PER_PAGE) {
        await sink.put(batch);
        progress.variants += batch.length;
        batch = [];
        if (progress.variants % 10_000 === 0) await onPage?.(progress);
      }
    }
    await sink.put(batch);
    progress.variants += batch.length;
  }
  await onPage?.(progress);
  return { variants: sink.collected, progress };
}

export async function readStoreVariants(
  storeUrl: string,
  token: string,
  options: StoreReadOptions = {},
): Promise<{ variants: StoreVariant[]; progress: ReadProgress }> {
  const { onVariants, onPage, ...pace } = options;
  const sink = variantSink(onVariants);
  const progress: ReadProgress = { variants: 0, requests: 0, waitedMs: 0, cost: 0 };
  const ask = pacedQueries(storeUrl, token, progress, pace);
  for (let after: string | null = null; ;) {
    const page: Page = await ask<Page>(VARIANTS_QUERY, { first: VARIANTS_PER_PAGE, after });
    const currency = page.shop.currencyCode;
    const { nodes, pageInfo } = page.productVariants;
    await sink.put(nodes.map((node) => variantOf(node, currency)));
    progress.variants += nodes.length;
    await onPage?.(progress);
    const { hasNextPage, endCursor } = pageInfo;
    if (!hasNextPage || !endCursor) return { variants: sink.collected, progress };
    after = endCursor;
  }
}
