import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/merchant-test';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

const publicScreens = ['/', '/login', '/reset-password', '/nowhere'];
const signedInScreens = ['/dashboard', '/ia-bases', '/ia-base', '/ia-base/1', '/ia-base/1/activate', '/inventories', '/inventory', '/inventory/1', '/component-examples', '/settings'];

test.describe('accessibility (axe-core)', () => {
  for (const lang of ['en', 'pt', 'es']) {
    test(`no serious or critical violation on any public screen in ${lang}`, async ({ browser }) => {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } }); // signed out
      const page = await context.newPage();
      for (const path of publicScreens) {
        await page.goto(`/${lang}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), `${lang}${path}`).toEqual([]);
      }
      await context.close();
    });

    test(`no serious or critical violation on any signed-in screen in ${lang}`, async ({ page }) => {
      // Ten screens, axe over each (the component examples alone take it several seconds).
      test.slow();
      for (const path of signedInScreens) {
        await page.goto(`/${lang}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), `${lang}${path}`).toEqual([]);
      }
    });
  }

  test('no serious or critical violation with the phone drawer open', async ({ browser, merchantState }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: merchantState });
    const page = await context.newPage();
    await page.goto('/en/dashboard');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
