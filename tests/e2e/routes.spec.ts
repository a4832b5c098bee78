// Signed in as a merchant: the default layout's screens are behind the sign-in guard.
import { expect, test } from './fixtures/merchant-test';

test.describe('language-prefixed routes', () => {
  test('/ goes to English when neither cookie nor browser says otherwise', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await context.close();
  });

  test("/ follows the browser's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await context.close();
  });

  test('/ follows the lang cookie over the browser', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    await context.addCookies([{ name: 'lang', value: 'pt', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/pt\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await context.close();
  });

  test('/pt/login shows the sign-in screen in Portuguese', async ({ browser }) => {
    // Signed out (an empty state overrides the merchant's): a merchant is sent on to the dashboard.
    const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
    await page.goto('/pt/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrar no Catalyst');
    await expect(page.getByRole('link', { name: 'Esqueceu sua senha?' })).toBeVisible();
  });

  test('/es/ia-bases shows the AI bases frame with its breadcrumb in Spanish', async ({ page }) => {
    await page.goto('/es/ia-bases');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bases de IA');
    const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Bases de IA');
    await expect(page.getByText('Todavía no hay bases de IA')).toBeVisible();
  });

  test('an unknown route shows the 404 page', async ({ page }) => {
    await page.goto('/en/nowhere');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
  });

  test('an unknown language segment shows the 404 page', async ({ page }) => {
    await page.goto('/xx/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });

  test('switching language keeps the page and sets the lang cookie for a year', async ({ page, context }) => {
    await page.goto('/en/inventories');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(page).toHaveURL(/\/pt\/inventories$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventários');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('pt');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);
    await page.goto('/');
    await expect(page).toHaveURL(/\/pt\/?$/);
  });
});

test.describe('default layout', () => {
  test('has the product buttons, the side menu and breadcrumbs', async ({ page }) => {
    await page.goto('/en/dashboard');
    const products = page.getByRole('navigation', { name: 'Catalyst products' });
    await expect(products.getByRole('link', { name: 'CATALYST AI' })).toBeVisible();
    await expect(products.getByRole('link', { name: 'CATALYST FILTER' })).toBeVisible();
    await expect(products.getByRole('link', { name: 'CATALYST WIDGET' })).toHaveAttribute('href', '/en/widget');
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    for (const name of [
      'Home',
      'Component examples',
      'Intelligent Bases',
      'Solutions',
      'Channels',
      'Checkouts',
      'Templates',
      'Contacts',
      'Campaigns',
      'Inventories',
      'Settings',
    ]) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    // Every item leads to a screen: none is "coming soon".
    await expect(menu.getByText('coming soon')).toHaveCount(0);
    await menu.getByRole('link', { name: 'Intelligent Bases' }).click();
    await expect(page).toHaveURL(/\/en\/ia-bases$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('AI Bases');
  });

  test('nested screens show their breadcrumb trail', async ({ page }) => {
    await page.goto('/en/inventory/42');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Inventories' })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Inventory Configuration');
    await page.goto('/en/ia-base/7/activate');
    await expect(crumbs.getByRole('link', { name: 'AI Bases' })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('AI Base Configuration');
    await page.goto('/en/campaigns/00000000-0000-4000-8000-000000000042');
    await expect(crumbs.getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Campaign');
  });

  test('the side menu is a drawer on a phone', async ({ browser, merchantState }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: merchantState });
    const page = await context.newPage();
    await page.goto('/en/dashboard');
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect(menu).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/en\/settings$/);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await context.close();
  });
});
