// @vitest-environment happy-dom
// The contacts screen's views that the real API cannot reach yet, as React renders them: what a
// consent change did, in words — above all the merchant's opt-in against the shopper's own opt-out
// (a stop word), which the API records as ignored: an alert naming the purpose, the shopper's
// opt-out with its source and date, and that only the shopper can subscribe again — and the
// import's counts with the rows to fix, in en and pt.
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsentOutcome } from '@/src/features/contacts/consent-outcome';
import { ConsentOutcomeNotice } from '@/src/features/contacts/components/consent-outcome-notice';
import { ContactImportSummaryView } from '@/src/features/contacts/components/contact-import-summary';
import { formatDateTime } from '@/src/i18n/format';
import { renderInLang } from './support/render-in-lang';

afterEach(cleanup);

async function show(view: () => ReactNode, lang: 'en' | 'pt' = 'en') {
  await renderInLang(view, { lang });
  await screen.findAllByText(/./);
}

const STOPPED_AT = '2026-11-20T14:30:00.000Z';
const refused: ConsentOutcome = {
  tone: 'refused',
  lines: [
    { purpose: 'utility', effect: 'subscribed', consent: { status: 'subscribed', source: 'merchant', at: '2026-11-29T10:00:00.000Z' } },
    { purpose: 'marketing', effect: 'ignored_shopper_opt_out', consent: { status: 'unsubscribed', source: 'stop_word', at: STOPPED_AT } },
  ],
};

describe('what a consent change did', () => {
  it("says, as an alert, that the shopper's own opt-out stands, since when and from where, and that only they can undo it", async () => {
    await show(() => <ConsentOutcomeNotice outcome={refused} onDismiss={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The change was not applied.')).toBeTruthy();
    const when = formatDateTime('en', new Date(STOPPED_AT));
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Utility: Subscribed',
      `Marketing: the shopper unsubscribed themselves (Stop word on WhatsApp, ${when}). Only the shopper can subscribe again, from their WhatsApp conversation; your opt-in is kept in the history as ignored.`,
    ]);
  });

  it('speaks the page’s language', async () => {
    await show(() => <ConsentOutcomeNotice outcome={refused} onDismiss={() => {}} />, 'pt');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('A alteração não foi aplicada.')).toBeTruthy();
    expect(within(alert).getAllByRole('listitem')[1]!.textContent).toMatch(
      /^Marketing: o próprio cliente cancelou a inscrição \(Palavra de parada no WhatsApp, .+\)\. Só o cliente pode se inscrever de novo/,
    );
  });

  it('is a plain status when it changed something, or nothing', async () => {
    await show(() => (
      <>
        <ConsentOutcomeNotice outcome={{ tone: 'changed', lines: [refused.lines[0]!] }} onDismiss={() => {}} />
        <ConsentOutcomeNotice
          outcome={{ tone: 'unchanged', lines: [{ ...refused.lines[0]!, effect: 'unchanged' }] }}
          onDismiss={() => {}}
        />
      </>
    ));
    expect(screen.queryByRole('alert')).toBeNull();
    const [changed, unchanged] = screen.getAllByRole('status');
    expect(changed!.textContent).toContain('The change is recorded.Utility: Subscribed');
    expect(unchanged!.textContent).toContain('Nothing changed: the consent was already so.Utility: No change: it was already so');
  });
});

describe("an import's counts", () => {
  it('lists each count, the rows to fix at their cell, and how many more there are', async () => {
    const summary = {
      rows: 1204,
      created: 1100,
      updated: 50,
      unchanged: 20,
      duplicates: 4,
      skipped: 30,
      consentIgnored: 2,
      issueCount: 101,
      issues: [
        { row: 7, column: 'phone' as const, code: 'contact.phone_invalid', message: 'This is not a valid phone number.' },
        { row: 9, column: null, code: 'some.newer_code', message: 'A newer server says so.' },
      ],
    };
    await show(() => <ContactImportSummaryView summary={summary} headingRef={{ current: null }} />);
    const facts = within(screen.getByLabelText('What the import did'));
    expect(facts.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)).toEqual([
      'Rows read: 1,204',
      'Contacts created: 1,100',
      'Contacts updated: 50',
      'Contacts unchanged: 20',
      'Repeated numbers merged: 4',
      'Opt-ins ignored (the shopper had opted out): 2',
      'Rows not imported: 30',
    ]);
    const issues = within(screen.getByRole('region', { name: 'Rows not imported' }));
    const cells = (row: string) =>
      within(issues.getByRole('rowheader', { name: row }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('7')).toEqual(['Number', expect.stringMatching(/^This is not a valid phone number\. Write it with its area code/)]);
    // An id this build does not know is shown in the API's words.
    expect(cells('9')).toEqual(['', 'A newer server says so.']);
    expect(screen.getByText('And 99 more problems, not shown.')).toBeTruthy();
  });
});
