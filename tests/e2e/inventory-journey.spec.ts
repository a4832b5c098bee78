// An inventory from start to products, in one test, in the Portuguese UI, against the real server, its sync
// worker, the Auth emulator and the demo store and catalog `npm start` links (tests/e2e/fixtures/
// e2e-peers.ts): a merchant names an inventory, links the store (a wrong token first: its reason)
// and the catalog (an unknown ID first: its reason), watches the first sync turn into products,
// reads the report (a catalog item no variant backs, a price mismatch), makes the store the source
// of truth, syncs, and sees the mismatch gone and the corrections counted. The store is linked
// through a door the test shuts while the first sync reads it (tests/e2e/fixtures/store-gate.ts), so
// that the sync is seen underway: pending synchronization until it finishes. Real timers: the page
// polls the status as it does for a merchant.
import { expect, test, type Page } from '@playwright/test';
import { catalogViewOf } from '../fixtures/demo-peers';
import { demoCatalog, feedPrice } from '../fixtures/meta/catalog-items';
import { demoStoreProducts } from '../fixtures/shopify/store-products';
import { e2ePeers } from './fixtures/e2e-peers';
import { inventoryApi } from './fixtures/inventory-api';
import { newMerchant, type Merchant } from './fixtures/merchant-api';
import { startStoreGate } from './fixtures/store-gate';

const WRONG_TOKEN = 'shpat_00000000000000000000000000000bad';
const UNKNOWN_CATALOG_ID = '4242424242';

/**
 * The demo catalog as it ships, its differences included: a sync with the store as the source of
 * truth corrects them in the (shared, long-lived) catalog server, so a rerun against a reused e2e
 * server first puts them back, through Meta's own items_batch.
 */
async function demoCatalogAsShipped() {
  const { metaGraphUrl, metaAccessToken, demo } = e2ePeers();
  const shipped = demoCatalog(catalogViewOf(demoStoreProducts(), 'BRL')).items;
  const differing = new Set([...demo.differences.priceDiffers, ...demo.differences.availabilityDiffers]);
  const requests = shipped
    .filter((item) => differing.has(item.retailerId))
    .map((item) => ({
      method: 'UPDATE',
      data: { id: item.retailerId, price: feedPrice(item.priceMinor, item.currency), availability: item.availability },
    }));
  const headers = { authorization: `Bearer ${metaAccessToken}`, 'content-type': 'application/json' };
  const sent = await fetch(`${metaGraphUrl}/${demo.catalogId}/items_batch`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ item_type: 'PRODUCT_ITEM', requests }),
  });
  expect(sent.ok).toBe(true);
  const { handles } = (await sent.json()) as { handles: string[] };
  await expect
    .poll(async () => {
      const status = await fetch(`${metaGraphUrl}/${demo.catalogId}/check_batch_request_status?handle=${handles[0]}`, { headers });
      return ((await status.json()) as { data: { status: string }[] }).data[0]?.status;
    })
    .toBe('finished');
}

async function signInInPortuguese(page: Page, merchant: Merchant) {
  await page.goto('/pt/login');
  await page.getByLabel('E-mail').fill(merchant.email);
  await page.getByLabel(/^Senha/).fill(merchant.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/pt\/dashboard$/);
}

