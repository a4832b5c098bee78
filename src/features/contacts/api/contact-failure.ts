// Why a contacts call failed, as the screen tells it apart: the API's refusals by code
// (src/api/failure-map.ts) — fields refused (`invalid`, field → message id), the number already a
// contact (`exists`), any 404 the contact gone — and anything else (`unknown`). Shared by the calls
// of this folder that the screen explains itself (the list and the export say their own failure).
import { failureMap, type ClientFailure } from '@/src/api/failure-map';

export const contactFailureKinds = ['invalid', 'exists', 'not_found', 'unknown'] as const;
export type ContactFailureKind = (typeof contactFailureKinds)[number];
export type ContactFailure = ClientFailure & { kind: ContactFailureKind };

const failures = failureMap<ContactFailure>({
  codes: { validation_failed: 'invalid', contact_exists: 'exists', not_found: 'not_found' },
  notFound: 'not_found',
});

/** The screen explains these itself: no generic toast beside them. */
export const contactExplains = failures.explains;

/** An API error as the failure the screen shows. */
export const contactFailureFrom = failures.failureFrom;

/** A call's answer, or its rejection as a ContactFailure. */
export const contactCall = failures.calling;

/** What a call of this folder rejected with, as the failure to show: a ContactFailure as it is, an API error read. */
export function contactFailureOf(error: unknown): ContactFailure {
  const kind = (error as { kind?: unknown } | null | undefined)?.kind;
  return typeof kind === 'string' && (contactFailureKinds as readonly string[]).includes(kind)
    ? (error as ContactFailure)
    : contactFailureFrom(error);
}
