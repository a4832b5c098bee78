// The admin CLI: its commands against the run's database and the Auth emulator, then the real
// process (`scripts/admin.ts`) for exit codes, the database lock and one end-to-end pass.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountStore } from '../../server/accounts/account-store';
import { AdminError, parseAdminCommand, UsageError } from '../../server/admin/admin-commands';
import { acquireDataDirLock, EXIT_DATA_DIR_LOCKED } from '../../server/db/data-dir-lock';
import { adminAuth, createUser, emulatorHost, signIn, uniqueEmail } from './support/emulator-users';
import { childEnv, runTs } from './support/spawn-node';
import { testDatabase } from './support/test-database';

const scratch = mkdtempSync(join(tmpdir(), 'catalyst-admin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let lines: string[];
async function admin(...argv: string[]) {
  lines = [];
  const accounts = accountStore((await testDatabase()).db);
  await parseAdminCommand(argv).run({ accounts, auth: adminAuth(), out: (line) => lines.push(line) });
  return { accounts };
}

describe('commands', () => {
  test('create-account makes a Firebase user that can sign in, and its account on the given plan', async () => {
    const email = uniqueEmail('admin-create');
    const { accounts } = await admin('create-account', '--email', email, '--password', 'long-enough-1', '--plan', 'lite');

    const user = await adminAuth().getUserByEmail(email);
    expect(await accounts.find(user.uid)).toMatchObject({ email, plan: 'lite' });
    expect(await signIn({ email, password: 'long-enough-1' })).toMatch(/\./);
    expect(lines.join('\n')).toContain('lite');
  });

  test('create-account defaults to the basic plan', async () => {
    const email = uniqueEmail('admin-basic');
    const { accounts } = await admin('create-account', '--email', email, '--password', 'long-enough-1');
    expect(await accounts.find((await adminAuth().getUserByEmail(email)).uid)).toMatchObject({ plan: 'basic' });
  });

  test('create-account refuses an email Firebase already has', async () => {
    const existing = await createUser('admin-dup');
    await expect(admin('create-account', '--email', existing.email, '--password', 'long-enough-1')).rejects.toThrow(AdminError);
    await expect(admin('create-account', '--email', existing.email, '--password', 'long-enough-1')).rejects.toThrow(/already exists/);
  });

  test("set-plan changes an account's plan, and creates the account of a user who never called the API", async () => {
    const user = await createUser('admin-set');
    const { accounts } = await admin('set-plan', '--email', user.email, '--plan', 'enterprise');
    expect(await accounts.find(user.uid)).toMatchObject({ plan: 'enterprise', email: user.email });
    await admin('set-plan', '--email', user.email, '--plan', 'start');
    expect(await accounts.find(user.uid)).toMatchObject({ plan: 'start' });
    expect(lines.join('\n')).toContain('enterprise -> start');
  });

  test('set-plan refuses an email no Firebase user has', async () => {
    await expect(admin('set-plan', '--email', uniqueEmail('nobody'), '--plan', 'lite')).rejects.toThrow(/No Firebase user/);
  });

  test('list-accounts prints a table with email, uid, plan and creation time', async () => {
    const user = await createUser('admin-list');
    await admin('set-plan', '--email', user.email, '--plan', 'premium_plus');
    await admin('list-accounts');
    expect(lines[0]).toMatch(/^email\s+uid\s+plan\s+created$/);
    const row = lines.find((line) => line.includes(user.email));
    expect(row).toMatch(new RegExp(`^${user.email}\\s+${user.uid}\\s+premium_plus\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`));
  });

  test.each([
    [[], /No command/],
    [['promote'], /Unknown command "promote"/],
    [['create-account', '--email', 'a@example.com'], /needs --password/],
    [['set-plan', '--email', 'a@example.com'], /needs --plan/],
    [['set-plan', '--email', 'a@example.com', '--plan', 'gold'], /Unknown plan "gold". Plans: basic, start, lite, premium_plus, enterprise/],
    [['list-accounts', '--verbose'], /Unknown option '--verbose'/],
    [['create-account', '--email', 'a@example.com', '--password', 'x', 'extra'], /positional/],
  ])('bad command line %j', (argv, message) => {
    expect(() => parseAdminCommand(argv)).toThrow(UsageError);
    expect(() => parseAdminCommand(argv)).toThrow(message);
  });
});

describe('the process', () => {
  const env = (extra: Record<string, string>) => childEnv({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, ...extra });

  test('usage mistakes exit 2 with the usage', async () => {
    const exit = await runTs(
      'scripts/admin.ts',
      ['set-plan', '--email', 'a@example.com', '--plan', 'gold'],
      env({ DATA_DIR: join(scratch, 'unused') }),
    );
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('Unknown plan "gold"');
    expect(exit.stderr).toContain('Usage: npm run admin');
  });

  test('without a Firebase to talk to it says how to name one', async () => {
    const exit = await runTs(
      'scripts/admin.ts',
      ['list-accounts'],
      childEnv({ FIREBASE_AUTH_EMULATOR_HOST: '', GOOGLE_APPLICATION_CREDENTIALS: '' }),
    );
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('GOOGLE_APPLICATION_CREDENTIALS');
  });

  test('it refuses a PGlite directory a server owns, saying so', async () => {
    const dataDir = join(scratch, 'owned');
    const lock = await acquireDataDirLock(dataDir, 'catalyst server, port 3000');
    try {
      const exit = await runTs('scripts/admin.ts', ['list-accounts'], env({ DATA_DIR: dataDir }));
      expect(exit.code).toBe(EXIT_DATA_DIR_LOCKED);
      expect(exit.stderr).toContain('catalyst server, port 3000');
      expect(exit.stderr).toContain('cannot share a PGlite directory with a running server');
    } finally {
      lock.release();
    }
  });

  describe('end to end on its own database', () => {
    // PostgreSQL when the run has one (shared with the test server), else a fresh PGlite directory.
    let dbEnv: Record<string, string>;
    beforeAll(() => {
      dbEnv = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: join(scratch, 'cli-data') };
    });

    test('create-account, set-plan, list-accounts; a duplicate exits 1', async () => {
      const email = uniqueEmail('admin-e2e');
      const created = await runTs(
        'scripts/admin.ts',
        ['create-account', '--email', email, '--password', 'long-enough-1', '--plan', 'start'],
        env(dbEnv),
        90_000,
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain(`Created ${email}`);

      const duplicate = await runTs('scripts/admin.ts', ['create-account', '--email', email, '--password', 'long-enough-1'], env(dbEnv));
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain('already exists');

      expect((await runTs('scripts/admin.ts', ['set-plan', '--email', email, '--plan', 'lite'], env(dbEnv))).code).toBe(0);
      const listed = await runTs('scripts/admin.ts', ['list-accounts'], env(dbEnv));
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(new RegExp(`${email}\\s+\\S+\\s+lite\\s`));
    }, 180_000);
  });
});
