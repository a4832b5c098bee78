// `/templates`: each connected number's WhatsApp message templates (template-account-section.tsx), or
// — when the address names a number and a template (template-search.ts) — the template editor on it.
// The numbers and their templates are read when the screen opens (again on the way back from the
// editor, so a submitted template is listed); a failed read says so and can be tried again. With no
// number connected, the screen says so and leads to /channels.
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { TemplateAccount } from '@/domain/message-template';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { PrimaryLink } from '@/src/ui/primary-link';
import { Skeleton } from '@/src/ui/skeleton';
import { templateListApi } from '../api/template-list-api';
import { templateSearch, templatesTargetOf, type TemplatesTarget } from '../template-search';
import { TemplateAccountSection } from './template-account-section';
import { TemplateEditor } from './template-editor';

const Accounts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
`;

export function TemplatesPage() {
  // Not strict: the view also renders alone in tests, under a bare `$lang` route.
  const search = useSearch({ strict: false });
  const searchKey = JSON.stringify(search);
  const target = useMemo(() => templatesTargetOf(JSON.parse(searchKey)), [searchKey]);
  const [attempt, setAttempt] = useState(0);
  // The list is read again when the screen turns from the editor to the list and back.
  return <TemplatesScreen key={`${attempt}:${target.view}`} target={target} onRetry={() => setAttempt((n) => n + 1)} />;
}

/** One read of the numbers and their templates (a retry mounts a new one). */
function TemplatesScreen({ target, onRetry }: { target: TemplatesTarget; onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const logic = useMemo(
    () =>
      // A failed read is an answer to show (useActor would throw a rejection to the error page).
      fromPromise<TemplateAccount[] | 'failed'>(({ signal }) =>
        templateListApi(api)
          .list(signal)
          .catch(() => 'failed' as const),
      ),
    [api],
  );
  const [snapshot] = useActor(logic);
  const title = <Trans>Templates</Trans>;

  if (snapshot.status === 'active')
    return (
      <PageFrame title={title}>
        <Skeleton block lines={4} label={t`Loading the templates`} />
      </PageFrame>
    );
  if (snapshot.output === 'failed' || !snapshot.output)
    return (
      <PageFrame title={title}>
        <Notice variant="negative" title={<Trans>The templates could not be loaded.</Trans>}>
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      </PageFrame>
    );
  const accounts = snapshot.output;
  if (target.view === 'editor') return <EditorOf accounts={accounts} target={target} />;
  return <PageFrame title={title}>{accounts.length === 0 ? <NoNumber /> : <AccountList accounts={accounts} />}</PageFrame>;
}

function AccountList({ accounts }: { accounts: TemplateAccount[] }) {
  return (
    <Accounts>
      {accounts.map((account) => (
        <TemplateAccountSection key={account.channelId} initial={account} />
      ))}
    </Accounts>
  );
}

function NoNumber() {
  const lang = useLang();
  return (
    <EmptyState
      title={<Trans>No WhatsApp number connected yet</Trans>}
      description={
        <Trans>
          Templates belong to a WhatsApp number. Connect your WhatsApp Business number first, then submit templates to Meta here.
        </Trans>
      }
      action={
        <PrimaryLink>
          <Link to="/$lang/channels" params={{ lang }}>
            <Trans>Go to Channels</Trans>
          </Link>
        </PrimaryLink>
      }
    />
  );
}

/**
 * The editor on the number the address names. When a new template is submitted the address takes
 * its name (a reload reads it from Meta) while the editor stays the same one, mid-review.
 */
function EditorOf({ accounts, target }: { accounts: TemplateAccount[]; target: Extract<TemplatesTarget, { view: 'editor' }> }) {
  const lang = useLang();
  const navigate = useNavigate();
  const opened = `${target.channelId}|${target.name ?? ''}|${target.readyMade ?? ''}`;
  /** The address an editor moved itself to, and the key it had before. */
  const adopted = useRef<{ address: string; key: string } | null>(null);
  const key = adopted.current?.address === opened ? adopted.current.key : opened;
  const { channelId } = target;
  const onNamed = useCallback(
    (name: string) => {
      adopted.current = { address: `${channelId}|${name}|`, key };
      void navigate({ to: '/$lang/templates', params: { lang }, search: templateSearch(channelId, name), replace: true });
    },
    [channelId, key, lang, navigate],
  );

  const account = accounts.find((candidate) => candidate.channelId === channelId);
  if (!account)
    return (
      <PageFrame title={<Trans>Templates</Trans>}>
        <Notice variant="warning" title={<Trans>This WhatsApp number is not connected (or no longer is).</Trans>}>
          <Link to="/$lang/templates" params={{ lang }}>
            <Trans>Back to templates</Trans>
          </Link>
        </Notice>
      </PageFrame>
    );
  return (
    <TemplateEditor
      key={key}
      channelId={channelId}
      displayPhoneNumber={account.displayPhoneNumber}
      name={target.name}
      readyMade={target.readyMade}
      onNamed={onNamed}
    />
  );
}
