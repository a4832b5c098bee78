// The knowledge import on real-world files (../shared/corpus, see its SOURCES.md): each is uploaded
// over HTTP, processed by the server's worker, and gives the passages a merchant would expect, or
// fails with its reason. Without the corpus folder (a fresh clone) these tests say so and skip.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { KnowledgeFailureReason, KnowledgeFile } from '@/domain/knowledge';
import { passages } from '@/server/knowledge/knowledge-tables';
import type { TestUser } from './support/emulator-users';
import { corpusDir, corpusFile, hasCorpus } from './support/corpus';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { testDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

if (!hasCorpus) console.warn(`knowledge-corpus: no corpus at ${corpusDir} (see SOURCES.md there): these tests are skipped.`);

const LONG = 180_000;

type Expected =
  { file: string; passages: number; samples: { source: string; contains: string }[] } | { file: string; reason: KnowledgeFailureReason };

const expectations: Expected[] = [
  {
    file: 'csv/contoso_cadastro_produtos_utf8.csv',
    passages: 1690,
    samples: [
      { source: 'row 2', contains: 'Nome do Produto: Contoso Wireless Laser Mouse E50 Grey' },
      // `;` delimited, decimal commas kept as written; the name and price first, the unit cost (private) left out.
      { source: 'row 2', contains: 'Nome do Produto: Contoso Wireless Laser Mouse E50 Grey\nPreco Unitario: 20,96\nDescricao do Produto' },
      { source: 'row 2', contains: 'Tipo: Econômico' },
    ],
  },
  {
    file: 'csv/contoso_cadastro_produtos_cp1252.csv',
    passages: 1690,
    samples: [{ source: 'row 2', contains: 'Tipo: Econômico' }],
  },
  {
    // RFC 4180 quoting, 148 records with newlines inside fields: 213 records, long answers in parts
    // (answer_html, the answer again as HTML, is not repeated).
    file: 'csv/covid_faq_covidbert_multiline.csv',
    passages: 250,
    samples: [
      { source: 'row 2', contains: 'question: What is a novel coronavirus?\nanswer: A novel coronavirus is a new coronavirus' },
      { source: 'row 214', contains: 'question: Have there been similar outbreaks in the past?' },
    ],
  },
  {
    file: 'xls/xlrd_formula_test_sjmachin_cyrillic.xls',
    passages: 7,
    samples: [
      { source: 'Sheet1, row 2', contains: 'Description: Non-latin1 text\nData: МОСКВА Москва' },
      // A formula cell gives its cached value.
      { source: 'Sheet1, row 3', contains: 'Description: formula number\nData: 0.142857143' },
      { source: 'Sheet1, row 8', contains: 'Description: formula non-latin1 text\nData: МОСКВА Москва' },
    ],
  },
  {
    file: 'xls/xlrd_Formate_umlauts_4sheets.xls',
    passages: 25,
    samples: [{ source: 'Blätt1, row 2', contains: 'Äcker' }],
  },
  {
    file: 'xls/xlrd_profiles_5sheets.xls',
    passages: 70,
    samples: [{ source: 'PROFILEDEF, row 2', contains: 'PROFIL: P8.2\na: 100\nb: 101' }],
  },
  {
    file: 'xlsx/unstructured_2023-half-year-analyses-by-segment.xlsx',
    passages: 101,
    samples: [
      // The title above the table is a passage of its own.
      { source: 'OS-Rev.and results 30 06 2023, row 1', contains: '3. Analyses by segment' },
      { source: 'Reconciliation 30 06 2023, row 14', contains: 'In millions of CHF' },
    ],
  },
  {
    file: 'xlsx/unstructured_eng_spa_2sheets.xlsx',
    passages: 4,
    samples: [
      { source: 'English, row 2', contains: 'All human beings are born free and equal in dignity and rights.' },
      { source: 'Spanish, row 2', contains: 'Todos los seres humanos nacen libres e iguales en dignidad y derechos' },
    ],
  },
  {
    file: 'pdf/diario_oficial_pratania_sp_2020-10-26_ed136_pt.pdf',
    passages: 39,
    samples: [
      { source: 'page 1', contains: 'Diário Oficial do Município de Pratânia/SP' },
      { source: 'page 2', contains: 'DECRETO Nº 56 DE 26 DE OUTUBRO DE' },
    ],
  },
  {
    // Encrypted with an owner password only: it opens without one, so it is read.
    file: 'pdf/unstructured_copy-protected_ownerpw-only.pdf',
    passages: 7,
    samples: [{ source: 'page 1', contains: 'LayoutParser: A Unified Toolkit for Deep Learning Based Document Image Analysis' }],
  },
  { file: 'pdf/unstructured_password_userpw-password.pdf', reason: 'encrypted_pdf' },
  { file: 'pdf/ocrmypdf_c02-22_scan_image-only.pdf', reason: 'no_text_layer' },
  { file: 'pdf/pdfjs_REDHAT-1531897-0_malformed.pdf', reason: 'corrupt_pdf' },
  { file: 'xlsx/unstructured_password_protected.xlsx', reason: 'encrypted_sheet' },
];

describe.skipIf(!hasCorpus)('the corpus, uploaded and processed', () => {
  let server: TestServer;
  const data = scratchDataDir('knowledge-corpus');
  const client = knowledgeClient(() => server.url);
  let owner: TestUser;
  let baseId: string;
  const uploads = new Map<string, KnowledgeFile>();

  beforeAll(async () => {
    server = await startTestServer({ env: { DATA_DIR: data.dir, KNOWLEDGE_WORKER_CONCURRENCY: '2' }, workers: true });
    owner = await client.merchant('knowledge-corpus'); // enterprise: 30 trainings a month
    baseId = (await client.createBase(owner)).id;
    // All queued at once: the worker takes them in turn while the tests wait for theirs.
    for (const { file } of expectations)
      uploads.set(file, await client.uploaded(owner, baseId, basename(file), readFileSync(corpusFile(file))));
  });
  afterAll(async () => {
    await server?.close();
    data.remove();
  });

  async function passagesOf(fileId: string) {
    const { db } = await testDatabase();
    return db
      .select({ source: passages.sourceLabel, content: passages.content, language: passages.language })
      .from(passages)
      .where(eq(passages.fileId, fileId))
      .orderBy(asc(passages.position));
  }

  test.each(expectations)(
    '$file',
    async (expected) => {
      const upload = uploads.get(expected.file)!;
      expect(upload).toMatchObject({ status: 'uploaded', progress: 0, name: basename(expected.file), failureReason: null });
      const file = await client.settled(owner, baseId, upload.id, LONG - 10_000);
      if ('reason' in expected) {
        expect(file).toMatchObject({ status: 'failed', failureReason: expected.reason, passageCount: 0 });
        expect(await passagesOf(file.id)).toEqual([]);
        return;
      }
      expect(file).toMatchObject({ status: 'ready', progress: 100, failureReason: null, passageCount: expected.passages });
      const stored = await passagesOf(file.id);
      expect(stored).toHaveLength(expected.passages);
      expect(new Set(stored.map((passage) => passage.language))).toEqual(new Set(['portuguese']));
      for (const sample of expected.samples) {
        const atSource = stored.filter((passage) => passage.source === sample.source).map((passage) => passage.content);
        expect(atSource.join('\n'), `${sample.source} of ${expected.file}`).toContain(sample.contains);
      }
    },
    LONG,
  );

  test(
    'the Contoso columns with their roles: the unit cost private, in no passage; every row a product in reais',
    async () => {
      const file = await client.settled(owner, baseId, uploads.get('csv/contoso_cadastro_produtos_utf8.csv')!.id, LONG - 10_000);
      expect(file.columns.map(({ header, role }) => `${header}: ${role}`)).toEqual([
        'Nome do Produto: name',
        'Descricao do Produto: description',
        'Fabricante: other',
        'Nome da Marca: other',
        'Tipo: category',
        'Custo Unitario: private',
        'Preco Unitario: price',
        'ID Produto: sku',
        'ID Subcategoria: other',
      ]);
      expect(file.columns[5]!.sample).toBe('');
      expect(file.columns[6]!.sample).toBe('20,96');
      expect(file.notes).toEqual({ products: 1690 });
      const { db } = await testDatabase();
      const stored = await db
        .select({ content: passages.content, facts: passages.facts })
        .from(passages)
        .where(eq(passages.fileId, file.id))
        .orderBy(asc(passages.position));
      expect(stored.filter((passage) => passage.content.includes('Custo'))).toEqual([]);
      expect(stored[0]!.facts).toMatchObject({
        kind: 'product',
        name: 'Contoso Wireless Laser Mouse E50 Grey',
        priceMinor: 2096,
        currency: 'BRL',
      });
    },
    LONG,
  );

  test(
    'the Windows-1252 and the UTF-8 Contoso CSVs give the same passages',
    async () => {
      const [utf8, cp1252] = await Promise.all(
        ['csv/contoso_cadastro_produtos_utf8.csv', 'csv/contoso_cadastro_produtos_cp1252.csv'].map(async (file) => {
          const { id } = await client.settled(owner, baseId, uploads.get(file)!.id, LONG - 10_000);
          return (await passagesOf(id)).map(({ source, content }) => ({ source, content }));
        }),
      );
      expect(cp1252).toHaveLength(1690);
      expect(cp1252).toEqual(utf8);
      // The characters Windows-1252 and UTF-8 encode differently came through.
      expect(utf8!.map((passage) => passage.content).join('\n')).toMatch(/[–’”]/);
    },
    LONG,
  );

  test(
    'the PDF gives passages on each of its 8 pages, and the file list shows every status',
    async () => {
      const pdf = await client.settled(
        owner,
        baseId,
        uploads.get('pdf/diario_oficial_pratania_sp_2020-10-26_ed136_pt.pdf')!.id,
        LONG - 10_000,
      );
      const sources = new Set((await passagesOf(pdf.id)).map((passage) => passage.source));
      expect(sources).toEqual(new Set(Array.from({ length: 8 }, (_, page) => `page ${page + 1}`)));

      for (const { id } of uploads.values()) await client.settled(owner, baseId, id, LONG - 10_000);
      const list = await client.api(owner, 'GET', `/ai-bases/${baseId}/files`);
      expect(list.status).toBe(200);
      const files = (list.body as { files: KnowledgeFile[] }).files;
      expect(files.map((file) => file.id)).toEqual([...uploads.values()].map((file) => file.id));
      expect(
        files
          .filter((file) => file.status === 'failed')
          .map((file) => file.failureReason)
          .sort(),
      ).toEqual(['corrupt_pdf', 'encrypted_pdf', 'encrypted_sheet', 'no_text_layer']);
    },
    LONG,
  );

  test(
    'search finds a product by a Portuguese word in another inflected form, ranked, with its source',
    async () => {
      await client.settled(owner, baseId, uploads.get('csv/contoso_cadastro_produtos_utf8.csv')!.id, LONG - 10_000);
      // The catalog says "Econômico"; the customer writes the plural feminine.
      const answer = await client.api(owner, 'GET', `/ai-bases/${baseId}/passages?q=${encodeURIComponent('econômicas')}&limit=5&match=all`);
      expect(answer.status, answer.text).toBe(200);
      const found = (answer.body as { passages: { content: string; source: string; fileName: string; rank: number }[] }).passages;
      expect(found).toHaveLength(5);
      for (const passage of found) {
        expect(passage.content).toContain('Econômico');
        expect(passage.source).toMatch(/^row \d+$/);
        expect(passage.fileName).toMatch(/^contoso_cadastro_produtos_(utf8|cp1252)\.csv$/);
      }
      const ranks = found.map((passage) => passage.rank);
      expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    },
    LONG,
  );
});
