// The session in the SPA, end to end against the real Firebase Auth emulator and API server: the
// guard of the signed-in screens, the login screen, sign-out across tabs and localStorage `user`.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  createEmulatorUser,
  deleteEmulatorUsers,
  signedInStorageState,
  signInThroughUi,
  submitLogin,
  type EmulatorUser,
} from './fixtures/emulator-users';

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('user'));

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** The built Firebase SDK chunks (from Vite's manifest): what must never load on public pages. */
function firebaseChunks(): string[] {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const files = Object.entries(manifest)
    .filter(([key]) => key.includes('node_modules/firebase/'))
    .map(([, chunk]) => `/${chunk.file}`);
  expect(files.length, 'the build has Firebase chunks').toBeGreaterThan(0);
  return files;
}

let user: EmulatorUser;
test.beforeAll(async () => {
  user = await createEmulatorUser('guard');
});
test.afterAll(async () => {
  await deleteEmulatorUsers(user);
});

test.describe('the guard of the signed-in screens', () => {
  test('sends a signed-out visitor to the login page with the path, and back there after sign-in', async ({ page }) => {
    await page.goto('/en/settings?tab=about#version');
    await expect(page).toHaveURL(/\/en\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/en/settings?tab=about#version');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Catalyst');
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/en\/settings\?tab=about#version$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  });

  for (const redirect of ['https://evil.example/steal', '//evil.example/steal', '/\\evil.example']) {
    test(`follows no off-origin redirect after sign-in: ${redirect}`, async ({ page }) => {
      await page.goto(`/en/login?redirect=${encodeURIComponent(redirect)}`);
      await submitLogin(page, user.email, user.password);
      await expect(page).toHaveURL(/\/en\/dashboard$/);
    });
  }

  test('keeps the language of the path: /pt/inventories goes to /pt/login and back', async ({ page }) => {
    await page.goto('/pt/inventories');
    await expect(page).toHaveURL(/\/pt\/login\?redirect=%2Fpt%2Finventories$/);
    // The form by its fields' names: this test is about the path, not the Portuguese labels.
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/pt\/inventories$/);
  });

  test('sends a signed-in user from /login to the dashboard', async ({ page }) => {
    await signInThroughUi(page, user);
    await page.goto('/en/login');
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  });

  test('a saved signed-in browser state opens signed-in screens directly (for other suites)', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ storageState: await signedInStorageState(browser, user, baseURL!) });
    const page = await context.newPage();
    await page.goto('/en/ia-bases');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Bases');
    await expect(page.getByTestId('session-email')).toHaveText(user.email);
    await context.close();
  });

  test('the session survives a reload', async ({ page }) => {
    await signInThroughUi(page, user);
    await page.goto('/en/inventories');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventories');
    await expect(page.getByTestId('session-email')).toHaveText(user.email);
  });
});

