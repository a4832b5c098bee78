import { useEffect, useRef } from 'react';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { DefaultLayout } from '@/src/layouts/default-layout';
import { useAuthSessionActor } from '@/src/auth/use-auth-session';
import { loadAccount } from '@/src/auth/load-account';

// The pathless layout of the signed-in screens, and their guard: no session, no screen.
export const Route = createFileRoute('/$lang/_app')({
  beforeLoad: async ({ context, location, params, preload }) => {
    // Hovering a link on a public page preloads: that must not load Firebase (the navigation checks).
    if (preload && !context.auth.current()) return;
    if (!(await context.auth.ready())) {
      // location.href is this origin's path, search and hash: where to come back after signing in.
      throw redirect({ to: '/$lang/login', params: { lang: params.lang }, search: { redirect: location.href }, replace: true });
    }
  },
  // The loader in its own chunk: the schemas it parses with stay out of the boot bundle (landing budget).
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  // The account (plan) for the header; kept across navigations, reloaded when the user changes.
  loader: ({ context }) => loadAccount(context.api),
  staleTime: 5 * 60_000,
  component: SignedInLayout,
});

/**
 * Runs the guard and the loader again when the session changes under the screen: signed out (here
 * or in another tab) leaves for the login page; another account signed in reloads its account.
 */
function SignedInLayout() {
  const router = useRouter();
  const session = useAuthSessionActor();
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  const uid = useSelector(session, (s) => s.context.user?.uid ?? null);
  const shownUid = useRef(uid);
  useEffect(() => {
    if (signedOut || uid !== shownUid.current) {
      shownUid.current = uid;
      void router.invalidate();
    }
  }, [signedOut, uid, router]);
  return signedOut ? null : <DefaultLayout />;
}
