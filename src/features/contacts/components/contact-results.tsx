// The page of contacts the URL asks for: read when shown (again when the search, a filter or the page
// changes: the list mounts it anew), then the table and the pager; with no contact at all, an empty
// state that leads to adding or importing them. A failed read says so and can be tried again.
import { useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { ContactList } from '@/domain/contact';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { PrimaryLink } from '@/src/ui/primary-link';
import { Skeleton } from '@/src/ui/skeleton';
import { contactListApi } from '../api/contact-list-api';
import { addSearch, importSearch, isFiltered, type ContactsFilter } from '../contact-search';
import { useRead } from '@/src/api/use-read';
import { ContactPager } from './contact-pager';
import { ContactTable } from './contact-table';

export function ContactResults({ filter }: { filter: ContactsFilter }) {
  const [attempt, setAttempt] = useState(0);
  return <ResultsRead key={attempt} filter={filter} onRetry={() => setAttempt((n) => n + 1)} />;
}

function ResultsRead({ filter, onRetry }: { filter: ContactsFilter; onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const read = useRead<ContactList>((signal) => contactListApi(api).list(filter, signal));
  if (read.status === 'loading') return <Skeleton block lines={4} label={t`Loading the contacts`} />;
  if (read.status === 'failed')
    return (
      <Notice variant="negative" title={<Trans>The contacts could not be loaded.</Trans>}>
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Notice>
    );
  const { contacts, total, pageSize } = read.value;
  if (total === 0 && !isFiltered(filter)) return <NoContacts filter={filter} />;
  return (
    <>
      <ContactTable contacts={contacts} filter={filter} />
      <ContactPager filter={filter} total={total} pageSize={pageSize} />
    </>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

function NoContacts({ filter }: { filter: ContactsFilter }) {
  const lang = useLang();
  return (
    <EmptyState
      title={<Trans>No contacts yet</Trans>}
      description={
        <Trans>
          Contacts are the shoppers you may write to first, with their consent. Add them one by one, import a CSV file from your store or
          spreadsheet, or let shoppers agree on WhatsApp and on the cart page.
        </Trans>
      }
      action={
        <Actions>
          <PrimaryLink>
            <Link to="/$lang/contacts" params={{ lang }} search={importSearch(filter)}>
              <Trans>Import a CSV file</Trans>
            </Link>
          </PrimaryLink>
          <Link to="/$lang/contacts" params={{ lang }} search={addSearch(filter)}>
            <Trans>Add one contact</Trans>
          </Link>
        </Actions>
      }
    />
  );
}
