import { Link, useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

/** The sign-in screen's frame; the form arrives with Firebase authentication. */
export function LoginPage() {
  const { lang } = useParams({ strict: false });
  return (
    <>
      <h1>
        <Trans>Sign in to Catalyst</Trans>
      </h1>
      <p>
        <Link to="/$lang/reset-password" params={{ lang: lang ?? 'en' }}>
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <p>
        <Link to="/$lang" params={{ lang: lang ?? 'en' }}>
          <Trans>No account yet? Talk to us.</Trans>
        </Link>
      </p>
    </>
  );
}
