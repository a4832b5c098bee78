import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { PageFrame } from '@/src/ui/page-frame';
import { Card } from '@/src/ui/card';
import { usePwaStatus } from '@/src/pwa/pwa-status';
import { TimeZoneSection } from './time-zone-section';

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

type SettingsPageProps = {
  /** The account's password section: another feature's (password), composed in by the route. */
  passwordSection: ReactNode;
};

/** Settings: the account's password, its time zone (the dashboard's days), and the app's version and offline status. */
export function SettingsPage({ passwordSection }: SettingsPageProps) {
  const offlineReady = usePwaStatus((s) => s.offlineReady);
  return (
    <PageFrame title={<Trans>Settings</Trans>}>
      <Sections>
        {passwordSection}
        <TimeZoneSection />
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
      </Sections>
    </PageFrame>
  );
}
