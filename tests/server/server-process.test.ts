// The server as deployed: the bundle of scripts/build-server.ts run by plain node. Starts on a
// fresh database (the migrations found beside it), serves, reads a CSV, a workbook and a PDF in
// its extraction threads (their entry and readers found beside it too), and on SIGTERM closes and
// frees its PGlite directory for the next owner.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import * as XLSX from 'xlsx';
import { generatePdf } from '@/scripts/bench-ingest-files';
import { buildScratchServer } from '@/scripts/build-server';
import { createUser, emulatorHost } from './support/emulator-users';
import { knowledgeClient } from './support/knowledge-uploads';
import { childEnv } from './support/spawn-node';

const scratch = mkdtempSync(join(tmpdir(), 'catalyst-main-'));
let main: string;
// Vitest's worker may end without an `exit` event: the bundle goes with the scratch directory.
afterAll(() => [scratch, dirname(main)].forEach((dir) => rmSync(dir, { recursive: true, force: true })));
beforeAll(async () => {
  main = await buildScratchServer('server-process');
});

/** One GET on a connection of its own: no keep-alive socket to this short-lived server stays in fetch's pool. */
function get(url: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end();
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test('starts on a fresh database, answers /me, reads knowledge files, and frees its DATA_DIR on SIGTERM', async () => {
  const dataDir = join(scratch, 'data');
  const port = await freePort();
  const database = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: dataDir };
  const child = spawn(process.execPath, [main], {
    env: childEnv({
      ...database,
      ...inject('objectStoreEnv'),
      PORT: String(port),
      DIST_DIR: '',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    }) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while ((await get(`${url}/readyz`)).status !== 200) {
      expect(child.exitCode, stderr).toBeNull();
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!process.env.DATABASE_URL) expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);

    const user = await createUser('main');
    const me = await get(`${url}/api/v1/me`, user.idToken);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ uid: user.uid, plan: 'basic' });

    const { createBase, uploaded, settled } = knowledgeClient(() => url);
    const base = await createBase(user);
    const pdfPath = join(scratch, 'catalogo.pdf');
    await generatePdf(pdfPath, 2, { imageBytes: 1024 });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Pergunta', 'Resposta'],
        ['Entregam em Recife?', 'Sim, em até 5 dias úteis.'],
      ]),
      'FAQ',
    );
    const files = [
      { name: 'faq.csv', bytes: 'Pergunta;Resposta\nTem frete grátis?;Acima de R$ 200,00.\n', passages: 1 },
      { name: 'faq.xlsx', bytes: new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer), passages: 1 },
      { name: 'catalogo.pdf', bytes: new Uint8Array(readFileSync(pdfPath)), passages: expect.any(Number) },
    ];
    for (const file of files) {
      const created = await uploaded(user, base.id, file.name, file.bytes);
      expect(await settled(user, base.id, created.id, 60_000), file.name).toMatchObject({ status: 'ready', passageCount: file.passages });
    }
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
}, 120_000);
