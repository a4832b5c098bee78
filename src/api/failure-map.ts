// A flow's table of the API's refusals: which error codes become which of its machine's failure
// kinds, and whether any 404 is the record gone. From the one table come the three things a
// feature's API client needs: the failure an API error is (what the machine's actors reject with),
// the codes the screen explains itself (the client's `explains`: no generic toast beside them), and
// a wrapper that turns a call's rejection into the failure.
import { isApiError, type ClientErrorCode } from './api-errors';

/** What a machine's failures look like from here: a kind, and the server's field → message id for some. */
export type ClientFailure = { kind: string; fields?: Record<string, string> };

export type FailureTable<Kind extends string> = {
  /**
   * API error code → the failure kind it is; the error's `fields` go with it. `validation_failed`
   * counts only with its fields (the form shows them): without any it is `unknown`.
   */
  codes: Partial<Record<ClientErrorCode, Kind>>;
  /** The kind of any 404, whatever its code (the record is gone: another tab deleted it). */
  notFound?: Kind;
};

export type FailureMap<F extends ClientFailure> = {
  /** An API error as the failure `F`; anything else (a network error, a 5xx, a code not in the table) is `unknown`. */
  failureFrom: (error: unknown) => F;
  /** The codes the table explains (`not_found` too with a `notFound` kind): the flow's screen says them itself. */
  explains: readonly ClientErrorCode[];
  /** A call's answer, or its rejection as the failure `F`. */
  calling: <T>(call: Promise<T>) => Promise<T>;
};

/** The failure map of a machine's failures `F` (its kinds must include `unknown`, the fallback). */
export function failureMap<F extends ClientFailure>(table: 'unknown' extends F['kind'] ? FailureTable<F['kind']> : never): FailureMap<F> {
  const { codes, notFound } = table as FailureTable<F['kind']>;
  const unknownFailure = () => ({ kind: 'unknown' }) as F;
  const failureFrom = (error: unknown): F => {
    if (!isApiError(error)) return unknownFailure();
    if (notFound !== undefined && error.status === 404) return { kind: notFound } as F;
    const kind = Object.hasOwn(codes, error.code) ? codes[error.code] : undefined;
    if (kind === undefined || (error.code === 'validation_failed' && !error.fields)) return unknownFailure();
    return (error.fields ? { kind, fields: error.fields } : { kind }) as F;
  };
  const explained = Object.keys(codes) as ClientErrorCode[];
  return {
    failureFrom,
    explains: notFound !== undefined && !explained.includes('not_found') ? ['not_found', ...explained] : explained,
    calling: async (call) => {
      try {
        return await call;
      } catch (error) {
        throw failureFrom(error);
      }
    },
  };
}
