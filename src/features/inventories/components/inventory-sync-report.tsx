// The latest sync's report, the catalog kept honest: catalog items no store variant backs (shoppers
// see them on WhatsApp and cannot buy them), store variants missing from the catalog, items whose
// catalog price or availability disagrees with the store, and what changed since the sync before
// (added, removed, price changed, out of stock). Each with its count; the items behind a count
// open on demand (the report keeps the first 200 of each).
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Mismatch, SyncRun } from '@/domain/inventory-sync';
import { useLang } from '@/src/i18n/use-lang';
import { Table, type TableColumn } from '@/src/ui/table';
import { peerFailureMessages } from '../inventory-messages';
import { catalogAvailabilityNames } from '../sync-messages';
import { formatMoneyText } from './inventory-products-price';
import { formatDateTime } from './inventory-sync-status';

const Report = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Findings = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Finding = styled.li<{ $attention: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  align-content: start;
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $attention }) => ($attention ? theme.colors.warning : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};

  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
  details summary {
    cursor: pointer;
    min-height: 32px;
    color: ${({ theme }) => theme.colors.secondary};
  }
  details ul {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    padding-inline-start: ${({ theme }) => theme.space(5)};
    max-height: 320px;
    overflow-y: auto;
    overflow-wrap: anywhere;
  }
`;

const Count = styled.span`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const Code = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-family: ui-monospace, monospace;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

type FindingProps = { title: ReactNode; count: number; explanation?: ReactNode; attention?: boolean; items: ReactNode[] };

function ReportFinding({ title, count, explanation, attention = false, items }: FindingProps) {
  const { i18n } = useLingui();
  const shown = items.length;
  return (
    <Finding $attention={attention && count > 0}>
      <h4>{title}</h4>
      <Count>{i18n.number(count)}</Count>
      {explanation && <p>{explanation}</p>}
      {shown > 0 && (
        <details>
          <summary>
            <Trans>Show the items</Trans>
          </summary>
          <ul>{items}</ul>
          {count > shown && (
            <p>
              <Trans>The first {shown} are listed.</Trans>
            </p>
          )}
        </details>
      )}
    </Finding>
  );
}

function MismatchesTable({ mismatches }: { mismatches: readonly Mismatch[] }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const valueText = (mismatch: Mismatch, value: string) => {
    if (mismatch.field === 'price') return formatMoneyText(lang, value);
    const name = catalogAvailabilityNames[value];
    return name ? i18n._(name) : value;
  };
  const columns: TableColumn<Mismatch>[] = [
    {
      key: 'title',
      header: <Trans>Item</Trans>,
      isRowHeader: true,
      render: (mismatch) => (
        <>
          {mismatch.title} <Code>{mismatch.retailerId}</Code>
        </>
      ),
    },
    {
      key: 'field',
      header: <Trans>What differs</Trans>,
      render: (mismatch) => (mismatch.field === 'price' ? <Trans>Price</Trans> : <Trans>Availability</Trans>),
    },
    { key: 'store', header: <Trans>In the store</Trans>, render: (mismatch) => valueText(mismatch, mismatch.store) },
    { key: 'catalog', header: <Trans>In the catalog</Trans>, render: (mismatch) => valueText(mismatch, mismatch.catalog) },
  ];
  return (
    <Table
      caption={<Trans>Price and availability mismatches</Trans>}
      columns={columns}
      rows={mismatches}
      rowKey={(mismatch) => `${mismatch.key}:${mismatch.field}`}
    />
  );
}

/**
 * 'The store is the source of truth': what the sync corrected in the catalog, and each item Meta
 * refused with Meta's own words (or why the whole batch could not be sent).
 */
function CorrectionsFinding({ corrections }: { corrections: NonNullable<NonNullable<SyncRun['report']>['corrections']> }) {
  const { i18n } = useLingui();
  const { applied, pending, refused, failure } = corrections;
  return (
    <ReportFinding
      title={<Trans>Corrected in the catalog</Trans>}
      count={applied}
      attention={refused.length > 0 || pending > 0 || failure !== null}
      explanation={
        failure ? (
          <>
            <Trans>The corrections could not be sent:</Trans> {i18n._(peerFailureMessages[failure])}
          </>
        ) : (
          <>
            <Trans>The store is the source of truth: the catalog now shows the store's price and availability.</Trans>{' '}
            {refused.length > 0 && <Trans>Meta refused {refused.length}.</Trans>}{' '}
            {pending > 0 && <Trans>{pending} not confirmed by Meta yet.</Trans>}
          </>
        )
      }
      items={refused.map((item) => (
        <li key={item.retailerId}>
          <Code>{item.retailerId}</Code> {item.message}
        </li>
      ))}
    />
  );
}

/** The report of `run` (the newest run that has one). */
export function InventorySyncReport({ run }: { run: SyncRun }) {
  const lang = useLang();
  const report = run.report;
  if (!report) return null;
  const { counts } = report;
  const when = formatDateTime(lang, run.finishedAt ?? run.startedAt);
  return (
    <Report>
      <Intro>
        <Trans>From the sync of {when}.</Trans>
      </Intro>
      <Findings>
        <ReportFinding
          title={<Trans>Catalog items no store variant backs</Trans>}
          count={counts.catalogOnly}
          attention
          explanation={<Trans>Shoppers see them on WhatsApp but cannot buy them.</Trans>}
          items={report.catalogOnly.map((item) => (
            <li key={item.retailerId}>
              {item.name} <Code>{item.retailerId}</Code>
            </li>
          ))}
        />
        <ReportFinding
          title={<Trans>Store variants missing from the catalog</Trans>}
          count={counts.storeOnly}
          attention
          explanation={<Trans>Shoppers on WhatsApp do not see them.</Trans>}
          items={report.storeOnly.map((variant) => (
            <li key={variant.variantId}>
              {variant.title} {variant.sku && <Code>{variant.sku}</Code>}
            </li>
          ))}
        />
        <ReportFinding
          title={<Trans>Price and availability mismatches</Trans>}
          count={counts.mismatches}
          attention
          explanation={<Trans>The catalog shows another price or availability than the store.</Trans>}
          items={[]}
        />
        {report.corrections && <CorrectionsFinding corrections={report.corrections} />}
        <ReportFinding
          title={<Trans>Added since the last sync</Trans>}
          count={counts.added}
          items={report.added.map((title, index) => (
            <li key={index}>{title}</li>
          ))}
        />
        <ReportFinding
          title={<Trans>Removed since the last sync</Trans>}
          count={counts.removed}
          items={report.removed.map((title, index) => (
            <li key={index}>{title}</li>
          ))}
        />
        <ReportFinding
          title={<Trans>Price changed since the last sync</Trans>}
          count={counts.priceChanged}
          items={report.priceChanged.map((title, index) => (
            <li key={index}>{title}</li>
          ))}
        />
        <ReportFinding
          title={<Trans>Out of stock since the last sync</Trans>}
          count={counts.wentOutOfStock}
          items={report.wentOutOfStock.map((title, index) => (
            <li key={index}>{title}</li>
          ))}
        />
      </Findings>
      {report.mismatches.length > 0 && <MismatchesTable mismatches={report.mismatches} />}
    </Report>
  );
}
