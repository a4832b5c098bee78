// The auth-session machine's model-based test through the real UI: the same paths as the
// logic-level test (derived from the production machine), each run in Chromium against the real
// Firebase Auth emulator and API server, checking after every step the transitions the running
// app's machine took and the state they led to (read from <html data-auth-session>), and what the
// merchant sees. Coverage counts only transitions the app was seen taking. Nothing answers in
// Firebase's place: other tabs sign in and out for real, failures come from the emulator (wrong
// password, disabled account), from the network (an unreachable SDK chunk) or from the device
// (localStorage full, storage that refuses to forget the session).
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { allowLinguiMacrosAtRuntime } from '../model/password-model-loader';
import { coverageOf, coveringPaths, describeCoverage, type ModelPath, type ModelStep } from '../model/model-harness';
import {
  createEmulatorUser,
  deleteEmulatorUsers,
  disableEmulatorUser,
  signInThroughUi,
  submitLogin,
  type EmulatorUser,
} from './fixtures/emulator-users';
// Types only: erased, so no runtime import before the shim below.
import type { AuthSessionContext, SessionUser } from '@/machines/auth-session';

// domain/auth's messages are written with Lingui macros: load the machine once the runtime shim is in place.
allowLinguiMacrosAtRuntime();
const { authSessionMachine } = await import('@/machines/auth-session');
const { ALICE, BOB, authSessionStepLabel, authSessionTestModel, signInFailures } = await import('../model/auth-session-model');
const { authErrorMessages } = await import('@/domain/auth');

// The logic-level model, every sample included.
const model = authSessionTestModel();
// The UI runs the few model paths that together reach every state and take every transition the
// whole model does (the logic level runs them all): each UI path costs a browser and an account.
const paths = coveringPaths(authSessionMachine, model);
const passed: ModelPath[] = [];

/** One write of <html data-auth-session>: the state value (as JSON) and the transitions that led there. */
type Recorded = { value: string; taken: string[] };

type World = {
  context: BrowserContext;
  /** The tab under test. */
  page: Page;
  /** Another tab of the same browser profile (Firebase syncs the session between them). */
  other: Page | null;
  /** The tab under test's machine states and the transitions taken to them, in order, across reloads. */
  records: Recorded[];
  consoleErrors: string[];
  /** The real accounts standing for the model's users, and a disabled one that makes sign-in fail. */
  accounts: { alice: EmulatorUser; bob: EmulatorUser; disabled?: EmulatorUser };
  /** A sign-in request held in flight. */
  held: Route | null;
};

const valueOf = (step: { state: { value: unknown } }) => JSON.stringify(step.state.value);
const accountFor = (world: World, user: SessionUser) =>
  (user.uid === ALICE.uid ? world.accounts.alice : user.uid === BOB.uid ? world.accounts.bob : null)!;

/** The built Firebase SDK chunks, from Vite's manifest. */
function firebaseChunkPaths(): string[] {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  return Object.entries(manifest)
    .filter(([key]) => key.includes('node_modules/firebase/'))
    .map(([, chunk]) => `/${chunk.file}`);
}

