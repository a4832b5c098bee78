// The admin CLI's commands (`npm run admin -- <command>`), apart from process concerns so
// tests can run them against the test database and the Auth emulator.
import { parseArgs } from 'node:util';
import type { Auth } from 'firebase-admin/auth';
import { isPlanId, planIds, type PlanId } from '@/domain/plans';
import { leadRequestKinds, type LeadRequestKind } from '@/domain/lead-requests';
import type { AccountStore } from '../accounts/account-store';
import { leadRequestsCsv } from '../leads/lead-request-csv';
import type { LeadRequestFilter, LeadRequestStore } from '../leads/lead-request-store';

export const adminUsage = `Usage: npm run admin -- <command> [options]

  create-account --email E --password P [--plan ${planIds[0]}]
                 creates the Firebase user and its account
  set-plan --email E --plan P
                 changes the plan of the account of that Firebase user (creates the account if missing)
  list-accounts  prints every account: email, uid, plan, created
  grant-admin --email E / revoke-admin --email E
                 lets that Firebase user read the landing page's requests through the API
                 (the \`admin\` custom claim; it takes effect at the user's next sign-in)
  list-requests [--kind contact|material] [--since YYYY-MM-DD]
                 prints the landing page's contact and material requests, oldest first
  export-requests [--kind contact|material] [--since YYYY-MM-DD] [--out FILE]
                 the same as CSV (UTF-8, a header row), to FILE or to standard output

Plans: ${planIds.join(', ')}.
Firebase: FIREBASE_AUTH_EMULATOR_HOST for the emulator, or GOOGLE_APPLICATION_CREDENTIALS (a service
account JSON file) and FIREBASE_PROJECT_ID for a real project. Database: DATABASE_URL, else PGlite in
DATA_DIR (default .data), which must not be open in a running server.`;

/** A mistake in the command line: usage is printed, exit code 2. */
export class UsageError extends Error {}
/** The command could not be done (duplicate, unknown user): exit code 1. */
export class AdminError extends Error {}

/** `auth` is asked for only by the commands that talk to Firebase. */
export type AdminDeps = {
  accounts: AccountStore;
  leads: LeadRequestStore;
  auth: () => Auth;
  out: (line: string) => void;
  writeFile: (path: string, text: string) => Promise<void>;
};

type Command = {
  name: string;
  /** Talks to Firebase (needs FIREBASE_AUTH_EMULATOR_HOST or credentials). */
  firebase: boolean;
  options: Record<string, { type: 'string' }>;
  required: string[];
  run: (values: Record<string, string | undefined>, deps: AdminDeps) => Promise<void>;
};

