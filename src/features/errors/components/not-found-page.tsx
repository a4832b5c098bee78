import { Trans } from '@lingui/react/macro';
import { HomeLink } from './home-link';
import { ErrorLayout } from './error-layout';

/** The 404 page: an unknown route or an unknown language segment. */
export function NotFoundPage() {
  return (
    <ErrorLayout>
      <p aria-hidden="true">404</p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <HomeLink />
    </ErrorLayout>
  );
}
