// 'Check my site': a page address of one of the widget's sites, sent to the server, which fetches the
// page and says whether the widget's snippet is on it — found, not found, or the page could not be
// opened; a failed check is retried; an address refused shows at its field.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Notice } from '@/src/ui/notice';
import { TextField } from '@/src/ui/text-field';
import { widgetRefusalMessages } from '../widget-messages';
import type { WidgetSend, WidgetSnapshot } from './widget-form';

const Row = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;

export function WidgetSiteCheck({ snapshot, send }: { snapshot: WidgetSnapshot; send: WidgetSend }) {
  const { t } = useLingui();
  const { context } = snapshot;
  const [url, setUrl] = useState('');
  const checking = snapshot.hasTag('checking');
  const fieldError = useTranslatedFieldError(context.checkError ? { url: context.checkError } : {}, widgetRefusalMessages);
  const answer = context.checkAnswer;
  const status = answer?.status ?? null;

  return (
    <Card
      title={t`Check my site`}
      description={
        <Trans>Once the snippet is on your site and the widget saved, Catalyst opens a page of it and looks for the snippet.</Trans>
      }
    >
      <Row
        noValidate
        aria-label={t`Check my site`}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'CHECK_SITE', url });
        }}
      >
        <TextField
          label={t`Page address`}
          placeholder="https://www.mystore.com/"
          inputMode="url"
          value={url}
          error={fieldError('url')}
          onChange={(event) => setUrl(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={checking}>
          <Trans>Check</Trans>
        </Button>
      </Row>
      <div aria-live="polite">
        {snapshot.matches({ siteCheck: 'found' }) && (
          <Notice variant="positive">
            <Trans>The widget’s snippet is on this page.</Trans>
          </Notice>
        )}
        {snapshot.matches({ siteCheck: 'notFound' }) && (
          <Notice variant="warning">
            <Trans>The snippet is not on this page yet: paste it before the closing body tag, publish the page and check again.</Trans>
          </Notice>
        )}
        {snapshot.matches({ siteCheck: 'unreachable' }) && (
          <Notice variant="warning">
            {status === null ? (
              <Trans>Catalyst could not open this page: check the address, or try again in a moment.</Trans>
            ) : (
              <Trans>Catalyst could not read this page (it answered {status}, or led to another site): check the address.</Trans>
            )}
          </Notice>
        )}
        {snapshot.matches({ siteCheck: 'failed' }) && (
          <Notice variant="negative">
            <Trans>The check did not complete. Check your connection and try again.</Trans>
            <div>
              <Button variant="secondary" size="sm" onClick={() => send({ type: 'RETRY_CHECK' })}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          </Notice>
        )}
      </div>
    </Card>
  );
}
