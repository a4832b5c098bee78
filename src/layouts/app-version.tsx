import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { usePwaStatus } from '../pwa/pwa-status';

const Line = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: #c5cbd8;
`;

/** The running build and whether it works offline: what support asks a merchant first. */
export function AppVersion() {
  const offlineReady = usePwaStatus((s) => s.offlineReady);
  return (
    <Line>
      <Trans>Version</Trans> <span data-testid="build-id">{__BUILD_ID__}</span> ·{' '}
      <span data-testid="offline-ready">{offlineReady ? <Trans>Works offline</Trans> : <Trans>Not yet available offline</Trans>}</span>
    </Line>
  );
}
