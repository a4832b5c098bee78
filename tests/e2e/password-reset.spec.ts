// The password-reset machine's model-based test through the real UI: the same paths as the
// logic-level test (derived from the production machine), each run in Chromium against the real
// Firebase Auth emulator. The emulator's calls are held while the app shows a call in flight, then
// let through (the model's done events) or their connection dropped (its error events); the
// cool-down's ticks are the page's clock. A path that sent the email to a real account ends with
// the real reset: the code from the emulator's mailbox, a new password, a sign-in with it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { coverageOf, coveringPaths, describeCoverage, type ModelPath } from '../model/model-harness';
import { allowLinguiMacrosAtRuntime } from '../model/password-model-loader';
import {
  applyPasswordReset,
  createUser,
  dropConnection,
  HeldRequests,
  oobCodesFor,
  signInWithPassword,
  uniqueEmail,
} from './fixtures/emulator-oob';

// The machine and its messages are written with Lingui macros: load them once the runtime shim is in place.
allowLinguiMacrosAtRuntime();
const { passwordResetMachine, RESEND_COOLDOWN_SECONDS } = await import('@/machines/password-reset');
const { pathName, passwordResetTestModel, REGISTERED_EMAIL, UNKNOWN_EMAIL } = await import('../model/password-reset-model');
const { passwordFormMessages } = await import('@/domain/password');
const { authErrorMessages } = await import('@/domain/auth');

const model = passwordResetTestModel();
// The UI runs the few model paths that together reach every state and take every transition the
// whole model does (the logic level runs them all): each UI path costs a browser and an account.
const paths = coveringPaths(passwordResetMachine, model);
const passed: ModelPath[] = [];
const INITIAL_PASSWORD = 'initial-secret';

type ResetContext = { email: string; emailError: string | null; error: keyof typeof authErrorMessages | null; secondsLeft: number };

/** The real world a path runs in: its own account, and an address with none. */
type World = {
  page: Page;
  sendOobCode: HeldRequests;
  registered: string;
  unknown: string;
  inFlight: Route | null;
  /** Emails the emulator accepted for each address. */
  delivered: Map<string, number>;
};

const realEmail = (world: World, sample: string) =>
  sample === REGISTERED_EMAIL ? world.registered : sample === UNKNOWN_EMAIL ? world.unknown : sample;
