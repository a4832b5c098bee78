// `/{lang}/widget`: the website widget's settings (the widget-config machine) beside a live preview of
// the widget as edited, its snippet with a Copy button, and 'check my site'. `WidgetPage` supplies the
// real calls; `WidgetConfigScreen` takes them, so tests may provide their own.
import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { widgetConfigMachine } from '@/machines/widget-config';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { Skeleton } from '@/src/ui/skeleton';
import { widgetConfigActors } from '../api/widget-actors';
import { WidgetForm } from './widget-form';
import { WidgetPreview } from './widget-preview';
import { WidgetSiteCheck } from './widget-site-check';
import { WidgetSnippet } from './widget-snippet';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(280px, 420px);
  gap: ${({ theme }) => theme.space(5)};
  align-items: start;

  @media (max-width: 960px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Aside = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  position: sticky;
  top: ${({ theme }) => theme.space(4)};
`;

export type WidgetConfigActors = ReturnType<typeof widgetConfigActors>;

export function WidgetPage() {
  const { api } = useRouter().options.context;
  const actors = useMemo(() => widgetConfigActors(api), [api]);
  return <WidgetConfigScreen actors={actors} />;
}

export function WidgetConfigScreen({ actors }: { actors: WidgetConfigActors }) {
  const { t } = useLingui();
  const [snapshot, send] = useMachine(
    widgetConfigMachine.provide({
      actors,
      actions: { announceSaved: () => void toast.success(t`Website widget saved.`, { id: 'widget-saved' }) },
    }),
  );
  const { context } = snapshot;
  const loading = snapshot.hasTag('loading');
  const loadFailed = snapshot.matches({ settings: 'loadFailed' });

  return (
    <PageFrame title={t`Website widget`}>
      <p>
        <Trans>
          The same AI on your website, in a chat widget that continues on WhatsApp. Choose its number and sites, how it looks and what it
          says; paste its one line into your site.
        </Trans>
      </p>
      {loading && <Skeleton lines={6} label={t`Loading the website widget`} />}
      {loadFailed && (
        <>
          <Notice variant="negative">
            <Trans>The website widget could not be loaded.</Trans>
          </Notice>
          <div>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </>
      )}
      <Columns>
        {!loading && !loadFailed ? <WidgetForm snapshot={snapshot} send={send} /> : <div />}
        <Aside>
          {!loading && !loadFailed && <WidgetPreview settings={context.settings} />}
          {context.widget && <WidgetSnippet publicId={context.widget.publicId} />}
          {/* The check reads the widget as saved on the server: it needs nothing of the form. */}
          <WidgetSiteCheck snapshot={snapshot} send={send} />
        </Aside>
      </Columns>
    </PageFrame>
  );
}
