import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures/merchant-test';
import { chromiumLaunch } from '@/playwright.config';

test.describe('progressive web app', () => {
  test('links a manifest that meets Chrome installability criteria', async ({ page, request }) => {
    await page.goto('/en/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(new URL(href!, page.url()).toString());
    expect(response.ok()).toBe(true);
    const manifest = await response.json();
    expect(manifest.name).toBe('Catalyst');
    expect(manifest.short_name).toBe('Catalyst');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> = manifest.icons;
    for (const size of ['192x192', '512x512']) {
      expect(icons.some((i) => i.sizes === size && i.type === 'image/png' && (i.purpose ?? 'any').includes('any'))).toBe(true);
    }
    expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of icons) {
      const png = await request.get(new URL(icon.src, page.url()).toString());
      expect(png.ok(), icon.src).toBe(true);
      const bytes = await png.body();
      // PNG signature, then the IHDR width and height must match the declared size.
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  test("passes Chrome's own installability check", async ({ baseURL }) => {
    // Installability is never granted in incognito, which is what test contexts are: use a profile.
    const profile = mkdtempSync(join(tmpdir(), 'catalyst-pwa-'));
    const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunch, headless: true });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/en/`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId), { timeout: 15_000 })
        .toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('registers /sw.js with scope / and becomes ready for offline use', async ({ page }) => {
    await page.goto('/en/settings');
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, script: reg.active?.scriptURL };
    });
    expect(new URL(registration.scope).pathname).toBe('/');
    expect(new URL(registration.script!).pathname).toBe('/sw.js');
    await expect(page.getByText('Works offline')).toBeVisible();
    await expect(page.locator('dd', { hasText: 'Yes' })).toBeVisible();
  });

  test('serves the app shell with the cache and security headers', async ({ request }) => {
    const index = await request.get('/en/dashboard');
    expect(index.headers()['cache-control']).toBe('no-cache');
    const csp = index.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(index.headers()['x-content-type-options']).toBe('nosniff');
    expect(index.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const html = await index.text();
    // No inline scripts: every <script> has a src.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const asset = html.match(/\/assets\/[^"]+\.js/)![0];
    expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/sw.js', '/build-id.json', '/manifest.webmanifest']) {
      expect((await request.get(path)).headers()['cache-control'], path).toBe('no-cache');
    }
    const config = await request.get('/runtime-config.json');
    expect(config.headers()['cache-control']).toBe('no-store');
    expect(Object.keys((await config.json()).firebase)).toEqual(
      expect.arrayContaining(['apiKey', 'authDomain', 'projectId', 'storageBucket', 'messagingSenderId', 'appId', 'measurementId']),
    );
  });
});
