// A contact's consent history, newest first: for each event, when it happened, the purpose, what it
// was (opt-in, opt-out) and what it did (subscribed, unchanged, ignored and why), where it came from
// and its note (how the shopper agreed, why they were removed).
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { ConsentHistoryEntry } from '@/domain/contact';
import { formatDateTime } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { BlockTitle } from '@/src/ui/block-title';
import { Table, type TableColumn } from '@/src/ui/table';
import { consentEffectNames, consentKindNames, consentPurposeNames, consentSourceNames } from '../contact-messages';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Effect = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export function ContactHistory({ history }: { history: ConsentHistoryEntry[] }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const titleId = useId();
  const columns: TableColumn<ConsentHistoryEntry>[] = [
    {
      key: 'at',
      header: <Trans>When</Trans>,
      isRowHeader: true,
      render: (entry) => <time dateTime={entry.at}>{formatDateTime(lang, new Date(entry.at))}</time>,
    },
    { key: 'purpose', header: <Trans>Purpose</Trans>, render: (entry) => i18n._(consentPurposeNames[entry.purpose]) },
    {
      key: 'event',
      header: <Trans>What happened</Trans>,
      render: (entry) => (
        <>
          {i18n._(consentKindNames[entry.kind])}
          <Effect>{i18n._(consentEffectNames[entry.effect])}</Effect>
        </>
      ),
    },
    { key: 'source', header: <Trans>Source</Trans>, render: (entry) => i18n._(consentSourceNames[entry.source]) },
    { key: 'note', header: <Trans>Note</Trans>, render: (entry) => entry.note ?? '' },
  ];
  return (
    <Section aria-labelledby={titleId}>
      <BlockTitle id={titleId}>
        <Trans>Consent history</Trans>
      </BlockTitle>
      <Table
        caption={<Trans>Consent history, newest first</Trans>}
        hideCaption
        columns={columns}
        rows={history}
        rowKey={(entry) => entry.id}
        emptyMessage={<Trans>No consent recorded yet: nobody asked this shopper.</Trans>}
      />
    </Section>
  );
}
