// The list of /contacts: the title with 'Add contact', 'Import CSV' and 'Export CSV' (the export
// takes the search and filters shown), the search box and filters, and the page of contacts they
// match. What is searched, filtered and paged lives in the URL.
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { useLang } from '@/src/i18n/use-lang';
import { PageFrame } from '@/src/ui/page-frame';
import { PrimaryLink } from '@/src/ui/primary-link';
import { addSearch, importSearch, listSearch, type ContactsFilter } from '../contact-search';
import { ContactExportButton } from './contact-export-button';
import { ContactFilters } from './contact-filters';
import { ContactResults } from './contact-results';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

export function ContactList({ filter }: { filter: ContactsFilter }) {
  const lang = useLang();
  const navigate = useNavigate();
  const filterKey = JSON.stringify(filter);
  return (
    <PageFrame
      title={<Trans>Contacts</Trans>}
      actions={
        <Actions>
          <Link to="/$lang/contacts" params={{ lang }} search={importSearch(filter)}>
            <Trans>Import CSV</Trans>
          </Link>
          <ContactExportButton filter={filter} />
          <PrimaryLink>
            <Link to="/$lang/contacts" params={{ lang }} search={addSearch(filter)}>
              <Trans>Add contact</Trans>
            </Link>
          </PrimaryLink>
        </Actions>
      }
    >
      <ContactFilters
        filter={filter}
        onChange={(next) => void navigate({ to: '/$lang/contacts', params: { lang }, search: listSearch(next) })}
      />
      {/* Mounted anew for each search, filter and page: each is read once. */}
      <ContactResults key={filterKey} filter={filter} />
    </PageFrame>
  );
}
