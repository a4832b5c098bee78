// `npm run prerender` (the second half of `npm run build`): renders the landing page of each
// language in headless Chromium from the production build and saves the result as
// dist/<lang>/index.html, so the content and meta tags are in the first HTML response. The server
// sends that file for /<lang> and /<lang>/; the app then takes over from it without repainting
// (src/features/landing/prerendered-root.ts).
//
// Env: DIST_DIR (default OUT_DIR, as vite.config.ts, else dist), SITE_URL — the public origin written into hreflang, canonical
// and Open Graph URLs (default http://localhost:3000), CHROMIUM_PATH (default /usr/bin/chromium).
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { chromium } from '@playwright/test';
import { locales } from '../domain/locales';
import { runtimeConfigFromEnv } from '../domain/runtime-config';

const distDir = resolve(process.env.DIST_DIR ?? process.env.OUT_DIR ?? 'dist');
const siteUrl = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const shell = join(distDir, 'index.html');

if (!existsSync(shell)) {
  console.error(`prerender: no build in ${distDir}; run "vite build" first.`);
  process.exit(1);
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.webmanifest': 'application/manifest+json',
};

/** Just enough of the production server: static files, the runtime config, the SPA fallback. */
function serveDist(): Promise<Server> {
  const runtimeConfig = JSON.stringify(runtimeConfigFromEnv({}));
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === '/runtime-config.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(runtimeConfig);
      return;
    }
    if (path.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found","message":"Not found"}}');
      return;
    }
    const file = resolve(distDir, `.${path}`);
    const inDist = file.startsWith(distDir + sep);
    if (inDist && existsSync(file) && statSync(file).isFile()) {
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    } else if (extname(path)) {
      response.writeHead(404).end();
    } else {
      // Always the shell, never a previous run's prerendered page.
      response.writeHead(200, { 'content-type': types['.html'] }).end(readFileSync(shell));
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/**
 * Runs in the page: turns the live DOM into a self-contained document. styled-components writes
 * its rules through the CSSOM in production, so its <style> tags are empty in the DOM; their
 * rules are copied out as text under another attribute (styled-components must not adopt them;
 * the app removes them once it has injected its own). Selected options become attributes, which
 * is what outerHTML keeps.
 */
function snapshot(lang: string): string {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-styled]')) {
    const copy = document.createElement('style');
    copy.setAttribute('data-prerendered-styles', '');
    copy.textContent = Array.from(style.sheet?.cssRules ?? [], (rule) => rule.cssText).join('\n');
    style.replaceWith(copy);
  }
  for (const option of document.querySelectorAll('option')) option.toggleAttribute('selected', option.selected);
  // The page is complete without JavaScript, so the app's code is not even fetched before the first
  // paint: public/landing/start-after-paint.js starts the app after it, and preloads the chunks this
  // run loaded (the entry's imports, then the landing's own, which Vite's helper added as URLs).
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]')!;
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]');
  const chunks = new Set(Array.from(preloads, (link) => new URL(link.href).pathname));
  preloads.forEach((link) => link.remove());
  entry.setAttribute('data-app-entry', entry.getAttribute('src')!);
  entry.setAttribute('data-app-chunks', [...chunks].join(' '));
  entry.setAttribute('src', '/landing/start-after-paint.js');
  document.getElementById('root')!.setAttribute('data-prerendered', lang);
  return `<!doctype html>\n${document.documentElement.outerHTML}\n`;
}

const server = await serveDist();
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

try {
  for (const lang of locales) {
    // No service worker: it would answer later navigations from its cache, and nothing here needs it.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${origin}/${lang}/`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    await page.locator('#plans, #contact').first().waitFor();
    const title = await page.title();
    if (errors.length > 0) throw new Error(`/${lang}/ logged errors while prerendering:\n${errors.join('\n')}`);

    // What is left of this server's origin is the page's own URLs (hreflang, canonical, og:url…).
    const html = (await page.evaluate(snapshot, lang)).replaceAll(origin, siteUrl);
    await context.close();
    mkdirSync(join(distDir, lang), { recursive: true });
    writeFileSync(join(distDir, lang, 'index.html'), html);
    console.log(`prerender: /${lang}/ → ${join(distDir, lang, 'index.html')} (${(html.length / 1024).toFixed(1)} KB, "${title}")`);
  }
} finally {
  await browser.close();
  server.close();
}
