// The /contacts screen's URL search params: the list's search and filters (`?q=ana&purpose=marketing
// &status=subscribed&tag=vip&page=2`, as GET /api/v1/contacts takes them), and what the screen shows beside
// the list: one contact (`contact=<id>`), the add form (`view=add`) or the CSV import (`view=import`),
// each keeping the list's filters for the way back. Read with zod: an invalid param is dropped, never
// an error. The route keeps only the known keys without zod (its validateSearch is in every page's first JS).
import * as z from 'zod/mini';
import { consentPurposes, consentStatuses, type ConsentPurpose, type ConsentStatus } from '@/domain/contact';
import { contactTagSchema } from '@/domain/contact-tags';

/** The search as the route keeps it: the known keys; `page` a number (the router reads `page=2` as one). */
export type ContactsSearch = {
  q?: string;
  purpose?: string;
  status?: string;
  tag?: string;
  page?: number;
  contact?: string;
  view?: string;
};

export const contactsSearchSchema = z.object({
  q: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(100))), undefined),
  purpose: z.catch(z.optional(z.enum(consentPurposes)), undefined),
  status: z.catch(z.optional(z.enum(consentStatuses)), undefined),
  tag: z.catch(z.optional(contactTagSchema), undefined),
  page: z.catch(z.optional(z.int().check(z.gte(1), z.lte(100_000))), undefined),
  contact: z.catch(z.optional(z.uuid()), undefined),
  view: z.catch(z.optional(z.enum(['add', 'import'])), undefined),
});

/** The list's search and filters, as the API takes them. */
export type ContactsFilter = {
  q: string;
  purpose: ConsentPurpose | null;
  status: ConsentStatus | null;
  /** Contacts with this tag (normalised); null: any. */
  tag: string | null;
  page: number;
};

export const noFilter: ContactsFilter = { q: '', purpose: null, status: null, tag: null, page: 1 };

/** What the search opens, with the list's filter (kept for the way back). */
export type ContactsTarget =
  | { view: 'list'; filter: ContactsFilter }
  | { view: 'detail'; contactId: string; filter: ContactsFilter }
  | { view: 'add'; filter: ContactsFilter }
  | { view: 'import'; filter: ContactsFilter };

export function contactsTargetOf(search: unknown): ContactsTarget {
  const parsed = contactsSearchSchema.parse(search ?? {});
  const filter: ContactsFilter = {
    q: parsed.q ?? '',
    purpose: parsed.purpose ?? null,
    status: parsed.status ?? null,
    tag: parsed.tag ?? null,
    page: parsed.page ?? 1,
  };
  if (parsed.contact) return { view: 'detail', contactId: parsed.contact, filter };
  if (parsed.view) return { view: parsed.view, filter };
  return { view: 'list', filter };
}

/** Whether the list is narrowed (its empty answer means 'none match', not 'none yet'). */
export const isFiltered = (filter: ContactsFilter) =>
  filter.q !== '' || filter.purpose !== null || filter.status !== null || filter.tag !== null;

/** The search of the list with `filter`: only what differs from the plain list, so it stays `/contacts`. */
export function listSearch(filter: ContactsFilter): ContactsSearch {
  return {
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.purpose ? { purpose: filter.purpose } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.tag ? { tag: filter.tag } : {}),
    ...(filter.page > 1 ? { page: filter.page } : {}),
  };
}

export const contactSearch = (filter: ContactsFilter, contactId: string): ContactsSearch => ({ ...listSearch(filter), contact: contactId });
export const addSearch = (filter: ContactsFilter): ContactsSearch => ({ ...listSearch(filter), view: 'add' });
export const importSearch = (filter: ContactsFilter): ContactsSearch => ({ ...listSearch(filter), view: 'import' });

/** The API's query of a filter (the export's too, without its page). */
export const listQuery = (filter: ContactsFilter) => ({
  q: filter.q || undefined,
  purpose: filter.purpose ?? undefined,
  status: filter.status ?? undefined,
  tag: filter.tag ?? undefined,
  page: filter.page,
});
