import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/src/features/auth/components/login-page';
import type { LoginSearch } from '@/src/features/auth/login-search';

/**
 * `loginSearchSchema` without zod: a string `redirect` is kept, any other value becomes undefined,
 * other keys are dropped (tests/unit/login-search.test.ts holds the two together). validateSearch
 * stays in the route tree, which is in every page's first JS: with the schema, so was zod.
 */
function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  if (!('redirect' in search)) return {};
  return { redirect: typeof search.redirect === 'string' ? search.redirect : undefined };
}

export const Route = createFileRoute('/$lang/_logged-out/login')({
  validateSearch: validateLoginSearch,
  // Starts the session (and Firebase): a signed-in user has nothing to do here.
  beforeLoad: async ({ context, params, preload }) => {
    if (preload && !context.auth.current()) return; // hovering 'Sign in' on the landing page must not load Firebase
    if (await context.auth.ready()) throw redirect({ to: '/$lang/dashboard', params: { lang: params.lang }, replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
