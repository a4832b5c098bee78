// Meta's Graph API for commerce catalogs (the catalog WhatsApp shows): `GET {graph}/{catalog id}`
// with the platform's system-user token (META_ACCESS_TOKEN; an inventory may carry its own later).
// Here: the request runner that turns Graph errors into a PeerFailure (code 100 → not found, 190 →
// token, 4/17/613/80009/80014 → throttled, with the wait X-Business-Use-Case-Usage gives), and the
// catalog check the wizard runs before saving a catalog.
import type { CatalogCheck } from '@/domain/inventory';
import { GRAPH_TOKEN_CODES, graphErrorOf, usageWaitMs } from '../meta/graph-api';
import { catalogPriceMinor, type CatalogItem } from './catalog-match';
import { fetchPeer, jsonOf, PeerFailure } from './peer-failure';

/** META_GRAPH_URL and META_ACCESS_TOKEN (server/config.ts). */
export type MetaConfig = { graphUrl: string; accessToken: string | null };

const THROTTLE_CODES = new Set([4, 17, 613, 80009, 80014]);

/** GET a Graph path (`/{id}?fields=…`); throws PeerFailure for every answer that is not data. */
export function graphGet<T>(config: MetaConfig, path: string, params: Record<string, string>): Promise<T> {
  return graphCall<T>(config, 'GET', path, params);
}

/** POST JSON to a Graph path (`/{catalog id}/items_batch`); the same errors as graphGet. */
export function graphPost<T>(config: MetaConfig, path: string, body: Record<string, unknown>): Promise<T> {
  return graphCall<T>(config, 'POST', path, {}, body);
}

async function graphCall<T>(
  config: MetaConfig,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string>,
  body?: Record<string, unknown>,
): Promise<T> {
  if (!config.accessToken) throw new PeerFailure('catalog_token_invalid', 'META_ACCESS_TOKEN is not set');
  const url = new URL(`${config.graphUrl}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const headers: Record<string, string> = { authorization: `Bearer ${config.accessToken}`, accept: 'application/json' };
  if (body) headers['content-type'] = 'application/json';
  const response = await fetchPeer(url.href, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) }, 'catalog_unreachable');
  const answer = (await jsonOf(response)) as T | null;
  if (answer === null) throw new PeerFailure('catalog_unreachable', `http ${response.status}, not json`);
  const error = graphErrorOf(answer);
  if (!error && response.ok) return answer;
  const code = error?.code ?? 0;
  if (THROTTLE_CODES.has(code))
    throw new PeerFailure('catalog_throttled', `code ${code}`, usageWaitMs(response.headers.get('x-business-use-case-usage')));
  if (GRAPH_TOKEN_CODES.has(code)) throw new PeerFailure('catalog_token_invalid', `code ${code}`);
  if (code === 100 || code === 803 || response.status === 404) throw new PeerFailure('catalog_not_found', `code ${code}`);
  throw new PeerFailure('catalog_unreachable', `http ${response.status} code ${code}`);
}

/** The catalog's name and item count, when the token can see it. */
export async function checkCatalog(config: MetaConfig, catalogId: string): Promise<CatalogCheck> {
  const found = await graphGet<{ id: string; name?: string; product_count?: number }>(config, `/${encodeURIComponent(catalogId)}`, {
    fields: 'id,name,product_count',
  });
  return { name: found.name ?? catalogId, itemCount: Number(found.product_count ?? 0) };
}

/** Items per page of a catalog's products. */
export const CATALOG_PAGE_SIZE = 100;
/** Longest a sync waits for Meta to lift a throttle before it fails (and the next hour tries again). */
const MAX_THROTTLE_WAIT_MS = 5 * 60_000;

type ProductNode = {
  id: string;
  retailer_id?: string;
  name?: string;
  price?: string | number;
  currency?: string;
  availability?: string;
  image_url?: string;
  url?: string;
  review_status?: string;
};
type ProductsPage = { data?: ProductNode[]; paging?: { cursors?: { after?: string }; next?: string } };

/**
 * Every item of a catalog, a page at a time; a throttle is waited out (up to five minutes in all).
 * With `onItems` each page goes there as it comes (and nothing is returned): a sync matches it and
 * lets it go; without it the items are collected and returned.
 */
export async function readCatalogItems(
  config: MetaConfig,
  catalogId: string,
  {
    onItems,
    onPage,
    sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: {
    onItems?: (items: CatalogItem[]) => Promise<void> | void;
    onPage?: (items: number) => Promise<void> | void;
    sleep?: (ms: number) => Promise<unknown>;
  } = {},
): Promise<CatalogItem[]> {
  const items: CatalogItem[] = [];
  let read = 0;
  let after: string | undefined;
  let waited = 0;
  for (;;) {
    let page: ProductsPage;
    try {
      page = await graphGet<ProductsPage>(config, `/${encodeURIComponent(catalogId)}/products`, {
        fields: 'id,retailer_id,name,price,currency,availability,image_url,url,review_status',
        limit: String(CATALOG_PAGE_SIZE),
        ...(after ? { after } : {}),
      });
    } catch (error) {
      if (!(error instanceof PeerFailure) || error.reason !== 'catalog_throttled') throw error;
      const ms = error.retryAfterMs ?? 1000;
      if (waited + ms > MAX_THROTTLE_WAIT_MS) throw error;
      waited += ms;
      await sleep(ms);
      continue;
    }
    const pageItems = (page.data ?? []).map((node): CatalogItem => {
      const currency = node.currency?.toUpperCase() ?? null;
      return {
        id: node.id,
        retailerId: node.retailer_id ?? node.id,
        name: node.name ?? '',
        priceMinor: catalogPriceMinor(node.price, currency),
        currency,
        availability: node.availability ?? 'in stock',
        imageUrl: node.image_url ?? null,
        url: node.url ?? null,
        reviewStatus: node.review_status ?? null,
      };
    });
    read += pageItems.length;
    if (onItems) await onItems(pageItems);
    else items.push(...pageItems);
    await onPage?.(read);
    const next = page.paging?.next ? page.paging.cursors?.after : undefined;
    if (!next) return items;
    after = next;
  }
}
