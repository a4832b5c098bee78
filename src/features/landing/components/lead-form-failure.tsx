import type { ReactNode } from 'react';
import { Plural, Trans } from '@lingui/react/macro';

export type LeadFormFailure = { kind: 'rate-limited'; retryAfterSeconds: number | undefined } | { kind: 'failed' };

/** Why a lead form was not sent, when it is not a field's fault (the live form's, and a plain post's). */
export function FailureText({ failure }: { failure: LeadFormFailure }): ReactNode {
  if (failure.kind === 'failed') return <Trans>We could not send your request. Please try again.</Trans>;
  const seconds = failure.retryAfterSeconds;
  if (seconds === undefined) return <Trans>Too many requests. Try again in a moment.</Trans>;
  if (seconds < 60)
    return <Plural value={seconds} one="Too many requests. Try again in # second." other="Too many requests. Try again in # seconds." />;
  const minutes = Math.ceil(seconds / 60);
  return <Plural value={minutes} one="Too many requests. Try again in # minute." other="Too many requests. Try again in # minutes." />;
}
