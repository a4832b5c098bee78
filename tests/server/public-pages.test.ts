// The server-rendered public pages as the server serves them: the landing's static files with the
// public origin filled in and their inline scripts allowed by hash, per-request rendering through
// a renderer (here a stand-in for dist-ssr/entry-server.js), and the SPA shell when it fails; the
// build's compressed copies of its assets sent to a browser that takes them.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { SITE_URL_PLACEHOLDER, type RenderRequest, type ServerRenderer } from '@/domain/public-pages';
import { compressAssets } from '@/scripts/compress-assets';

const SHELL = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>';
const BOOTSTRAP = 'self.$_TSR={router:1}';

let distDir: string;
let app: FastifyInstance | undefined;
const logLines: Array<Record<string, unknown>> = [];

beforeEach(() => {
  distDir = mkdtempSync(join(tmpdir(), 'catalyst-public-pages-'));
  writeFileSync(join(distDir, 'index.html'), SHELL);
  logLines.length = 0;
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(distDir, { recursive: true, force: true });
});

function staticLanding(lang: string) {
  mkdirSync(join(distDir, lang), { recursive: true });
  writeFileSync(
    join(distDir, lang, 'index.html'),
    `<!DOCTYPE html><html lang="${lang}"><head><link rel="canonical" href="${SITE_URL_PLACEHOLDER}/${lang}/"/></head>` +
      `<body><div id="root"><h1>Landing ${lang}</h1><script>${BOOTSTRAP}</script></div></body></html>`,
  );
}

/** `renderer` absent: the server looks for the built one (beside distDir: there is none here). */
async function start(env: Record<string, string>, { renderer }: { renderer?: ServerRenderer | null } = { renderer: null }) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp({
    env,
    distDir,
    renderer,
    logger: { level: 'info', stream: sink },
  });
  return app;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test('a static landing page is served with SITE_URL filled in and its inline script allowed by hash alone', async () => {
  staticLanding('pt');
  await start({ SITE_URL: 'https://catalyst.example/' });
  for (const url of ['/pt', '/pt/', '/pt/index.html']) {
    const response = await app!.inject({ url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<link rel="canonical" href="https://catalyst.example/pt/"/>');
    expect(response.body).not.toContain(SITE_URL_PLACEHOLDER);
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256(BOOTSTRAP)}`);
  }
  // Other pages allow no inline script at all.
  const shell = await app!.inject({ url: '/pt/login' });
  expect(String(shell.headers['content-security-policy'])).toContain("script-src 'self';");
});

test("without SITE_URL, the request's own origin; a Host that is not a plain host name is not written into the page", async () => {
  staticLanding('es');
  await start({});
  const plain = await app!.inject({
    url: '/es/',
    headers: { host: 'shop.example:8080' },
  });
  expect(plain.body).toContain('href="http://shop.example:8080/es/"');
  const hostile = await app!.inject({
    url: '/es/',
    headers: { host: 'evil.example"><script>alert(1)</script>' },
  });
  expect(hostile.statusCode).toBe(200);
  expect(hostile.body).toContain('href="http://localhost/es/"');
  expect(hostile.body).not.toContain('alert(1)');
});

test("a page without a static file is rendered per request, with the public origin, into the landing's own shell", async () => {
  const landingShell = SHELL.replace('<div id="root"></div>', '<div id="root"></div><!-- the landing shell -->');
  writeFileSync(join(distDir, 'landing.html'), landingShell);
  const seen: RenderRequest[] = [];
  await start(
    { SITE_URL: 'https://catalyst.example' },
    {
      renderer: {
        renderPage: async (request) => {
          seen.push(request);
          return {
            kind: 'page',
            status: 200,
            html: `<!DOCTYPE html><html><body><h1>Rendered</h1><script>${BOOTSTRAP}</script></body></html>`,
          };
        },
      },
    },
  );
  const response = await app!.inject({ url: '/en/' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('<h1>Rendered</h1>');
  expect(String(response.headers['content-security-policy'])).toContain(sha256(BOOTSTRAP));
  expect(seen).toEqual([{ url: '/en/', siteUrl: 'https://catalyst.example', template: landingShell }]);
});

test("a redirect from the router is the response's", async () => {
  await start(
    {},
    {
      renderer: {
        renderPage: async () => ({
          kind: 'redirect',
          status: 307,
          location: '/en/login',
        }),
      },
    },
  );
  const response = await app!.inject({ url: '/en' });
  expect(response.statusCode).toBe(307);
  expect(response.headers.location).toBe('/en/login');
});

test('a page that fails to render answers the SPA shell, never a stack; the failure is logged with the request id', async () => {
  await start(
    {},
    {
      renderer: {
        renderPage: async () => {
          throw new Error('a component threw while rendering');
        },
      },
    },
  );
  const response = await app!.inject({
    url: '/es/',
    headers: { 'x-request-id': 'render-failure-1' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe(SHELL);
  expect(response.body).not.toContain('a component threw');
  const failure = logLines.find((line) => line.msg === 'server rendering failed; answering the SPA shell');
  expect(failure).toMatchObject({
    reqId: 'render-failure-1',
    level: 50,
    err: { message: 'a component threw while rendering' },
  });
});

test('without a built renderer the public pages are the SPA shell, and the server says so once at start', async () => {
  await start({}, {});
  const response = await app!.inject({ url: '/pt/' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe(SHELL);
  expect(logLines.filter((line) => String(line.msg).startsWith('no server renderer'))).toHaveLength(1);
});

test('SITE_URL that is not an http(s) URL stops the server at start', async () => {
  await expect(buildApp({ env: { SITE_URL: 'catalyst.example' }, distDir })).rejects.toThrow(/SITE_URL must be an http\(s\) origin/);
  await expect(buildApp({ env: { SITE_URL: 'ftp://catalyst.example' }, distDir })).rejects.toThrow(/SITE_URL must be an http\(s\) origin/);
});

test('a built asset goes out as the brotli or gzip copy the build made, to a browser that takes it, with its own type and cache', async () => {
  mkdirSync(join(distDir, 'assets'));
  const script = `export const greeting = '${'olá '.repeat(2_000)}';`;
  writeFileSync(join(distDir, 'assets', 'app-1.js'), script);
  const { files } = compressAssets(distDir);
  expect(files).toBe(1);
  await start({});
  for (const [accept, encoding] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const response = await app!.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': accept } });
    expect(response.statusCode, accept).toBe(200);
    expect(response.headers['content-encoding'], accept).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const body = response.rawPayload;
    const text = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
    expect(text.toString('utf8')).toBe(script);
    if (encoding) expect(body.length).toBeLessThan(script.length / 10);
  }
});
