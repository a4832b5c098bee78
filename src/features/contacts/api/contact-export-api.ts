// 'Export CSV': GET /api/v1/contacts/export.csv with the list's search and filters, downloaded with the
// bearer token (src/api/csv-download.ts). Excel in Portuguese and Spanish reads `;`-separated files:
// those pages ask for that delimiter.
import type { Locale } from '@/domain/locales';
import { fetchCsv, type CsvDownloadDeps } from '@/src/api/csv-download';
import { listQuery, type ContactsFilter } from '../contact-search';

/** The export's query string: the filters set (not the page), and the delimiter of the page's language. */
export function exportQueryString(filter: ContactsFilter, lang: Locale): string {
  const params = new URLSearchParams();
  const { page: _page, ...query } = listQuery(filter);
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (lang !== 'en') params.set('delimiter', 'semicolon');
  return params.toString();
}

/** The export as the server sends it; rejects when it does not. */
export const fetchContactsCsv = (deps: CsvDownloadDeps, filter: ContactsFilter, lang: Locale) =>
  fetchCsv(deps, '/contacts/export.csv', new URLSearchParams(exportQueryString(filter, lang)), 'catalyst-contacts.csv');
