// @vitest-environment happy-dom
// The dashboard's sections as React renders them from an answer (src/features/dashboard/components):
// each figure formatted for the page's language with its change and its definition (a focusable
// button described by the domain's text), the 'configure first' notices until the sources exist, a
// plain empty state for a quiet period, and the action cards saying what is missing, in en and pt
// (with the app's real catalogs: messages the lead has not translated yet show in English).
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { compared, dashboardDefinitions, type Dashboard } from '@/domain/dashboard';
import { DashboardActions } from '@/src/features/dashboard/components/dashboard-actions';
import { DashboardAiUse } from '@/src/features/dashboard/components/dashboard-ai-use';
import { DashboardResults } from '@/src/features/dashboard/components/dashboard-results';
import { DashboardWidget } from '@/src/features/dashboard/components/dashboard-widget';
import { newAccountDashboard, quietDashboard, sampleDashboard } from '../fixtures/sample-dashboard';
import { renderInLang } from './support/render-in-lang';

afterEach(cleanup);

async function show(view: () => ReactNode, lang: 'en' | 'pt' | 'es' = 'en') {
  await renderInLang(view, { lang });
  await screen.findAllByRole('heading');
}

const plain = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/\u00a0|\u202f/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** A figure's group, by its name. */
const figure = (name: string) => screen.getByRole('group', { name });
const valueOf = (name: string) => plain(figure(name).querySelector('p')?.textContent);