async function openWorld(browser: Browser): Promise<World> {
  const [alice, bob] = await Promise.all([createEmulatorUser('alice'), createEmulatorUser('bob')]);
  // No service worker: its cache would answer requests the test routes.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const world = { context, other: null, records: [], consoleErrors: [], accounts: { alice, bob }, held: null } as unknown as World;
  await context.exposeBinding('__recordAuthSession', ({ page }, written: string) => {
    if (page !== world.page) return;
    const { value, taken } = JSON.parse(written) as { value: unknown; taken: string[] };
    world.records.push({ value: JSON.stringify(value), taken });
  });
  await context.addInitScript(() => {
    // Several transitions in one task arrive as one batch: each record's oldValue is the value
    // before it, so the batch's values are every later record's oldValue, then the current one.
    const record = (window as unknown as { __recordAuthSession: (v: string) => void }).__recordAuthSession;
    new MutationObserver((records) => {
      const values = [...records.slice(1).map((r) => r.oldValue), document.documentElement.dataset.authSession];
      for (const value of values) if (value) record(value);
    }).observe(document, { attributes: true, attributeOldValue: true, subtree: true, attributeFilter: ['data-auth-session'] });
  });
  world.page = await context.newPage();
  world.page.on('console', (message) => message.type() === 'error' && world.consoleErrors.push(message.text()));
  // The device's storage, made to refuse removing Firebase's persisted user on demand.
  await world.page.addInitScript(() => {
    const faults: { forget?: boolean } = {};
    (window as unknown as { __authStorageFaults: typeof faults }).__authStorageFaults = faults;
    const isSession = (key: unknown) => typeof key === 'string' && key.startsWith('firebase:authUser:');
    const remove = IDBObjectStore.prototype.delete;
    IDBObjectStore.prototype.delete = function (key: IDBValidKey | IDBKeyRange) {
      if (faults.forget && isSession(key)) throw new DOMException('The device refused to forget the session', 'UnknownError');
      return remove.call(this, key);
    };
  });
  return world;
}

async function closeWorld(world: World) {
  await world.context.close();
  await deleteEmulatorUsers(...Object.values(world.accounts).filter((a): a is EmulatorUser => Boolean(a)));
}

const setStorageFaults = (world: World, faults: { forget: boolean }) =>
  world.page.evaluate((f) => Object.assign((window as unknown as { __authStorageFaults: object }).__authStorageFaults, f), faults);

async function otherTab(world: World): Promise<Page> {
  world.other ??= await world.context.newPage();
  return world.other;
}

/** Firebase's persisted user, as its IndexedDB persistence keeps it. */
function readFirebaseUser(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            open.result.close();
            resolve((request.result as Array<{ fbase_key: string }>).filter((r) => r.fbase_key.startsWith('firebase:authUser:')));
          };
        };
      }),
  );
}

