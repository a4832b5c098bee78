// The inventory wizard as views: each field, button and message bound to the real inventory-wizard
// machine and the real API on loopback, with a loopback Shopify store (the fixture) where a check
// must reach one. The machine's paths are the model tests'; these prove what the views do with
// them, without a browser: the name asked first, the seed's validation messages at their fields,
// the connection check's findings and reasons, the token kept write-only, resuming at the saved
// step, and drafts brought back. (A successful catalog check needs a Meta Graph server this
// setup does not point at: its refusal is what is shown here; the e2e links a catalog.)
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inventory } from '@/domain/inventory';
import {
  FIXTURE_SHOPIFY_ACCESS_TOKEN,
  FIXTURE_SHOPIFY_API_SECRET,
  startShopifyAdminServer,
  type ShopifyAdminServer,
} from '../fixtures/shopify-admin-server';
import type { TestUser } from '../server/support/emulator-users';
import { api, merchant } from './support/merchant';
import { renderApp } from './support/render-app';

const main = () => screen.getByRole('main');
const heading = (name: string) => screen.findByRole('heading', { name, level: 2 }, { timeout: 15_000 });
const button = (name: string) => within(main()).getByRole('button', { name });
const field = (label: RegExp) => within(main()).getByLabelText(label) as HTMLInputElement;
const inventories = (user: TestUser) => api<{ inventories: Inventory[] }>(user, 'GET', '/inventories').then((answer) => answer.inventories);
const create = (user: TestUser, name: string) => api<Inventory>(user, 'POST', '/inventories', { name });
/** Every draft this browser keeps, as text. */
const storedDrafts = () =>
  Object.keys(localStorage)
    .filter((key) => key.startsWith('catalyst.inventory-draft.'))
    .map((key) => localStorage.getItem(key)!);

let store: ShopifyAdminServer;
let scopeless: ShopifyAdminServer;
beforeAll(async () => {
  store = await startShopifyAdminServer();
  scopeless = await startShopifyAdminServer({ scopes: ['read_products'] });
});
afterAll(async () => {
  await store.close();
  await scopeless.close();
});

/** Step 1 saved through the API against the fixture store: the inventory is on step 2. */
async function withStoreSaved(user: TestUser, name: string): Promise<Inventory> {
  const created = await create(user, name);
  return api<Inventory>(user, 'PUT', `/inventories/${created.id}/integration`, {
    name,
    ecommerceType: 'shopify',
    shopifyToken: FIXTURE_SHOPIFY_ACCESS_TOKEN,
    shopifyUrl: store.adminUrl,
    website: 'https://loja.example.com',
    checkoutParams: '',
    trackingUrl: '',
    expectedVersion: created.version,
  });
}

