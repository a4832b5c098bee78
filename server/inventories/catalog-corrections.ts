// 'The store is the source of truth': a sync's price and availability mismatches pushed to the
// catalog with Meta's `POST /{catalog id}/items_batch` (UPDATE requests, at most 5,000 a call),
// each batch followed with `check_batch_request_status` until Meta says it is finished, and what
// Meta refused kept item by item (its own message) for the merchant to read. Prices go in Meta's
// feed form ('29.90 BRL').
import type { Mismatch } from '@/domain/inventory-sync';
import { minorDigits } from '../knowledge/extraction/money';
import type { ProductRow } from './catalog-match';
import { graphGet, graphPost, type MetaConfig } from './meta-catalog';

export const MAX_BATCH_REQUESTS = 5_000;

export type CorrectionOutcome = {
  /** Items asked to change. */
  sent: number;
  /** Items Meta changed. */
  applied: string[];
  refused: { retailerId: string; message: string }[];
  /** Items whose batch Meta had not finished when we stopped asking. */
  pending: string[];
};

type BatchAnswer = { handles?: string[]; validation_status?: { retailer_id?: string; errors?: { message?: string }[] }[] };
type StatusAnswer = { data?: { handle?: string; status?: string; errors?: { line?: number; id?: string; message?: string }[] }[] };

/** A price in Meta's feed form: '29.90 BRL'. */
export const feedPrice = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
};

/** The UPDATE requests that make each mismatched item say what the store says. */
export function correctionRequests(mismatches: readonly Mismatch[], rows: ReadonlyMap<string, ProductRow>) {
  const byItem = new Map<string, Record<string, unknown>>();
  for (const mismatch of mismatches) {
    const row = rows.get(mismatch.key);
    if (!row || row.priceMinor === null || !row.currency) continue;
    const data = byItem.get(mismatch.retailerId) ?? { id: mismatch.retailerId };
    if (mismatch.field === 'price') data.price = feedPrice(row.priceMinor, row.currency);
    else data.availability = row.available ? 'in stock' : 'out of stock';
    byItem.set(mismatch.retailerId, data);
  }
  return [...byItem.values()].map((data) => ({ method: 'UPDATE', data }));
}

export async function pushCorrections(
  config: MetaConfig,
  catalogId: string,
  requests: readonly { method: string; data: Record<string, unknown> }[],
  { pollMs = 1_000, timeoutMs = 120_000, sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<CorrectionOutcome> {
  const outcome: CorrectionOutcome = { sent: requests.length, applied: [], refused: [], pending: [] };
  const path = `/${encodeURIComponent(catalogId)}`;
  for (let at = 0; at < requests.length; at += MAX_BATCH_REQUESTS) {
    const chunk = requests.slice(at, at + MAX_BATCH_REQUESTS);
    const ids = chunk.map((request) => String(request.data.id));
    const answer = await graphPost<BatchAnswer>(config, `${path}/items_batch`, { item_type: 'PRODUCT_ITEM', requests: chunk });
    const refused = new Map<string, string>();
    for (const entry of answer.validation_status ?? [])
      if (entry.retailer_id && entry.errors?.length)
        refused.set(entry.retailer_id, entry.errors.map((error) => error.message ?? '').join(' '));
    let finished = false;
    const started = Date.now();
    const handles = answer.handles ?? [];
    while (handles.length > 0 && !finished && Date.now() - started < timeoutMs) {
      await sleep(pollMs);
      const statuses = await Promise.all(
        handles.map((handle) => graphGet<StatusAnswer>(config, `${path}/check_batch_request_status`, { handle })),
      );
      const entries = statuses.flatMap((status) => status.data ?? []);
      finished = entries.length > 0 && entries.every((entry) => entry.status === 'finished');
      if (finished)
        for (const error of entries.flatMap((entry) => entry.errors ?? [])) {
          const id = error.id ?? (error.line === undefined ? undefined : ids[error.line]);
          if (id) refused.set(id, error.message ?? 'refused');
        }
    }
    for (const id of ids) {
      if (refused.has(id)) outcome.refused.push({ retailerId: id, message: refused.get(id)! });
      else if (finished) outcome.applied.push(id);
      else outcome.pending.push(id);
    }
  }
  return outcome;
}
