// /api/v1/ai-bases/:id/files over real HTTP: uploads streamed to disk under a server-made path,
// refused by extension, content, size (413, nothing left on disk) and the plan's trainings;
// statuses; deletion with the stored bytes; search in the base's language; the template.
import { text } from 'node:stream/consumers';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { knowledgeFileSchema, MAX_KNOWLEDGE_FILE_BYTES, type KnowledgeFile } from '@/domain/knowledge';
import { knowledgeFiles, passages } from '@/server/knowledge/knowledge-tables';
import { TRAININGS_LIMIT_MESSAGE } from '@/server/routes/knowledge-file-routes';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient, scratchDataDir, storedUploads, testObjectStore } from './support/knowledge-uploads';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
const data = scratchDataDir('knowledge-files');
const { api, merchant, createBase, upload, uploaded, settled } = knowledgeClient(() => server.url);

beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: data.dir }, workers: true });
});
afterAll(async () => {
  await server.close();
  data.remove();
});

const faq = [
  'Pergunta;Resposta',
  'Qual o prazo de troca?;Você pode trocar em até 30 dias.',
  'Vocês entregam no sábado?;Sim, entregamos aos sábados.',
].join('\n');
const pdfBytes = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n', 'latin1');

const uploadsOf = async (user: TestUser) => (await storedUploads()).filter((path) => path.startsWith(`${user.uid}/`));

