// The server process refuses what would be unsafe: production with the Auth emulator, and a
// PGlite directory another process owns.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import { EXIT_UNSAFE_CONFIG, UnsafeConfigError } from '@/server/auth/auth-config';
import { acquireDataDirLock, DataDirLockedError, EXIT_DATA_DIR_LOCKED } from '@/server/db/data-dir-lock';
import { buildApp } from '@/server/app';
import { emulatorHost } from './support/emulator-users';
import { childEnv, runTs } from './support/spawn-node';
import { testDatabase } from './support/test-database';

const scratch = mkdtempSync(join(tmpdir(), 'catalyst-guards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('production with the Auth emulator', () => {
  test('the server process refuses to start, before touching the database', async () => {
    const dataDir = join(scratch, 'production');
    const exit = await runTs(
      'server/main.ts',
      [],
      childEnv({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, DATA_DIR: dataDir, PORT: '0', DIST_DIR: '' }),
    );
    expect(exit.code).toBe(EXIT_UNSAFE_CONFIG);
    expect(exit.stderr).toContain('FIREBASE_AUTH_EMULATOR_HOST');
    expect(existsSync(dataDir)).toBe(false);
  });

  test('buildApp refuses too', async () => {
    await expect(buildApp({ env: { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } })).rejects.toBeInstanceOf(
      UnsafeConfigError,
    );
  });

  test('production without the emulator is not refused', async () => {
    // This process has FIREBASE_AUTH_EMULATOR_HOST set (firebase-admin reads it process-wide), so a child proves it.
    const probe = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./server/auth/auth-config.ts').then((m) => m.assertSafeForProduction({ NODE_ENV: 'production' }))",
      ],
      {
        env: childEnv({ FIREBASE_AUTH_EMULATOR_HOST: '' }) as NodeJS.ProcessEnv,
        encoding: 'utf8',
      },
    );
    expect(probe.status, probe.stderr).toBe(0);
  });
});

describe('one owner per PGlite directory', () => {
  test('a second server on the same DATA_DIR refuses with the owner and exit code 75', async () => {
    // The run's own database owns its directory when it is PGlite; on PostgreSQL, own one here.
    const database = await testDatabase();
    const dataDir = database.dataDir ?? join(scratch, 'owned');
    const lock = database.dataDir ? null : await acquireDataDirLock(dataDir, 'server tests');
    try {
      const exit = await runTs(
        'server/main.ts',
        [],
        childEnv({ DATA_DIR: dataDir, PORT: '0', DIST_DIR: '', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }),
      );
      expect(exit.code).toBe(EXIT_DATA_DIR_LOCKED);
      expect(exit.stderr).toContain(`in use by process ${process.pid}`);
      expect(exit.stderr).toContain('DATABASE_URL');
    } finally {
      lock?.release();
    }
    // And the owner's lock is still in place.
    if (database.dataDir) expect(JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).pid).toBe(process.pid);
  });

  test('a second opener in the same process is refused too', async () => {
    const dir = join(scratch, 'same-process');
    const lock = await acquireDataDirLock(dir, 'first');
    await expect(acquireDataDirLock(dir, 'second')).rejects.toBeInstanceOf(DataDirLockedError);
    lock.release();
    (await acquireDataDirLock(dir, 'after release')).release();
  });

  test("a dead owner's lock is taken over", async () => {
    const dir = join(scratch, 'stale');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'pglite.lock'),
      JSON.stringify({ pid: deadPid(), startTime: null, host: hostname(), purpose: 'crashed server', since: '2020-01-01T00:00:00.000Z' }),
    );

    const lock = await acquireDataDirLock(dir, 'successor');

    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  test('a lock whose pid now belongs to another program is stale', async () => {
    const dir = join(scratch, 'reused-pid');
    mkdirSync(dir, { recursive: true });
    // Our own pid, but a start time that is not ours: the pid was reused after the owner died.
    writeFileSync(
      join(dir, 'pglite.lock'),
      JSON.stringify({ pid: process.pid, startTime: '1', host: hostname(), purpose: 'old server', since: '2020-01-01T00:00:00.000Z' }),
    );
    const lock = await acquireDataDirLock(dir, 'successor');
    lock.release();
  });

  test.each(['free', 'stale'])('many starters racing for a %s directory: exactly one wins', async (state) => {
    const dir = join(scratch, `race-${state}`);
    mkdirSync(dir, { recursive: true });
    if (state === 'stale')
      writeFileSync(
        join(dir, 'pglite.lock'),
        JSON.stringify({ pid: deadPid(), startTime: null, host: hostname(), purpose: 'crashed', since: '2020-01-01T00:00:00.000Z' }),
      );
    // The winner holds the lock until every loser has answered (then the test writes `done`).
    const done = join(dir, 'done');
    const script = `import('./server/db/data-dir-lock.ts').then(async (m) => { try { await m.acquireDataDirLock(${JSON.stringify(dir)}, 'racer'); console.log('won'); const fs = await import('node:fs'); for (let i = 0; i < 600 && !fs.existsSync(${JSON.stringify(done)}); i++) await new Promise((r) => setTimeout(r, 50)); } catch (e) { if (e instanceof m.DataDirLockedError) console.log('refused'); else throw e; } })`;
    let settled = 0;
    const racers = Array.from({ length: 6 }, () => runTs('-e', [script], childEnv({})).finally(() => void settled++));
    while (settled < 5) await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(done, '');
    const results = await Promise.all(racers);
    const outcomes = results.map((result) => result.stdout.trim() || result.stderr);
    expect(
      outcomes.filter((outcome) => outcome === 'won'),
      outcomes.join('\n'),
    ).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(5);
  });
});

function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());
}
