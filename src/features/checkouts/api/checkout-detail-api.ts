// One abandoned checkout with its timeline (GET /api/v1/checkouts/:id): what it held, and what
// happened to it — the shopper's steps, recovery's decisions, each reminder's delivery.
import { checkoutDetailSchema, type CheckoutDetail } from '@/domain/checkout-list';
import type { ApiClient } from '@/src/api/api-client';

export function checkoutDetailApi(api: ApiClient) {
  return {
    read: (checkoutId: string, signal?: AbortSignal): Promise<CheckoutDetail> =>
      api.get(`/checkouts/${encodeURIComponent(checkoutId)}`, { schema: checkoutDetailSchema, ...(signal ? { signal } : {}) }),
  };
}
