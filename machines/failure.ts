// How a machine reads a rejected call. Its actors (supplied by src/) reject with a failure the
// machine knows, `{ kind, ...what that kind carries }`; anything else that reaches it (a network
// error, a bug, a placeholder actor that was not provided) is the one fallback, `{ kind: 'unknown' }`,
// which every machine's failure kinds include and every view explains as "it did not work".

/** What every failure has: the kind the machine tells apart (some kinds carry more: fields, a reason). */
export type Failure = { kind: string };

/** The kinds a machine knows, as its `…FailureKinds` list: 'unknown' must be one of them (the fallback). */
export type FailureKinds<F extends Failure> = 'unknown' extends F['kind'] ? readonly F['kind'][] : never;

/**
 * A thrown value as one of the machine's failures `F`: a value whose `kind` is one of `kinds`
 * passes through as it is (the actor built it, fields and all); anything else is `{ kind: 'unknown' }`.
 * What a kind carries beyond its name is the caller's to check (see inventory-wizard's `peer`).
 */
export function failureOf<F extends Failure>(error: unknown, kinds: FailureKinds<F>): F {
  const kind = (error as { kind?: unknown } | null | undefined)?.kind;
  return typeof kind === 'string' && (kinds as readonly string[]).includes(kind) ? (error as F) : ({ kind: 'unknown' } as F);
}

/** A failed call as a machine's guards and actions take it (their params). */
export type Failed = { error: unknown };

/** The params of a guard or action on an actor's error event: `{ type: 'rememberFailure', params: failed }`. */
export const failed = ({ event }: { event: { error: unknown } }): Failed => ({ error: event.error });
