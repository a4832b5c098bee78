import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

const screens = ['/', '/login', '/reset-password', '/dashboard', '/ia-bases', '/ia-base', '/ia-base/1', '/ia-base/1/activate', '/inventories', '/inventory', '/inventory/1', '/component-examples', '/settings', '/nowhere'];

test.describe('accessibility (axe-core)', () => {
  for (const lang of ['en', 'pt', 'es']) {
    test(`no serious or critical violation on any screen in ${lang}`, async ({ page }) => {
      for (const path of screens) {
        await page.goto(`/${lang}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), `${lang}${path}`).toEqual([]);
      }
    });
  }

  test('no serious or critical violation with the phone drawer open', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/en/dashboard');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
