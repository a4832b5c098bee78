// @vitest-environment happy-dom
// The Checkouts screen's figures as React renders them from an answer (src/features/checkouts/
// components/checkout-figures.tsx): the messages' cost in US dollars and cents (a total: the
// currency's decimals, as the app writes money), the recovery rate and each change as the dashboard
// writes a percentage (one decimal), the return on the cost as a multiple or a dash said as such with
// why (no exchange rate assumed), the discount codes used, and each figure beside the previous
// period's with its change, in en and pt (with the app's real catalogs).
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutFigures as Figures, CheckoutPeriodFigures } from '@/domain/checkout-list';
import { CheckoutFigures } from '@/src/features/checkouts/components/checkout-figures';
import { formatFigure } from '@/src/features/dashboard/dashboard-format';
import { renderInLang } from './support/render-in-lang';

afterEach(cleanup);

async function show(figures: Figures, lang: 'en' | 'pt' | 'es' = 'en') {
  await renderInLang(() => <CheckoutFigures figures={figures} />, { lang });
  return screen.findByRole('region');
}

const plain = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/\u00a0|\u202f/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A figure's box: its name's term's parent. */
const box = (region: HTMLElement, name: string) => within(region).getByText(name, { selector: 'dt' }).parentElement!;
const valueOf = (region: HTMLElement, name: string) => plain(box(region, name).querySelector('dd')?.textContent);

const period = (values: Partial<CheckoutPeriodFigures>): CheckoutPeriodFigures => ({
  abandoned: 0,
  reminded: 0,
  recovered: 0,
  recoveryRate: null,
  recoveredValue: [],
  messagesCostMicros: 0,
  returnOnCost: null,
  returnWithheld: 'no_cost',
  discountCodesUsed: 0,
  ...values,
});

/** November in reais beside October in dollars. */
const figures = (current: Partial<CheckoutPeriodFigures>, previous: Partial<CheckoutPeriodFigures>): Figures => ({
  ...period(current),
  skipped: { no_consent: 0, no_phone: 0, below_minimum: 0, recently_recovered: 0, before_flow_on: 0, flow_off: 0 },
  previous: { from: '2026-10-02', to: '2026-10-31', ...period(previous) },
});

const inReais = figures(
  {
    abandoned: 6,
    reminded: 3,
    recovered: 1,
    recoveryRate: 1 / 3,
    recoveredValue: [{ currency: 'BRL', totalMinor: 23_990 }],
    messagesCostMicros: 250_000,
    returnOnCost: null,
    returnWithheld: 'other_currency',
    discountCodesUsed: 1,
  },
  {
    abandoned: 2,
    reminded: 1,
    recovered: 1,
    recoveryRate: 1,
    recoveredValue: [{ currency: 'USD', totalMinor: 5_000 }],
    messagesCostMicros: 40_000,
    returnOnCost: 1_250,
    returnWithheld: null,
  },
);