function writeFirebaseUser(page: Page, records: unknown[]): Promise<void> {
  return page.evaluate(
    (records) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('firebaseLocalStorage', 'readwrite');
          for (const record of records) tx.objectStore('firebaseLocalStorage').put(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    records,
  );
}

/**
 * Another account signs in in another tab without this one seeing a sign-out in between (it polls
 * Firebase's storage; a sign-out and a sign-in between two polls look like this): Firebase in a
 * separate browser signs in, and its persisted user is written where this profile's tabs read it.
 */
async function switchAccountElsewhere(world: World, account: EmulatorUser) {
  const elsewhere = await world.context.browser()!.newContext({ serviceWorkers: 'block' });
  const source = await elsewhere.newPage();
  await signInThroughUi(source, account);
  const records = await readFirebaseUser(source);
  expect(records).toHaveLength(1);
  await elsewhere.close();
  const tab = await otherTab(world);
  await tab.goto('/en/'); // a public page: this tab runs no Firebase of its own
  await writeFirebaseUser(tab, records);
}

/**
 * Performs one model event through the UI, another tab, the network or the device. `previous` is
 * the state it happens in; `next` tells how a call this step starts must end.
 */
async function perform(world: World, step: ModelStep, previous: ModelStep | undefined, next: ModelStep | undefined) {
  const { page } = world;
  const event = step.event as { type: string; user?: SessionUser | null; error?: unknown };

  if (!previous) {
    // From "initialising": how the page finds Firebase when it loads.
    if (event.type === 'AUTH_INIT_FAILED') {
      // The SDK's chunks cannot be fetched. A chunk failure reloaded this tab a moment ago, so the
      // PWA runtime does not reload it again (its own test covers that): Firebase stays unavailable.
      for (const path of firebaseChunkPaths()) await page.route(`**${path}`, (route) => route.abort('internetdisconnected'));
      await page.addInitScript(() => sessionStorage.setItem('catalyst.lastChunkReloadAt', String(Date.now())));
      await page.goto('/en/login');
    } else if (event.user) {
      // A session persisted by an earlier visit: sign in, then load the app afresh.
      await signInThroughUi(page, accountFor(world, event.user));
      world.records.length = 0;
      await page.reload();
    } else {
      await page.goto('/en/login');
    }
    return;
  }

  switch (event.type) {
    case 'SIGN_IN': {
      // The model signs in as alice; a successful sign-in lands on Firebase's report (AUTH_CHANGED).
      const outcome = next?.event as { type: string; error?: unknown; user?: SessionUser | null } | undefined;
      const alice = world.accounts.alice;
      if (outcome?.type === 'xstate.error.actor.signIn') {
        if (outcome.error === signInFailures.invalidCredentials) return submitLogin(page, alice.email, `${alice.password}-wrong`);
        if (outcome.error === signInFailures.authFailed) {
          // The emulator refuses a disabled account with auth/user-disabled.
          world.accounts.disabled ??= await createEmulatorUser('disabled');
          await disableEmulatorUser(world.accounts.disabled);
          return submitLogin(page, world.accounts.disabled.email, world.accounts.disabled.password);
        }
        if (outcome.error === signInFailures.unknown) {
          // The right password, on a device whose storage for this site is full: the app cannot keep the user.
          await fillLocalStorage(page);
          return submitLogin(page, alice.email, alice.password);
        }
        throw new Error(`No way to cause ${JSON.stringify(outcome.error)} through the UI`);
      }
      if (outcome?.type === 'AUTH_CHANGED' && outcome.user?.uid !== ALICE.uid) {
        // Keep this tab's own sign-in in flight so that another tab's sign-in of another account arrives first.
        await page.route('**/accounts:signInWithPassword*', (route) => void (world.held = route));
      }
      return submitLogin(page, alice.email, alice.password);
    }
    case 'AUTH_CHANGED': {
      // This tab's own sign-in (alice's) succeeding: Firebase reports it before the call resolves.
      if (valueOf(previous) === '"signingIn"' && event.user?.uid === ALICE.uid) return;
      const tab = await otherTab(world);
      if (event.user === null) {
        await tab.goto('/en/dashboard');
        await tab.getByRole('button', { name: 'Sign out' }).click();
        await expect(tab).toHaveURL(/\/en\/login/);
      } else if (valueOf(previous) === '"signedIn"') {
        await switchAccountElsewhere(world, accountFor(world, event.user!));
      } else {
        await signInThroughUi(tab, accountFor(world, event.user!));
      }
      return;
    }
    case 'SIGN_OUT':
      if (next?.event.type === 'xstate.error.actor.signOut') await setStorageFaults(world, { forget: true });
      await page.getByRole('button', { name: 'Sign out' }).click();
      return;
    default:
      // Completions and failures of calls started by an earlier step: the real call ends by itself.
      if (!event.type.startsWith('xstate.')) throw new Error(`No UI adapter for ${event.type}: the machine and this test disagree.`);
  }
}

const describeRecords = (records: Recorded[]) => records.map((r) => `${r.value} [${r.taken.join(', ')}]`).join(' → ');

/**
 * Waits until the tab under test records the step: the transitions the model takes, to the state it
 * reaches. The first step is looked for after the page (re)loaded; every later one must be the
 * next transition the app takes after `from`, so a transition the model does not take fails here.
 */
async function expectStep(world: World, step: ModelStep, from: number | null): Promise<number> {
  const expected = { value: valueOf(step), taken: [...step.transitions].sort() };
  const sameAsExpected = (r: Recorded) => r.value === expected.value && [...r.taken].sort().join('\n') === expected.taken.join('\n');
  let found = -1;
  await expect
    .poll(
      () => {
        found = from === null ? world.records.findIndex(sameAsExpected) : world.records.findIndex((r, i) => i > from && r.taken.length > 0);
        const record = world.records[found];
        return record ? { value: record.value, taken: [...record.taken].sort() } : null;
      },
      { message: `takes ${expected.taken.join(', ')} to ${expected.value} (seen: ${describeRecords(world.records)})`, timeout: 20_000 },
    )
    .toEqual(expected);
  return found;
}

/**
 * Fills this site's localStorage to its quota (Chromium keeps about 10 MB per origin), as other code
 * or pages of the origin may, so that the next write of the signed-in user meets QuotaExceededError.
 */
async function fillLocalStorage(page: Page) {
  const full = await page.evaluate(() => {
    let size = 1 << 20;
    for (let i = 0; size > 0;) {
      try {
        localStorage.setItem(`filler-${i}`, 'x'.repeat(size));
        i++;
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'QuotaExceededError')) throw error;
        size = Math.floor(size / 2);
      }
    }
    try {
      localStorage.setItem('user', JSON.stringify({ uid: 'u'.repeat(28), email: 'a@b.co' }));
      return false;
    } catch (error) {
      return error instanceof DOMException && error.name === 'QuotaExceededError';
    }
  });
  expect(full, 'localStorage refuses a signed-in user').toBe(true);
}

