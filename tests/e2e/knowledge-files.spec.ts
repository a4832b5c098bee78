// Step 2 of the AI base wizard, the knowledge base, where a browser is needed: a merchant uploads
// real-world files (../shared/corpus, see its SOURCES.md) through the file chooser, watches them
// upload (throttled) and get processed, meets the reasons bad files are refused for (axe-checked),
// and downloads the reference model. Deleting and the Portuguese view are component tests
// (tests/component/knowledge-step.test.tsx). Without the corpus folder the tests that need it skip.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AiBase } from '@/domain/ai-base';
import { signInDirectly } from './fixtures/emulator-users';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';

const corpusDir = resolve(import.meta.dirname, '../../../shared/corpus');
const hasCorpus = existsSync(join(corpusDir, 'SOURCES.md'));
const NO_CORPUS = `no corpus at ${corpusDir} (see SOURCES.md there)`;

/** A corpus file as the file chooser takes it. */
const corpus = (relative: string) => ({
  name: relative.split('/').pop()!,
  mimeType: 'application/octet-stream',
  buffer: readFileSync(join(corpusDir, relative)),
});

/** A merchant signed in on step 2 of a base of their own (step 1 saved through the API). */
async function onKnowledgeStep(
  page: Page,
  request: APIRequestContext,
  lang = 'en',
): Promise<{ merchant: Merchant; base: AiBase; api: ReturnType<typeof merchantApi> }> {
  const merchant = await newMerchant(request, 'knowledge');
  const api = merchantApi(request, merchant);
  const base = await api.create();
  await signInDirectly(page, merchant);
  await page.goto(`/${lang}/ia-base/${base.id}`);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  return { merchant, base, api };
}

/** Picks files the keyboard way: the visible button (focused, Enter) opens the file chooser. */
async function pickFiles(page: Page, buttonName: string, files: Parameters<Locator['setInputFiles']>[0]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(files);
}

const fileRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
/**
 * Waits for a listed file's processing to end with `status`, then finds what it says beside it. One
 * knowledge worker serves every spec running at once: on a loaded CI machine a file may wait behind
 * the other workers' files for more than 30 s (seen once), so the tests that wait are `test.slow()`.
 */
async function expectSettled(page: Page, name: string, status: string, detail: string) {
  const row = fileRow(page, name);
  await expect(row.getByText(status, { exact: true })).toBeVisible({ timeout: 75_000 });
  await expect(row.getByText(detail)).toBeVisible();
}
const upload = (page: Page, name: string) =>
  page
    .getByRole('list', { name: /^(Uploads|Envios)$/ })
    .getByRole('listitem')
    .filter({ hasText: name });

test.describe('knowledge base step', () => {
  test('real files upload with their progress, are processed and show Ready with their passage count', async ({ page, request }) => {
    test.skip(!hasCorpus, NO_CORPUS);
    test.slow();
    await onKnowledgeStep(page, request);
    await expect(page.getByRole('heading', { name: '2. Knowledge base' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Files in the knowledge base' })).toContainText('No files yet.');

    // Uploads slowed to 64 kB/s (Chromium's network emulation): some 10 s for the four files, so the
    // progress and the waiting wizard are seen for sure on a loaded machine (lifted once checked).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 64 * 1024 });

    const files = [
      { path: 'csv/covid_faq_covidbert_multiline.csv', passages: '250 passages' },
      { path: 'xls/xlrd_formula_test_sjmachin_cyrillic.xls', passages: '7 passages' },
      { path: 'xlsx/unstructured_eng_spa_2sheets.xlsx', passages: '4 passages' },
      { path: 'pdf/unstructured_copy-protected_ownerpw-only.pdf', passages: '7 passages' },
    ];
    await pickFiles(
      page,
      'Choose files',
      files.map((file) => corpus(file.path)),
    );

    // The largest is still being sent: its progress bar says how far.
    const progress = page.getByRole('progressbar', { name: 'Uploading covid_faq_covidbert_multiline.csv' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
    // Moving on would stop the uploads: the wizard waits for them.
    await expect(page.getByText('You can go on once the uploads finish.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save and advance' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeDisabled();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow').catch(() => '100')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    for (const file of files) await expectSettled(page, file.path.split('/').pop()!, 'Ready', file.passages);
    await expect(page.getByRole('button', { name: 'Save and advance' })).toBeEnabled();
    await expect(page.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('bad files each get their reason, and the good one beside them is processed', async ({ page, request }) => {
    test.skip(!hasCorpus, NO_CORPUS);
    test.slow();
    const { merchant, base, api } = await onKnowledgeStep(page, request);
    await pickFiles(page, 'Choose files', [
      // Text named as a PDF: the server reads its first bytes.
      { name: 'price-list.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Prices: T-shirt 29.90, cap 19.90\n') },
      // Checked before a byte is sent.
      { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a knowledge file') },
      // A real PDF the server cannot read: it fails in processing.
      corpus('pdf/pdfjs_REDHAT-1531897-0_malformed.pdf'),
      corpus('xlsx/unstructured_eng_spa_2sheets.xlsx'),
    ]);

    await expect(upload(page, 'price-list.pdf').getByRole('alert')).toHaveText(
      'Not added: The content of the file does not match its extension (was it renamed?).',
    );
    await expect(upload(page, 'empty.csv').getByRole('alert')).toHaveText('Not added: The file is empty.');
    await expect(upload(page, 'notes.txt').getByRole('alert')).toHaveText('Not added: Only .xls, .xlsx, .csv and .pdf files can be added.');

    await expectSettled(page, 'unstructured_eng_spa_2sheets.xlsx', 'Ready', '4 passages');
    await expectSettled(
      page,
      'pdfjs_REDHAT-1531897-0_malformed.pdf',
      'Failed',
      'The PDF cannot be read: it is damaged or not really a PDF.',
    );

    // Only the two files the server took are in the base (sent at once, they arrive in any order).
    const listed = await request.get(`/api/v1/ai-bases/${base.id}/files`, { headers: { authorization: `Bearer ${merchant.idToken}` } });
    expect(((await listed.json()) as { files: { name: string }[] }).files.map((file) => file.name).sort()).toEqual([
      'pdfjs_REDHAT-1531897-0_malformed.pdf',
      'unstructured_eng_spa_2sheets.xlsx',
    ]);

    // Refusals, failures and statuses as they are shown hold no serious accessibility problem.
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Dismissed, a refusal is gone; the others stay.
    await page.getByRole('button', { name: 'Dismiss price-list.pdf' }).click();
    await expect(upload(page, 'price-list.pdf')).toHaveCount(0);
    await expect(upload(page, 'empty.csv')).toBeVisible();
    await expect(fileRow(page, 'unstructured_eng_spa_2sheets.xlsx')).toBeVisible();

    // The files keep being processed on the server: the merchant may go on.
    await page.getByRole('button', { name: 'Save and advance' }).click();
    await expect(page.getByRole('heading', { name: '3. Refinement and test' })).toBeVisible();
    expect((await api.get(base.id)).step).toBe('refinement');
  });

  test('the reference model downloads as an .xlsx in the page language', async ({ page, request }) => {
    await onKnowledgeStep(page, request);
    const link = page.getByRole('link', { name: 'Download the reference model (.xlsx)' });
    await expect(link).toHaveAttribute('download', '');
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('catalyst-knowledge-base-en.xlsx');
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // an .xlsx is a ZIP
  });
});
