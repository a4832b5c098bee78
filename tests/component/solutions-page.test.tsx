// /solutions on the component tests' real API server (GET /api/v1/solutions): the side menu's entry and
// the breadcrumb in the real app (renderApp); a new merchant's six cards in the screen's order, each
// not set up with its next step, its way there (the website widget's: its screen) and its zero figure, and
// the days the figures cover (UTC until the account has a zone); an AI base saved, then activated, and
// the account's zone set through the API moving the cards on; a failed read (a door on loopback in front
// of the real server: the API's 500, then no answer at all) and its retry; the screen in Portuguese.
// Every solution set up needs a connected WhatsApp number, and each number of the Cloud API fixture is
// another test's (support/whatsapp-numbers.ts): the set-up cards (places, figures in money, the links
// that open each one or set it on an inventory) are read from a stand-in for GET /solutions only, with
// the server's answer shape (parsed with the screen's schema), as tests/server/solutions.test.ts builds it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { parse, type $ZodType } from 'zod/v4/core';
import type { AiBase } from '@/domain/ai-base';
import { addDays, dayIn } from '@/domain/dashboard';
import type { Solution, Solutions } from '@/domain/solutions';
import { createApiClient, type ApiClient } from '@/src/api/api-client';
import { SolutionsPage } from '@/src/features/solutions/components/solutions-page';
import type { TestUser } from '../server/support/emulator-users';
import { startApiDoor } from './support/api-door';
import { api, completeBase, merchant } from './support/merchant';
import { renderApp } from './support/render-app';
import { renderView } from './support/render-view';

const WAIT = { timeout: 15_000 };
const ZONE = 'America/Sao_Paulo';

/** A solution's card, by its name (the card's heading). */
const card = (name: string) => screen.getByRole('group', { name });
/** The cards' names, in the screen's order. */
const cardNames = () =>
  within(card('Catalog filter').closest('ul')!)
    .getAllByRole('group')
    .map((each) => within(each).getByRole('heading', { level: 2 }).textContent);
