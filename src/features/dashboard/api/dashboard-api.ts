// The dashboard's one read (GET /api/v1/dashboard, server/routes/dashboard-routes.ts), parsed with the
// shared schema, and the dashboard machine's `loadDashboard` actor on it: the query's days counted now
// in the request's zone, and the API's errors as the machine's failure kinds.
import { fromPromise } from 'xstate';
import { dashboardSchema, type Dashboard, type DashboardQuery } from '@/domain/dashboard';
import { dashboardQueryNow, type DashboardFailure, type DashboardRequest } from '@/machines/dashboard';
import type { ApiClient } from '@/src/api/api-client';
import { isApiError, isNetworkError } from '@/src/api/api-errors';

/** The page says these itself (the failure notice): no generic toast beside it. */
const explains = ['not_found', 'validation_failed', 'internal_error'] as const;

export function dashboardApi(api: ApiClient) {
  return {
    read: (query: DashboardQuery, signal?: AbortSignal): Promise<Dashboard> =>
      api.get('/dashboard', { query, schema: dashboardSchema, explains, ...(signal ? { signal } : {}) }),
  };
}

/** A thrown error as the machine's failure: no answer at all, a filter naming nothing of the caller's, or anything else. */
export function dashboardFailureFrom(error: unknown): DashboardFailure {
  if (isNetworkError(error)) return { kind: 'offline' };
  if (isApiError(error) && error.code === 'not_found') return { kind: 'not_found' };
  return { kind: 'unknown' };
}

export const loadDashboardActor = (api: ApiClient) =>
  fromPromise<Dashboard, DashboardRequest>(async ({ input, signal }) => {
    try {
      return await dashboardApi(api).read(dashboardQueryNow(input, new Date()), signal);
    } catch (error) {
      // Stopped meanwhile (StrictMode's second mount runs the read again): this run's end is no one's news.
      if (signal.aborted) return new Promise<never>(() => {});
      throw dashboardFailureFrom(error);
    }
  });
