// A page of contacts as a table: the number (a link to the contact's page and history), the name,
// language and country, the consent of each purpose with its source and date, and the tags.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Contact } from '@/domain/contact';
import { useLang } from '@/src/i18n/use-lang';
import { Table, type TableColumn } from '@/src/ui/table';
import { countryName } from '@/src/i18n/country-name';
import { formatContactPhone } from '../contact-format';
import { contactLanguageNames } from '../contact-messages';
import { contactSearch, isFiltered, type ContactsFilter } from '../contact-search';
import { ConsentState } from './consent-state';

export function ContactTable({ contacts, filter }: { contacts: Contact[]; filter: ContactsFilter }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const columns: TableColumn<Contact>[] = [
    {
      key: 'phone',
      header: <Trans>Number</Trans>,
      isRowHeader: true,
      render: (contact) => {
        const number = formatContactPhone(contact.phone);
        return (
          <Link
            to="/$lang/contacts"
            params={{ lang }}
            search={contactSearch(filter, contact.id)}
            aria-label={t`Open ${number} and its history`}
          >
            {number}
          </Link>
        );
      },
    },
    { key: 'name', header: <Trans>Name</Trans>, render: (contact) => contact.name ?? '' },
    { key: 'language', header: <Trans>Language</Trans>, render: (contact) => i18n._(contactLanguageNames[contact.language]) },
    { key: 'country', header: <Trans>Country</Trans>, render: (contact) => countryName(lang, contact.country) },
    { key: 'utility', header: <Trans>Utility consent</Trans>, render: (contact) => <ConsentState consent={contact.consent.utility} /> },
    {
      key: 'marketing',
      header: <Trans>Marketing consent</Trans>,
      render: (contact) => <ConsentState consent={contact.consent.marketing} />,
    },
    { key: 'tags', header: <Trans>Tags</Trans>, render: (contact) => contact.tags.join(', ') },
  ];
  return (
    <Table
      caption={<Trans>Contacts, newest first</Trans>}
      hideCaption
      columns={columns}
      rows={contacts}
      rowKey={(contact) => contact.id}
      emptyMessage={
        isFiltered(filter) ? (
          <Trans>No contacts match this search.</Trans>
        ) : filter.page > 1 ? (
          <Trans>This page is past the last one.</Trans>
        ) : (
          <Trans>No contacts yet.</Trans>
        )
      }
    />
  );
}
