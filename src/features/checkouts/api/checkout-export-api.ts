// 'Export CSV' of the Checkouts screen: GET /api/v1/checkouts/export.csv with the list's inventory,
// period, status and search (every page), downloaded with the bearer token (src/api/csv-download.ts).
import { fetchCsv, type CsvDownloadDeps } from '@/src/api/csv-download';
import type { CheckoutsView } from '../checkout-search';
import { checkoutListQuery } from './checkout-list-api';

/** The export's query string: the list's query without its page. */
export function checkoutExportQuery(view: CheckoutsView & { inventoryId: string }, today: Date): URLSearchParams {
  const { page: _page, ...query } = checkoutListQuery(view, today);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return params;
}

export const fetchCheckoutsCsv = (deps: CsvDownloadDeps, view: CheckoutsView & { inventoryId: string }, today: Date) =>
  fetchCsv(deps, '/checkouts/export.csv', checkoutExportQuery(view, today), 'catalyst-checkouts.csv');
