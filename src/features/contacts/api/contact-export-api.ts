// 'Export CSV': GET /api/v1/contacts/export.csv with the list's search and filters. The route needs
// the bearer token, which a plain link cannot carry: the file is fetched with it, then handed to the
// browser as a download (an object URL on a temporary link), named as the server names it. Excel in
// Portuguese and Spanish reads `;`-separated files: those pages ask for that delimiter.
import type { Locale } from '@/domain/locales';
import { listQuery, type ContactsFilter } from '../contact-search';

export type ContactExportDeps = { apiBaseUrl: string; getIdToken: () => Promise<string | null> };

/** The export's query string: the filters set (not the page), and the delimiter of the page's language. */
export function exportQueryString(filter: ContactsFilter, lang: Locale): string {
  const params = new URLSearchParams();
  const { page: _page, ...query } = listQuery(filter);
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (lang !== 'en') params.set('delimiter', 'semicolon');
  return params.toString();
}

/** The file name the server gave (`attachment; filename="…"`), else a plain one. */
export function exportFileName(disposition: string | null): string {
  return (disposition && /filename="([^"]+)"/.exec(disposition)?.[1]) || 'catalyst-contacts.csv';
}

/** The export as the server sends it; rejects when it does not. */
export async function fetchContactsCsv(
  { apiBaseUrl, getIdToken }: ContactExportDeps,
  filter: ContactsFilter,
  lang: Locale,
): Promise<{ blob: Blob; fileName: string }> {
  const token = await getIdToken();
  const response = await fetch(`${apiBaseUrl.replace(/\/+$/, '')}/contacts/export.csv?${exportQueryString(filter, lang)}`, {
    headers: { authorization: `Bearer ${token ?? ''}`, accept: 'text/csv' },
  });
  if (!response.ok) throw new Error(`contacts/export.csv answered ${response.status}`);
  return { blob: await response.blob(), fileName: exportFileName(response.headers.get('content-disposition')) };
}

/** Hands a file to the browser as a download. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
