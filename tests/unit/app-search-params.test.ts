// @vitest-environment happy-dom
// The app's URL search (src/app/search-params.ts, the router's parseSearch and stringifySearch) with
// the real route tree: ids and searches are written as plain text (`?checkout=2`, never JSON-quoted
// `?checkout=%222%22`), an address written the old way still opens the same checkout, and a value that
// is none (`?checkout=abc`) is dropped by the page's schema, never an error. The same for every route
// that takes an id or a search in its address (contacts, templates, dashboard).
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '@/src/app/create-app-router';
import { parseAppSearch, stringifyAppSearch } from '@/src/app/search-params';
import { checkoutsViewOf } from '@/src/features/checkouts/checkout-search';
import { contactsTargetOf } from '@/src/features/contacts/contact-search';
import { templatesTargetOf } from '@/src/features/templates/template-search';

const CONTACT = '0f8b2c1e-3a4d-4e5f-8a9b-1c2d3e4f5a6b';
const CHANNEL = '00000000-0000-4000-8000-000000000081';

describe('the search as text', () => {
  it('writes strings and numbers as they are, leaves out what is unset', () => {
    expect(stringifyAppSearch({ checkout: '2', q: '4321', page: 2, status: undefined })).toBe('?checkout=2&q=4321&page=2');
    expect(stringifyAppSearch({ q: 'João & Ana' })).toBe('?q=Jo%C3%A3o+%26+Ana');
    expect(stringifyAppSearch({})).toBe('');
  });

  it('reads every value as text: digits, true and null stay strings; an old quoted one is unquoted', () => {
    expect(parseAppSearch('?checkout=2&q=true&name=null&page=3')).toEqual({ checkout: '2', q: 'true', name: 'null', page: '3' });
    expect(parseAppSearch('?checkout=%222%22')).toEqual({ checkout: '2' });
    // Only a whole JSON string is unquoted; a lone quote or a broken one stays as written.
    expect(parseAppSearch('?q=%22&name=%22a')).toEqual({ q: '"', name: '"a' });
    // A key given twice: the first.
    expect(parseAppSearch('page=2&page=3')).toEqual({ page: '2' });
  });
});

describe('with the app’s routes', () => {
  const router = createAppRouter({} as never, createMemoryHistory({ initialEntries: ['/pt/checkouts'] }));
  const href = (to: string, search: Record<string, unknown>) =>
    router.buildLocation({ to: to as never, params: { lang: 'pt' } as never, search: search as never }).href;
  /** The search the route keeps of an address (its validateSearch after the app's parseSearch). */
  const kept = (path: string) => {
    const url = new URL(path, 'http://localhost');
    const location = router.parseLocation({ href: path, pathname: url.pathname, search: url.search, hash: '', state: {} as never });
    return router.matchRoutes(location).at(-1)!.search as Record<string, unknown>;
  };

  it('a checkout’s address is `?checkout=2`, and it opens that checkout', () => {
    expect(href('/$lang/checkouts', { checkout: '2', q: '4321', page: 2 })).toBe('/pt/checkouts?checkout=2&q=4321&page=2');
    expect(checkoutsViewOf(kept('/pt/checkouts?checkout=2&q=4321&page=2'))).toMatchObject({ checkoutId: '2', q: '4321', page: 2 });
  });

  it('an old link (`?checkout=%222%22`) opens the same checkout; a bad value is dropped: the list', () => {
    expect(checkoutsViewOf(kept('/pt/checkouts?checkout=%222%22&q=%224321%22'))).toMatchObject({ checkoutId: '2', q: '4321' });
    expect(checkoutsViewOf(kept('/pt/checkouts?checkout=abc&page=x'))).toMatchObject({ checkoutId: null, page: 1 });
    expect(checkoutsViewOf(kept('/pt/checkouts?checkout=%7B%7D'))).toMatchObject({ checkoutId: null });
  });

  it('the other routes with an id or a search in the address: plain text, old links still read', () => {
    expect(href('/$lang/contacts', { contact: CONTACT, q: '1234' })).toBe(`/pt/contacts?contact=${CONTACT}&q=1234`);
    expect(contactsTargetOf(kept(`/pt/contacts?q=%221234%22&page=2`))).toMatchObject({ view: 'list', filter: { q: '1234', page: 2 } });
    expect(href('/$lang/templates', { channel: CHANNEL, name: '2024' })).toBe(`/pt/templates?channel=${CHANNEL}&name=2024`);
    // A template named with digits only: a string, as the editor needs it.
    expect(templatesTargetOf(kept(`/pt/templates?channel=${CHANNEL}&name=2024`))).toMatchObject({ view: 'editor', name: '2024' });
    expect(href('/$lang/dashboard', { range: 'custom', from: '2026-11-01', to: '2026-11-30' })).toBe(
      '/pt/dashboard?range=custom&from=2026-11-01&to=2026-11-30',
    );
  });
});
