// The landing's first JavaScript as a browser loads it: every script the page fetches until it is
// live (hydrated, its lazily loaded sections too) and the network is quiet, counted in gzip bytes
// (level 9, as npm run bench:bundle counts them), within the landing's budget of 110 KB, and none
// of it the Firebase SDK.
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { locales } from '@/domain/locales';

const BUDGET_BYTES = 110 * 1024;
const firebaseSignature = /@firebase\/|FirebaseError|identitytoolkit\.googleapis/;

for (const lang of locales) {
  test(`/${lang}/ loads at most 110 KB of JavaScript (gzip) before it is live, and no Firebase`, async ({ page }) => {
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.set(response.url(), response.body());
    });
    await page.goto(`/${lang}/`);
    await expect(page.locator('html')).toHaveAttribute('data-landing-live', '');
    await page.waitForLoadState('networkidle');

    const sizes = await Promise.all(
      [...scripts].map(async ([url, body]) => {
        const bytes = await body;
        return {
          path: new URL(url).pathname,
          gzip: gzipSync(bytes, { level: 9 }).length,
          firebase: firebaseSignature.test(bytes.toString()),
        };
      }),
    );
    const total = sizes.reduce((sum, script) => sum + script.gzip, 0);
    const listing = sizes.map((s) => `${s.path} ${(s.gzip / 1024).toFixed(1)} KB`).join('\n');
    expect(total, `${(total / 1024).toFixed(1)} KB in ${sizes.length} scripts:\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(sizes.filter((s) => s.firebase).map((s) => s.path)).toEqual([]);
  });
}