async function freeLocalStorage(page: Page) {
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('filler-'))
      .forEach((key) => localStorage.removeItem(key)),
  );
}

/** What the merchant sees in a settled state: the user, the stored user, the error. */
async function expectScreen(world: World, value: string, context: AuthSessionContext) {
  const { page } = world;
  const stored = () => page.evaluate(() => localStorage.getItem('user')).then((v) => v && JSON.parse(v));
  if (value === '"signedIn"') {
    const account = accountFor(world, context.user!);
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByTestId('session-email')).toHaveText(account.email);
    await expect.poll(stored).toEqual({ uid: account.uid, email: account.email });
  } else if (value.startsWith('{"signedOut"')) {
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Catalyst');
    await expect.poll(stored).toBeNull();
    if (context.error) await expect(page.getByRole('alert')).toHaveText(authErrorMessages[context.error].message!);
    else await expect(page.getByRole('alert')).toHaveCount(0);
  }
}

async function runPath(browser: Browser, path: ModelPath) {
  const world = await openWorld(browser);
  try {
    let at: number | null = null;
    for (const [index, step] of path.steps.entries()) {
      await perform(world, step, path.steps[index - 1], path.steps[index + 1]);
      at = await expectStep(world, step, at);
      // Transient states (a call in flight) have no settled screen to check.
      if (!['"signingIn"', '"signingOut"'].includes(valueOf(step)))
        await expectScreen(world, valueOf(step), step.state.context as AuthSessionContext);
      if ((step.event as { error?: unknown }).error === signInFailures.unknown) {
        // Refused, not half done: Firebase kept no session either. Then the device has room again.
        expect(await readFirebaseUser(world.page)).toEqual([]);
        await freeLocalStorage(world.page);
      }
      if (step.event.type === 'xstate.error.actor.signOut') {
        expect(world.consoleErrors.some((e) => e.startsWith('Sign-out failed'))).toBe(true);
        await setStorageFaults(world, { forget: false });
      }
      if (world.held && step.event.type === 'AUTH_CHANGED') {
        await world.held.abort('internetdisconnected'); // this tab's own sign-in no longer matters
        world.held = null;
      }
    }
  } finally {
    await closeWorld(world);
  }
}

test.describe('auth-session machine, model-based (UI level)', () => {
  test.describe.configure({ mode: 'default' });

  for (const path of paths) {
    const name = path.steps.map((s) => authSessionStepLabel(s.event)).join(' → ');
    test(name, async ({ browser }) => {
      test.setTimeout(90_000 + path.steps.length * 15_000); // a covering path is long, and an axe check takes seconds
      await runPath(browser, path);
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(authSessionMachine, { ...model, paths: passed });
    console.log(describeCoverage('auth-session', 'UI', coverage, passed.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
  });
});
