import { Link, useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

/** The password reset screen's frame; the flow arrives with Firebase authentication. */
export function ResetPasswordPage() {
  const { lang } = useParams({ strict: false });
  return (
    <>
      <h1>
        <Trans>Reset your password</Trans>
      </h1>
      <p>
        <Link to="/$lang/login" params={{ lang: lang ?? 'en' }}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </>
  );
}
