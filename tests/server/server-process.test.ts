// `server/main.ts` as deployed: starts on a fresh database (migrations included), serves, and
// on SIGTERM closes and frees its PGlite directory for the next owner.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { request } from 'node:http';
import { afterAll, expect, test } from 'vitest';
import { createUser, emulatorHost } from './support/emulator-users';
import { childEnv } from './support/spawn-node';

const scratch = mkdtempSync(join(tmpdir(), 'catalyst-main-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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

test('starts on a fresh database, answers /me, and frees its DATA_DIR on SIGTERM', async () => {
  const dataDir = join(scratch, 'data');
  const port = await freePort();
  const database = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: dataDir };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: childEnv({ ...database, PORT: String(port), DIST_DIR: '', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }) as NodeJS.ProcessEnv,
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
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
}, 120_000);
