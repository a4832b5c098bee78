// The admin CLI's commands (`npm run admin -- <command>`), apart from process concerns so
// tests can run them against the test database and the Auth emulator.
import { parseArgs } from 'node:util';
import type { Auth } from 'firebase-admin/auth';
import { isPlanId, planIds, type PlanId } from '../../domain/plans';
import type { AccountStore } from '../accounts/account-store';

export const adminUsage = `Usage: npm run admin -- <command> [options]

  create-account --email E --password P [--plan ${planIds[0]}]
                 creates the Firebase user and its account
  set-plan --email E --plan P
                 changes the plan of the account of that Firebase user (creates the account if missing)
  list-accounts  prints every account: email, uid, plan, created

Plans: ${planIds.join(', ')}.
Firebase: FIREBASE_AUTH_EMULATOR_HOST for the emulator, or GOOGLE_APPLICATION_CREDENTIALS (a service
account JSON file) and FIREBASE_PROJECT_ID for a real project. Database: DATABASE_URL, else PGlite in
DATA_DIR (default .data), which must not be open in a running server.`;

/** A mistake in the command line: usage is printed, exit code 2. */
export class UsageError extends Error {}
/** The command could not be done (duplicate, unknown user): exit code 1. */
export class AdminError extends Error {}

export type AdminDeps = { accounts: AccountStore; auth: Auth; out: (line: string) => void };

type Command = {
  name: string;
  options: Record<string, { type: 'string' }>;
  required: string[];
  run: (values: Record<string, string | undefined>, deps: AdminDeps) => Promise<void>;
};

const commands: Command[] = [
  {
    name: 'create-account',
    options: { email: { type: 'string' }, password: { type: 'string' }, plan: { type: 'string' } },
    required: ['email', 'password'],
    run: async ({ email, password, plan }, { accounts, auth, out }) => {
      const planId = parsePlan(plan ?? planIds[0]);
      const uid = await firebaseCall(() => auth.createUser({ email: email!, password: password! }), email!).then((user) => user.uid);
      const account = await accounts.upsertPlan(uid, email!, planId).catch((error: unknown) => {
        throw new AdminError(`The Firebase user ${email} (uid ${uid}) was created, but not its account: ${String(error)}. Run set-plan to finish.`);
      });
      out(`Created ${email} (uid ${uid}) on the ${account.plan} plan.`);
    },
  },
  {
    name: 'set-plan',
    options: { email: { type: 'string' }, plan: { type: 'string' } },
    required: ['email', 'plan'],
    run: async ({ email, plan }, { accounts, auth, out }) => {
      const planId = parsePlan(plan!);
      const user = await firebaseCall(() => auth.getUserByEmail(email!), email!);
      const before = await accounts.find(user.uid);
      await accounts.upsertPlan(user.uid, user.email ?? email!, planId);
      out(before ? `${email} (uid ${user.uid}): ${before.plan} -> ${planId}.` : `${email} (uid ${user.uid}): account created on the ${planId} plan.`);
    },
  },
  {
    name: 'list-accounts',
    options: {},
    required: [],
    run: async (_values, { accounts, out }) => {
      const rows = await accounts.list();
      if (rows.length === 0) return out('No accounts yet.');
      const table = [
        ['email', 'uid', 'plan', 'created'],
        ...rows.map((a) => [a.email ?? '-', a.uid, a.plan, a.createdAt.toISOString().slice(0, 16).replace('T', ' ')]),
      ];
      const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
      for (const row of table)
        out(
          row
            .map((cell, column) => cell.padEnd(widths[column]!))
            .join('  ')
            .trimEnd(),
        );
    },
  },
];

/** Parses the command line; throws UsageError before anything touches Firebase or the database. */
export function parseAdminCommand(argv: string[]) {
  const [name, ...rest] = argv;
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) throw new UsageError(name ? `Unknown command "${name}".` : 'No command given.');
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError(`${command.name}: ${(error as Error).message}`);
  }
  const missing = command.required.filter((option) => !values[option]);
  if (missing.length > 0) throw new UsageError(`${command.name} needs ${missing.map((option) => `--${option}`).join(' and ')}.`);
  if (values.plan !== undefined) parsePlan(values.plan);
  return { name: command.name, run: (deps: AdminDeps) => command.run(values, deps) };
}

function parsePlan(value: string): PlanId {
  if (!isPlanId(value)) throw new UsageError(`Unknown plan "${value}". Plans: ${planIds.join(', ')}.`);
  return value;
}

/** Firebase's refusals, said plainly. */
async function firebaseCall<T>(call: () => Promise<T>, email: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = (error as Error).message;
    if (code === 'auth/email-already-exists')
      throw new AdminError(`A Firebase user with the email ${email} already exists. To change its plan: set-plan --email ${email} --plan <plan>.`);
    if (code === 'auth/user-not-found') throw new AdminError(`No Firebase user has the email ${email}. Create one with create-account.`);
    if (code === 'auth/invalid-email') throw new AdminError(`"${email}" is not a valid email address.`);
    if (code === 'auth/invalid-password') throw new AdminError(`Firebase refused the password: ${message}`);
    throw new AdminError(`Firebase refused: ${message}${code ? ` (${code})` : ''}`);
  }
}
