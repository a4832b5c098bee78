// The /contacts screen's pure parts: the URL's search as what the screen opens (the route keeping
// what the schema reads, a search of digits included), the list's search and the export's query;
// the add form's rules (the API's schema, the number read in its country, a note with a purpose);
// what a consent change did, read from the history the API answers; the import's answers as the
// machine's reports; and a translation for every message id the screen's forms and machine give.
import { describe, expect, it } from 'vitest';
import { contactValidation, noConsent, type ConsentHistoryEntry, type ContactDetail } from '@/domain/contact';
import { contactCsvMessages } from '@/domain/contact-csv';
import { contactImportErrors, contactImportFileErrors, emptyImportValues } from '@/machines/contact-import';
import { contactCall, contactFailureFrom, contactFailureOf } from '@/src/features/contacts/api/contact-failure';
import { exportQueryString } from '@/src/features/contacts/api/contact-export-api';
import { importReportOf } from '@/src/features/contacts/api/contact-import-api';
import { consentOutcome } from '@/src/features/contacts/consent-outcome';
import { contactFormErrors, createContactInput, emptyContactForm } from '@/src/features/contacts/contact-form-values';
import { CONTACT_EXISTS, contactMessageOf, NOTE_REQUIRED } from '@/src/features/contacts/contact-messages';
import { contactsTargetOf, listSearch, noFilter } from '@/src/features/contacts/contact-search';
import { ApiError } from '@/src/api/api-errors';
import { Route } from '@/src/routes/$lang/_app/contacts';

const CONTACT_ID = '00000000-0000-4000-8000-0000000000c1';
const validate = (search: Record<string, unknown>) =>
  (Route.options.validateSearch as (search: Record<string, unknown>) => unknown)(search);

describe("the screen's address", () => {
  it('opens the list with its search, filters and page; a contact; the add form; the import', () => {
    expect(contactsTargetOf(validate({ q: 'Ana', purpose: 'marketing', status: 'subscribed', tag: 'VIP', page: 3 }))).toEqual({
      view: 'list',
      filter: { q: 'Ana', purpose: 'marketing', status: 'subscribed', tag: 'vip', page: 3 },
    });
    expect(contactsTargetOf(validate({ contact: CONTACT_ID, q: 'Ana' }))).toEqual({
      view: 'detail',
      contactId: CONTACT_ID,
      filter: { ...noFilter, q: 'Ana' },
    });
    expect(contactsTargetOf(validate({ view: 'add' }))).toEqual({ view: 'add', filter: noFilter });
    expect(contactsTargetOf(validate({ view: 'import', status: 'unsubscribed' }))).toEqual({
      view: 'import',
      filter: { ...noFilter, status: 'unsubscribed' },
    });
  });

  it('keeps a search of digits, which the router reads as a number, and drops what is invalid', () => {
    expect(contactsTargetOf(validate({ q: 98765 }))).toEqual({ view: 'list', filter: { ...noFilter, q: '98765' } });
    expect(
      contactsTargetOf(validate({ purpose: 'spam', status: 'maybe', tag: 'a;b', page: -2, contact: 'nope', view: 'delete', other: 'x' })),
    ).toEqual({
      view: 'list',
      filter: noFilter,
    });
    expect(validate({ other: 'x', page: '2' })).toEqual({ page: 2 });
  });

  it('writes only what differs from the plain list, so the plain list stays /contacts', () => {
    expect(listSearch(noFilter)).toEqual({});
    const filter = { q: 'ana', purpose: 'utility', status: null, tag: 'black friday', page: 2 } as const;
    expect(listSearch(filter)).toEqual({ q: 'ana', purpose: 'utility', tag: 'black friday', page: 2 });
    expect(contactsTargetOf(validate(listSearch(filter)))).toEqual({ view: 'list', filter });
  });

  it("asks the export for the list's search and filters, not its page; `;` for Excel in Portuguese and Spanish", () => {
    const filter = { q: 'ana', purpose: 'marketing', status: 'subscribed', tag: 'vip', page: 4 } as const;
    expect(exportQueryString(filter, 'en')).toBe('q=ana&purpose=marketing&status=subscribed&tag=vip');
    expect(exportQueryString(noFilter, 'pt')).toBe('delimiter=semicolon');
  });
});

describe('the add form', () => {
  const form = { ...emptyContactForm('BR'), phone: '(11) 98765-4321' };

  it('takes a number read in the chosen country, and sends the purposes ticked with the note', () => {
    expect(contactFormErrors(form)).toEqual({});
    expect(createContactInput({ ...form, marketing: true, note: 'Na loja' })).toEqual({
      phone: '(11) 98765-4321',
      country: 'BR',
      name: '',
      optIn: ['marketing'],
      note: 'Na loja',
    });
  });

  it('says each rule broken at its field, all at once', () => {
    expect(contactFormErrors({ ...form, phone: '123', name: 'x'.repeat(121), utility: true })).toEqual({
      phone: contactValidation.phoneInvalid.id,
      name: contactValidation.nameTooLong.id,
      note: NOTE_REQUIRED,
    });
    expect(contactFormErrors({ ...form, phone: ' ' })).toEqual({ phone: contactValidation.phoneRequired.id });
  });

  it('reads a refusal: fields, a number already a contact, a contact gone, anything else', () => {
    const fields = { phone: contactValidation.phoneInvalid.id };
    expect(contactFailureFrom(new ApiError({ status: 400, code: 'validation_failed', message: 'no', fields }))).toEqual({
      kind: 'invalid',
      fields,
    });
    expect(contactFailureFrom(new ApiError({ status: 409, code: 'contact_exists', message: 'no' })).kind).toBe('exists');
    expect(contactFailureFrom(new ApiError({ status: 404, code: 'not_found', message: 'no' })).kind).toBe('not_found');
    expect(contactFailureFrom(new ApiError({ status: 500, code: 'internal_error', message: 'no' })).kind).toBe('unknown');
  });

  it("is read once: a call's rejection is the failure the screen shows, as it is", async () => {
    const rejected = await contactCall(Promise.reject(new ApiError({ status: 409, code: 'contact_exists', message: 'no' }))).catch(
      (error: unknown) => error,
    );
    expect(contactFailureOf(rejected)).toEqual({ kind: 'exists' });
    expect(contactFailureOf(new ApiError({ status: 404, code: 'not_found', message: 'no' }))).toEqual({ kind: 'not_found' });
    expect(contactFailureOf(new TypeError('offline'))).toEqual({ kind: 'unknown' });
  });
});