describe('results', () => {
  it('each figure in the page’s language, with its change from the previous period', async () => {
    await show(() => <DashboardResults dashboard={sampleDashboard()} />);
    expect(valueOf('Accesses')).toBe('1,234');
    expect(within(figure('Accesses')).getByText('Up 23.4% on the previous period')).toBeTruthy();
    expect(valueOf('Catalogs sent')).toBe('48');
    expect(within(figure('Catalogs sent')).getByText('Down 20.0% on the previous period')).toBeTruthy();
    // The store's currency for what it sold; the account's for what Catalyst cost.
    expect(valueOf('Converted value')).toBe('R$12,990.00');
    expect(within(figure('Converted value')).getByText('New: nothing in the previous period')).toBeTruthy();
    expect(valueOf('Orders')).toBe('10');
    expect(valueOf('Average ticket')).toBe('R$1,299.00');
    expect(valueOf('Cost per catalog')).toBe('$7.27');
    expect(valueOf('Conversion rate')).toBe('0.8%');
    // No figure (money across currencies): a dash said as such, and no change.
    expect(within(figure('Return on spend')).getByText('No figure for this period')).toBeTruthy();
    expect(within(figure('Return on spend')).queryByText(/previous period/)).toBeNull();
    // No previous figure to compare with: nothing said.
    expect(within(figure('Average ticket')).queryByText(/previous period/)).toBeNull();
  });

  it('every figure’s definition is a focusable button that the definition describes', async () => {
    await show(() => <DashboardResults dashboard={sampleDashboard()} />);
    const button = within(figure('Accesses')).getByRole('button', { name: 'What is Accesses?' });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(dashboardDefinitions.accesses.message);
    expect(button.tabIndex).toBe(0);
    button.focus();
    expect(document.activeElement).toBe(button);
    // Every figure has one, described by its own definition.
    const described = screen
      .getAllByRole('button', { name: /^What is / })
      .map((each) => document.getElementById(each.getAttribute('aria-describedby')!)?.textContent);
    expect(described).toEqual(
      [
        'accesses',
        'catalogsSent',
        'convertedValue',
        'orders',
        'averageTicket',
        'costPerCatalog',
        'conversionRate',
        'returnOnSpend',
        'recoveredValue',
        'recoveryRate',
      ].map((key) => dashboardDefinitions[key as keyof typeof dashboardDefinitions].message),
    );
  });

  it('checkout recovery: the recovered value in the store’s currency, the rate with the checkouts it divides', async () => {
    await show(() => <DashboardResults dashboard={sampleDashboard()} />);
    expect(valueOf('Recovered value')).toBe('R$6,495.00');
    expect(within(figure('Recovered value')).getByText('Up 150.0% on the previous period')).toBeTruthy();
    expect(valueOf('Recovery rate')).toBe('25.0%');
    expect(within(figure('Recovery rate')).getByText('Of 20 checkouts reminded: 5 recovered')).toBeTruthy();
    expect(within(figure('Recovery rate')).getByRole('button', { name: 'What is Recovery rate?' })).toBeTruthy();
  });

  it('no checkout reminded: no rate (a dash said as such), and the reason under it', async () => {
    const zero = compared(0, 0);
    const recovery = { reminded: zero, recovered: zero, rate: compared(null, null), valueMinor: zero, discountsUsed: zero, currency: null };
    await show(() => <DashboardResults dashboard={sampleDashboard(undefined, { recovery })} />);
    expect(within(figure('Recovery rate')).getByText('No figure for this period')).toBeTruthy();
    expect(within(figure('Recovery rate')).getByText('No checkout was reminded in this period.')).toBeTruthy();
    expect(within(figure('Recovery rate')).queryByText(/previous period/)).toBeNull();
    // Without a recovered currency, the converted value's.
    expect(valueOf('Recovered value')).toBe('R$0.00');
  });

  it('a period with only reminders sent is no quiet period', async () => {
    const quiet = quietDashboard();
    const recovery = { ...quiet.recovery, reminded: compared(1, 0), rate: compared(0, null) };
    await show(() => <DashboardResults dashboard={{ ...quiet, recovery }} />);
    expect(within(figure('Recovery rate')).getByText('Of 1 checkout reminded: 0 recovered')).toBeTruthy();
    expect(valueOf('Recovery rate')).toBe('0.0%');
  });

  it('a return on spend as a multiple, unchanged as no change', async () => {
    const dashboard = sampleDashboard(undefined, { convertedCurrency: 'USD', returnOnSpend: compared(3.72, 3.72) });
    await show(() => <DashboardResults dashboard={dashboard} />);
    expect(valueOf('Return on spend')).toBe('3.7×');
    expect(within(figure('Return on spend')).getByText('No change on the previous period')).toBeTruthy();
  });

  it('in Portuguese: reais and decimals as Brazil writes them, the change in words', async () => {
    await show(() => <DashboardResults dashboard={sampleDashboard()} />, 'pt');
    expect(plain(screen.getAllByRole('group')[2]!.querySelector('p')?.textContent)).toBe('R$ 12.990,00');
    expect(screen.getByText('Alta de 23,4% em relação ao período anterior', { exact: false })).toBeTruthy();
  });

  it('until an inventory is configured or a number connected: the configure-first notice, no figures', async () => {
    await show(() => <DashboardResults dashboard={newAccountDashboard()} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Configure your first inventory or connect a WhatsApp number to see your results here.',
    );
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });

  it('sources but a quiet period: a plain empty state rather than zeros', async () => {
    await show(() => <DashboardResults dashboard={quietDashboard()} />);
    expect(screen.getByRole('heading', { name: 'No results in this period' })).toBeTruthy();
    expect(screen.getByText('No catalog was opened or sent and no order came in from Oct 28, 2026 to Nov 26, 2026.')).toBeTruthy();
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });
});

describe('website widget', () => {
  it('what the widget did, each figure with its change and definition, in the page’s language', async () => {
    await show(() => <DashboardWidget dashboard={sampleDashboard()} />, 'pt');
    expect(screen.getByRole('heading', { name: 'Widget para o site' })).toBeTruthy();
    expect(
      screen.getAllByRole('group').map((group) => [group.querySelector('span')?.textContent, plain(group.querySelector('p')?.textContent)]),
    ).toEqual([
      ['Exibições do widget', '3.210'],
      ['Aberturas do widget', '420'],
      ['Chats no widget', '96'],
      ['Pesquisas no buscador de produtos', '150'],
      ['Cliques para o WhatsApp', '61'],
      ['Conversas no WhatsApp vindas do widget', '33'],
      ['Pedidos vindos do widget', '4'],
      ['Valor vindo do widget', 'R$ 359,60'],
    ]);
    expect(
      within(figure('Conversas no WhatsApp vindas do widget')).getByText('Alta de 65,0% em relação ao período anterior', { exact: false }),
    ).toBeTruthy();
    const button = within(figure('Pesquisas no buscador de produtos')).getByRole('button');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toContain('CATALYST FILTER');
  });

  it('an account whose widget counted nothing in either period is not shown six zeros', async () => {
    await renderInLang(() => <DashboardWidget dashboard={quietDashboard()} />, { lang: 'en' });
    expect(screen.queryByRole('heading', { name: 'Website widget' })).toBeNull();
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });
});