describe('the figures', () => {
  it('the messages’ cost in US dollars, beside the previous period’s with the change', async () => {
    const region = await show(inReais);
    expect(valueOf(region, 'Messages’ cost')).toBe('$0.25');
    const cost = box(region, 'Messages’ cost');
    expect(plain(cost.textContent)).toContain('Previous period: $0.04 · ▲ 525.0%');
    // The arrow is read in words.
    expect(within(cost).getByText('up 525.0%')).toBeTruthy();
    expect(within(cost).getByText('What Meta charged for these checkouts’ reminders, in US dollars')).toBeTruthy();
    expect(valueOf(region, 'Abandoned')).toBe('6');
    expect(plain(box(region, 'Abandoned').textContent)).toContain('Previous period: 2 · ▲ 200.0%');
    expect(plain(box(region, 'Recovery rate').textContent)).toContain('Previous period: 100.0% · ▼ 66.7%');
    expect(within(box(region, 'Recovery rate')).getByText('down 66.7%')).toBeTruthy();
    expect(plain(region.textContent)).toContain('The previous period runs from Oct 2, 2026 to Oct 31, 2026.');
  });

  it('no return from reais over dollars: a dash said as such, and why; the previous one as a multiple', async () => {
    const region = await show(inReais);
    const ratio = box(region, 'Return');
    expect(ratio.querySelector('dd [aria-hidden="true"]')?.textContent).toBe('—');
    expect(within(ratio).getByText('No ratio')).toBeTruthy();
    expect(within(ratio).getByText('The recovered value is not in US dollars, and no exchange rate is assumed.')).toBeTruthy();
    expect(within(ratio).getByText('Recovered value ÷ messages’ cost, when both are in US dollars')).toBeTruthy();
    expect(plain(ratio.textContent)).toContain('Previous period: 1,250.0×');
    // Reais beside dollars: the values are shown, but not compared.
    expect(plain(box(region, 'Recovered value').textContent)).toMatch(/Previous period: \$50\.00$/);
  });

  it('a return as a multiple, compared; several currencies or nothing spent: no ratio, each with its reason', async () => {
    const inDollars = await show(
      figures(
        {
          recoveredValue: [{ currency: 'USD', totalMinor: 10_000 }],
          messagesCostMicros: 40_000,
          returnOnCost: 2_500,
          returnWithheld: null,
        },
        { recoveredValue: [{ currency: 'USD', totalMinor: 5_000 }], messagesCostMicros: 40_000, returnOnCost: 1_250, returnWithheld: null },
      ),
    );
    expect(valueOf(inDollars, 'Return')).toBe('2,500.0×');
    expect(plain(box(inDollars, 'Return').textContent)).toContain('Previous period: 1,250.0× · ▲ 100.0%');
    expect(plain(box(inDollars, 'Recovered value').textContent)).toContain('Previous period: $50.00 · ▲ 100.0%');
    // The same cost: no change to show.
    expect(plain(box(inDollars, 'Messages’ cost').textContent)).toMatch(/Previous period: \$0\.04$/);
    cleanup();

    const several = await show(
      figures(
        {
          recoveredValue: [
            { currency: 'BRL', totalMinor: 23_990 },
            { currency: 'EUR', totalMinor: 4_000 },
          ],
          messagesCostMicros: 290_000,
          returnWithheld: 'several_currencies',
        },
        {},
      ),
    );
    expect(within(box(several, 'Return')).getByText('The recovered value is in several currencies.')).toBeTruthy();
    // Nothing spent before: the previous return is no figure either.
    expect(within(box(several, 'Return')).getAllByText('No ratio')).toHaveLength(2);
    cleanup();

    const nothing = await show(figures({}, {}));
    expect(within(box(nothing, 'Return')).getByText('Nothing was spent on reminders in this period.')).toBeTruthy();
    expect(valueOf(nothing, 'Messages’ cost')).toBe('$0.00');
  });

  it('the discount codes used; none before is a previous 0, with no arrow', async () => {
    const region = await show(inReais);
    expect(valueOf(region, 'Discount codes used')).toBe('1');
    const used = box(region, 'Discount codes used');
    expect(plain(used.textContent)).toMatch(/Previous period: 0$/);
    expect(within(used).getByText('Recovered orders that used their reminder’s discount code')).toBeTruthy();
  });

  it('in Portuguese: the names, dollars and multiples as Brazil writes them', async () => {
    const region = await show(inReais, 'pt');
    expect(valueOf(region, 'Custo das mensagens')).toBe('US$ 0,25');
    expect(plain(box(region, 'Custo das mensagens').textContent)).toContain('Período anterior: US$ 0,04 · ▲ 525,0%');
    expect(plain(box(region, 'Retorno').textContent)).toContain('Período anterior: 1.250,0×');
    expect(within(box(region, 'Retorno').querySelector('dd')!).getByText('Sem retorno calculado')).toBeTruthy();
    expect(within(box(region, 'Custo das mensagens')).getByText('alta de 525,0%')).toBeTruthy();
  });

  it('a total cost to the cent, never Meta’s four decimals of a unit price', async () => {
    const region = await show(figures({ messagesCostMicros: 62_500 }, { messagesCostMicros: 3_337_450 }), 'pt');
    expect(valueOf(region, 'Custo das mensagens')).toBe('US$ 0,06');
    expect(plain(box(region, 'Custo das mensagens').textContent)).toContain('Período anterior: US$ 3,34');
  });

  it('the recovery rate as the dashboard writes a rate: one decimal, in the page’s language', async () => {
    const region = await show(
      figures({ reminded: 2, recovered: 2, recoveryRate: 1 }, { reminded: 3, recovered: 1, recoveryRate: 1 / 3 }),
      'pt',
    );
    expect(valueOf(region, 'Taxa de recuperação')).toBe('100,0%');
    // The dashboard's own formatter, the same text.
    expect(valueOf(region, 'Taxa de recuperação')).toBe(formatFigure('pt', 'percent', 1));
    expect(plain(box(region, 'Taxa de recuperação').textContent)).toContain('Período anterior: 33,3%');
    cleanup();
    expect(valueOf(await show(figures({ recoveryRate: 0.5 }, {})), 'Recovery rate')).toBe('50.0%');
  });

  it('in Spanish: the names', async () => {
    const region = await show(inReais, 'es');
    expect(valueOf(region, 'Costo de los mensajes')).toMatch(/^0,25\sUS\$$/);
    expect(plain(box(region, 'Retorno').textContent)).toContain('Período anterior: 1250,0×');
    expect(valueOf(region, 'Códigos de descuento usados')).toBe('1');
  });
});
