// The Checkouts screen's figures for the period: checkouts abandoned, reminded, recovered, the
// recovery rate with its definition (recovered ÷ reminded: the merchant's own rate, never a claimed
// one), the value recovered, what the reminders cost and the return on it (a dash saying why where
// value and cost are not one currency: no exchange rate is assumed), the discount codes used, each
// beside the previous period's figure and the change; then what the skipped ones were skipped for
// (what asking for consent or a lower minimum would be worth).
import type { ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { CheckoutFigures as Figures, RecoveredValue } from '@/domain/checkout-list';
import { RECOVERY_ATTRIBUTION_DAYS, skipReasons } from '@/domain/checkout-recovery';
import type { Locale } from '@/domain/locales';
import { formatDate, formatNumber } from '@/src/i18n/format';
import { formatMinor } from '@/src/i18n/money';
import { useLang } from '@/src/i18n/use-lang';
import { VisuallyHidden } from '@/src/ui/visually-hidden';
import { skipReasonNames } from '../checkout-messages';
import { formatRate } from '../checkout-format';
import {
  figureChange,
  formatCostMicros,
  formatMultiple,
  returnWithheldTexts,
  valueChange,
  type FigureChange,
} from './checkout-figure-values';

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
  /* The value's size follows the card's width, so a sum keeps to one line instead of breaking inside it. */
  container-type: inline-size;

  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-size: clamp(${({ theme }) => theme.font.size.md}, 15cqi, ${({ theme }) => theme.font.size.xl});
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primary};
    font-variant-numeric: tabular-nums;
    overflow-wrap: break-word;
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

const PeriodNote = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Arrow = styled.span<{ $direction: 'up' | 'down' }>`
  font-weight: 600;
  color: ${({ theme, $direction }) => ($direction === 'up' ? theme.colors.positive : theme.colors.negative)};
`;

/** '▲ 12.5%' after the previous figure, read 'up 12.5%'. */
function Change({ change }: { change: FigureChange }) {
  if (!change) return null;
  const { percent } = change;
  return (
    <>
      {' · '}
      <Arrow $direction={change.direction} aria-hidden="true">
        {change.direction === 'up' ? '▲' : '▼'} {percent}
      </Arrow>
      <VisuallyHidden>{change.direction === 'up' ? <Trans>up {percent}</Trans> : <Trans>down {percent}</Trans>}</VisuallyHidden>
    </>
  );
}

type FigureProps = {
  name: ReactNode;
  value: ReactNode;
  /** What the figure counts: its definition, always shown. */
  note: ReactNode;
  /** Why there is no figure, under its dash. */
  why?: ReactNode;
  /** The previous period's figure, and the change from it. */
  previous: ReactNode;
  change: FigureChange;
};

function Figure({ name, value, note, why, previous, change }: FigureProps) {
  return (
    <Box>
      <dt>{name}</dt>
      <dd>{value}</dd>
      {why && <small>{why}</small>}
      <small>{note}</small>
      <small>
        <Trans>Previous period: {previous}</Trans>
        <Change change={change} />
      </small>
    </Box>
  );
}

/** No figure (a division that cannot be made honestly): a dash, said as such. */
function NoRatio() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>
        <Trans>No ratio</Trans>
      </VisuallyHidden>
    </>
  );
}

const valueText = (lang: Locale, value: RecoveredValue) =>
  value.length ? value.map((entry) => formatMinor(lang, entry.totalMinor, entry.currency)).join(' + ') : '—';

/** A day of the API (YYYY-MM-DD) as the page's language writes it. */
const dayText = (lang: Locale, day: string) => formatDate(lang, Date.parse(`${day}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });

export function CheckoutFigures({ figures }: { figures: Figures }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const count = (value: number) => formatNumber(lang, value);
  const multiple = (value: number | null) => (value === null ? <NoRatio /> : formatMultiple(lang, value));
  const { previous } = figures;
  const counted = (key: 'abandoned' | 'reminded' | 'recovered' | 'discountCodesUsed') => ({
    value: count(figures[key]),
    previous: count(previous[key]),
    change: figureChange(lang, figures[key], previous[key]),
  });
  const days = RECOVERY_ATTRIBUTION_DAYS;
  const skipped = skipReasons.filter((reason) => figures.skipped[reason] > 0);
  const from = dayText(lang, previous.from);
  const to = dayText(lang, previous.to);
  return (
    <section aria-label={t`Recovery figures`}>
      <Grid>
        <Figure name={<Trans>Abandoned</Trans>} note={<Trans>Checkouts left with no order</Trans>} {...counted('abandoned')} />
        <Figure name={<Trans>Reminded</Trans>} note={<Trans>Sent at least one reminder</Trans>} {...counted('reminded')} />
        <Figure name={<Trans>Recovered</Trans>} note={<Trans>Ordered within {days} days of a reminder</Trans>} {...counted('recovered')} />
        <Figure
          name={<Trans>Recovery rate</Trans>}
          value={formatRate(lang, figures.recoveryRate)}
          note={<Trans>Recovered ÷ reminded, counted from your own orders</Trans>}
          previous={formatRate(lang, previous.recoveryRate)}
          change={figureChange(lang, figures.recoveryRate, previous.recoveryRate)}
        />
        <Figure
          name={<Trans>Recovered value</Trans>}
          value={valueText(lang, figures.recoveredValue)}
          note={<Trans>The recovered orders’ totals, net of refunds</Trans>}
          previous={valueText(lang, previous.recoveredValue)}
          change={valueChange(lang, figures.recoveredValue, previous.recoveredValue)}
        />
        <Figure
          name={<Trans>Messages’ cost</Trans>}
          value={formatCostMicros(lang, figures.messagesCostMicros)}
          note={<Trans>What Meta charged for these checkouts’ reminders, in US dollars</Trans>}
          previous={formatCostMicros(lang, previous.messagesCostMicros)}
          change={figureChange(lang, figures.messagesCostMicros, previous.messagesCostMicros)}
        />
        <Figure
          name={<Trans context="a figure: recovered value ÷ messages’ cost">Return</Trans>}
          value={multiple(figures.returnOnCost)}
          why={figures.returnWithheld && i18n._(returnWithheldTexts[figures.returnWithheld])}
          note={<Trans>Recovered value ÷ messages’ cost, when both are in US dollars</Trans>}
          previous={multiple(previous.returnOnCost)}
          change={figureChange(lang, figures.returnOnCost, previous.returnOnCost)}
        />
        <Figure
          name={<Trans>Discount codes used</Trans>}
          note={<Trans>Recovered orders that used their reminder’s discount code</Trans>}
          {...counted('discountCodesUsed')}
        />
      </Grid>
      <PeriodNote>
        <Trans>
          The previous period runs from {from} to {to}.
        </Trans>
      </PeriodNote>
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
