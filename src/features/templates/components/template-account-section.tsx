// One connected number on /templates: its display number, when Catalyst last read its templates
// from Meta (or last heard from Meta about one of them: templates-from-meta.ts) and 'Refresh' (read them again, with its progress and why it failed), 'New template', its
// templates' table, and the ready-made templates to submit with one click.
import { useId, useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { TemplateAccount } from '@/domain/message-template';
import type { TemplateEditorFailure } from '@/machines/template-editor';
import { formatDateTime } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { BlockDescription, BlockTitle } from '@/src/ui/block-title';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { PrimaryLink } from '@/src/ui/primary-link';
import { templateRefreshApi } from '../api/template-refresh-api';
import { newTemplateSearch } from '../template-search';
import { templatesFromMeta } from '../templates-from-meta';
import { templateFailureMessages } from '../template-messages';
import { ReadyMadeOffers } from './ready-made-offers';
import { TemplateTable } from './template-table';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const SubTitle = styled.h3`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: ${({ theme }) => theme.font.size.md};
  color: ${({ theme }) => theme.colors.primary};
`;

export function TemplateAccountSection({ initial }: { initial: TemplateAccount }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { api } = useRouter().options.context;
  const headingId = useId();
  const [account, setAccount] = useState(initial);
  const [refreshing, setRefreshing] = useState(false);
  const [failure, setFailure] = useState<TemplateEditorFailure | null>(null);
  const number = account.displayPhoneNumber;

  async function refresh() {
    setRefreshing(true);
    setFailure(null);
    try {
      setAccount(await templateRefreshApi(api).refresh(account.channelId));
    } catch (error) {
      setFailure(error as TemplateEditorFailure);
    } finally {
      setRefreshing(false);
    }
  }

  const fromMeta = templatesFromMeta(account);
  const readAt = fromMeta ? formatDateTime(lang, new Date(fromMeta.at)) : null;
  return (
    <Section aria-labelledby={headingId}>
      <Head>
        <div>
          <BlockTitle id={headingId}>{number}</BlockTitle>
          {/* Said politely when a refresh starts and ends. */}
          <BlockDescription role="status">
            {refreshing ? (
              <Trans>Reading the templates from Meta…</Trans>
            ) : fromMeta?.kind === 'read' ? (
              <Trans>
                Read from Meta <time dateTime={fromMeta.at}>{readAt}</time>
              </Trans>
            ) : fromMeta?.kind === 'updated' ? (
              <Trans>
                Updated from Meta <time dateTime={fromMeta.at}>{readAt}</time>
              </Trans>
            ) : (
              <Trans>Not read from Meta yet.</Trans>
            )}
          </BlockDescription>
        </div>
        <Actions>
          <Button
            variant="secondary"
            loading={refreshing}
            aria-label={t`Refresh the templates of ${number}`}
            onClick={() => void refresh()}
          >
            <Trans>Refresh</Trans>
          </Button>
          <PrimaryLink>
            <Link
              to="/$lang/templates"
              params={{ lang }}
              search={newTemplateSearch(account.channelId, null)}
              aria-label={t`New template on ${number}`}
            >
              <Trans>New template</Trans>
            </Link>
          </PrimaryLink>
        </Actions>
      </Head>
      {failure && (
        <Notice variant="negative" title={<Trans>The templates could not be read from Meta.</Trans>} onDismiss={() => setFailure(null)}>
          {i18n._(templateFailureMessages[failure.kind])}
          {failure.kind === 'channel_needs_attention' && (
            <>
              {' '}
              <Link to="/$lang/channels/$id" params={{ lang, id: account.channelId }}>
                <Trans>Open the number</Trans>
              </Link>
            </>
          )}
        </Notice>
      )}
      <TemplateTable account={account} />
      <SubTitle id={`${headingId}-ready-made`}>
        <Trans>Ready-made templates</Trans>
      </SubTitle>
      <BlockDescription>
        <Trans>
          Order notices, cart reminders and a campaign, written in Portuguese, English and Spanish. Open one, read it, change what you like
          and submit it to Meta.
        </Trans>
      </BlockDescription>
      <ReadyMadeOffers account={account} headingId={`${headingId}-ready-made`} />
    </Section>
  );
}
