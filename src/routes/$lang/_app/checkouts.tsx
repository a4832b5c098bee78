// `/{lang}/checkouts`: checkout recovery — an inventory's abandoned checkouts with the period's
// figures, and its recovery flow (inventory, period, status filter, search and page in the URL).
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { CheckoutsPage } from '@/src/features/checkouts/components/checkouts-page';
import type { CheckoutsSearch } from '@/src/features/checkouts/checkout-search';

const textKeys = ['inventory', 'status', 'q', 'checkout'] as const;
const numberKeys = ['days', 'page'] as const;

/**
 * The known keys, without zod (validateSearch stays in the route tree, in every page's first JS):
 * the texts as strings and the numbers as numbers. An address is read as text (src/app/search-params.ts:
 * `?checkout=2`, `?page=2`); a navigation's own search may hold numbers. The page reads them with
 * checkoutsSearchSchema, which drops what is invalid.
 */
function validateCheckoutsSearch(search: Record<string, unknown>): CheckoutsSearch {
  const kept: CheckoutsSearch = {};
  for (const key of textKeys) {
    const value = search[key];
    if (typeof value === 'string') kept[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) kept[key] = String(value);
  }
  for (const key of numberKeys) {
    const value = typeof search[key] === 'string' ? Number(search[key]) : search[key];
    if (typeof value === 'number' && Number.isInteger(value)) kept[key] = value;
  }
  return kept;
}

export const Route = createFileRoute('/$lang/_app/checkouts')({
  validateSearch: validateCheckoutsSearch,
  staticData: { crumbs: [crumbs.checkouts] },
  component: CheckoutsPage,
});