const message = (id: string) => passwordFormMessages[id]!.message!;
const countdownText = (seconds: number) => `You can send it again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/** No serious or critical axe violation on the page as it is. (axe needs running timers: not on a paused clock.) */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
    screen,
  ).toEqual([]);
}

/** Performs one model event through the UI (or the network, or the clock). */
async function perform(world: World, event: { type: string; email?: string }, target: ResetContext) {
  const { page } = world;
  if (event.type === 'SUBMIT') {
    await page.getByLabel('Email').fill(realEmail(world, event.email!));
    await page.getByRole('button', { name: 'Send reset link' }).click();
  } else if (event.type === 'RESEND') {
    await page.getByRole('button', { name: 'Resend email' }).click();
  } else if (event.type.startsWith('xstate.after.resendTick')) {
    await page.clock.runFor(1000);
  } else if (event.type.startsWith('xstate.done.actor.')) {
    await world.inFlight!.continue();
    world.inFlight = null;
    world.delivered.set(target.email, (world.delivered.get(target.email) ?? 0) + 1);
  } else if (event.type.startsWith('xstate.error.actor.')) {
    await dropConnection(world.inFlight!);
    world.inFlight = null;
  } else {
    throw new Error(`No UI adapter for ${event.type}: the machine and this test disagree.`);
  }
}

/** What the merchant must see in each state (the machine's own state value is checked first). */
async function expectScreen(world: World, value: unknown, context: ResetContext) {
  const { page } = world;
  await expect(page.locator('[data-password-reset]')).toHaveAttribute('data-password-reset', JSON.stringify(value));
  const alert = page.getByRole('alert');
  const state = JSON.stringify(value);

  if (state === '"sending"' || state === '{"sent":"resending"}') {
    // The call is in flight (held): the app says so, and asked for the right email in English.
    world.inFlight = await world.sendOobCode.next();
    const request = world.inFlight.request();
    expect(request.postDataJSON()).toMatchObject({ requestType: 'PASSWORD_RESET', email: context.email });
    expect(request.headers()['x-firebase-locale']).toBe('en');
    const button = state === '"sending"' ? 'Send reset link' : 'Resend email';
    await expect(page.getByRole('button', { name: button })).toHaveAttribute('aria-busy', 'true');
    return;
  }
  if (state.startsWith('{"form"')) {
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    const field = page.getByLabel('Email');
    if (context.emailError) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message(context.emailError));
      await expect(field).toBeFocused();
    } else {
      await expect(field).not.toHaveAttribute('aria-invalid');
    }
    if (state === '{"form":"failed"}') await expect(alert).toHaveText(authErrorMessages[context.error!].message!);
    else await expect(alert).toHaveCount(0);
    return;
  }
  // "Email sent!", whether or not the address has an account.
  const heading = page.getByRole('heading', { level: 1, name: 'Email sent!' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused(); // the screen changed under the keyboard; after a resend too
  await expect(page.getByText(`If an account exists for ${context.email}`)).toBeVisible();
  const resend = page.getByRole('button', { name: 'Resend email' });
  if (state === '{"sent":"coolingDown"}') {
    await expect(page.getByTestId('resend-countdown')).toHaveText(countdownText(context.secondsLeft));
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAccessibleDescription(countdownText(context.secondsLeft));
  } else {
    await expect(page.getByTestId('resend-countdown')).toHaveCount(0);
    await expect(resend).toBeEnabled();
  }
  if (context.error) await expect(alert).toHaveText(authErrorMessages[context.error].message!);
  else await expect(alert).toHaveCount(0);
}

/** The email really went out: the merchant follows it, sets a new password and signs in with it. */
async function completeRealReset(world: World) {
  const sends = world.delivered.get(world.registered) ?? 0;
  const codes = await oobCodesFor(world.registered);
  expect(codes, 'one reset email per successful send, resends included').toHaveLength(sends);
  expect(await oobCodesFor(world.unknown), 'nothing is sent to an address without an account').toHaveLength(0);
  if (sends === 0) return;

  const newPassword = `reset-${Date.now().toString(36)}`;
  await applyPasswordReset(codes.at(-1)!.oobCode, newPassword);
  expect(await signInWithPassword(world.registered, INITIAL_PASSWORD)).toEqual({ ok: false, error: 'INVALID_LOGIN_CREDENTIALS' });

  const { page } = world;
  await page.clock.resume();
  await page.goto('/en/login');
  await page.getByLabel('Email').fill(world.registered);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByTestId('session-email')).toHaveText(world.registered);
}

async function runPath(page: Page, path: ModelPath) {
  const samples = path.steps.map((s) => (s.event as { email?: string }).email);
  const world: World = {
    page,
    sendOobCode: await HeldRequests.on(page, 'sendOobCode'),
    registered: uniqueEmail('reset'),
    unknown: uniqueEmail('nobody'),
    inFlight: null,
    delivered: new Map(),
  };
  if (samples.includes(REGISTERED_EMAIL)) await createUser(world.registered, INITIAL_PASSWORD);

  // The page's timers run on a clock the test moves: one cool-down tick per model step.
  await page.clock.install();
  await page.goto('/en/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.clock.pauseAt(Date.now() + 1_000);

  for (const step of path.steps) {
    const context = { ...(step.state.context as ResetContext) };
    context.email = realEmail(world, context.email);
    await perform(world, step.event as { type: string; email?: string }, context);
    await expectScreen(world, step.state.value, context);
  }
  await completeRealReset(world);
}

test.describe('password-reset machine, model-based (UI level)', () => {
  test.describe.configure({ mode: 'default' });

  for (const path of paths) {
    test(pathName(path.steps.map((s) => s.event)), async ({ page }) => {
      test.setTimeout(90_000 + path.steps.length * 15_000); // a covering path is long, and an axe check takes seconds
      await runPath(page, path);
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(passwordResetMachine, { ...model, paths: passed });
    console.log(describeCoverage('password-reset', 'UI', coverage, passed.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

test.describe('password reset, beyond the model', () => {
  for (const lang of ['pt', 'es'] as const) {
    test(`the email is asked for in the page's language (${lang})`, async ({ page }) => {
      const sendOobCode = await HeldRequests.on(page, 'sendOobCode');
      await page.goto(`/${lang}/reset-password`);
      await page.locator('input[type="email"]').fill(uniqueEmail('lang'));
      await page.locator('button[type="submit"]').click();
      const request = (await sendOobCode.next()).request();
      expect(request.headers()['x-firebase-locale']).toBe(lang);
      await expect(page.locator('[data-password-reset]')).toHaveAttribute('data-password-reset', '"sending"');
    });
  }

  test('every screen of the flow passes axe', async ({ page }) => {
    test.slow(); // six axe runs, seconds each
    const email = uniqueEmail('axe');
    await createUser(email, INITIAL_PASSWORD);
    const sendOobCode = await HeldRequests.on(page, 'sendOobCode');
    await page.clock.install(); // left running (axe needs timers); moved on over the cool-down
    await page.goto('/en/reset-password');
    const state = page.locator('[data-password-reset]');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'form.editing with an error');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const first = await sendOobCode.next();
    await expect(state).toHaveAttribute('data-password-reset', '"sending"');
    await expectAccessible(page, 'sending');
    await dropConnection(first);
    await expect(state).toHaveAttribute('data-password-reset', '{"form":"failed"}');
    await expectAccessible(page, 'form.failed');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await (await sendOobCode.next()).continue();
    await expect(state).toHaveAttribute('data-password-reset', '{"sent":"coolingDown"}');
    await expectAccessible(page, 'sent.coolingDown');
    await page.clock.runFor(RESEND_COOLDOWN_SECONDS * 1000);
    await expect(state).toHaveAttribute('data-password-reset', '{"sent":"ready"}');
    await expectAccessible(page, 'sent.ready');
    await page.getByRole('button', { name: 'Resend email' }).click();
    const resend = await sendOobCode.next();
    await expect(state).toHaveAttribute('data-password-reset', '{"sent":"resending"}');
    await expectAccessible(page, 'sent.resending');
    await dropConnection(resend);
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'sent.ready with an error');
  });

  test('the cool-down lasts the whole minute', async ({ page }) => {
    const email = uniqueEmail('cooldown');
    await createUser(email, INITIAL_PASSWORD);
    await page.clock.install();
    await page.goto('/en/reset-password');
    await page.getByLabel('Email').fill(email);
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('resend-countdown')).toHaveText(countdownText(RESEND_COOLDOWN_SECONDS));
    await page.clock.runFor((RESEND_COOLDOWN_SECONDS - 1) * 1000);
    await expect(page.getByTestId('resend-countdown')).toHaveText(countdownText(1));
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeDisabled();
    await page.clock.runFor(1000);
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeEnabled();
    expect(await oobCodesFor(email)).toHaveLength(1);
  });
});
