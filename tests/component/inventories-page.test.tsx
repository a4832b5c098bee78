// /inventories as a view, against the component tests' server: the ways in (the dashboard's card, the
// side menu), the empty state leading to the
// name-first wizard, and inventories in configuration — one only named, one whose store was saved
// after a real check against the loopback Shopify store — each with its sync status (pending
// synchronization), no last update yet, and the way back into its wizard. (Configured inventories
// and their sync are in inventory-sync.test.tsx: they need a catalog, which this server has none of.)
// A failed read goes through a door on loopback in front of the real server (support/api-door.ts):
// it answers the API's 500 or drops the connection, then lets the retry through.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Inventory } from '@/domain/inventory';
import { createApiClient } from '@/src/api/api-client';
import { InventoriesPage } from '@/src/features/inventories/components/inventories-page';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { startApiDoor } from './support/api-door';
import { api, merchant } from './support/merchant';
import { renderApp } from './support/render-app';
import { renderView } from './support/render-view';

let store: ShopifyAdminServer;
beforeAll(async () => {
  store = await startShopifyAdminServer({ shop: { name: 'Loja da Praia', currencyCode: 'BRL' } });
});
afterAll(async () => {
  await store?.close();
});

const main = () => screen.getByRole('main');
const region = (name: string) => screen.findByRole('region', { name }, { timeout: 15_000 });

it("the dashboard's 'configure products' card leads a new merchant to the wizard, and the side menu's Inventories entry here", async () => {
  const user = await merchant('inventories-from-dashboard');
  const { router } = await renderApp('/en/dashboard', user);
  const card = (await screen.findByRole('heading', { name: 'Configure products' }, { timeout: 15_000 })).parentElement!;
  await userEvent.click(within(card).getByRole('link', { name: 'Configure new inventory' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/inventory'));
  await router.navigate({ to: '/$lang/dashboard', params: { lang: 'en' } });
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Side menu' })).getByRole('link', { name: 'Inventories' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/inventories'));
});

it('without inventories: the empty state, and configuring a new one opens the wizard', async () => {
  const user = await merchant('inventories-empty');
  const { router } = await renderApp('/en/inventories', user);
  expect(await screen.findByRole('heading', { name: 'No inventories yet' }, { timeout: 15_000 })).toBeTruthy();
  const links = within(main()).getAllByRole('link', { name: 'Configure new inventory' });
  expect(links.length).toBeGreaterThan(0);
  await userEvent.click(links[0]!);
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/inventory'));
});

it('inventories in configuration: their sync pending, no last update, the store once saved, and the way back to the wizard', async () => {
  const user = await merchant('inventories-configuring');
  const named = await api<Inventory>(user, 'POST', '/inventories', { name: 'Só o nome' });
  const started = await api<Inventory>(user, 'POST', '/inventories', { name: 'Loja da Praia' });
  await api<Inventory>(user, 'PUT', `/inventories/${started.id}/integration`, {
    name: 'Loja da Praia',
    ecommerceType: 'shopify',
    shopifyToken: store.accessToken,
    shopifyUrl: store.adminUrl,
    website: 'https://lojadapraia.com.br',
    checkoutParams: '',
    trackingUrl: '',
    expectedVersion: started.version,
  });

  const { router } = await renderApp('/en/inventories', user);
  const configuring = await region('In configuration');
  expect(within(main()).queryByRole('region', { name: 'Configured' })).toBeNull();
  const cards = within(configuring).getAllByRole('listitem');
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Só o nome', 'Loja da Praia']);

  for (const card of cards) {
    expect(within(card).getByText('In configuration')).toBeTruthy();
    expect(within(card).getByText('Pending synchronization')).toBeTruthy();
    expect(within(card).getByText('Not synced yet')).toBeTruthy();
  }
  // The store's name as its check found it; no catalog yet.
  expect(within(cards[1]!).getByText('Loja da Praia', { selector: 'dd' })).toBeTruthy();
  expect(within(cards[0]!).queryByText('Store')).toBeNull();
  expect(within(cards[1]!).queryByText('Catalog')).toBeNull();

  await userEvent.click(within(configuring).getByRole('link', { name: 'Complete the configuration of Só o nome' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/en/inventory/${named.id}`));
});

it('in Portuguese: the same list in the page’s language', async () => {
  const user = await merchant('inventories-pt');
  await api<Inventory>(user, 'POST', '/inventories', { name: 'Loja Nova' });
  await renderApp('/pt/inventories', user);
  // The catalogs are the lead's to translate: this checks the card renders with the page's language, not the words.
  const card = (await screen.findByRole('heading', { name: 'Loja Nova' }, { timeout: 15_000 })).closest('li')!;
  expect(
    within(card as HTMLElement)
      .getByRole('link')
      .getAttribute('href'),
  ).toMatch(/^\/pt\/inventory\//);
});

it("a failed read (the API's 500, then no answer at all) says so on the page, and trying again loads the list", async () => {
  const user = await merchant('inventories-failed-read');
  await api<Inventory>(user, 'POST', '/inventories', { name: 'Loja Nova' });
  const { door, close } = await startApiDoor();
  try {
    await renderView(() => <InventoriesPage />, user, {
      api: () => createApiClient({ baseUrl: `${door.url}/api/v1`, getIdToken: async () => user.idToken }),
    });
    expect(await screen.findByText('The inventories could not be loaded.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Inventories', level: 1 })).toBeTruthy();

    door.mode = 'unreachable';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading the inventories')).toBeTruthy();
    expect(await screen.findByText('The inventories could not be loaded.', {}, { timeout: 15_000 })).toBeTruthy();

    door.mode = 'open';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const configuring = await region('In configuration');
    expect(within(configuring).getByRole('heading', { name: 'Loja Nova' })).toBeTruthy();
    expect(screen.queryByText('The inventories could not be loaded.')).toBeNull();
  } finally {
    await close();
  }
});
