import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../../layouts/page-frame';
import { Card } from '../../../ui/card';
import { usePwaStatus } from '../../../pwa/pwa-status';

/** Settings; for now the app's version and offline status (account settings come with sign-in). */
export function SettingsPage() {
  const offlineReady = usePwaStatus((s) => s.offlineReady);
  return (
    <PageFrame title={<Trans>Settings</Trans>}>
      <Card>
        <h2>
          <Trans>About this app</Trans>
        </h2>
        <dl>
          <dt>
            <Trans>Version</Trans>
          </dt>
          <dd data-testid="build-id">{__BUILD_ID__}</dd>
          <dt>
            <Trans>Works offline</Trans>
          </dt>
          <dd>{offlineReady ? <Trans>Yes</Trans> : <Trans>Not yet</Trans>}</dd>
        </dl>
      </Card>
    </PageFrame>
  );
}
