import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { SwUpdateActorContext } from './sw-update-context';
import { Button } from '../ui/button';

const TOAST_ID = 'sw-update';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Offers the reload while a new service worker waits (the machine's worker.waiting state). */
export function UpdatePrompt() {
  const actorRef = SwUpdateActorContext.useActorRef();
  const needRefresh = SwUpdateActorContext.useSelector((s) => s.matches({ worker: 'waiting' }));
  const updating = SwUpdateActorContext.useSelector((s) => s.matches({ worker: 'updating' }));

  useEffect(() => {
    if (!needRefresh) {
      toast.dismiss(TOAST_ID);
      return;
    }
    toast(
      () => (
        <Row>
          <span>
            <Trans>A new version of Catalyst is available.</Trans>
          </span>
          <Button size="sm" onClick={() => actorRef.send({ type: 'ACCEPT_UPDATE' })}>
            <Trans>Reload</Trans>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => actorRef.send({ type: 'DISMISS_UPDATE' })}>
            <Trans>Later</Trans>
          </Button>
        </Row>
      ),
      { id: TOAST_ID, duration: Infinity },
    );
  }, [needRefresh, actorRef]);

  useEffect(() => {
    if (updating) toast.loading(<Trans>Updating Catalyst…</Trans>, { id: `${TOAST_ID}-progress` });
  }, [updating]);

  return null;
}
