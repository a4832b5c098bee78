import type { AuthSessionSnapshot } from '../../../../machines/auth-session';

type Subscribable = { getSnapshot(): AuthSessionSnapshot; subscribe(listener: () => void): unknown };

/**
 * Mirrors the session machine's state on <html data-auth-session> so the UI-level model-based
 * test can see which state the running app is in, transient ones (signing in/out) included.
 */
export function mirrorSessionState(actor: Subscribable): void {
  const write = () => (document.documentElement.dataset.authSession = JSON.stringify(actor.getSnapshot().value));
  write();
  actor.subscribe(write);
}
