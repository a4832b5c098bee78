import { useRouteContext } from '@tanstack/react-router';
import type { AuthSessionActor } from './start-auth-session';

/**
 * The running session actor, for views (read it with @xstate/react's useSelector, send it events).
 * Only below a route whose beforeLoad awaited `auth.ready()`: the signed-in screens, the login page.
 */
export function useAuthSessionActor(): AuthSessionActor {
  const actor = useRouteContext({ from: '__root__', select: (context) => context.auth.current() });
  if (!actor) throw new Error('The auth session is not running: await context.auth.ready() in the route beforeLoad');
  return actor;
}
