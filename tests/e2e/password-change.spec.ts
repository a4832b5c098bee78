// The password-change machine's model-based test through the real UI: paths derived from the
// production machine, each run on Settings in Chromium, signed in through the login page, against
// the real Firebase Auth emulator. Re-authentication and the update are held while the app shows
// them in flight, then let through (a wrong current password gets the emulator's real refusal) or
// their connection dropped. Every path ends by proving which password the account really has.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import { coverageOf, coveringPaths, describeCoverage, type ModelPath } from '../model/model-harness';
import { allowLinguiMacrosAtRuntime } from '../model/password-model-loader';
import { createUser, dropConnection, HeldRequests, signInWithPassword, uniqueEmail } from './fixtures/emulator-oob';
// Types only: erased, so no runtime import before the shim below.
import type { PasswordChangeContext, PasswordChangeEvent } from '@/machines/password-change';

// The machine and its messages are written with Lingui macros: load them once the runtime shim is in place.
allowLinguiMacrosAtRuntime();
const { passwordChangeMachine } = await import('@/machines/password-change');
const { passwordChangeTestModel, submitLabel } = await import('../model/password-change-model');
const { passwordFormMessages } = await import('@/domain/password');
const { authErrorMessages } = await import('@/domain/auth');

// The logic-level model, every sample included. The machine has no signed-out submit: the form only
// exists signed in (the signed-in layout leaves Settings the moment the session ends, proved below in
// "beyond the model"); 'User not authenticated.' comes from the effects finding no Firebase user.
const model = passwordChangeTestModel();
// The UI runs the few model paths that together reach every state and take every transition the
// whole model does (the logic level runs them all): each UI path costs a browser and an account.
const paths = coveringPaths(passwordChangeMachine, model);
const passed: ModelPath[] = [];

const INITIAL_PASSWORD = 'initial-secret';
const WRONG_PASSWORD = 'not-my-password';
const fields = { currentPassword: 'Current password', newPassword: 'New password', confirmPassword: 'Confirm new password' } as const;

type World = {
  page: Page;
  email: string;
  /** The account's password as the emulator knows it. */
  password: string;
  changes: number;
  reauth: HeldRequests;
  update: HeldRequests;
  inFlight: Route | null;
  /** What the last valid submit typed. */
  typed: { currentPassword: string; newPassword: string } | null;
};

// By accessible name: a label's text also holds the required mark.
const passwordField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const message = (id: string) => passwordFormMessages[id]!.message!;

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Serious or critical axe violations on the page as it is (checked once per distinct screen). */
const checkedScreens = new Set<string>();
async function expectAccessible(page: Page, screen: string) {
  if (checkedScreens.has(screen)) return;
  checkedScreens.add(screen);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
    screen,
  ).toEqual([]);
}

/** Performs one model event through the UI or the network; `next` tells how the submit's call will end. */
async function perform(world: World, event: PasswordChangeEvent | { type: string }, next: { type: string } | undefined) {
  const { page } = world;
  if (event.type === 'SUBMIT') {
    const submit = event as PasswordChangeEvent;
    let values = { currentPassword: submit.currentPassword, newPassword: submit.newPassword, confirmPassword: submit.confirmPassword };
    if (submitLabel(submit) === 'valid') {
      const newPassword = `changed-${world.changes + 1}-${Date.now().toString(36)}`;
      const current = next?.type === 'xstate.error.actor.reauthenticate' ? WRONG_PASSWORD : world.password;
      values = { currentPassword: current, newPassword, confirmPassword: newPassword };
      world.typed = { currentPassword: current, newPassword };
    }
    for (const [name, label] of Object.entries(fields)) await passwordField(page, label).fill(values[name as keyof typeof fields]);
    await page.getByRole('button', { name: 'Change password' }).click();
  } else if (event.type.startsWith('xstate.done.actor.') || event.type === 'xstate.error.actor.reauthenticate') {
    // Through to the emulator: a wrong current password gets its real INVALID_LOGIN_CREDENTIALS.
    await world.inFlight!.continue();
    world.inFlight = null;
    if (event.type === 'xstate.done.actor.updatePassword') {
      world.password = world.typed!.newPassword;
      world.changes++;
    }
  } else if (event.type === 'xstate.error.actor.updatePassword') {
    await dropConnection(world.inFlight!);
    world.inFlight = null;
  } else {
    throw new Error(`No UI adapter for ${event.type}: the machine and this test disagree.`);
  }
}

