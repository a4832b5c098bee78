import { useEffect, useRef } from 'react';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { aiBaseActivationMachine } from '@/machines/ai-base-activation';
import { PageFrame } from '@/src/ui/page-frame';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { useLang } from '@/src/i18n/use-lang';
import { aiBaseApi } from '../api/ai-base-api';
import { AiBaseSummary } from './ai-base-summary';

const activateRoute = getRouteApi('/$lang/_app/ia-base/$id/activate');

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
`;

/** `/ia-base/{id}/activate`: the summary, the confirmation, the outcome (ai-base-activation machine). */
export function AiBaseActivatePage() {
  const { t } = useLingui();
  const lang = useLang();
  const { id } = activateRoute.useParams();
  const api = aiBaseApi(useRouter().options.context.api);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [snapshot, send] = useMachine(
    aiBaseActivationMachine.provide({
      actors: {
        loadBase: fromPromise(({ input }) => api.get(input.baseId)),
        activateBase: fromPromise(({ input }) => api.activate(input.baseId)),
      },
    }),
    { input: { baseId: id } },
  );
  const { base } = snapshot.context;
  const settled = snapshot.hasTag('outcome') ? String(snapshot.value) : null;

  // The button that had the keyboard is gone: the outcome takes it.
  useEffect(() => {
    if (settled) outcomeRef.current?.focus();
  }, [settled]);

  const back = (
    <Link to="/$lang/ia-bases" params={{ lang }}>
      <Trans>Back to AI bases</Trans>
    </Link>
  );

  return (
    <PageFrame title={<Trans>Activate AI base</Trans>}>
      {snapshot.matches('loading') && <Skeleton block lines={4} label={t`Loading the AI base`} />}
      {snapshot.matches('loadFailed') && (
        <Notice variant="negative" title={<Trans>The AI base could not be loaded.</Trans>}>
          <Button onClick={() => send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      )}
      {snapshot.matches('notFound') && (
        <Notice variant="warning" title={<Trans>This AI base does not exist (or no longer does).</Trans>}>
          {back}
        </Notice>
      )}
      {base && !snapshot.matches('loading') && (
        <Card title={base.name} description={<Trans>Check the summary, then switch the agent on for your WhatsApp customers.</Trans>}>
          <AiBaseSummary base={base} />
        </Card>
      )}
      <div ref={outcomeRef} tabIndex={-1} role="status">
        {snapshot.matches('active') && (
          <Notice variant="positive" title={<Trans>Your AI base is active.</Trans>}>
            {back}
          </Notice>
        )}
        {snapshot.matches('planLimit') && (
          <Notice variant="warning" title={<Trans>Upgrade your plan to add more AI Bases.</Trans>}>
            <Trans>Your plan has no room for another active AI base. Deactivate one, or upgrade your plan.</Trans> {back}
          </Notice>
        )}
        {snapshot.matches('incomplete') && (
          <Notice variant="warning" title={<Trans>Finish the configuration first.</Trans>}>
            <Link to="/$lang/ia-base/$id" params={{ lang, id }}>
              <Trans>Complete configuration</Trans>
            </Link>
          </Notice>
        )}
        {snapshot.matches('failed') && (
          <Notice variant="negative" title={<Trans>The AI base could not be activated.</Trans>}>
            <Trans>Nothing changed. Please try again.</Trans>
          </Notice>
        )}
      </div>
      {snapshot.hasTag('offering') && (
        <Actions>
          <Button
            loading={snapshot.hasTag('saving')}
            disabled={snapshot.hasTag('saving')}
            onClick={() => send({ type: snapshot.hasTag('failed') ? 'RETRY' : 'CONFIRM' })}
          >
            {snapshot.hasTag('failed') ? <Trans>Try again</Trans> : <Trans>Activate</Trans>}
          </Button>
          <Link to="/$lang/ia-bases" params={{ lang }}>
            <Trans>Cancel</Trans>
          </Link>
        </Actions>
      )}
    </PageFrame>
  );
}
