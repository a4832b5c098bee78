// A store or catalog that refused or did not answer, as one of the reasons the SPA translates
// (domain/inventory.ts's peerFailureReasons). `detail` is for the log: codes and statuses, never a
// token or a response body.
import type { PeerFailureReason } from '@/domain/inventory';

export class PeerFailure extends Error {
  constructor(
    readonly reason: PeerFailureReason,
    readonly detail: string,
    /** For a throttled peer: how long it asked us to wait, in ms. */
    readonly retryAfterMs?: number,
    /** For a missing scope: which. */
    readonly missing?: readonly string[],
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'PeerFailure';
  }
}

/** How long a peer may take to answer one request before it counts as unreachable. */
export const PEER_TIMEOUT_MS = 15_000;

/**
 * fetch with a timeout (the peer timeout, or longer for a download read as it comes: the timeout
 * covers the body too) and the caller's signal; a network failure or timeout becomes `unreachable`.
 */
export async function fetchPeer(
  url: string,
  init: RequestInit,
  unreachable: PeerFailureReason,
  { timeoutMs = PEER_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<Response> {
  const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal });
  } catch (error) {
    const name = (error as Error).name;
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    throw new PeerFailure(unreachable, name === 'TimeoutError' ? 'timeout' : `network ${code ?? name}`);
  }
}

/** The JSON of a response, or null when it is not JSON (an HTML page: not the API we asked). */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