describe('what a consent change did', () => {
  const entry = (id: string, overrides: Partial<ConsentHistoryEntry>): ConsentHistoryEntry => ({
    id,
    purpose: 'marketing',
    kind: 'opt_in',
    source: 'merchant',
    at: '2026-11-29T10:00:00.000Z',
    effect: 'subscribed',
    note: null,
    recordedAt: '2026-11-29T10:00:00.000Z',
    ...overrides,
  });
  const stop = entry('e1', { kind: 'opt_out', purpose: 'marketing', source: 'stop_word', effect: 'unsubscribed' });
  const before: ContactDetail = {
    id: CONTACT_ID,
    phone: '+5511987654321',
    country: 'BR',
    name: 'Ana',
    language: 'pt',
    tags: [],
    consent: { ...noConsent, marketing: { status: 'unsubscribed', source: 'stop_word', at: stop.at } },
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-29T10:00:00.000Z',
    history: [stop],
  };

  it("is refused, per purpose, when the merchant's opt-in meets the shopper's own opt-out, with the opt-out that stands", () => {
    const after: ContactDetail = {
      ...before,
      consent: { ...before.consent, utility: { status: 'subscribed', source: 'merchant', at: '2026-11-29T11:00:00.000Z' } },
      history: [
        entry('e2', { purpose: 'utility', effect: 'subscribed' }),
        entry('e3', { purpose: 'marketing', effect: 'ignored_shopper_opt_out' }),
        stop,
      ],
    };
    expect(consentOutcome(before, after)).toEqual({
      tone: 'refused',
      lines: [
        { purpose: 'utility', effect: 'subscribed', consent: after.consent.utility },
        { purpose: 'marketing', effect: 'ignored_shopper_opt_out', consent: before.consent.marketing },
      ],
    });
  });

  it('is a change, or nothing, as the new entries say; null when the answer recorded none', () => {
    const changed = { ...before, history: [entry('e2', { purpose: 'utility', effect: 'subscribed' }), stop] };
    expect(consentOutcome(before, changed)?.tone).toBe('changed');
    const unchanged = { ...before, history: [entry('e2', { kind: 'opt_out', effect: 'unchanged' }), stop] };
    expect(consentOutcome(before, unchanged)?.tone).toBe('unchanged');
    expect(consentOutcome(before, before)).toBeNull();
  });
});

describe("the import's answers", () => {
  const summary = {
    rows: 2,
    created: 1,
    updated: 0,
    unchanged: 0,
    duplicates: 0,
    skipped: 1,
    consentIgnored: 0,
    issueCount: 1,
    issues: [{ row: 3, column: 'phone', code: 'contact.phone_invalid', message: 'Invalid.' }],
  };
  const error = (code: string, fields?: Record<string, string>) =>
    JSON.stringify({ error: { code, message: 'no', ...(fields && { fields }) } });

  it('are the counts, or a refusal at its field, or a failure to retry', () => {
    expect(importReportOf(200, JSON.stringify(summary))).toEqual({ type: 'UPLOAD_DONE', summary });
    expect(importReportOf(422, error('csv_no_phone_column', { file: 'contact.csv.no_phone_column' }))).toEqual({
      type: 'UPLOAD_FAILED',
      failure: { kind: 'invalid', fields: { file: 'contact.csv.no_phone_column' } },
    });
    expect(importReportOf(400, error('validation_failed', { consentedAt: 'contact.consent_date_in_future' }))).toEqual({
      type: 'UPLOAD_FAILED',
      failure: { kind: 'invalid', fields: { consentedAt: 'contact.consent_date_in_future' } },
    });
    expect(importReportOf(413, error('too_large'))).toEqual({
      type: 'UPLOAD_FAILED',
      failure: { kind: 'invalid', fields: { file: contactCsvMessages.tooLarge.id } },
    });
    expect(importReportOf(415, error('unsupported_type'))).toEqual({
      type: 'UPLOAD_FAILED',
      failure: { kind: 'invalid', fields: { file: contactImportFileErrors.type } },
    });
    expect(importReportOf(500, error('internal_error'))).toEqual({ type: 'UPLOAD_FAILED', failure: { kind: 'unknown' } });
    expect(importReportOf(200, 'not json')).toEqual({ type: 'UPLOAD_FAILED', failure: { kind: 'unknown' } });
  });
});

it('has a translation for every message id its forms and the import machine give', () => {
  const ids = [
    ...Object.values(contactImportFileErrors),
    ...Object.values(contactImportErrors(null, { ...emptyImportValues, purposes: ['utility'] })),
    ...Object.values(contactFormErrors({ ...emptyContactForm(''), utility: true })),
    CONTACT_EXISTS,
    NOTE_REQUIRED,
    contactCsvMessages.tooLarge.id,
  ];
  for (const id of ids) expect(contactMessageOf(id), id).toBeDefined();
});
