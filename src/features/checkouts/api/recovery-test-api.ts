// 'Send me a test' (POST /api/v1/inventories/:inventoryId/recovery-flow/test, domain/recovery-test.ts),
// and `recoveryTestActors`, the recovery-test machine's call on the real API. A refusal (422
// `recovery_test_refused`, `fields`: field → message id) is the machine's `refused` failure; any 429
// is `rate_limited` with the seconds the server said to wait; a 404 is `not_found`; anything else `unknown`.
import { fromPromise } from 'xstate';
import { recoveryTestSentSchema } from '@/domain/recovery-test';
import type { RecoveryTestFailure, RecoveryTestSent } from '@/machines/recovery-test';
import type { ApiClient } from '@/src/api/api-client';
import { isApiError } from '@/src/api/api-errors';
import { failureMap } from '@/src/api/failure-map';

const failures = failureMap<RecoveryTestFailure>({
  codes: {
    recovery_test_refused: 'refused',
    validation_failed: 'refused',
    rate_limited: 'rate_limited',
    too_many_requests: 'rate_limited',
  },
  notFound: 'not_found',
});

/** A rejection as the machine's failure: a 429 whatever its code, with its wait. */
function failureFrom(error: unknown): RecoveryTestFailure {
  if (isApiError(error) && error.status === 429)
    return error.retryAfterSeconds ? { kind: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds } : { kind: 'rate_limited' };
  return failures.failureFrom(error);
}

export function recoveryTestApi(api: ApiClient) {
  return {
    send: async (inventoryId: string, phone: string): Promise<RecoveryTestSent> => {
      try {
        return await api.post(
          `/inventories/${encodeURIComponent(inventoryId)}/recovery-flow/test`,
          { phone, consent: true },
          { schema: recoveryTestSentSchema, explains: failures.explains },
        );
      } catch (error) {
        throw failureFrom(error);
      }
    },
  };
}

/** The recovery-test machine's `sendTest` on the real API: the machine sends only once the merchant agreed. */
export function recoveryTestActors(api: ApiClient) {
  const tests = recoveryTestApi(api);
  return {
    sendTest: fromPromise<RecoveryTestSent, { inventoryId: string; phone: string }>(({ input }) =>
      tests.send(input.inventoryId, input.phone),
    ),
  };
}
