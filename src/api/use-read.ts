// One read of the API for a view of a screen, as an answer to show: loading, done with its value,
// or failed with its error (useActor alone would throw a rejection to the error page). Read once per
// mount: a view reads again by being mounted again (a new `key`), as the templates screen does.
import { useState } from 'react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';

export type Read<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'done'; value: T };

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function useRead<T>(read: (signal: AbortSignal) => Promise<T>): Read<T> {
  const [logic] = useState(() =>
    fromPromise<Settled<T>>(({ signal }) =>
      read(signal).then(
        (value) => ({ ok: true, value }),
        // Stopped meanwhile (StrictMode's second mount reads again): this run's end is no one's news.
        (error: unknown) => (signal.aborted ? new Promise<never>(() => {}) : { ok: false, error }),
      ),
    ),
  );
  const [snapshot] = useActor(logic);
  if (snapshot.status !== 'done' || !snapshot.output) return { status: 'loading' };
  const settled = snapshot.output;
  return settled.ok ? { status: 'done', value: settled.value } : { status: 'failed', error: settled.error };
}
