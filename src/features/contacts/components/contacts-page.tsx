// `/contacts`: the merchant's contacts (contact-list.tsx) or — as the address says (contact-search.ts)
// — one contact with its consent history, the form that adds one, or the CSV import. Each keeps the
// list's search and filters for the way back. The form and the import load when opened: reading a
// typed number takes libphonenumber-js's full metadata, which the list does not need.
import { lazy, Suspense, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { Skeleton } from '@/src/ui/skeleton';
import { contactsTargetOf } from '../contact-search';
import { ContactDetailPage } from './contact-detail-page';
import { ContactList } from './contact-list';

const ContactAddPage = lazy(() => import('./contact-add-page').then((module) => ({ default: module.ContactAddPage })));
const ContactImportPage = lazy(() => import('./contact-import-page').then((module) => ({ default: module.ContactImportPage })));

export function ContactsPage() {
  const { t } = useLingui();
  // Not strict: the view also renders alone in tests, under a bare `$lang` route.
  const search = useSearch({ strict: false });
  const searchKey = JSON.stringify(search);
  const target = useMemo(() => contactsTargetOf(JSON.parse(searchKey)), [searchKey]);
  switch (target.view) {
    case 'detail':
      return <ContactDetailPage key={target.contactId} contactId={target.contactId} filter={target.filter} />;
    case 'add':
      return (
        <Suspense fallback={<Skeleton block lines={4} label={t`Loading the form`} />}>
          <ContactAddPage filter={target.filter} />
        </Suspense>
      );
    case 'import':
      return (
        <Suspense fallback={<Skeleton block lines={4} label={t`Loading the import`} />}>
          <ContactImportPage filter={target.filter} />
        </Suspense>
      );
    default:
      return <ContactList filter={target.filter} />;
  }
}
