// The Checkouts screen's figures for the period: checkouts abandoned, reminded, recovered, the
// recovery rate with its definition (recovered ÷ reminded: the merchant's own rate, never a claimed
// one), the value recovered, and what the skipped ones were skipped for (what asking for consent
// or a lower minimum would be worth).
import type { ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { CheckoutFigures as Figures } from '@/domain/checkout-list';
import { RECOVERY_ATTRIBUTION_DAYS, skipReasons } from '@/domain/checkout-recovery';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { skipReasonNames } from '../checkout-messages';
import { formatMinor, formatRate } from '../checkout-format';

const Grid = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  margin: 0;
`;

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  align-content: start;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};

  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primary};
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Skipped = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
`;

function Figure({ name, value, note }: { name: ReactNode; value: string; note?: ReactNode }) {
  return (
    <Box>
      <dt>{name}</dt>
      <dd>{value}</dd>
      {note && <small>{note}</small>}
    </Box>
  );
}

export function CheckoutFigures({ figures }: { figures: Figures }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const count = (value: number) => formatNumber(lang, value);
  const value = figures.recoveredValue.length
    ? figures.recoveredValue.map((entry) => formatMinor(lang, entry.totalMinor, entry.currency)).join(' + ')
    : '—';
  const days = RECOVERY_ATTRIBUTION_DAYS;
  const skipped = skipReasons.filter((reason) => figures.skipped[reason] > 0);
  return (
    <section aria-label={t`Recovery figures`}>
      <Grid>
        <Figure name={<Trans>Abandoned</Trans>} value={count(figures.abandoned)} note={<Trans>Checkouts left with no order</Trans>} />
        <Figure name={<Trans>Reminded</Trans>} value={count(figures.reminded)} note={<Trans>Sent at least one reminder</Trans>} />
        <Figure
          name={<Trans>Recovered</Trans>}
          value={count(figures.recovered)}
          note={<Trans>Ordered within {days} days of a reminder</Trans>}
        />
        <Figure
          name={<Trans>Recovery rate</Trans>}
          value={formatRate(lang, figures.recoveryRate)}
          note={<Trans>Recovered ÷ reminded, counted from your own orders</Trans>}
        />
        <Figure name={<Trans>Recovered value</Trans>} value={value} note={<Trans>The recovered orders’ totals, net of refunds</Trans>} />
      </Grid>
      {skipped.length > 0 && (
        <Skipped>
          <Trans>Not reminded:</Trans>{' '}
          {skipped.map((reason, at) => (
            <span key={reason}>
              {at > 0 && ' · '}
              {i18n._(skipReasonNames[reason])} ({count(figures.skipped[reason])})
            </span>
          ))}
          {figures.skipped.no_consent > 0 && (
            <>
              {'. '}
              <Plural
                value={figures.skipped.no_consent}
                one="# shopper had not agreed to WhatsApp reminders: asking for it on your cart page and at checkout would reach them."
                other="# shoppers had not agreed to WhatsApp reminders: asking for it on your cart page and at checkout would reach them."
              />
            </>
          )}
        </Skipped>
      )}
    </section>
  );
}
