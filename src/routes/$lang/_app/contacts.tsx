// `/{lang}/contacts`: the merchant's contacts (search, filters — a tag among them — and pages in the URL), and beside the
// list one contact with its consent history (`?contact=<id>`), the form that adds one (`?view=add`)
// and the CSV import (`?view=import`), each keeping the list's search for the way back.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { ContactsPage } from '@/src/features/contacts/components/contacts-page';
import type { ContactsSearch } from '@/src/features/contacts/contact-search';

const textKeys = ['q', 'purpose', 'status', 'tag', 'contact', 'view'] as const;

/**
 * The known keys, without zod (validateSearch stays in the route tree, in every page's first JS):
 * the texts as strings and the page as a number (an address is read as text: src/app/search-params.ts).
 * The page reads them with contactsSearchSchema, which drops what is invalid.
 */
function validateContactsSearch(search: Record<string, unknown>): ContactsSearch {
  const kept: ContactsSearch = {};
  for (const key of textKeys) {
    const value = search[key];
    if (typeof value === 'string') kept[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) kept[key] = String(value);
  }
  const page = typeof search.page === 'string' ? Number(search.page) : search.page;
  if (typeof page === 'number' && Number.isInteger(page)) kept.page = page;
  return kept;
}

export const Route = createFileRoute('/$lang/_app/contacts')({
  validateSearch: validateContactsSearch,
  staticData: { crumbs: [crumbs.contacts] },
  component: ContactsPage,
});