/** What the merchant must see in each state (the machine's own state value is checked first). */
async function expectScreen(world: World, value: unknown, context: PasswordChangeContext) {
  const { page } = world;
  const state = JSON.stringify(value);
  await expect(page.locator('[data-password-change]')).toHaveAttribute('data-password-change', state);
  const button = page.getByRole('button', { name: 'Change password' });
  const alert = page.getByRole('alert');
  const success = page.getByRole('status').filter({ hasText: 'Password changed.' });

  if (state === '"reauthenticating"' || state === '"updating"') {
    const gate = state === '"reauthenticating"' ? world.reauth : world.update;
    world.inFlight = await gate.next();
    const body = world.inFlight.request().postDataJSON();
    if (state === '"reauthenticating"') expect(body).toMatchObject({ email: world.email, password: world.typed!.currentPassword });
    else expect(body).toMatchObject({ password: world.typed!.newPassword });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    return;
  }
  await expect(button).toBeEnabled();
  for (const [name, label] of Object.entries(fields)) {
    const field = passwordField(page, label);
    const error = context.fieldErrors[name as keyof typeof fields];
    if (error) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(escape(message(error))));
    } else {
      await expect(field).not.toHaveAttribute('aria-invalid');
    }
  }
  if (state === '{"form":"editing"}') {
    const first = (Object.keys(fields) as Array<keyof typeof fields>).find((name) => context.fieldErrors[name]);
    if (first) await expect(passwordField(page, fields[first])).toBeFocused();
    await expect(alert).toHaveCount(0);
    await expect(success).toHaveCount(0);
  } else if (state === '{"form":"failed"}') {
    await expect(alert).toHaveText(authErrorMessages[context.error!].message!);
    await expect(passwordField(page, fields.currentPassword)).toBeFocused();
    await expect(success).toHaveCount(0);
  } else if (state === '{"form":"changed"}') {
    await expect(success).toBeVisible();
    await expect(alert).toHaveCount(0);
    for (const label of Object.values(fields)) await expect(passwordField(page, label)).toHaveValue('');
  } else {
    throw new Error(`No screen check for ${state}`);
  }
}

/** The account has the password the path ended with, and no other: over REST, then on the login page of a new visitor. */
async function expectRealPassword(browser: Browser, world: World) {
  expect(await signInWithPassword(world.email, world.password)).toEqual({ ok: true });
  if (world.changes === 0) return;
  expect(await signInWithPassword(world.email, INITIAL_PASSWORD)).toEqual({ ok: false, error: 'INVALID_LOGIN_CREDENTIALS' });

  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await visitor.newPage();
    await page.goto('/en/login');
    await signIn(page, world.email, INITIAL_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(authErrorMessages.invalidCredentials.message!);
    await signIn(page, world.email, world.password);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  } finally {
    await visitor.close();
  }
}

async function openSettingsSignedIn(page: Page, email: string, password: string) {
  await page.goto('/en/settings');
  await expect(page).toHaveURL(/\/en\/login\?redirect=/); // the guard sends a signed-out visitor to sign in
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/en\/settings$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Change password' })).toBeVisible();
}

async function runPath(browser: Browser, page: Page, path: ModelPath) {
  const email = uniqueEmail('change');
  await createUser(email, INITIAL_PASSWORD);
  await openSettingsSignedIn(page, email, INITIAL_PASSWORD);
  const world: World = {
    page,
    email,
    password: INITIAL_PASSWORD,
    changes: 0,
    // Held from here on only: the sign-in above went through untouched.
    reauth: await HeldRequests.on(page, 'signInWithPassword'),
    update: await HeldRequests.on(page, 'update'),
    inFlight: null,
    typed: null,
  };
  for (const [index, step] of path.steps.entries()) {
    await perform(world, step.event, path.steps[index + 1]?.event);
    const context = step.state.context as PasswordChangeContext;
    await expectScreen(world, step.state.value, context);
    await expectAccessible(
      page,
      `${JSON.stringify(step.state.value)} ${Object.keys(context.fieldErrors).join(',')} ${context.error ?? ''}`,
    );
  }
  if (world.inFlight) await world.inFlight.abort();
  await expectRealPassword(browser, world);
}

const pathName = (path: ModelPath) =>
  path.steps
    .map((s) =>
      s.event.type === 'SUBMIT' ? `SUBMIT(${submitLabel(s.event as PasswordChangeEvent)})` : s.event.type.replace(/^xstate\./, ''),
    )
    .join(' → ');

test.describe('password-change machine, model-based (UI level)', () => {
  test.describe.configure({ mode: 'default' });

  for (const path of paths) {
    test(pathName(path), async ({ browser, page }) => {
      test.setTimeout(90_000 + path.steps.length * 15_000); // a covering path is long, and an axe check takes seconds
      await runPath(browser, page, path);
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(passwordChangeMachine, { ...model, paths: passed });
    console.log(describeCoverage('password-change', 'UI', coverage, passed.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
  });
});

test.describe('password change, beyond the model', () => {
  test('Settings cannot be used signed out: signing out in another tab leaves for the login page', async ({ page, context }) => {
    const email = uniqueEmail('signout');
    await createUser(email, INITIAL_PASSWORD);
    await openSettingsSignedIn(page, email, INITIAL_PASSWORD);
    await passwordField(page, fields.currentPassword).fill(INITIAL_PASSWORD);

    const other = await context.newPage();
    await other.goto('/en/dashboard');
    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(other).toHaveURL(/\/en\/login/);

    // Firebase tells the first tab through its shared persistence (polled), so allow it a moment.
    await expect(page).toHaveURL(/\/en\/login\?redirect=/, { timeout: 15_000 });
    await expect(page.locator('[data-password-change]')).toHaveCount(0);
  });
});
