// The admin CLI: its commands against the run's database and the Auth emulator, then the real
// process (`scripts/admin.ts`) for exit codes, the database lock and one end-to-end pass.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { accountStore } from '@/server/accounts/account-store';
import { leadRequestStore } from '@/server/leads/lead-request-store';
import { AdminError, parseAdminCommand, UsageError } from '@/server/admin/admin-commands';
import { acquireDataDirLock, EXIT_DATA_DIR_LOCKED } from '@/server/db/data-dir-lock';
import { adminAuth, createUser, emulatorHost, signIn, uniqueEmail } from './support/emulator-users';
import { childEnv, runTs } from './support/spawn-node';
import { testDatabase } from './support/test-database';

const scratch = mkdtempSync(join(tmpdir(), 'catalyst-admin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let lines: string[];
async function admin(...argv: string[]) {
  lines = [];
  const { db } = await testDatabase();
  const accounts = accountStore(db);
  await parseAdminCommand(argv).run({
    accounts,
    leads: leadRequestStore(db),
    auth: adminAuth,
    out: (line) => lines.push(line),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
  });
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

  test('grant-admin sets the admin claim (kept with the others), revoke-admin takes it away', async () => {
    const user = await createUser('admin-staff');
    await adminAuth().setCustomUserClaims(user.uid, { team: 'sales' });
    await admin('grant-admin', '--email', user.email);
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({ team: 'sales', admin: true });
    expect(lines.join('\n')).toContain('may now read the requests');
    await admin('revoke-admin', '--email', user.email);
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({ team: 'sales', admin: false });
  });

  describe('the requests', () => {
    const marker = randomUUID().slice(0, 8);
    const base = {
      name: `=HYPERLINK("http://evil.example","Ana ${marker}")`,
      email: `ana-${marker}@loja.com.br`,
      phone: '+5511987654321',
      position: 'Gerente, "e-commerce"',
      website: 'https://loja.com.br',
      platform: 'vtex' as const,
      privacyConsent: true,
      whatsappConsent: true,
      locale: 'pt' as const,
    };
    beforeAll(async () => {
      const leads = leadRequestStore((await testDatabase()).db);
      await leads.save('contact', base);
      await leads.save('contact', base); // a repeat: one row, counted twice
      await leads.save('material', { ...base, segment: 'fashion', whatsappConsent: false }, new Date('2020-01-02T10:00:00Z'));
    });

    test('list-requests prints them oldest first, filtered by kind and date', async () => {
      await admin('list-requests');
      expect(lines[0]).toMatch(/^received\s+kind\s+name\s+email\s+phone\s+position\s+website\s+platform\s+locale\s+whatsapp\s+times$/);
      const mine = lines.filter((line) => line.includes(base.email));
      expect(mine).toHaveLength(2);
      expect(mine[0]).toMatch(/^2020-01-02 10:00\s+material\s/);
      expect(mine[1]).toMatch(/\scontact\s.*\s+pt\s+yes\s+2$/);

      await admin('list-requests', '--kind', 'material', '--since', '2020-01-02');
      expect(lines.filter((line) => line.includes(base.email))).toHaveLength(1);
      await admin('list-requests', '--since', '2020-01-03');
      expect(lines.filter((line) => line.includes(base.email))).toHaveLength(1); // today's contact only
    });

    test('export-requests writes CSV that a CSV reader reads back, formulas neutralised', async () => {
      const file = join(scratch, 'requests.csv');
      await admin('export-requests', '--kind', 'contact', '--out', file);
      expect(lines.join('\n')).toMatch(/^Wrote \d+ requests? to /);
      const records = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
      const mine = records.filter((record) => record.email === base.email);
      expect(mine).toEqual([
        expect.objectContaining({
          kind: 'contact',
          name: `'${base.name}`,
          phone: '+5511987654321',
          position: 'Gerente, "e-commerce"',
          segment: '',
          locale: 'pt',
          privacyConsent: 'true',
          whatsappConsent: 'true',
          submissions: '2',
        }),
      ]);
      expect(records.every((record) => record.kind === 'contact')).toBe(true);

      await admin('export-requests', '--kind', 'material');
      expect(lines[0]).toMatch(/^id,kind,createdAt,lastSubmittedAt,submissions,name,email,phone,/);
    });
  });

  test.each([
    [[], /No command/],
    [['promote'], /Unknown command "promote"/],
    [['create-account', '--email', 'a@example.com'], /needs --password/],
    [['set-plan', '--email', 'a@example.com'], /needs --plan/],
    [
      ['set-plan', '--email', 'a@example.com', '--plan', 'gold'],
      /Unknown plan "gold". Plans: basic, start, lite, premium_plus, enterprise/,
    ],
    [['list-accounts', '--verbose'], /Unknown option '--verbose'/],
    [['list-requests', '--kind', 'spam'], /Unknown kind "spam". Kinds: contact, material/],
    [['export-requests', '--since', 'yesterday'], /--since wants a date as YYYY-MM-DD/],
    [['grant-admin'], /needs --email/],
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

  test('a command that needs Firebase, without one to talk to, says how to name one', async () => {
    const exit = await runTs(
      'scripts/admin.ts',
      ['set-plan', '--email', 'a@example.com', '--plan', 'lite'],
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

      // Reading the requests needs no Firebase at all.
      const exported = await runTs('scripts/admin.ts', ['export-requests'], env({ ...dbEnv, FIREBASE_AUTH_EMULATOR_HOST: '' }));
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toMatch(/^id,kind,createdAt,/);
    }, 180_000);
  });
});
