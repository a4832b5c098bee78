import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/merchant-test';

/**
 * Where a toast stands and its colour, read in the frame it first shows: a toast leaves after a few
 * seconds, so a position read after a separate visibility check can find it gone on a loaded machine.
 */
async function toastWhenShown(page: Page, text: string) {
  const found = await page.waitForFunction((wanted) => {
    const toast = [...document.querySelectorAll('[role="status"]')].find((element) => element.textContent?.includes(wanted));
    if (!toast) return null;
    const box = toast.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    return { top: box.top, right: box.right, background: getComputedStyle(toast.parentElement!).backgroundColor };
  }, text);
  return (await found.jsonValue())!;
}

test.describe('notifications', () => {
  test('a failed API request raises the translated red error toast at the top right', async ({ page }) => {
    for (const [lang, message] of [
      ['en', 'An unknown error occurred.'],
      ['pt', 'Ocorreu um erro desconhecido.'],
      ['es', 'Ocurrió un error desconocido.'],
    ] as const) {
      await page.goto(`/${lang}/component-examples`);
      const failed = page.waitForResponse((r) => r.url().includes('/api/v1/component-examples/missing-resource'));
      const shown = toastWhenShown(page, message);
      await page.getByRole('button', { name: /missing|inexistente/i }).click();
      expect((await failed).status()).toBe(404);
      const toast = await shown;
      const viewport = page.viewportSize()!;
      expect(toast.top).toBeLessThan(viewport.height / 3);
      expect(toast.right).toBeGreaterThan(viewport.width * 0.66);
      expect(toast.background).toBe('rgb(192, 38, 45)'); // palette.negative
    }
  });

  test('other notifications appear at the bottom', async ({ page }) => {
    await page.goto('/en/component-examples');
    const shown = toastWhenShown(page, 'AI base saved.');
    await page.getByRole('button', { name: 'Show a notification' }).click();
    expect((await shown).top).toBeGreaterThan(page.viewportSize()!.height / 2);
  });
});