/** A card's facts, label → value. */
const facts = (element: HTMLElement) =>
  Object.fromEntries([...element.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
/** A card's links, name → href. */
const links = (element: HTMLElement) =>
  Object.fromEntries(
    within(element)
      .queryAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  );
/** A card's badge and next step: what it says besides its name, its description and its facts. */
const said = (element: HTMLElement, text: string) => within(element).queryByText(text) !== null;

/** The period line a read made between `before` and now may show (the day may turn meanwhile). */
function periodLines(lang: 'en' | 'pt', zone: string, before: Date) {
  const day = (value: string) =>
    new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      Date.parse(`${value}T00:00:00Z`),
    );
  return [...new Set([dayIn(before, zone), dayIn(new Date(), zone)])].map((to) => {
    const [first, last] = [day(addDays(to, -29)), day(to)];
    return lang === 'en'
      ? `Figures from ${first} to ${last}, days in ${zone} time.`
      : `Números de ${first} a ${last}, dias no fuso ${zone}.`;
  });
}

/** The page with GET /solutions answered by `answer` (parsed with the caller's schema); the rest goes to the real server. */
async function renderAnswer(user: TestUser, answer: Solutions) {
  const wrap = (real: ApiClient): ApiClient => ({
    ...real,
    get: ((path: string, options?: { schema?: $ZodType }) =>
      path === '/solutions'
        ? Promise.resolve(options?.schema ? parse(options.schema, answer) : answer)
        : real.get(path, options as never)) as ApiClient['get'],
  });
  await renderView(() => <SolutionsPage />, user, { api: wrap });
  await screen.findByRole('heading', { name: 'Catalog filter', level: 2 }, WAIT);
}

it("the side menu's Solutions entry leads to /solutions, under its breadcrumb", async () => {
  const user = await merchant('solutions-menu');
  const { router } = await renderApp('/en/dashboard', user);
  const menu = await screen.findByRole('navigation', { name: 'Side menu' }, WAIT);
  await userEvent.click(within(menu).getByRole('link', { name: 'Solutions' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/solutions'));
  expect(await screen.findByRole('heading', { name: 'Solutions', level: 1 }, WAIT)).toBeTruthy();
  const crumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Solutions');
  expect(crumb.getAttribute('aria-current')).toBe('page');
  expect(await screen.findByRole('heading', { name: 'Catalog filter', level: 2 }, WAIT)).toBeTruthy();
});

it('a new merchant: six cards in order, none set up, each with its next step and the way there; the days in UTC', async () => {
  const user = await merchant('solutions-new');
  const before = new Date();
  await renderApp('/en/solutions', user);
  expect(await screen.findByText('Loading the solutions', {}, WAIT)).toBeTruthy();
  await screen.findByRole('heading', { name: 'Catalog filter', level: 2 }, WAIT);
  expect(cardNames()).toEqual([
    'Catalog filter',
    'AI personal shopper',
    'Campaigns',
    'Website widget',
    'Cart recovery',
    'Post-sale notices',
  ]);
  for (const name of cardNames()) {
    expect(said(card(name!), 'Not set up'), name!).toBe(true);
    expect(said(card(name!), 'Set up'), name!).toBe(false);
  }
  expect(periodLines('en', 'UTC', before)).toContain(screen.getByText(/^Figures from /).textContent);

  const inventory = 'Next step: configure an inventory and let its catalog sync.';
  const catalog = card('Catalog filter');
  expect(said(catalog, inventory)).toBe(true);
  expect(links(catalog)).toEqual({ 'Set up an inventory': '/en/inventories' });
  expect(facts(catalog)).toEqual({ 'Catalog page views in the last 30 days': '0' });

  const shopper = card('AI personal shopper');
  expect(said(shopper, 'Next step: configure and activate an AI base.')).toBe(true);
  expect(links(shopper)).toEqual({ 'Set up an AI base': '/en/ia-bases' });
  expect(facts(shopper)).toEqual({ 'AI answers on WhatsApp in the last 30 days': '0' });

  const campaigns = card('Campaigns');
  expect(said(campaigns, 'Next step: connect a WhatsApp number answered by an active AI base.')).toBe(true);
  expect(links(campaigns)).toEqual({ 'Connect a WhatsApp number': '/en/channels' });
  expect(facts(campaigns)).toEqual({ 'Campaign messages sent in the last 30 days': '0' });

  // What it does, its zero figure, no step: the link to its screen.
  const widget = card('Website widget');
  expect(said(widget, 'The same AI on your website, in a chat widget that continues on WhatsApp.')).toBe(true);
  expect(links(widget)).toEqual({ 'Set up the website widget': '/en/widget' });
  expect(facts(widget)).toEqual({ 'Conversations begun in the widget in the last 30 days': '0' });
  expect(within(widget).queryByText(/^Next step/)).toBeNull();

  const recovery = card('Cart recovery');
  expect(said(recovery, inventory)).toBe(true);
  expect(links(recovery)).toEqual({ 'Set up an inventory': '/en/inventories' });
  // Nothing recovered and no store's currency known: zero.
  expect(facts(recovery)).toEqual({ 'Recovered sales in the last 30 days': '0' });

  const notices = card('Post-sale notices');
  expect(said(notices, inventory)).toBe(true);
  expect(links(notices)).toEqual({ 'Set up an inventory': '/en/inventories' });
  expect(facts(notices)).toEqual({ 'Notices sent in the last 30 days': '0' });
});

it("an AI base saved, then activated, and the account's zone set: the personal shopper waits for a number, the days are the zone's", async () => {
  const user = await merchant('solutions-ai-base');
  const base = await completeBase(user, { name: 'Ana vendedora' });
  await renderView(() => <SolutionsPage />, user);
  await screen.findByRole('heading', { name: 'AI personal shopper', level: 2 }, WAIT);
  // Saved but not active: it answers no one yet.
  expect(links(card('AI personal shopper'))).toEqual({ 'Set up an AI base': '/en/ia-bases' });

  cleanup();
  await api<AiBase>(user, 'POST', `/ai-bases/${base.id}/activate`);
  await api(user, 'PUT', '/me/time-zone', { timeZone: ZONE });
  const before = new Date();
  await renderView(() => <SolutionsPage />, user);
  await screen.findByRole('heading', { name: 'AI personal shopper', level: 2 }, WAIT);
  const shopper = card('AI personal shopper');
  expect(said(shopper, 'Not set up')).toBe(true);
  expect(said(shopper, 'Next step: connect a WhatsApp number answered by an active AI base.')).toBe(true);
  expect(said(shopper, 'Next step: configure and activate an AI base.')).toBe(false);
  expect(links(shopper)).toEqual({ 'Connect a WhatsApp number': '/en/channels' });
  // An active base answers on no number yet: nowhere to list.
  expect(facts(shopper)).toEqual({ 'AI answers on WhatsApp in the last 30 days': '0' });
  expect(periodLines('en', ZONE, before)).toContain(screen.getByText(/^Figures from /).textContent);
});

// What tests/server/solutions.test.ts's first merchant has: everything set up, a number answering with its base.
const inventoryId = crypto.randomUUID();
const number = '+55 11 90000-0001';
const centro = { id: inventoryId, name: 'Loja Centro', number };
const setUpAnswer: Solutions = {
  range: { from: '2026-11-01', to: '2026-11-30', tz: ZONE },
  solutions: [
    {
      id: 'catalog_filter',
      state: 'set_up',
      next: null,
      on: [{ ...centro, number: null }],
      inventoryId: null,
      figure: { kind: 'count', measure: 'catalog_accesses', count: 1234 },
    },
    {
      id: 'ai_shopper',
      state: 'set_up',
      next: null,
      on: [{ id: crypto.randomUUID(), name: 'Vendedora', number }],
      inventoryId: null,
      figure: { kind: 'count', measure: 'ai_answers', count: 2 },
    },
    {
      id: 'campaigns',
      state: 'set_up',
      next: null,
      on: [
        { id: crypto.randomUUID(), name: 'Ofertas de inverno', number },
        { id: crypto.randomUUID(), name: 'Natal', number: null },
      ],
      inventoryId: null,
      figure: { kind: 'count', measure: 'campaign_messages', count: 2 },
    },
    {
      id: 'website_widget',
      state: 'set_up',
      next: null,
      on: [{ id: crypto.randomUUID(), name: 'Loja Ana', number }],
      inventoryId: null,
      figure: { kind: 'count', measure: 'widget_conversations', count: 7 },
    },
    {
      id: 'cart_recovery',
      state: 'set_up',
      next: null,
      on: [centro],
      inventoryId,
      figure: {
        kind: 'money',
        measure: 'recovered_sales',
        amounts: [
          { currency: 'BRL', minor: 15_500 },
          { currency: 'USD', minor: 3_000 },
        ],
      },
    },
    {
      id: 'post_sale_notices',
      state: 'set_up',
      next: null,
      on: [centro],
      inventoryId,
      figure: { kind: 'count', measure: 'notices_sent', count: 1 },
    },
  ],
};

it('set up: each card says where it is on, its figure in the page’s language, and opens its screen', async () => {
  const user = await merchant('solutions-set-up');
  await renderAnswer(user, setUpAnswer);
  expect(screen.getByText(`Figures from Nov 1, 2026 to Nov 30, 2026, days in ${ZONE} time.`)).toBeTruthy();
  for (const name of ['Catalog filter', 'AI personal shopper', 'Campaigns', 'Website widget', 'Cart recovery', 'Post-sale notices']) {
    expect(said(card(name), 'Set up'), name).toBe(true);
    expect(said(card(name), 'Not set up'), name).toBe(false);
    expect(within(card(name)).queryByText(/^Next step/), name).toBeNull();
  }
  expect(facts(card('Website widget'))).toEqual({
    'Conversations begun in the widget in the last 30 days': '7',
    'Continues on': `Loja Ana (${number})`,
  });

  expect(facts(card('Catalog filter'))).toEqual({
    'Catalog page views in the last 30 days': '1,234',
    'Catalog pages': 'Loja Centro',
  });
  expect(links(card('Catalog filter'))).toEqual({ 'Open inventories': '/en/inventories' });
  expect(facts(card('AI personal shopper'))).toEqual({
    'AI answers on WhatsApp in the last 30 days': '2',
    Answering: `Vendedora (${number})`,
  });
  expect(links(card('AI personal shopper'))).toEqual({ 'Open WhatsApp numbers': '/en/channels' });
  expect(facts(card('Campaigns'))).toEqual({
    'Campaign messages sent in the last 30 days': '2',
    'Running now': `Ofertas de inverno (${number}), Natal`,
  });
  expect(links(card('Campaigns'))).toEqual({ 'Open campaigns': '/en/campaigns' });
  // Money by currency, largest first, as the server sums it: no exchange rate.
  expect(facts(card('Cart recovery'))).toEqual({
    'Recovered sales in the last 30 days': 'R$155.00 · $30.00',
    'On for': `Loja Centro (${number})`,
  });
  // Recovery and notices are set per inventory: its checkouts, its screen.
  expect(links(card('Cart recovery'))).toEqual({ 'Open checkouts': `/en/checkouts?inventory=${inventoryId}` });
  expect(facts(card('Post-sale notices'))).toEqual({
    'Notices sent in the last 30 days': '1',
    'On for': `Loja Centro (${number})`,
  });
  expect(links(card('Post-sale notices'))).toEqual({ 'Open post-sale notices': `/en/inventory/${inventoryId}` });
  expect(links(card('Website widget'))).toEqual({ 'Open the website widget': '/en/widget' });
});

it("a configured inventory and a number, nothing switched on: recovery, notices and campaigns each say what is next, on that inventory's screens", async () => {
  const user = await merchant('solutions-next-steps');
  const waiting = (id: Solution['id'], next: Solution['next']): Partial<Solution> => ({ id, state: 'not_set_up', next, on: [] });
  const byId = new Map<string, Partial<Solution>>([
    ['campaigns', waiting('campaigns', 'campaign')],
    [
      'cart_recovery',
      {
        ...waiting('cart_recovery', 'recovery_flow'),
        figure: { kind: 'money', measure: 'recovered_sales', amounts: [{ currency: 'BRL', minor: 0 }] },
      },
    ],
    ['post_sale_notices', { ...waiting('post_sale_notices', 'notices'), figure: { kind: 'count', measure: 'notices_sent', count: 0 } }],
  ]);
  await renderAnswer(user, {
    ...setUpAnswer,
    solutions: setUpAnswer.solutions.map((solution) => ({ ...solution, ...byId.get(solution.id) })),
  });

  const campaigns = card('Campaigns');
  expect(said(campaigns, 'Not set up')).toBe(true);
  expect(said(campaigns, 'Next step: plan your first campaign.')).toBe(true);
  expect(links(campaigns)).toEqual({ 'Create a campaign': '/en/campaigns/new' });
  expect(facts(campaigns)).toEqual({ 'Campaign messages sent in the last 30 days': '2' });

  const recovery = card('Cart recovery');
  expect(said(recovery, 'Next step: switch on an inventory’s recovery flow.')).toBe(true);
  expect(links(recovery)).toEqual({ 'Set up cart recovery': `/en/checkouts?inventory=${inventoryId}` });
  // Nothing recovered yet: zero in the store's currency.
  expect(facts(recovery)).toEqual({ 'Recovered sales in the last 30 days': 'R$0.00' });

  const notices = card('Post-sale notices');
  expect(said(notices, 'Next step: switch on an inventory’s post-sale notices.')).toBe(true);
  expect(links(notices)).toEqual({ 'Set up post-sale notices': `/en/inventory/${inventoryId}` });
  expect(facts(notices)).toEqual({ 'Notices sent in the last 30 days': '0' });
});

it("a failed read (the API's 500, then no answer at all) says so, and trying again reads again and shows the cards", async () => {
  const user = await merchant('solutions-failed-read');
  const { door, close } = await startApiDoor('error');
  try {
    await renderView(() => <SolutionsPage />, user, {
      api: () => createApiClient({ baseUrl: `${door.url}/api/v1`, getIdToken: async () => user.idToken }),
    });
    // Each read is the screen's own: every 'Try again' asks the server again (the client retries a 500 once itself).
    const reads = () => door.requests.filter((request) => request === 'GET /api/v1/solutions').length;
    expect(await screen.findByText('The solutions could not be loaded.', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Catalog filter' })).toBeNull();
    const failed = reads();
    expect(failed).toBeGreaterThanOrEqual(1);

    door.mode = 'unreachable';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading the solutions')).toBeTruthy();
    expect(await screen.findByText('The solutions could not be loaded.', {}, WAIT)).toBeTruthy();
    const dropped = reads();
    expect(dropped).toBeGreaterThan(failed);

    door.mode = 'open';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Catalog filter', level: 2 }, WAIT)).toBeTruthy();
    expect(cardNames()).toHaveLength(6);
    expect(screen.queryByText('The solutions could not be loaded.')).toBeNull();
    expect(reads()).toBe(dropped + 1);
  } finally {
    await close();
  }
});

it('in Portuguese: the menu, the breadcrumb, the cards, their steps and links, the days', async () => {
  const user = await merchant('solutions-pt');
  const before = new Date();
  const { router } = await renderApp('/pt/dashboard', user);
  const menu = await screen.findByRole('navigation', { name: 'Menu lateral' }, WAIT);
  await userEvent.click(within(menu).getByRole('link', { name: 'Soluções' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/pt/solutions'));
  expect(await screen.findByRole('heading', { name: 'Soluções', level: 1 }, WAIT)).toBeTruthy();
  expect(within(screen.getByRole('navigation', { name: 'Trilha de navegação' })).getByText('Soluções')).toBeTruthy();
  await screen.findByRole('heading', { name: 'Filtro de catálogo', level: 2 }, WAIT);
  expect(
    within(screen.getByRole('heading', { name: 'Filtro de catálogo', level: 2 }).closest('ul')!)
      .getAllByRole('group')
      .map((each) => within(each).getByRole('heading', { level: 2 }).textContent),
  ).toEqual([
    'Filtro de catálogo',
    'Personal shopper com IA',
    'Campanhas',
    'Widget para o site',
    'Recuperação de carrinho',
    'Avisos pós-venda',
  ]);
  expect(periodLines('pt', 'UTC', before)).toContain(screen.getByText(/^Números de /).textContent);

  const catalog = card('Filtro de catálogo');
  expect(said(catalog, 'Não configurada')).toBe(true);
  expect(said(catalog, 'Próximo passo: configure um inventário e deixe o catálogo sincronizar.')).toBe(true);
  expect(links(catalog)).toEqual({ 'Configurar um inventário': '/pt/inventories' });
  expect(facts(catalog)).toEqual({ 'Visualizações da página de catálogo nos últimos 30 dias': '0' });

  const shopper = card('Personal shopper com IA');
  expect(said(shopper, 'Não configurada')).toBe(true);
  expect(said(shopper, 'Próximo passo: configure e ative uma base de IA.')).toBe(true);
  expect(links(shopper)).toEqual({ 'Configurar uma base de IA': '/pt/ia-bases' });
  expect(links(card('Campanhas'))).toEqual({ 'Conectar um número de WhatsApp': '/pt/channels' });
});
