import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after `timeoutMs`):
 * work a page does not need for its first paint or hydration, kept out of the way of both.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}

/** False on the server and through hydration; true once the browser has been idle after mounting. */
export function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
