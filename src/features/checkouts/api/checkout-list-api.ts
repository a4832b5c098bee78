// An inventory's abandoned checkouts of a period (GET /api/v1/checkouts): the figures, and the page of
// the list the screen's status filter, search and page ask for.
import { checkoutListSchema, type CheckoutList } from '@/domain/checkout-list';
import type { ApiClient } from '@/src/api/api-client';
import { periodDates, type CheckoutsView } from '../checkout-search';

/** The API's query of a view, its period ending on `today`. */
export function checkoutListQuery(view: CheckoutsView & { inventoryId: string }, today: Date) {
  return {
    inventory: view.inventoryId,
    ...periodDates(view.days, today),
    status: view.status ?? undefined,
    q: view.q || undefined,
    page: view.page,
  };
}

export function checkoutListApi(api: ApiClient) {
  return {
    list: (view: CheckoutsView & { inventoryId: string }, today: Date, signal?: AbortSignal): Promise<CheckoutList> =>
      api.get('/checkouts', { schema: checkoutListSchema, query: checkoutListQuery(view, today), ...(signal ? { signal } : {}) }),
  };
}
