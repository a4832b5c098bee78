// `/contacts`: the merchant's contacts (contact-list.tsx) or — as the address says (contact-search.ts)
// — one contact with its consent history, the form that adds one, or the CSV import. Each keeps the
// list's search and filters for the way back.
import { useMemo } from 'react';
import { useSearch } from '@tanstack/react-router';
import { contactsTargetOf } from '../contact-search';
import { ContactAddPage } from './contact-add-page';
import { ContactDetailPage } from './contact-detail-page';
import { ContactImportPage } from './contact-import-page';
import { ContactList } from './contact-list';

export function ContactsPage() {
  // Not strict: the view also renders alone in tests, under a bare `$lang` route.
  const search = useSearch({ strict: false });
  const searchKey = JSON.stringify(search);
  const target = useMemo(() => contactsTargetOf(JSON.parse(searchKey)), [searchKey]);
  switch (target.view) {
    case 'detail':
      return <ContactDetailPage key={target.contactId} contactId={target.contactId} filter={target.filter} />;
    case 'add':
      return <ContactAddPage filter={target.filter} />;
    case 'import':
      return <ContactImportPage filter={target.filter} />;
    default:
      return <ContactList filter={target.filter} />;
  }
}