describe('AI use', () => {
  it('requests, media types with their share, the month’s cost, the allowance and the projection', async () => {
    await show(() => <DashboardAiUse dashboard={sampleDashboard()} />);
    expect(valueOf('Requests')).toBe('812');
    expect(within(figure('Requests')).getByText('Up 56.2% on the previous period')).toBeTruthy();
    const media = screen.getByRole('table', { name: /Media types/ });
    const rows = within(media)
      .getAllByRole('row')
      .slice(1)
      .map((row) => plain(row.textContent));
    expect(rows).toEqual(['Text70086.2%', 'Image10012.3%', 'File121.5%', 'Voice00.0%']);
    const cost = screen.getByText('Total').closest('dl')!;
    const facts = Object.fromEntries(
      [...cost.querySelectorAll('dt')].map((dt) => [plain(dt.textContent), plain(dt.nextElementSibling?.textContent)]),
    );
    expect(facts).toEqual({ 'Plan (November 2026)': '$349.00', 'Extra queries (0 × $0.88)': '$0.00', Total: '$349.00' });
    expect(screen.getByText('812 of up to 1,000 queries this month')).toBeTruthy();
    expect(screen.getByText('At this pace: about 937 queries and $349.00 by the end of the month')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'What is Projection?' })).toBeTruthy();
    // Meta's price of the period's messages is a total: dollars and cents (606 000 micros), never Meta's four decimals.
    const sent = screen.getByText('Meta’s price').closest('dl')!;
    expect(plain([...sent.querySelectorAll('dd')].at(-1)!.textContent)).toBe('$0.61');
  });

  it('past the allowance: the extra queries priced, and a floor said as such', async () => {
    const base = sampleDashboard();
    const over = sampleDashboard(undefined, {
      monthlyCost: {
        ...base.monthlyCost,
        queriesUsed: 1012,
        extraQueries: 12,
        totalMinor: 35_956,
        projectedQueries: 1168,
        projectedTotalMinor: 49_684,
      },
    });
    await show(() => <DashboardAiUse dashboard={over} />);
    expect(screen.getByText('1,012 of up to 1,000 queries this month')).toBeTruthy();
    expect(screen.getByText('Extra queries (12 × $0.88)').nextElementSibling?.textContent).toBe('$10.56');
    cleanup();
    const floor = sampleDashboard(undefined, {
      monthlyCost: { ...base.monthlyCost, allowance: { bound: 'more_than', count: 20_000 }, queriesUsed: 25_000 },
    });
    await show(() => <DashboardAiUse dashboard={floor} />);
    expect(screen.getByText('25,000 queries this month; your plan includes more than 20,000')).toBeTruthy();
  });

  it('without an AI base: the configure-first notice; with one but no requests: an empty state, the month’s cost still told', async () => {
    await show(() => <DashboardAiUse dashboard={newAccountDashboard()} />);
    expect(screen.getByRole('status').textContent).toBe('Configure your first AI base to see its use here.');
    expect(screen.queryByText(/queries this month/)).toBeNull();
    cleanup();
    await show(() => <DashboardAiUse dashboard={quietDashboard()} />);
    expect(screen.getByRole('heading', { name: 'No AI requests in this period' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Requests' })).toBeNull();
    expect(screen.getByText('0 of up to 1,000 queries this month')).toBeTruthy();
  });
});

describe('action cards', () => {
  const card = (name: string) => screen.getByRole('heading', { name }).parentElement!;
  const sources = (values: Partial<Dashboard['sources']>) => ({ ...newAccountDashboard().sources, ...values });

  it('a new account: what is missing, and where to configure it', async () => {
    await show(() => <DashboardActions planAiBases={null} sources={sources({})} />);
    expect(within(card('Configure products')).getByText('No inventory yet')).toBeTruthy();
    expect(within(card('Configure products')).getByRole('link', { name: 'Configure new inventory' }).getAttribute('href')).toBe(
      '/en/inventory',
    );
    expect(within(card('Configure AI')).getByText('No AI base yet')).toBeTruthy();
    expect(within(card('Configure AI')).getByRole('link', { name: 'Configure a new AI base' }).getAttribute('href')).toBe('/en/ia-base');
    expect(within(card('View AI bases')).getByText('No AI base yet')).toBeTruthy();
    expect(within(card('View AI bases')).getByRole('link', { name: 'Go to AI bases' }).getAttribute('href')).toBe('/en/ia-bases');
  });

  it('counts with plurals: one and several, configured and in configuration', async () => {
    await show(() => <DashboardActions planAiBases={null} sources={sources({ inventories: 1, aiBases: 1, aiBasesInConfiguration: 1 })} />);
    expect(plain(card('Configure products').querySelector('p:not(:first-of-type)')?.textContent ?? '')).toMatch(
      /No inventory configured yet, 1 inventory in configuration/,
    );
    expect(within(card('Configure AI')).getByText('1 AI base in configuration')).toBeTruthy();
    expect(within(card('View AI bases')).getByText('You have 1 AI base')).toBeTruthy();
    // With an inventory, its card leads to the list rather than to a new one.
    expect(within(card('Configure products')).getByRole('link', { name: 'Go to inventories' }).getAttribute('href')).toBe(
      '/en/inventories',
    );
    cleanup();
    await show(() => (
      <DashboardActions
        planAiBases={null}
        sources={sources({ inventories: 5, configuredInventories: 3, aiBases: 3, aiBasesInConfiguration: 2 })}
      />
    ));
    expect(card('Configure products').textContent).toContain('3 inventories configured, 2 inventories in configuration');
    expect(within(card('Configure AI')).getByText('2 AI bases in configuration')).toBeTruthy();
    expect(within(card('View AI bases')).getByText('You have 3 AI bases')).toBeTruthy();
    cleanup();
    await show(() => <DashboardActions planAiBases={null} sources={sources({ inventories: 1, configuredInventories: 1, aiBases: 2 })} />);
    expect(card('Configure products').textContent).toContain('1 inventory configured');
    expect(card('Configure products').textContent).not.toContain('in configuration');
    expect(within(card('Configure AI')).getByText('All your AI bases are configured')).toBeTruthy();
  });

  it('a new AI base while the plan has room for one; at its number, shown disabled with why', async () => {
    await show(() => <DashboardActions planAiBases={2} sources={sources({ aiBases: 1, aiBasesInConfiguration: 1 })} />);
    expect(within(card('Configure AI')).getByRole('link', { name: 'Configure a new AI base' })).toBeTruthy();
    cleanup();
    // Every base counts, deactivated ones too (the server's rule).
    await show(() => <DashboardActions planAiBases={2} sources={sources({ aiBases: 2 })} />);
    expect(within(card('Configure AI')).queryByRole('link')).toBeNull();
    expect(within(card('Configure AI')).getByRole('button', { name: 'Configure a new AI base' }).hasAttribute('disabled')).toBe(true);
    expect(within(card('Configure AI')).getByText('Upgrade your plan to add more AI Bases.')).toBeTruthy();
  });

  it('in Portuguese: the cards’ titles and links in the page’s language', async () => {
    await show(() => <DashboardActions planAiBases={null} sources={sources({ aiBases: 1, aiBasesInConfiguration: 1 })} />, 'pt');
    expect(within(card('Configurar produtos')).getByRole('link', { name: 'Configurar novo inventário' }).getAttribute('href')).toBe(
      '/pt/inventory',
    );
    expect(within(card('Configurar IA')).getByRole('link').getAttribute('href')).toBe('/pt/ia-base');
    expect(screen.getByRole('link', { name: 'Ir para as bases de IA' }).getAttribute('href')).toBe('/pt/ia-bases');
  });
});
