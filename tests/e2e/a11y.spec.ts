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
const signedInScreens = [
  '/dashboard',
  '/ia-bases',
  '/ia-base',
  '/ia-base/1',
  '/ia-base/1/activate',
  '/inventories',
  '/inventory',
  '/inventory/1',
  '/component-examples',
  '/channels',
  '/channels/1',
  '/checkouts',
  '/campaigns',
  '/campaigns/new',
  '/settings',
];

// Axe runs over every screen in English; in Portuguese and Spanish each screen is loaded and must be
// the screen, not the 404 page (the route table exists in every language). The markup is the same in
// every language and the translations are checked by i18n:check, so axe in all three cost minutes
// of CI and found nothing English did not.
const notFound = /Page not found|Página não encontrada|Página no encontrada/;

test.describe('accessibility (axe-core)', () => {
  for (const lang of ['en', 'pt', 'es']) {
    const axe = lang === 'en';
    test(`${axe ? 'no serious or critical violation on' : 'the route table has'} every public screen in ${lang}`, async ({ browser }) => {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } }); // signed out
      const page = await context.newPage();
      for (const path of publicScreens) {
        await page.goto(`/${lang}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/nowhere') await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound);
        else await expect(page.getByRole('heading', { level: 1 }), `${lang}${path}`).not.toHaveText(notFound);
        if (axe) expect(await seriousViolations(page), `${lang}${path}`).toEqual([]);
      }
      await context.close();
    });

    // Axe takes seconds a screen (the component examples alone, several): one test per screen in
    // English, so the screens spread over the workers.
    for (const screens of axe ? signedInScreens.map((path) => [path]) : [signedInScreens]) {
      const which = screens.length === 1 ? screens[0] : 'every signed-in screen';
      test(`${axe ? 'no serious or critical violation on' : 'the route table has'} ${which} in ${lang}`, async ({ page }) => {
        // Axe over the component examples alone takes tens of seconds on CI's two busy cores.
        if (axe) test.slow();
        for (const path of screens) {
          await page.goto(`/${lang}${path}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 }), `${lang}${path}`).not.toHaveText(notFound);
          if (axe) expect(await seriousViolations(page), `${lang}${path}`).toEqual([]);
        }
      });
    }
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
