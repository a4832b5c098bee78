// Step 2 of the wizard, the knowledge base, as a view: deleting a file, and the statuses, reasons
// and reference model in Portuguese. Uploads with their progress (network throttling) and the
// download stay in tests/e2e/knowledge-files.spec.ts: they need a browser.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import { sampleInstructions } from '../fixtures/sample-ai-base';
import { api, merchant, uploadKnowledge } from './support/merchant';
import { renderApp } from './support/render-app';

// ../shared/corpus beside the clone (see its SOURCES.md); vitest runs from the repository's root.
const corpusDir = resolve('..', 'shared', 'corpus');
const hasCorpus = existsSync(join(corpusDir, 'SOURCES.md'));
const corpusFile = (relative: string) => join(corpusDir, relative);

const main = () => screen.getByRole('main');
/**
 * The row of a listed file, once listed. Found by the header cell's text: a name's line-break
 * opportunities (<wbr>) count as spaces in happy-dom's accessible names, not in a browser's.
 */
const fileRow = async (name: string) =>
  (
    await screen.findByText(
      (_, cell) => (cell?.getAttribute('role') === 'rowheader' || cell?.tagName === 'TH' ? cell.textContent === name : false),
      {},
      { timeout: 15_000 },
    )
  ).closest('tr')!;
const settled = (row: HTMLElement, status: string) =>
  waitFor(() => expect(within(row).getByText(status, { exact: true })).toBeTruthy(), { timeout: 30_000 });

it('deleting a file asks first, then removes it for good', async () => {
  const user = await merchant('knowledge-delete');
  const base = await api<AiBase>(user, 'POST', '/ai-bases', sampleInstructions);
  await uploadKnowledge(user, base.id, 'faq.csv', 'Question;Answer\nDo you deliver?;Yes, in 3 to 7 days.\n');
  await renderApp(`/en/ia-base/${base.id}`, user);
  const row = await fileRow('faq.csv');
  await settled(row, 'Ready');
  expect(within(row).getByText('1 passage')).toBeTruthy();

  await userEvent.click(within(row).getByRole('button', { name: 'Delete faq.csv' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this file?' })).toBeNull());
  expect(row.isConnected).toBe(true);

  await userEvent.click(within(row).getByRole('button', { name: 'Delete faq.csv' }));
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Delete this file?' })).getByRole('button', { name: 'Delete the file' }),
  );
  expect(await within(main()).findByText('No files yet. The agent learns from the files you add here.')).toBeTruthy();
  // Gone for good, not only from the page.
  expect((await api<{ files: unknown[] }>(user, 'GET', `/ai-bases/${base.id}/files`)).files).toEqual([]);
});

it.skipIf(!hasCorpus)('in Portuguese: the statuses, the reasons and the reference model', async () => {
  const user = await merchant('knowledge-pt');
  const base = await api<AiBase>(user, 'POST', '/ai-bases', sampleInstructions);
  const { view } = await renderApp(`/pt/ia-base/${base.id}`, user);
  await screen.findByRole('heading', { name: '2. Base de conhecimento' }, { timeout: 15_000 });
  expect(within(main()).getByRole('link', { name: 'Baixar o modelo de referência (.xlsx)' }).getAttribute('href')).toMatch(
    /knowledge-template\.xlsx\?lang=pt$/,
  );

  const corpus = (relative: string) => new File([readFileSync(corpusFile(relative))], relative.split('/').pop()!);
  await userEvent.upload(view.container.querySelector<HTMLInputElement>('input[type=file]')!, [
    corpus('xlsx/unstructured_eng_spa_2sheets.xlsx'),
    corpus('pdf/ocrmypdf_c02-22_scan_image-only.pdf'),
    new File(['Produto;Preço\nCamiseta;59,90\n'], 'tabela.xlsx'),
  ]);
  const uploads = await within(main()).findByRole('list', { name: 'Envios' });
  await waitFor(() =>
    expect(within(uploads).getByRole('alert').textContent).toBe(
      'Não adicionado: O conteúdo do arquivo não corresponde à extensão (ele foi renomeado?).',
    ),
  );
  const sheet = await fileRow('unstructured_eng_spa_2sheets.xlsx');
  await settled(sheet, 'Pronto');
  expect(within(sheet).getByText('4 trechos')).toBeTruthy();
  expect(within(sheet).getByRole('button', { name: 'Excluir unstructured_eng_spa_2sheets.xlsx' })).toBeTruthy();
  const scan = await fileRow('ocrmypdf_c02-22_scan_image-only.pdf');
  await settled(scan, 'Falhou');
  expect(
    within(scan).getByText('O PDF não tem texto para ler (páginas digitalizadas). Envie um PDF com texto ou passe-o antes por um OCR.'),
  ).toBeTruthy();
});

it("a table file's columns show their roles, a cost column never shown to shoppers; changing a role reads the file again", async () => {
  const user = await merchant('knowledge-columns');
  const base = await api<AiBase>(user, 'POST', '/ai-bases', sampleInstructions);
  const csv = 'Produto;Preço;Custo Unitário;Observação\nCamiseta básica;59,90;21,37;Algodão\nBoné azul;39,90;12,41;Ajustável\n';
  await uploadKnowledge(user, base.id, 'tabela.csv', csv);
  await renderApp(`/pt/ia-base/${base.id}`, user);
  const row = await fileRow('tabela.csv');
  await settled(row, 'Pronto');

  await userEvent.click(within(row).getByText('4 colunas · 1 nunca mostrada aos clientes'));
  const columns = within(row).getByRole('list', { name: 'Colunas de tabela.csv' });
  const cost = within(columns).getByRole('combobox', { name: 'Custo Unitário' }) as HTMLSelectElement;
  expect(cost.value).toBe('private');
  expect(within(columns).getByText('Fica fora de todas as respostas.')).toBeTruthy();
  expect((within(columns).getByRole('combobox', { name: 'Preço' }) as HTMLSelectElement).value).toBe('price');
  expect(within(columns).getByText('Exemplo: 59,90')).toBeTruthy();
  // No cost value anywhere on the page.
  expect(document.body.textContent).not.toContain('21,37');

  // The merchant hides the notes column too: the file is read again, and its passages lose it.
  await userEvent.selectOptions(within(columns).getByRole('combobox', { name: 'Observação' }), 'private');
  // Read again on the server (the page's status may still say 'Pronto' until the change is answered)…
  await waitFor(
    async () => {
      const { files } = await api<{ files: { columns: { header: string; role: string }[]; status: string }[] }>(
        user,
        'GET',
        `/ai-bases/${base.id}/files`,
      );
      expect(files[0]!.status).toBe('ready');
      expect(files[0]!.columns.find((column) => column.header === 'Observação')?.role).toBe('private');
    },
    { timeout: 30_000 },
  );
  // …and on the page, which follows it.
  await settled(await fileRow('tabela.csv'), 'Pronto');
  const { passages } = await api<{ passages: { content: string }[] }>(user, 'GET', `/ai-bases/${base.id}/passages?q=camiseta`);
  expect(passages[0]!.content).toContain('Camiseta básica');
  expect(passages[0]!.content).not.toContain('Algodão');
  expect(passages[0]!.content).not.toContain('21,37');
});
