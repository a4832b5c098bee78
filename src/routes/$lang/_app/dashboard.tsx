import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { DashboardPage } from '@/src/features/dashboard/components/dashboard-page';
import type { DashboardSearch } from '@/src/features/dashboard/dashboard-search';

const keys = ['range', 'from', 'to', 'inventory', 'aiBase', 'channel'] as const;

/**
 * The range and filters of the URL, without zod (validateSearch stays in the route tree, in every
 * page's first JS): the known keys' strings, nothing else. The page reads them with
 * dashboardSearchSchema, which drops what is invalid (tests/unit/dashboard-search.test.ts holds the two together).
 */
function validateDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const kept: DashboardSearch = {};
  for (const key of keys) if (typeof search[key] === 'string') kept[key] = search[key];
  return kept;
}

export const Route = createFileRoute('/$lang/_app/dashboard')({
  validateSearch: validateDashboardSearch,
  staticData: { crumbs: [crumbs.dashboard] },
  component: DashboardPage,
});