/** A finding of the report: its count. */
async function findingCount(page: Page, title: string): Promise<number> {
  const finding = page
    .getByRole('region', { name: 'Relatório do catálogo' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  const text = (await finding.textContent()) ?? '';
  return Number(text.slice(title.length).match(/^\s*(\d+)/)?.[1] ?? NaN);
}

test('a merchant links the demo store and catalog, reads the report and makes the store the source of truth', async ({ page, request }) => {
  test.setTimeout(120_000);
  const peers = e2ePeers();
  await demoCatalogAsShipped();
  // The demo store, behind a door the test shuts while the first sync runs, so that it is seen running.
  const gate = await startStoreGate(peers.demo.storeUrl);
  const merchant = await newMerchant(request, 'journey');
  const api = inventoryApi(request, merchant);
  const stalePriced = peers.demo.differences.priceDiffers[0]!;
  try {
    await signInInPortuguese(page, merchant);
    const main = page.getByRole('main');

    // The side menu's Inventories, then 'configure new inventory': the name first.
    await page.getByRole('navigation', { name: 'Menu lateral' }).getByRole('link', { name: 'Inventários' }).click();
    await expect(page).toHaveURL(/\/pt\/inventories$/);
    await main.getByRole('link', { name: 'Configurar novo inventário' }).first().click();
    await main.getByRole('textbox', { name: 'Nome do inventário' }).fill('Loja Demo no WhatsApp');
    await main.getByRole('button', { name: 'Criar e continuar' }).click();
    await expect(page).toHaveURL(/\/pt\/inventory\/[0-9a-f-]{36}$/);
    const inventoryId = page.url().split('/').at(-1)!;

    // 1 Integration: a wrong token is refused with the store's reason; the right one reaches the store.
    await expect(main.getByRole('heading', { name: '1. Integração' })).toBeVisible();
    await main.getByRole('combobox', { name: 'Tipo de e-commerce' }).selectOption({ label: 'Shopify' });
    await main.getByLabel('Token da API da Shopify').fill(WRONG_TOKEN);
    await main.getByRole('textbox', { name: 'URL da API da Shopify' }).fill(gate.url);
    await main.getByRole('textbox', { name: 'Site' }).fill('loja-demo.com.br');
    await main.getByRole('button', { name: 'Verificar conexão' }).click();
    await expect(main.getByText('A loja recusou o token. Verifique se é o token de acesso da API Admin desta loja.')).toBeVisible();
    await main.getByLabel('Token da API da Shopify').fill(peers.shopifyToken);
    await main.getByRole('button', { name: 'Verificar conexão' }).click();
    await expect(main.getByText('A conexão funciona.')).toBeVisible();
    await expect(main.getByText(`Loja: ${peers.demo.storeName}. Moeda: BRL.`)).toBeVisible();
    await main.getByRole('button', { name: 'Salvar e avançar' }).click();

    // 2 Inventory: an unknown catalog ID is refused with its reason; the demo catalog is read.
    await expect(main.getByRole('heading', { name: '2. Inventário' })).toBeVisible();
    const catalogId = main.getByRole('textbox', { name: 'ID do catálogo' });
    await catalogId.fill(UNKNOWN_CATALOG_ID);
    await main.getByRole('button', { name: 'Verificar catálogo' }).click();
    await expect(
      main.getByText(
        'Nenhum catálogo com este ID está visível com o acesso do Catalyst. Verifique o ID e se o catálogo está compartilhado com o Catalyst.',
      ),
    ).toBeVisible();
    await catalogId.fill(peers.demo.catalogId);
    await main.getByRole('button', { name: 'Verificar catálogo' }).click();
    await expect(main.getByText('O catálogo pode ser lido.')).toBeVisible();
    await expect(main).toContainText(new RegExp(`Catálogo: ${peers.demo.catalogName}\\. \\d+ itens`));
    // Saving starts the first sync: it reads the store first, and waits at the door.
    gate.shut();
    await main.getByRole('button', { name: 'Salvar e avançar' }).click();
    await expect(main.getByRole('heading', { name: '3. Conclusão' })).toBeVisible();
    await main.getByRole('button', { name: 'Ir para o inventário' }).click();

    // The first sync underway, no products yet; then the store answers and the products come.
    const sync = page.getByRole('region', { name: 'Sincronização do inventário' });
    const status = sync.getByRole('status').first();
    // Underway (the worker has it, reading the store), the first sync still shows as pending.
    await expect.poll(() => gate.waiting).toBeGreaterThan(0);
    await expect(status).toHaveText('Sincronização pendente');
    await expect(sync.getByText('Ainda não há produtos. Eles aparecem após a primeira sincronização.')).toBeVisible();
    await expect.poll(() => gate.waiting).toBeGreaterThan(0);
    gate.open();
    await expect(status).toHaveText('Sincronizado', { timeout: 20_000 });
    const products = sync.getByRole('table', { name: 'Lista de produtos' });
    await expect(products.getByRole('row').nth(1)).toBeVisible();
    await expect(sync.getByText(/^Mostrando 1–\d+ de \d+ produtos\.$/)).toBeVisible();

    // The report: a catalog item no store variant backs, and the stale price, shown beside the store's.
    await expect.poll(() => findingCount(page, 'Itens do catálogo sem variante correspondente na loja')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => findingCount(page, 'Divergências de preço e disponibilidade')).toBeGreaterThanOrEqual(1);
    const mismatchesBefore = await findingCount(page, 'Divergências de preço e disponibilidade');
    const mismatches = sync.getByRole('table', { name: 'Divergências de preço e disponibilidade' });
    await expect(
      mismatches.getByRole('row').filter({ hasText: stalePriced }).getByRole('cell', { name: 'Preço', exact: true }),
    ).toBeVisible();
    await expect(products.getByRole('row').filter({ hasText: stalePriced })).toContainText('Catálogo: R$');

    // 'The store is the source of truth': the wizard again, step 2.
    await main.getByRole('button', { name: 'Editar' }).click();
    await expect(main.getByRole('heading', { name: '1. Integração' })).toBeVisible();
    await main.getByRole('button', { name: 'Salvar e avançar' }).click(); // the token saved is kept
    await main.getByRole('checkbox', { name: 'A loja é a fonte da verdade' }).check();
    await main.getByRole('button', { name: 'Salvar e avançar' }).click();
    await main.getByRole('button', { name: 'Ir para o inventário' }).click();
    expect((await api.get(inventoryId)).storeIsTruth).toBe(true);

    // Sync now. Within the server's interval since the first sync it is refused, and offered again when it says.
    const syncNow = sync.getByRole('button', { name: 'Sincronizar agora' });
    await expect(status).toHaveText('Sincronizado');
    // The server's answer decides, not the status: it shows as syncing while the request is on its way.
    const syncAnswer = () =>
      page.waitForResponse((answer) => answer.request().method() === 'POST' && answer.url().endsWith(`/inventories/${inventoryId}/sync`));
    const [first] = await Promise.all([syncAnswer(), syncNow.click()]);
    if (first.status() === 429) {
      await expect(sync.getByText('Este inventário foi sincronizado há menos de um minuto.')).toBeVisible();
      await expect(syncNow).toBeEnabled({ timeout: 20_000 });
      const [again] = await Promise.all([syncAnswer(), syncNow.click()]);
      expect(again.status()).toBe(202);
    } else expect(first.status()).toBe(202);
    await api.syncsFinished(inventoryId, 2);
    await expect(sync.getByRole('table', { name: 'Últimas sincronizações' }).getByRole('row')).toHaveCount(3, { timeout: 15_000 }); // header + 2 runs

    // The mismatch is gone: corrected in the catalog, counted, and the products agree.
    await expect(mismatches).toHaveCount(0);
    await expect.poll(() => findingCount(page, 'Divergências de preço e disponibilidade')).toBe(0);
    await expect.poll(() => findingCount(page, 'Corrigidos no catálogo')).toBe(mismatchesBefore);
    await expect(sync.getByText('A loja é a fonte da verdade: o catálogo agora mostra o preço e a disponibilidade da loja.')).toBeVisible();
    await expect(products.getByRole('row').filter({ hasText: stalePriced })).not.toContainText('Catálogo:');
  } finally {
    await gate.stop();
  }
});
