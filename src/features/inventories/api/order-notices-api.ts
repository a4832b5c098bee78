// An inventory's post-sale notices (GET and PUT /api/v1/inventories/:inventoryId/notices, see
// domain/order-notice.ts), and `orderNoticesActors`, the order-notices machine's calls on the real API:
// the settings loaded with the numbers and templates to choose from, and the settings saved. A refusal
// (422 `notices_refused`, `fields`: field path → message id) is the machine's `refused` failure, said at
// its fields; a 404 is `not_found`; anything else `unknown`.
import { fromPromise } from 'xstate';
import { orderNoticeSettingsSchema, type OrderNoticeSettings } from '@/domain/order-notice';
import type { LoadedOrderNotices, OrderNoticesFailure } from '@/machines/order-notices';
import type { ApiClient } from '@/src/api/api-client';
import { failureMap } from '@/src/api/failure-map';
import { noticeNumbersOf } from '../notice-choices';
import { noticeChannelsApi } from './notice-channels-api';
import { noticeTemplatesApi } from './notice-templates-api';

const failures = failureMap<OrderNoticesFailure>({
  codes: { notices_refused: 'refused', validation_failed: 'refused' },
  notFound: 'not_found',
});

export function orderNoticesApi(api: ApiClient) {
  const path = (inventoryId: string) => `/inventories/${encodeURIComponent(inventoryId)}/notices`;
  return {
    get: (inventoryId: string, signal?: AbortSignal): Promise<OrderNoticeSettings> =>
      failures.calling(
        api.get(path(inventoryId), { schema: orderNoticeSettingsSchema, explains: failures.explains, ...(signal ? { signal } : {}) }),
      ),
    /** Answers the settings as stored (unmapped variables with an obvious source filled in). */
    save: (inventoryId: string, settings: OrderNoticeSettings): Promise<OrderNoticeSettings> =>
      failures.calling(api.put(path(inventoryId), settings, { schema: orderNoticeSettingsSchema, explains: failures.explains })),
  };
}

/** The order-notices machine's `loadNotices` and `saveNotices` on the real API; a stopped load aborts its reads. */
export function orderNoticesActors(api: ApiClient) {
  const notices = orderNoticesApi(api);
  const channels = noticeChannelsApi(api);
  const templates = noticeTemplatesApi(api);
  return {
    loadNotices: fromPromise<LoadedOrderNotices, { inventoryId: string }>(async ({ input, signal }) => {
      const [settings, connected, accounts] = await Promise.all([
        notices.get(input.inventoryId, signal),
        failures.calling(channels.list(signal)),
        failures.calling(templates.list(signal)),
      ]);
      return { settings, numbers: noticeNumbersOf(connected, accounts) };
    }),
    saveNotices: fromPromise<OrderNoticeSettings, { inventoryId: string; settings: OrderNoticeSettings }>(({ input }) =>
      notices.save(input.inventoryId, input.settings),
    ),
  };
}
