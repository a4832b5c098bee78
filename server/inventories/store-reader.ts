// Reads every variant of a Shopify store through the Admin GraphQL API, a page of 250 at a time
// (`productVariants`, each with its product), pacing itself by Shopify's cost-based limit: after
// each answer it knows the bucket (`throttleStatus`) and waits until it holds what the next page
// costs rather than being THROTTLED; a THROTTLED or 429 answer that comes anyway is waited out and
// asked again. Money comes as decimal strings in the shop's currency: read into minor units.
import { minorDigits } from '../knowledge/extraction/money';
import type { StoreVariant } from './catalog-match';
import { PeerFailure } from './peer-failure';
import { shopifyQuery, type QueryCost } from './shopify-admin';

export const VARIANTS_PER_PAGE = 250;

const VARIANTS_QUERY = `query CatalystVariants($first: Int!, $after: String) {
  shop { currencyCode }
  productVariants(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes {
      legacyResourceId title sku barcode price compareAtPrice inventoryQuantity availableForSale
      product { legacyResourceId title handle status onlineStoreUrl featuredImage { url } }
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
  /** Called after each page (the sync shows progress, renews its lease). */
  onPage?: (progress: ReadProgress) => Promise<void> | void;
  /** Waits are cut short when this aborts. */
  signal?: AbortSignal;
  /** Tests shorten waits; production sleeps. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** THROTTLED answers in a row before the read fails. */
  maxThrottled?: number;
};

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

export async function readStoreVariants(
  storeUrl: string,
  token: string,
  options: StoreReadOptions = {},
): Promise<{ variants: StoreVariant[]; progress: ReadProgress }> {
  const { onPage, signal, sleep = realSleep, maxThrottled = 20 } = options;
  const variants: StoreVariant[] = [];
  const progress: ReadProgress = { variants: 0, requests: 0, waitedMs: 0, cost: 0 };
  let after: string | null = null;
  let bucket: QueryCost | null = null;
  let throttledInARow = 0;
  const wait = async (ms: number) => {
    if (ms <= 0) return;
    progress.waitedMs += ms;
    await sleep(ms, signal);
  };
  for (;;) {
    // The bucket refills while we wait: ask only once it holds what the last page asked for.
    if (bucket) {
      const { currentlyAvailable, restoreRate } = bucket.throttleStatus;
      await wait(Math.ceil(((bucket.requestedQueryCost - currentlyAvailable) / Math.max(restoreRate, 1)) * 1000));
    }
    let answer: { data: Page; cost: QueryCost | null };
    try {
      progress.requests += 1;
      answer = await shopifyQuery<Page>(storeUrl, token, VARIANTS_QUERY, { first: VARIANTS_PER_PAGE, after });
    } catch (error) {
      if (!(error instanceof PeerFailure) || error.reason !== 'store_throttled' || ++throttledInARow > maxThrottled) throw error;
      bucket = null;
      await wait(error.retryAfterMs ?? 1000);
      continue;
    }
    throttledInARow = 0;
    bucket = answer.cost;
    if (answer.cost) progress.cost += answer.cost.actualQueryCost ?? answer.cost.requestedQueryCost;
    const currency = answer.data.shop.currencyCode;
    for (const node of answer.data.productVariants.nodes) {
      variants.push({
        productId: node.product.legacyResourceId,
        variantId: node.legacyResourceId,
        productTitle: node.product.title,
        variantTitle: node.title === 'Default Title' ? '' : node.title,
        handle: node.product.handle,
        status: node.product.status,
        sku: node.sku || null,
        barcode: node.barcode || null,
        priceMinor: decimalToMinor(node.price, currency),
        compareAtMinor: node.compareAtPrice ? decimalToMinor(node.compareAtPrice, currency) : null,
        currency,
        quantity: node.inventoryQuantity,
        available: node.availableForSale,
        imageUrl: node.product.featuredImage?.url ?? null,
        url: node.product.onlineStoreUrl,
      });
    }
    progress.variants = variants.length;
    await onPage?.(progress);
    const { hasNextPage, endCursor } = answer.data.productVariants.pageInfo;
    if (!hasNextPage || !endCursor) return { variants, progress };
    after = endCursor;
  }
}