test.describe('signing in and out', () => {
  test('a wrong password shows the seed’s message in an alert, and the form stays', async ({ page }) => {
    await page.goto('/en/login');
    await submitLogin(page, user.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Authentication error. Invalid credentials provided.');
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await storedUser(page)).toBeNull();
  });

  test('an unknown account shows the same message (improved email privacy)', async ({ page }) => {
    await page.goto('/en/login');
    await submitLogin(page, `nobody-${Date.now()}@example.com`, 'whatever');
    await expect(page.getByRole('alert')).toHaveText('Authentication error. Invalid credentials provided.');
  });

  test('localStorage `user` holds { uid, email } while signed in and is removed on sign-out', async ({ page }) => {
    await page.goto('/en/login');
    expect(await storedUser(page)).toBeNull();
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect.poll(() => storedUser(page).then((v) => v && JSON.parse(v))).toEqual({ uid: user.uid, email: user.email });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Catalyst');
    expect(await storedUser(page)).toBeNull();
    // Signed out for real: the guard no longer lets the dashboard through.
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fdashboard$/);
  });

  test('signing out in another tab sends this tab to the login page', async ({ context }) => {
    const first = await context.newPage();
    await signInThroughUi(first, user);
    await first.goto('/en/inventories');
    const second = await context.newPage();
    await second.goto('/en/settings');
    await expect(second.getByTestId('session-email')).toHaveText(user.email);
    await second.getByRole('button', { name: 'Sign out' }).click();
    await expect(second).toHaveURL(/\/en\/login/);
    // Firebase syncs the sign-out through its persistence; the first tab's session machine sees it.
    await expect(first).toHaveURL(/\/en\/login\?redirect=%2Fen%2Finventories$/, { timeout: 10_000 });
    await expect(first.getByRole('heading', { level: 1 })).toHaveText('Sign in to Catalyst');
    expect(await storedUser(first)).toBeNull();
  });

  test('signing in in another tab takes a tab on the login page in too', async ({ context }) => {
    const first = await context.newPage();
    await first.goto('/en/login?redirect=%2Fen%2Fia-bases');
    const second = await context.newPage();
    await signInThroughUi(second, user);
    await expect(first).toHaveURL(/\/en\/ia-bases$/, { timeout: 10_000 });
  });

  test('the button shows progress while signing in, and one click sends one request', async ({ page }) => {
    await page.goto('/en/login');
    const requests: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/accounts:signInWithPassword*', async (route) => {
      requests.push(route.request().url());
      await released;
      await route.continue();
    });
    await submitLogin(page, user.email, user.password);
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    expect(requests).toHaveLength(1);
  });
});

test.describe('the API client and the session', () => {
  test('sends the signed-in user’s ID token: /me answers with the account, whose plan the header shows', async ({ page }) => {
    const me = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/me');
    await signInThroughUi(page, user);
    const request = await me;
    const [, token] = /^Bearer (\S+)$/.exec((await request.allHeaders()).authorization ?? '') ?? [];
    expect(token, 'a Firebase ID token (a JWT)').toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    const response = await request.response();
    expect(response?.status()).toBe(200);
    expect(await response?.json()).toMatchObject({ uid: user.uid, email: user.email, plan: 'basic' });
    await expect(page.getByTestId('session-plan')).toHaveText('Basic plan');
  });
});

test.describe('the login form', () => {
  test('shows the first issue per field, translated, and takes focus to the first field to fix', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const email = page.getByLabel('Email');
    const password = page.getByLabel(/^Password/);
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(password).toHaveAccessibleDescription('Password is required');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await email.fill('merchant@');
    await expect(email).toHaveAccessibleDescription('The email must be valid');
    await email.fill('merchant@shop.example');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(password).toBeFocused();
  });

  test('is accessible with its errors shown, and so is the signed-in header', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await submitLogin(page, user.email, 'not-the-password');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await submitLogin(page, user.email, user.password);
    await expect(page.getByTestId('session-plan')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('links to the password reset and to the landing page’s contact section', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/en\/reset-password$/);
    await page.goto('/en/login');
    await page.getByRole('link', { name: 'No account yet? Talk to us.' }).click();
    await expect(page).toHaveURL(/\/en\/?#contact$/);
  });
});

test.describe('Firebase stays off public pages', () => {
  test('the landing page loads no Firebase code, even when the visitor points at “Sign in”', async ({ page }) => {
    const chunks = firebaseChunks();
    const loaded: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (chunks.includes(path) || request.url().includes('identitytoolkit')) loaded.push(path);
    });
    await page.goto('/en/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Pointing at the sign-in link preloads the login route (its code), but must not start the session.
    const signIn = page.locator('a[href$="/en/login"]').first();
    await signIn.hover();
    await page.waitForTimeout(1_000);
    expect(loaded).toEqual([]);
    // ...and the login page does load it.
    await signIn.click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(loaded.length).toBeGreaterThan(0);
  });
});
