import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../../../features/auth/components/login-page';
import { loginSearchSchema } from '../../../features/auth/login-search';

export const Route = createFileRoute('/$lang/_logged-out/login')({
  validateSearch: loginSearchSchema,
  // Starts the session (and Firebase): a signed-in user has nothing to do here.
  beforeLoad: async ({ context, params, preload }) => {
    if (preload && !context.auth.current()) return; // hovering 'Sign in' on the landing page must not load Firebase
    if (await context.auth.ready()) throw redirect({ to: '/$lang/dashboard', params: { lang: params.lang }, replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { lang } = Route.useParams();
  const { redirect } = Route.useSearch();
  return <LoginPage lang={lang} redirect={redirect} />;
}
