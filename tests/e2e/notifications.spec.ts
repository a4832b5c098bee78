import { expect, test } from './fixtures/merchant-test';

test.describe('notifications', () => {
  test('a failed API request raises the translated red error toast at the top right', async ({ page }) => {
    for (const [lang, message] of [
      ['en', 'An unknown error occurred.'],
      ['pt', 'Ocorreu um erro desconhecido.'],
      ['es', 'Ocurrió un error desconocido.'],
    ] as const) {
      await page.goto(`/${lang}/component-examples`);
      const failed = page.waitForResponse((r) => r.url().includes('/api/v1/component-examples/missing-resource'));
      await page.getByRole('button', { name: /missing|inexistente/i }).click();
      expect((await failed).status()).toBe(404);
      const toast = page.getByRole('status').filter({ hasText: message });
      await expect(toast).toBeVisible();
      const box = (await toast.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.y).toBeLessThan(viewport.height / 3);
      expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.66);
      const background = await toast.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
      expect(background).toBe('rgb(192, 38, 45)'); // palette.negative
    }
  });

  test('other notifications appear at the bottom', async ({ page }) => {
    await page.goto('/en/component-examples');
    await page.getByRole('button', { name: 'Show a notification' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'AI base saved.' });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThan(page.viewportSize()!.height / 2);
  });
});
