// An inventory's recovery flow (GET and PUT /api/v1/inventories/:inventoryId/recovery-flow, see
// domain/checkout-recovery.ts), and `recoveryFlowActors`, the recovery-flow machine's calls on the real
// API: the flow loaded with the numbers and templates to choose from, and the flow saved. A refusal
// (422 `recovery_flow_refused`, `fields`: field path → message id) is the machine's `refused` failure,
// said at its fields; a 404 is `not_found`; anything else `unknown`.
import { fromPromise } from 'xstate';
import { recoveryFlowSchema, type RecoveryFlow } from '@/domain/checkout-recovery';
import type { LoadedRecoveryFlow, RecoveryFlowFailure } from '@/machines/recovery-flow';
import type { ApiClient } from '@/src/api/api-client';
import { failureMap } from '@/src/api/failure-map';
import { recoveryNumbersOf } from '../recovery-choices';
import { recoveryChannelsApi } from './recovery-channels-api';
import { recoveryTemplatesApi } from './recovery-templates-api';

const failures = failureMap<RecoveryFlowFailure>({
  codes: { recovery_flow_refused: 'refused', validation_failed: 'refused' },
  notFound: 'not_found',
});

export function recoveryFlowApi(api: ApiClient) {
  const path = (inventoryId: string) => `/inventories/${encodeURIComponent(inventoryId)}/recovery-flow`;
  return {
    get: (inventoryId: string, signal?: AbortSignal): Promise<RecoveryFlow> =>
      failures.calling(
        api.get(path(inventoryId), { schema: recoveryFlowSchema, explains: failures.explains, ...(signal ? { signal } : {}) }),
      ),
    /** Answers the flow as stored (with the moment it was switched on). */
    save: (inventoryId: string, flow: RecoveryFlow): Promise<RecoveryFlow> =>
      failures.calling(api.put(path(inventoryId), flow, { schema: recoveryFlowSchema, explains: failures.explains })),
  };
}

/** The recovery-flow machine's `loadRecoveryFlow` and `saveRecoveryFlow` on the real API; a stopped load aborts its reads. */
export function recoveryFlowActors(api: ApiClient) {
  const flows = recoveryFlowApi(api);
  const channels = recoveryChannelsApi(api);
  const templates = recoveryTemplatesApi(api);
  return {
    loadRecoveryFlow: fromPromise<LoadedRecoveryFlow, { inventoryId: string }>(async ({ input, signal }) => {
      const [flow, connected, accounts] = await Promise.all([
        flows.get(input.inventoryId, signal),
        failures.calling(channels.list(signal)),
        failures.calling(templates.list(signal)),
      ]);
      return { flow, numbers: recoveryNumbersOf(connected, accounts) };
    }),
    saveRecoveryFlow: fromPromise<RecoveryFlow, { inventoryId: string; flow: RecoveryFlow }>(({ input }) =>
      flows.save(input.inventoryId, input.flow),
    ),
  };
}