const commands: Command[] = [
  {
    name: 'create-account',
    options: { email: { type: 'string' }, password: { type: 'string' }, plan: { type: 'string' } },
    required: ['email', 'password'],
    firebase: true,
    run: async ({ email, password, plan }, { accounts, auth, out }) => {
      const planId = parsePlan(plan ?? planIds[0]);
      const uid = await firebaseCall(() => auth().createUser({ email: email!, password: password! }), email!).then((user) => user.uid);
      const account = await accounts.upsertPlan(uid, email!, planId).catch((error: unknown) => {
        throw new AdminError(
          `The Firebase user ${email} (uid ${uid}) was created, but not its account: ${String(error)}. Run set-plan to finish.`,
        );
      });
      out(`Created ${email} (uid ${uid}) on the ${account.plan} plan.`);
    },
  },
  {
    name: 'set-plan',
    options: { email: { type: 'string' }, plan: { type: 'string' } },
    required: ['email', 'plan'],
    firebase: true,
    run: async ({ email, plan }, { accounts, auth, out }) => {
      const planId = parsePlan(plan!);
      const user = await firebaseCall(() => auth().getUserByEmail(email!), email!);
      const before = await accounts.find(user.uid);
      await accounts.upsertPlan(user.uid, user.email ?? email!, planId);
      out(
        before
          ? `${email} (uid ${user.uid}): ${before.plan} -> ${planId}.`
          : `${email} (uid ${user.uid}): account created on the ${planId} plan.`,
      );
    },
  },
  {
    name: 'list-accounts',
    options: {},
    required: [],
    firebase: false,
    run: async (_values, { accounts, out }) => {
      const rows = await accounts.list();
      if (rows.length === 0) return out('No accounts yet.');
      const table = [
        ['email', 'uid', 'plan', 'created'],
        ...rows.map((a) => [a.email ?? '-', a.uid, a.plan, a.createdAt.toISOString().slice(0, 16).replace('T', ' ')]),
      ];
      printTable(table, out);
    },
  },
  ...(['grant-admin', 'revoke-admin'] as const).map((name): Command => ({
    name,
    options: { email: { type: 'string' } },
    required: ['email'],
    firebase: true,
    run: async ({ email }, { auth, out }) => {
      const user = await firebaseCall(() => auth().getUserByEmail(email!), email!);
      const admin = name === 'grant-admin';
      await auth().setCustomUserClaims(user.uid, { ...user.customClaims, admin });
      out(
        admin
          ? `${email} (uid ${user.uid}) may now read the requests (from their next sign-in).`
          : `${email} (uid ${user.uid}) may no longer read the requests (tokens already issued keep the claim for up to an hour).`,
      );
    },
  })),
  {
    name: 'list-requests',
    options: { kind: { type: 'string' }, since: { type: 'string' } },
    required: [],
    firebase: false,
    run: async (values, { leads, out }) => {
      const rows = await leads.list(parseFilter(values));
      if (rows.length === 0) return out('No requests yet.');
      const yesNo = (value: boolean) => (value ? 'yes' : 'no');
      printTable(
        [
          ['received', 'kind', 'name', 'email', 'phone', 'position', 'website', 'platform', 'locale', 'whatsapp', 'times'],
          ...rows.map((r) => [
            r.createdAt.slice(0, 16).replace('T', ' '),
            r.kind,
            r.name,
            r.email,
            r.phone,
            r.position,
            r.website,
            r.platform,
            r.locale,
            yesNo(r.whatsappConsent),
            String(r.submissions),
          ]),
        ],
        out,
      );
      out(`${rows.length} request${rows.length === 1 ? '' : 's'}.`);
    },
  },
  {
    name: 'export-requests',
    options: { kind: { type: 'string' }, since: { type: 'string' }, out: { type: 'string' } },
    required: [],
    firebase: false,
    run: async (values, { leads, out, writeFile }) => {
      const rows = await leads.list(parseFilter(values));
      const csv = leadRequestsCsv(rows);
      if (!values.out) return out(csv.trimEnd());
      await writeFile(values.out, csv);
      out(`Wrote ${rows.length} request${rows.length === 1 ? '' : 's'} to ${values.out}.`);
    },
  },
];

function printTable(table: string[][], out: (line: string) => void) {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  for (const row of table)
    out(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}

function parseFilter({ kind, since }: Record<string, string | undefined>): LeadRequestFilter {
  if (kind !== undefined && !(leadRequestKinds as readonly string[]).includes(kind))
    throw new UsageError(`Unknown kind "${kind}". Kinds: ${leadRequestKinds.join(', ')}.`);
  let sinceDate: Date | undefined;
  if (since !== undefined) {
    sinceDate = new Date(`${since}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(sinceDate.getTime()))
      throw new UsageError(`--since wants a date as YYYY-MM-DD (UTC), not "${since}".`);
  }
  return { kind: kind as LeadRequestKind | undefined, since: sinceDate };
}

/** Parses the command line; throws UsageError before anything touches Firebase or the database. */
export function parseAdminCommand(argv: string[]) {
  const [name, ...rest] = argv;
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) throw new UsageError(name ? `Unknown command "${name}".` : 'No command given.');
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | undefined
    >;
  } catch (error) {
    throw new UsageError(`${command.name}: ${(error as Error).message}`);
  }
  const missing = command.required.filter((option) => !values[option]);
  if (missing.length > 0) throw new UsageError(`${command.name} needs ${missing.map((option) => `--${option}`).join(' and ')}.`);
  if (values.plan !== undefined) parsePlan(values.plan);
  if (values.kind !== undefined || values.since !== undefined) parseFilter(values);
  return { name: command.name, firebase: command.firebase, run: (deps: AdminDeps) => command.run(values, deps) };
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
      throw new AdminError(
        `A Firebase user with the email ${email} already exists. To change its plan: set-plan --email ${email} --plan <plan>.`,
      );
    if (code === 'auth/user-not-found') throw new AdminError(`No Firebase user has the email ${email}. Create one with create-account.`);
    if (code === 'auth/invalid-email') throw new AdminError(`"${email}" is not a valid email address.`);
    if (code === 'auth/invalid-password') throw new AdminError(`Firebase refused the password: ${message}`);
    throw new AdminError(`Firebase refused: ${message}${code ? ` (${code})` : ''}`);
  }
}
