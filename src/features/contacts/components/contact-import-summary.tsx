// What an import did, once the API has read the file: the rows read, the contacts created, updated
// and left unchanged, the repeated numbers merged, the opt-ins the shoppers' own opt-outs outweighed,
// and the rows not imported, each at the cell to fix (the first ones; the count says how many more).
import { Fragment, type Ref } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContactCsvColumn } from '@/domain/contact-csv';
import type { ContactImportIssue, ContactImportSummary } from '@/machines/contact-import';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { BlockTitle } from '@/src/ui/block-title';
import { FactsList } from '@/src/ui/facts-list';
import { scriptFocusTarget } from '@/src/ui/focus-ring';
import { Table, type TableColumn } from '@/src/ui/table';
import { contactMessageOf } from '../contact-messages';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

const Title = styled(BlockTitle)`
  ${scriptFocusTarget}
`;

const columnNames: Record<ContactCsvColumn, MessageDescriptor> = {
  phone: msg({ message: 'Number', context: 'column of a contacts CSV file' }),
  name: msg({ message: 'Name', context: 'column of a contacts CSV file' }),
  language: msg({ message: 'Language', context: 'column of a contacts CSV file' }),
  country: msg({ message: 'Country', context: 'column of a contacts CSV file' }),
  tags: msg({ message: 'Tags', context: 'column of a contacts CSV file' }),
};

type Props = { summary: ContactImportSummary; headingRef: Ref<HTMLHeadingElement> };

export function ContactImportSummaryView({ summary, headingRef }: Props) {
  const { i18n } = useLingui();
  const lang = useLang();
  const count = (value: number) => formatNumber(lang, value);
  const facts: [key: string, label: MessageDescriptor, value: number][] = [
    ['rows', msg`Rows read`, summary.rows],
    ['created', msg`Contacts created`, summary.created],
    ['updated', msg`Contacts updated`, summary.updated],
    ['unchanged', msg`Contacts unchanged`, summary.unchanged],
    ['duplicates', msg`Repeated numbers merged`, summary.duplicates],
    ['consentIgnored', msg`Opt-ins ignored (the shopper had opted out)`, summary.consentIgnored],
    ['skipped', msg`Rows not imported`, summary.skipped],
  ];
  return (
    <Stack>
      <Title ref={headingRef} tabIndex={-1}>
        <Trans>Import finished</Trans>
      </Title>
      <FactsList aria-label={i18n._(msg`What the import did`)}>
        {facts.map(([key, label, value]) => (
          <Fragment key={key}>
            <dt>{i18n._(label)}</dt>
            <dd>{count(value)}</dd>
          </Fragment>
        ))}
      </FactsList>
      {summary.issues.length > 0 && <ImportIssues summary={summary} />}
    </Stack>
  );
}

function ImportIssues({ summary }: { summary: ContactImportSummary }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const more = summary.issueCount - summary.issues.length;
  const columns: TableColumn<ContactImportIssue>[] = [
    { key: 'row', header: <Trans>Row</Trans>, isRowHeader: true, render: (issue) => formatNumber(lang, issue.row) },
    { key: 'column', header: <Trans>Column</Trans>, render: (issue) => (issue.column ? i18n._(columnNames[issue.column]) : '') },
    {
      key: 'problem',
      header: <Trans>What to fix</Trans>,
      render: (issue) => {
        const known = contactMessageOf(issue.code);
        return known ? i18n._(known) : issue.message;
      },
    },
  ];
  return (
    <>
      <Table
        caption={<Trans>Rows not imported</Trans>}
        columns={columns}
        rows={summary.issues}
        rowKey={(issue) => `${issue.row}:${issue.column ?? ''}`}
      />
      {more > 0 && (
        <p>
          <Plural value={more} one="And # more problem, not shown." other="And # more problems, not shown." />
        </p>
      )}
    </>
  );
}