describe('Inventory wizard', () => {
  it('asks for the name first: without one it says why and creates nothing; with one the inventory gets its address and step 1 opens', async () => {
    const user = await merchant('inventory-name');
    const { router } = await renderApp('/en/inventory', user);
    await heading('Name your inventory');

    await userEvent.click(button('Create and continue'));
    expect(await within(main()).findByText('A name is required to continue')).toBeTruthy();
    expect(await inventories(user)).toEqual([]);

    await userEvent.type(field(/^Inventory name/), 'Loja Ana{Enter}');
    await heading('1. Integration');
    const [created] = await inventories(user);
    expect(created).toMatchObject({ name: 'Loja Ana', step: 'integration', status: 'configuring' });
    expect(router.state.location.pathname).toBe(`/en/inventory/${created!.id}`);
    // The new address is another route: its wizard loads the inventory again before step 1 is back.
    expect(((await within(main()).findByLabelText(/^Inventory name/, undefined, { timeout: 15_000 })) as HTMLInputElement).value).toBe(
      'Loja Ana',
    );
    expect(within(main()).queryByText('A name is required to continue')).toBeNull();
    // The new step's heading has the keyboard (screen readers announce it).
    expect(document.activeElement).toBe(await heading('1. Integration'));
  });

  it("step 1: each missing field shows the seed's message at its field, and an address that is no https origin is refused, before anything is sent", async () => {
    const user = await merchant('inventory-step1-validation');
    const created = await create(user, 'Loja Bia');
    await renderApp(`/en/inventory/${created.id}`, user);
    await heading('1. Integration');

    await userEvent.click(button('Save and advance'));
    const messages = {
      'E-commerce type': 'The e-commerce type is required.',
      'Shopify API token': 'The Shopify token is required.',
      'Shopify API URL': 'The Shopify URL is required.',
      Website: 'The Shopify website is required.',
    };
    for (const [label, message] of Object.entries(messages)) {
      const input = field(new RegExp(`^${label}`));
      expect(input.getAttribute('aria-invalid')).toBe('true');
      // The message is the field's own description.
      const described = input
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
    }

    await userEvent.type(field(/^Shopify API URL/), 'http://my-shop.myshopify.com');
    await userEvent.type(field(/^Additional checkout URL parameters/), '=whatsapp');
    await userEvent.click(button('Check connection'));
    expect(await within(main()).findByText('Enter a valid https address, like https://your-store.myshopify.com.')).toBeTruthy();
    await userEvent.click(button('Save and advance'));
    expect(
      await within(main()).findByText('Write the parameters as name=value pairs joined by &, like utm_source=whatsapp&utm_medium=chat.'),
    ).toBeTruthy();
    const [saved] = await inventories(user);
    expect(saved).toMatchObject({ step: 'integration', version: created.version, shopifyUrl: '' });
  });

  it("step 1: 'Check connection' shows the store's name and currency, or why the store refused; saving keeps the token write-only and opens step 2", async () => {
    const user = await merchant('inventory-check');
    const created = await create(user, 'Loja Caio');
    await renderApp(`/en/inventory/${created.id}`, user);
    await heading('1. Integration');

    // A token the store does not know.
    await userEvent.type(field(/^Shopify API token/), 'shpat_00000000000000000000000000000000');
    await userEvent.type(field(/^Shopify API URL/), store.adminUrl);
    await userEvent.click(button('Check connection'));
    expect(
      await within(main()).findByText(
        'The store refused the token. Check that it is the Admin API access token of this store.',
        undefined,
        {
          timeout: 15_000,
        },
      ),
    ).toBeTruthy();

    // The right token of a store whose app lacks read_orders.
    await userEvent.clear(field(/^Shopify API token/));
    await userEvent.type(field(/^Shopify API token/), FIXTURE_SHOPIFY_ACCESS_TOKEN);
    await userEvent.clear(field(/^Shopify API URL/));
    await userEvent.type(field(/^Shopify API URL/), scopeless.adminUrl);
    await userEvent.click(button('Check connection'));
    expect(
      await within(main()).findByText(
        'The token lacks an access scope Catalyst needs. Give the app the read_products and read_orders scopes, then try again.',
        undefined,
        { timeout: 15_000 },
      ),
    ).toBeTruthy();

    // The store that has both.
    await userEvent.clear(field(/^Shopify API URL/));
    await userEvent.type(field(/^Shopify API URL/), store.adminUrl);
    await userEvent.click(button('Check connection'));
    expect(await within(main()).findByText('Store: Catalyst Demo Store. Currency: USD.', undefined, { timeout: 15_000 })).toBeTruthy();

    await userEvent.selectOptions(field(/^E-commerce type/), 'Shopify');
    await userEvent.type(field(/^Website/), 'loja-caio.example.com');
    // Its hint says how often orders are read without it: the server's interval (ORDER_POLL_SECONDS unset here).
    expect(within(main()).getByText(/without it, Catalyst checks for them every 5 minutes\.$/)).toBeTruthy();
    await userEvent.type(field(/^Shopify API secret key/), FIXTURE_SHOPIFY_API_SECRET);
    // Nothing typed so far left the token or the API secret key in a draft.
    expect(storedDrafts().length).toBeGreaterThan(0);
    for (const draft of storedDrafts())
      for (const secret of [FIXTURE_SHOPIFY_ACCESS_TOKEN, FIXTURE_SHOPIFY_API_SECRET]) expect(draft).not.toContain(secret);

    await userEvent.click(button('Save and advance'));
    await heading('2. Inventory');
    const [saved] = await inventories(user);
    expect(saved).toMatchObject({
      step: 'catalog',
      ecommerceType: 'shopify',
      shopifyUrl: store.origin,
      website: 'https://loja-caio.example.com',
      shopifyTokenHint: `shpat_…${FIXTURE_SHOPIFY_ACCESS_TOKEN.slice(-4)}`,
      store: { name: 'Catalyst Demo Store', currency: 'USD' },
      shopifyApiSecretSet: true,
    });
    expect(JSON.stringify(saved)).not.toContain(FIXTURE_SHOPIFY_ACCESS_TOKEN);
    expect(JSON.stringify(saved)).not.toContain(FIXTURE_SHOPIFY_API_SECRET);
    expect(storedDrafts()).toEqual([]); // all saved: no draft left
  });

  it('resumes at the saved step; step 2 shows why the catalog cannot be read, at the check and at the save; step 1 keeps the stored token when left empty', async () => {
    const user = await merchant('inventory-resume');
    const inventory = await withStoreSaved(user, 'Loja Duda');
    await renderApp(`/en/inventory/${inventory.id}`, user);
    await heading('2. Inventory');

    await userEvent.click(button('Check catalog'));
    expect(await within(main()).findByText('The catalog ID is required.')).toBeTruthy();
    await userEvent.type(field(/^Catalog ID/), '1234567890123456');
    await userEvent.click(button('Check catalog'));
    // This setup's server has no access to Meta's catalogs: the reason is said, never a bare code.
    const catalogRefusal =
      /^(Meta refused the access Catalyst uses to read catalogs\. Try again later, or contact support\.|No catalog with this ID can be seen with Catalyst's access\. Check the ID, and that the catalog is shared with Catalyst\.)$/;
    expect((await within(main()).findByRole('alert', undefined, { timeout: 15_000 })).textContent).toMatch(catalogRefusal);
    await userEvent.click(button('Save and advance'));
    await waitFor(() => expect(button('Save and advance').getAttribute('aria-busy')).toBeNull(), { timeout: 15_000 });
    expect(within(main()).getByRole('alert').textContent).toMatch(catalogRefusal);
    expect(await heading('2. Inventory')).toBeTruthy();
    expect((await inventories(user))[0]).toMatchObject({ step: 'catalog', catalogId: '' });

    // Back to step 1: the stored token is not shown, only its hint, and an empty field keeps it.
    await userEvent.click(button('Back'));
    await heading('1. Integration');
    expect(field(/^Shopify API token/).value).toBe('');
    expect(
      within(main()).getByText(
        `A token is saved (shpat_…${FIXTURE_SHOPIFY_ACCESS_TOKEN.slice(-4)}). Leave this empty to keep it, or paste a new one.`,
      ),
    ).toBeTruthy();
    expect(field(/^Shopify API URL/).value).toBe(store.origin);
    await userEvent.click(button('Check connection'));
    expect(await within(main()).findByText('Store: Catalyst Demo Store. Currency: USD.', undefined, { timeout: 15_000 })).toBeTruthy();
    await userEvent.click(button('Save and advance'));
    await heading('2. Inventory');
    expect((await inventories(user))[0]).toMatchObject({ version: inventory.version + 1, shopifyTokenHint: inventory.shopifyTokenHint });
  });

  it('brings back what was typed and not saved when the wizard opens again, with a notice — but never the token', async () => {
    const user = await merchant('inventory-draft');
    const created = await create(user, 'Loja Eva');
    const first = await renderApp(`/en/inventory/${created.id}`, user);
    await heading('1. Integration');
    await userEvent.type(field(/^Shopify API token/), FIXTURE_SHOPIFY_ACCESS_TOKEN);
    await userEvent.type(field(/^Shopify API URL/), 'loja-eva.myshopify.com');
    await userEvent.type(field(/^Additional checkout URL parameters/), 'utm_source=whatsapp');
    first.view.unmount();

    await renderApp(`/en/inventory/${created.id}`, user);
    await heading('1. Integration');
    expect(await within(main()).findByText('We restored the changes you had not saved yet.')).toBeTruthy();
    expect(field(/^Shopify API URL/).value).toBe('loja-eva.myshopify.com');
    expect(field(/^Additional checkout URL parameters/).value).toBe('utm_source=whatsapp');
    expect(field(/^Shopify API token/).value).toBe('');
    for (const draft of storedDrafts()) expect(draft).not.toContain(FIXTURE_SHOPIFY_ACCESS_TOKEN);
    await userEvent.click(within(main()).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(main()).queryByText('We restored the changes you had not saved yet.')).toBeNull());
    expect((await inventories(user))[0]).toMatchObject({ shopifyUrl: '', version: created.version }); // a draft stays in this browser
  });

  it('an address no inventory has says so, with the way back to the list', async () => {
    const user = await merchant('inventory-missing');
    await renderApp('/en/inventory/00000000-0000-4000-8000-000000000099', user);
    expect(await screen.findByText('This inventory does not exist (or no longer does).', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(within(main()).getByRole('link', { name: 'Back to inventories' }).getAttribute('href')).toBe('/en/inventories');
  });
});
