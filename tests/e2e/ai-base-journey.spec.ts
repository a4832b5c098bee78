// The AI base journey end to end, through the real UI, by a merchant on the basic plan (the demo
// account's): create a base, teach it a CSV, an XLS and a PDF from the corpus and a Shopify product
// export, find each table's cost column never shown to shoppers, ask prices in Portuguese and get
// one short sentence in reais with the passage it came from and no cost, activate it and find it
// under Active; a second base is past the plan's limit. Without ../shared/corpus (a fresh clone)
// the walk says so and skips.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, test } from '@playwright/test';
import { corpusFile, hasCorpus } from '../server/support/corpus';
import { signInDirectly } from './fixtures/emulator-users';
import { newMerchant } from './fixtures/merchant-api';

const files = [
  ...[
    'csv/contoso_cadastro_produtos_utf8.csv',
    'xls/xlrd_Formate_umlauts_4sheets.xls',
    'pdf/diario_oficial_pratania_sp_2020-10-26_ed136_pt.pdf',
  ].map(corpusFile),
  'tests/fixtures/knowledge/shopify-products-export.csv',
];

test.skip(!hasCorpus, 'no ../shared/corpus beside the clone (see its SOURCES.md)');

test('a merchant teaches a new base four files, sees costs kept private, asks prices in Portuguese, activates it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const merchant = await newMerchant(request, 'journey'); // basic: one AI base, two trainings a month
  const main = page.getByRole('main');
  await signInDirectly(page, merchant);
  await page.goto('/en/ia-bases');
  await main.getByRole('link', { name: 'New AI base' }).first().click();

  // 1. Instructions
  await main.getByRole('textbox', { name: 'Name of the AI base' }).fill('Loja Contoso');
  await main.getByRole('radio', { name: 'Seller' }).check();
  await main.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Portuguese (Brazil)' });
  await main.getByRole('radio', { name: 'Friendly' }).check();
  await main.getByRole('radiogroup', { name: 'Personalized base?' }).getByRole('radio', { name: 'No' }).check();
  await main.getByRole('button', { name: 'Save and advance' }).click();

  // 2. Knowledge base: three files at once, each ready with its passages.
  await expect(main.getByRole('heading', { name: '2. Knowledge base', exact: true })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: 'Choose files' }).click();
  await (
    await chooser
  ).setFiles(files.map((file) => ({ name: basename(file), mimeType: 'application/octet-stream', buffer: readFileSync(file) })));
  for (const file of files) {
    const row = main.getByRole('row').filter({ hasText: basename(file) });
    await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(row.getByText(/\d+ passages?/)).toBeVisible();
  }
  // Each table's columns with the roles guessed from them: its cost is never shown to shoppers.
  for (const [file, cost] of [
    ['contoso_cadastro_produtos_utf8.csv', 'Custo Unitario'],
    ['shopify-products-export.csv', 'Cost per item'],
  ] as const) {
    const row = main.getByRole('row').filter({ hasText: file });
    await row.getByText(/\d+ never shown to shoppers/).click();
    await expect(row.getByRole('combobox', { name: cost, exact: true })).toHaveValue('private');
  }
  await main.getByRole('button', { name: 'Save and advance' }).click();

  // 3. Refinement and test: one sentence with the product and its price in reais, citing the row, no cost.
  await expect(main.getByRole('heading', { name: '3. Refinement and test', exact: true })).toBeVisible();
  await main.getByRole('textbox', { name: 'Message' }).fill('Qual é o preço unitário do Contoso Wireless Laser Mouse E50 Grey?');
  await main.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = main.getByRole('log', { name: 'Conversation' }).locator('[data-outcome]');
  await expect(answer).toHaveAttribute('data-outcome', 'answered');
  await expect(answer).toContainText(/Contoso Wireless Laser Mouse E50 Grey custa R\$\s20,96\./);
  await expect(answer).not.toContainText('10,69'); // its unit cost
  await expect(answer.getByRole('listitem').first()).toContainText('contoso_cadastro_produtos_utf8.csv');
  // The Shopify export's product: its price, not its 'Cost per item'.
  await main.getByRole('textbox', { name: 'Message' }).fill('Quanto custa a Camiseta Básica de Algodão?');
  await main.getByRole('button', { name: 'Send', exact: true }).click();
  const shirt = answer.nth(1);
  await expect(shirt).toHaveAttribute('data-outcome', 'answered');
  await expect(shirt).toContainText('Camiseta Básica de Algodão');
  await expect(shirt).toContainText(/R\$\s59,90/);
  await expect(shirt).not.toContainText(/23[.,]17/); // its cost per item
  await expect(shirt.getByRole('listitem').first()).toContainText('shopify-products-export.csv');
  await main.getByRole('button', { name: 'Save and finish' }).click();

  // Activation: the summary, then live.
  await expect(page).toHaveURL(/\/en\/ia-base\/[0-9a-f-]{36}\/activate$/);
  await main.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(main.getByText('Your AI base is active.')).toBeVisible();
  await page.goto('/en/ia-bases');
  await expect(main.getByRole('region', { name: 'Active' }).getByRole('heading', { name: 'Loja Contoso' })).toBeVisible();

  // A second base is past the basic plan's one: the page says so, and the server refuses it too.
  await expect(main.getByText('Upgrade your plan to add more AI Bases.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'New AI base' })).toBeDisabled();
  const headers = { authorization: `Bearer ${merchant.idToken}` };
  const second = await request.post('/api/v1/ai-bases', {
    headers,
    data: {
      name: 'Segunda',
      function: 'support',
      language: 'pt_br',
      voiceTone: 'default',
      personalized: false,
      instructions: '',
      expectedInputs: '',
    },
  });
  expect(second.status()).toBe(403);
  expect(await second.json()).toMatchObject({ error: { code: 'plan_limit', message: 'Upgrade your plan to add more AI Bases.' } });

  // The four files were one training; each test message was one AI request.
  expect(await (await request.get('/api/v1/me', { headers })).json()).toMatchObject({
    usage: { trainingsThisMonth: 1, queriesThisMonth: 2 },
  });
});
