import { useSyncExternalStore } from 'react';

/**
 * What the rest of the app needs to know of the sw-update machine, without loading it.
 * The machine (xstate, workbox-window) lives in the lazily loaded PWA runtime so public pages
 * stay light; it publishes here, and chunk failures reported before it loads wait in a queue.
 */
export type PwaStatus = {
  offlineReady: boolean;
  chunks: 'watching' | 'reloading' | 'failed';
};

let status: PwaStatus = { offlineReady: false, chunks: 'watching' };
let chunkFailureSeen = false;
const listeners = new Set<() => void>();
let chunkFailureHandler: ((at: number) => void) | null = null;
const pendingChunkFailures: number[] = [];

export function publishPwaStatus(next: PwaStatus): void {
  if (next.offlineReady === status.offlineReady && next.chunks === status.chunks) return;
  status = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaStatus<T>(select: (status: PwaStatus) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(status),
    () => select(status),
  );
}

/** True once this page saw a chunk fail to load: route errors after that are its consequence. */
export function sawChunkFailure(): boolean {
  return chunkFailureSeen;
}

export function reportChunkFailure(at: number): void {
  chunkFailureSeen = true;
  if (chunkFailureHandler) chunkFailureHandler(at);
  else pendingChunkFailures.push(at);
}

export function handleChunkFailures(handler: (at: number) => void): () => void {
  chunkFailureHandler = handler;
  pendingChunkFailures.splice(0).forEach(handler);
  return () => {
    if (chunkFailureHandler === handler) chunkFailureHandler = null;
  };
}
