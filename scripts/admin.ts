// `npm run admin -- <command>`: accounts and plans by hand (see server/admin/admin-commands.ts).
// It opens the database itself: PostgreSQL (DATABASE_URL) is shared with running servers, but a
// PGlite directory has one owner, so with a server running on DATA_DIR it refuses and says so.
import { writeFile } from 'node:fs/promises';
import type { Auth } from 'firebase-admin/auth';
import { accountStore } from '../server/accounts/account-store';
import { leadRequestStore } from '../server/leads/lead-request-store';
import { adminUsage, AdminError, parseAdminCommand, UsageError } from '../server/admin/admin-commands';
import { UnsafeConfigError } from '../server/auth/auth-config';
import { parseConfig, type Config } from '../server/config';
import { firebaseAdminAuth } from '../server/auth/firebase-admin-auth';
import { DataDirLockedError, EXIT_DATA_DIR_LOCKED } from '../server/db/data-dir-lock';
import { openDatabase, type Database } from '../server/db/database';

const env = process.env;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

let command: ReturnType<typeof parseAdminCommand>;
try {
  if (process.argv.length <= 2 || ['help', '--help', '-h'].includes(process.argv[2]!)) {
    console.log(adminUsage);
    process.exit(process.argv.length <= 2 ? 2 : 0);
  }
  command = parseAdminCommand(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) fail(`${error.message}\n\n${adminUsage}`, 2);
  throw error;
}

if (command.firebase && !env.FIREBASE_AUTH_EMULATOR_HOST && !env.GOOGLE_APPLICATION_CREDENTIALS) {
  fail(
    'Which Firebase? Set FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 for the Auth emulator, or ' +
      'GOOGLE_APPLICATION_CREDENTIALS=<service account JSON file> and FIREBASE_PROJECT_ID for a real project.',
    2,
  );
}

let auth: Auth | undefined;
let config: Config;
try {
  config = parseConfig(env);
  if (command.firebase) auth = firebaseAdminAuth(config.auth);
} catch (error) {
  if (error instanceof UnsafeConfigError) fail(error.message, 78);
  throw error;
}

let database: Database;
try {
  database = await openDatabase(config.database, `admin CLI ${command.name}`);
} catch (error) {
  if (error instanceof DataDirLockedError)
    fail(`${error.message}\n(The admin CLI cannot share a PGlite directory with a running server.)`, EXIT_DATA_DIR_LOCKED);
  throw error;
}

let exitCode = 0;
try {
  await command.run({
    accounts: accountStore(database.db),
    leads: leadRequestStore(database.db),
    auth: () => {
      if (!auth) throw new Error(`${command.name} was not expected to need Firebase`);
      return auth;
    },
    out: (line) => console.log(line),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
  });
} catch (error) {
  if (!(error instanceof AdminError)) throw error;
  console.error(error.message);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