describe('uploading', () => {
  test('a CSV is stored under a server-made path, queued, processed, and counted as a training', async () => {
    const user = await merchant('kf-upload');
    const base = await createBase(user);
    const answer = await upload(user, base.id, '../../etc/passwd faq.csv', faq);
    expect(answer.status, answer.text).toBe(201);
    const file = knowledgeFileSchema.parse(answer.body);
    expect(answer.headers.get('location')).toBe(`/api/v1/ai-bases/${base.id}/files/${file.id}`);
    expect(file).toMatchObject({
      baseId: base.id,
      name: 'passwd faq.csv',
      kind: 'csv',
      sizeBytes: Buffer.byteLength(faq),
      passageCount: 0,
      failureReason: null,
    });
    expect(['uploaded', 'processing', 'ready']).toContain(file.status);

    // The bytes, as sent, in the object store at uploads/<uid>/<base id>/<file id>.
    expect(await uploadsOf(user)).toEqual([join(user.uid, base.id, file.id)]);
    expect(await text((await testObjectStore().read(`uploads/${user.uid}/${base.id}/${file.id}`))!)).toBe(faq);

    const ready = await settled(user, base.id, file.id);
    expect(ready).toMatchObject({ status: 'ready', progress: 100, passageCount: 2 });
    expect((await api(user, 'GET', `/ai-bases/${base.id}/files`)).body).toEqual({ files: [ready] });
    expect((await api(user, 'GET', '/me')).body).toMatchObject({ usage: { trainingsThisMonth: 1 } });
  });

  test('a name with bidirectional controls is stored without them: it reads as it is, never as another', async () => {
    const user = await merchant('kf-bidi');
    const base = await createBase(user);
    // 'report' + U+202E (right-to-left override) + 'vsc.csv' reads on screen as 'reportcsv.csv'.
    const answer = await upload(user, base.id, 'report\u202evsc\u2066.csv', faq);
    expect(answer.status, answer.text).toBe(201);
    const file = knowledgeFileSchema.parse(answer.body);
    expect(file.name).toBe('reportvsc.csv');
    const { db } = await testDatabase();
    const [stored] = await db.select({ name: knowledgeFiles.originalName }).from(knowledgeFiles).where(eq(knowledgeFiles.id, file.id));
    expect(stored).toEqual({ name: 'reportvsc.csv' });
  });

  test('other extensions, renamed files, empty files and forms without a file are refused, nothing stored or counted', async () => {
    const user = await merchant('kf-refused');
    const base = await createBase(user);
    const refusals: [string, string | Uint8Array, number, string][] = [
      ['notes.txt', 'hello', 415, 'unsupported_type'],
      ['catalog.docx', 'PK\x03\x04', 415, 'unsupported_type'],
      ['no-extension', faq, 415, 'unsupported_type'],
      // Spoofed: the content is not what the name says.
      ['report.pdf', faq, 415, 'type_mismatch'],
      ['catalog.csv', pdfBytes, 415, 'type_mismatch'],
      ['catalog.xlsx', pdfBytes, 415, 'type_mismatch'],
      ['catalog.xls', Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1'), 415, 'type_mismatch'],
      ['setup.csv', Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]), 415, 'type_mismatch'],
      ['empty.csv', '', 400, 'empty_file'],
    ];
    for (const [name, bytes, status, code] of refusals) {
      const answer = await upload(user, base.id, name, bytes);
      expect(answer.status, `${name}: ${answer.text}`).toBe(status);
      expect(errorOf(answer).code, name).toBe(code);
    }
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const withoutFile = await fetch(`${server.url}/api/v1/ai-bases/${base.id}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}` },
      body: noFile,
    });
    expect(withoutFile.status).toBe(400);
    expect(((await withoutFile.json()) as { error: { code: string } }).error.code).toBe('no_file');
    const json = await api(user, 'POST', `/ai-bases/${base.id}/files`, { file: 'faq.csv' });
    expect(json.status).toBe(415);

    expect(await uploadsOf(user)).toEqual([]);
    expect((await api(user, 'GET', `/ai-bases/${base.id}/files`)).body).toEqual({ files: [] });
    expect((await api(user, 'GET', '/me')).body).toMatchObject({ usage: { trainingsThisMonth: 0 } });
  });

  test('a file over 100 MB streams in, gets 413 `too_large`, and leaves no partial file behind', async () => {
    const user = await merchant('kf-too-large');
    const base = await createBase(user);
    const boundary = '----catalyst-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="huge.csv"\r\ncontent-type: text/csv\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 'a;b\n');
    let remaining = MAX_KNOWLEDGE_FILE_BYTES + 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (remaining <= 0) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        const size = Math.min(remaining, chunk.length);
        controller.enqueue(chunk.subarray(0, size));
        remaining -= size;
      },
    });
    const response = await fetch(`${server.url}/api/v1/ai-bases/${base.id}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('too_large');
    expect(await uploadsOf(user)).toEqual([]);
    expect((await api(user, 'GET', `/ai-bases/${base.id}/files`)).body).toEqual({ files: [] });
    expect((await api(user, 'GET', '/me')).body).toMatchObject({ usage: { trainingsThisMonth: 0 } });
  }, 120_000);

  /** Saves step 2: the training its uploads were part of is over. */
  async function finishTraining(user: TestUser, baseId: string) {
    const { body } = await api(user, 'GET', `/ai-bases/${baseId}`);
    expect(
      (await api(user, 'PUT', `/ai-bases/${baseId}/knowledge`, { expectedVersion: (body as { version: number }).version })).status,
    ).toBe(200);
  }

  test('the files uploaded together, until step 2 is saved, are one training', async () => {
    const user = await merchant('kf-trainings', 'basic'); // 2 trainings a month
    const base = await createBase(user);
    await uploaded(user, base.id, 'first.csv', faq);
    await uploaded(user, base.id, 'second.csv', faq);
    expect((await api(user, 'GET', '/me')).body).toMatchObject({ usage: { trainingsThisMonth: 1 } });
    await finishTraining(user, base.id);
    // Uploads racing each other start one training between them.
    const together = await Promise.all([1, 2, 3].map((n) => upload(user, base.id, `together-${n}.csv`, faq)));
    expect(together.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect((await api(user, 'GET', '/me')).body).toMatchObject({ usage: { trainingsThisMonth: 2 } });
    // The month's last training is open: a later file still joins it.
    expect((await upload(user, base.id, 'joins.csv', faq)).status).toBe(201);
    await finishTraining(user, base.id);
    const refused = await upload(user, base.id, 'later.csv', faq);
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'plan_limit', message: TRAININGS_LIMIT_MESSAGE });
    expect(((await api(user, 'GET', `/ai-bases/${base.id}/files`)).body as { files: unknown[] }).files).toHaveLength(6);
    expect(await uploadsOf(user)).toHaveLength(6);
    expect((await api(user, 'GET', '/me')).body).toMatchObject({ usage: { trainingsThisMonth: 2 } });
  });

  test("past the plan's trainings this month: 403 `plan_limit`, also when two bases race for the last one", async () => {
    const user = await merchant('kf-trainings-race', 'start'); // 4 trainings a month, 2 bases
    const [first, second] = [await createBase(user, { name: 'First' }), await createBase(user, { name: 'Second' })];
    for (let training = 1; training <= 3; training++) {
      await uploaded(user, first.id, `round-${training}.csv`, faq);
      await finishTraining(user, first.id);
    }
    const race = await Promise.all([first, second].map((base) => upload(user, base.id, 'race.csv', faq)));
    expect(race.map((answer) => answer.status).sort()).toEqual([201, 403]);
    expect(errorOf(race.find((answer) => answer.status === 403)!)).toEqual({ code: 'plan_limit', message: TRAININGS_LIMIT_MESSAGE });
    expect(await uploadsOf(user)).toHaveLength(4);
    expect((await api(user, 'GET', '/me')).body).toMatchObject({ usage: { trainingsThisMonth: 4 } });
  });
});

describe('files of other accounts and deletion', () => {
  test("another account's base or file is a 404, also combined with an id of one's own", async () => {
    const [alice, bob] = await Promise.all([merchant('kf-alice'), merchant('kf-bob')]);
    const [aliceBase, bobBase] = await Promise.all([createBase(alice), createBase(bob)]);
    const file = await settled(alice, aliceBase.id, (await uploaded(alice, aliceBase.id, 'faq.csv', faq)).id);
    for (const [method, path] of [
      ['GET', `/ai-bases/${aliceBase.id}/files`],
      ['GET', `/ai-bases/${aliceBase.id}/files/${file.id}`],
      ['GET', `/ai-bases/${bobBase.id}/files/${file.id}`],
      ['DELETE', `/ai-bases/${aliceBase.id}/files/${file.id}`],
      ['DELETE', `/ai-bases/${bobBase.id}/files/${file.id}`],
      ['GET', `/ai-bases/${aliceBase.id}/passages?q=troca`],
    ] as const) {
      const answer = await api(bob, method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.text).not.toContain('troca');
    }
    expect((await upload(bob, aliceBase.id, 'mine.csv', faq)).status).toBe(404);
    expect(await settled(alice, aliceBase.id, file.id)).toEqual(file);
    expect(await uploadsOf(bob)).toEqual([]);
  });

  test('deleting a file removes it, its passages and its bytes; deleting the base removes the rest from disk', async () => {
    const user = await merchant('kf-delete');
    const base = await createBase(user);
    const kept = await settled(user, base.id, (await uploaded(user, base.id, 'kept.csv', faq)).id);
    const gone = await settled(user, base.id, (await uploaded(user, base.id, 'gone.csv', faq)).id);
    expect(await uploadsOf(user)).toHaveLength(2);

    expect((await api(user, 'DELETE', `/ai-bases/${base.id}/files/${gone.id}`)).status).toBe(204);
    expect((await api(user, 'DELETE', `/ai-bases/${base.id}/files/${gone.id}`)).status).toBe(404);
    expect((await api(user, 'GET', `/ai-bases/${base.id}/files`)).body).toEqual({ files: [kept] });
    expect(await uploadsOf(user)).toEqual([join(user.uid, base.id, kept.id)]);
    const { db } = await testDatabase();
    expect(await db.select().from(passages).where(eq(passages.fileId, gone.id))).toEqual([]);
    expect(await db.select().from(passages).where(eq(passages.fileId, kept.id))).toHaveLength(2);

    // The base's deletion cascades in the database; a queued job removes the bytes.
    expect((await api(user, 'DELETE', `/ai-bases/${base.id}`)).status).toBe(204);
    await expect.poll(() => uploadsOf(user), { timeout: 15_000 }).toEqual([]);
    expect(await db.select().from(passages).where(eq(passages.baseId, base.id))).toEqual([]);
  });

  test('a file deleted while it is processed stops quietly, and the queue goes on', async () => {
    const user = await merchant('kf-delete-busy');
    const base = await createBase(user);
    const rows = Array.from({ length: 60_000 }, (_, n) => `Produto ${n};Descrição do produto número ${n};${n},99`);
    const big = await uploaded(user, base.id, 'big.csv', ['Produto;Descrição;Preço', ...rows].join('\n'));
    await expect
      .poll(async () => knowledgeFileSchema.parse((await api(user, 'GET', `/ai-bases/${base.id}/files/${big.id}`)).body).status, {
        timeout: 60_000,
      })
      .toBe('processing');
    expect((await api(user, 'DELETE', `/ai-bases/${base.id}/files/${big.id}`)).status).toBe(204);
    const next = await uploaded(user, base.id, 'next.csv', faq);
    expect(await settled(user, base.id, next.id)).toMatchObject({ status: 'ready', passageCount: 2 });
    const { db } = await testDatabase();
    expect(await db.select({ id: passages.id }).from(passages).where(eq(passages.fileId, big.id))).toEqual([]);
    await expect.poll(() => uploadsOf(user), { timeout: 15_000 }).toEqual([join(user.uid, base.id, next.id)]);
  }, 120_000);
});

describe("a table file's column roles", () => {
  const catalog = ['Produto;Custo;Preço;Cor', 'Vaso Fosco;94,39;200,32;Branco', 'Cesto de Palha;109,00;214,38;Natural'].join('\n');

  test('guessed at import, changed by the merchant: the file is read again with them, no training counted', async () => {
    const user = await merchant('kf-columns');
    const base = await createBase(user);
    const file = await settled(user, base.id, (await uploaded(user, base.id, 'catalogo.csv', catalog)).id);
    expect(file.columns.map(({ header, role, sample }) => [header, role, sample])).toEqual([
      ['Produto', 'name', 'Vaso Fosco'],
      ['Custo', 'private', ''],
      ['Preço', 'price', '200,32'],
      ['Cor', 'other', 'Branco'],
    ]);
    expect(file.notes).toEqual({ products: 2 });
    const { db } = await testDatabase();
    const contents = async () =>
      (await db.select({ content: passages.content }).from(passages).where(eq(passages.fileId, file.id))).map((p) => p.content);
    expect((await contents()).join('\n')).not.toContain('94,39');

    // The colour never shown, the cost shown after all (the merchant's call).
    const columns = [
      { sheet: null, index: 3, role: 'private' },
      { sheet: null, index: 1, role: 'other' },
    ];
    const answer = await api(user, 'PUT', `/ai-bases/${base.id}/files/${file.id}/columns`, { columns });
    expect(answer.status, answer.text).toBe(200);
    expect(knowledgeFileSchema.parse(answer.body)).toMatchObject({ status: 'uploaded', passageCount: 0 });
    const again = await settled(user, base.id, file.id);
    expect(again.columns.map(({ role, guessed }) => [role, guessed])).toEqual([
      ['name', 'name'],
      ['other', 'private'],
      ['price', 'price'],
      ['private', 'other'],
    ]);
    expect(await contents()).toEqual([
      'Produto: Vaso Fosco\nPreço: 200,32\nCusto: 94,39',
      'Produto: Cesto de Palha\nPreço: 214,38\nCusto: 109,00',
    ]);
    expect((await api(user, 'GET', '/me')).body).toMatchObject({ usage: { trainingsThisMonth: 1 } });
  });

  test("a PDF has no columns; bad roles are a 400; another account's file is a 404", async () => {
    const [alice, bob] = await Promise.all([merchant('kf-columns-alice'), merchant('kf-columns-bob')]);
    const base = await createBase(alice);
    const file = await settled(alice, base.id, (await uploaded(alice, base.id, 'catalogo.csv', catalog)).id);
    const pdf = await uploaded(alice, base.id, 'manual.pdf', pdfBytes);
    const path = (id: string) => `/ai-bases/${base.id}/files/${id}/columns`;
    const one = { columns: [{ sheet: null, index: 0, role: 'private' }] };

    expect(errorOf(await api(alice, 'PUT', path(pdf.id), one)).code).toBe('not_a_table');
    for (const body of [
      { columns: [] },
      { columns: [{ sheet: null, index: 0, role: 'secret' }] },
      { columns: [{ sheet: null, index: -1, role: 'name' }] },
      {},
    ]) {
      const refused = await api(alice, 'PUT', path(file.id), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const foreign = await api(bob, 'PUT', path(file.id), one);
    expect(foreign.status).toBe(404);
    expect(await settled(alice, base.id, file.id)).toEqual(file);
  });
});

describe('searching passages', () => {
  let user: TestUser;
  let baseId: string;
  let file: KnowledgeFile;
  beforeAll(async () => {
    user = await merchant('kf-search');
    baseId = (await createBase(user)).id;
    file = await settled(user, baseId, (await uploaded(user, baseId, 'faq.csv', faq)).id);
  });

  type Found = { passages: { id: string; fileId: string; fileName: string; source: string; content: string; rank: number }[] };

  test('finds by stemmed Portuguese words, any of them by default, all of them with match=all', async () => {
    // Row 3 has two of the words (entreg-, sábad-), row 2 one (troc-): row 3 first.
    const any = (await api(user, 'GET', `/ai-bases/${baseId}/passages?q=${encodeURIComponent('Entregam aos sábados ou só trocas?')}`))
      .body as Found;
    expect(any.passages.map((passage) => passage.source)).toEqual(['row 3', 'row 2']);
    expect(any.passages[1]).toMatchObject({
      fileId: file.id,
      fileName: 'faq.csv',
      content: 'Pergunta: Qual o prazo de troca?\nResposta: Você pode trocar em até 30 dias.',
    });
    expect(any.passages[0]!.rank).toBeGreaterThan(any.passages[1]!.rank);
    const all = (await api(user, 'GET', `/ai-bases/${baseId}/passages?q=${encodeURIComponent('trocas sábados')}&match=all`)).body as Found;
    expect(all.passages).toEqual([]);
    const one = (await api(user, 'GET', `/ai-bases/${baseId}/passages?q=entregam&limit=1&match=all`)).body as Found;
    expect(one.passages.map((passage) => passage.source)).toEqual(['row 3']);
    // Only stop words: nothing to look for, no error.
    expect((await api(user, 'GET', `/ai-bases/${baseId}/passages?q=${encodeURIComponent('de o a')}`)).body).toEqual({ passages: [] });
  });

  test('bad queries are 400', async () => {
    for (const query of ['', '?q=', '?q=x&limit=0', '?q=x&limit=51', '?q=x&match=some', '?q=x&other=1']) {
      expect((await api(user, 'GET', `/ai-bases/${baseId}/passages${query}`)).status, query).toBe(400);
    }
  });

  test("the passages follow the base's language when it changes", async () => {
    const other = await createBase(user, { language: 'en_us', name: 'English store' });
    const english = await settled(
      user,
      other.id,
      (await uploaded(user, other.id, 'shoes.csv', 'Product,Details\nTrail shoes,Made for running on rocky paths\n')).id,
    );
    const search = (q: string) =>
      api(user, 'GET', `/ai-bases/${other.id}/passages?q=${q}&match=all`).then((answer) => (answer.body as Found).passages.length);
    expect(await search('runs')).toBe(1); // English stemming: run
    const { db } = await testDatabase();
    const languages = async () =>
      (await db.select({ language: passages.language }).from(passages).where(eq(passages.fileId, english.id))).map((row) => row.language);
    expect(await languages()).toEqual(['english']);
    const { name: _name, function: fn, voiceTone, personalized, instructions, expectedInputs } = other;
    const saved = await api(user, 'PUT', `/ai-bases/${other.id}/instructions`, {
      name: 'Loja',
      function: fn,
      language: 'es',
      voiceTone,
      personalized,
      instructions,
      expectedInputs,
      expectedVersion: other.version,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await languages()).toEqual(['spanish']);
  });
});

describe('the reference model', () => {
  test('downloads without a token, in each language, as a workbook whose rows import as passages', async () => {
    for (const [lang, header] of [
      ['en', 'Question'],
      ['pt', 'Pergunta'],
      ['es', 'Pregunta'],
    ] as const) {
      const response = await fetch(`${server.url}/api/v1/knowledge-template.xlsx?lang=${lang}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="catalyst-knowledge-base-${lang}.xlsx"`);
      const workbook = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer' });
      expect(workbook.SheetNames).toHaveLength(2);
      const rows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1 });
      expect(rows[0]).toContain(header);
    }
    expect((await call(`${server.url}/api/v1/knowledge-template.xlsx`)).status).toBe(200); // en
    expect((await call(`${server.url}/api/v1/knowledge-template.xlsx?lang=fr`)).status).toBe(400);

    const user = await merchant('kf-template');
    const base = await createBase(user);
    const template = Buffer.from(await (await fetch(`${server.url}/api/v1/knowledge-template.xlsx?lang=pt`)).arrayBuffer());
    const file = await settled(user, base.id, (await uploaded(user, base.id, 'modelo.xlsx', template)).id);
    expect(file).toMatchObject({ status: 'ready', passageCount: 3 });
  });
});
