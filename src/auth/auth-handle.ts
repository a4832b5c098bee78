import type { RuntimeConfig } from '@/domain/runtime-config';
import type { SessionUser } from '@/machines/auth-session';
import type { AuthSessionActor, RunningAuthSession } from './start-auth-session';

/**
 * The auth session as the router context carries it. Small and free of Firebase, xstate and the
 * machine: those load with the session, on the first call to `ready()` — made by the routes that
 * need a session (the signed-in screens' guard, the login screen), never by public pages.
 */
export type AuthHandle = {
  /** Starts the session if needed; resolves once Firebase has reported the auth state: the signed-in user, or null. */
  ready(): Promise<SessionUser | null>;
  /** The signed-in user's Firebase ID token (refreshed by Firebase when due), or null. Never starts the session. */
  getIdToken(): Promise<string | null>;
  /** The running session actor, or null before the first `ready()`. Views below a guarded route always get one. */
  current(): AuthSessionActor | null;
};

export function createAuthHandle(config: RuntimeConfig): AuthHandle {
  let session: Promise<RunningAuthSession> | null = null;
  let running: RunningAuthSession | null = null;

  const start = () => {
    if (!session) {
      session = import('./start-auth-session').then(({ startAuthSession }) => (running = startAuthSession(config)));
      session.catch(() => (session = null)); // a failed chunk load may be retried on the next navigation
    }
    return session;
  };

  return {
    ready: async () => (await start()).ready(),
    // A public page's API calls (contact form, plans) must not load Firebase just to learn there is no user.
    getIdToken: async () => (session ? (await session).getIdToken() : null),
    current: () => running?.actor ?? null,
  };
}
