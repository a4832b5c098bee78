// `npm run build` on a machine without Chromium (a newcomer's): no browser takes part in it, and
// what it makes is what production serves — the landing's first HTML with its content, prices,
// alternates and structured data, the public origin filled in when served.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '@/server/app';
import { serverRendererDir } from '@/domain/public-pages';

// Inside the repository (the renderer finds its packages in node_modules); .tmp/ is absent in a fresh clone.
mkdirSync('.tmp', { recursive: true });
const scratch = mkdtempSync(join(resolve('.tmp'), 'fresh-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('builds without a browser, and the Portuguese landing is whole in its first HTML', { timeout: 180_000 }, async () => {
  // A PATH with node and the project's tools only: no chromium to find; CHROMIUM_PATH points nowhere.
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, 'node'));
  const env = {
    HOME: process.env.HOME ?? '/tmp',
    PATH: `${bin}:${resolve('node_modules/.bin')}`,
    CHROMIUM_PATH: join(scratch, 'no-chromium'),
  };
  expect(spawnSync('/bin/sh', ['-c', 'command -v chromium chromium-browser google-chrome'], { env }).status).not.toBe(0);

  const outDir = join(scratch, 'dist');
  // Built as `npm start` builds: in the process that then starts the server, whose environment must be as it was.
  const buildAsStartDoes = join(scratch, 'build-as-start.mjs');
  writeFileSync(
    buildAsStartDoes,
    `const { buildAll } = await import(${JSON.stringify(pathToFileURL(resolve('scripts/build.ts')).href)});\n` +
      'await buildAll();\n' +
      "console.log(`environment after: NODE_ENV=${process.env.NODE_ENV ?? '(unset)'} OUT_DIR=${process.env.OUT_DIR}`);\n",
  );
  const build = spawnSync(process.execPath, ['--import', 'tsx', buildAsStartDoes], {
    env: { ...env, OUT_DIR: outDir, SERVER_OUT_DIR: join(scratch, 'dist-server'), BUILD_ID: 'fresh' },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  expect(build.stdout).toMatch(/build: done in \d+\.\d s/);
  expect(build.stdout).toContain(`environment after: NODE_ENV=(unset) OUT_DIR=${outDir}`);
  expect(existsSync(join(serverRendererDir(outDir), 'entry-server.js'))).toBe(true);
  expect(existsSync(join(scratch, 'dist-server', 'main.js'))).toBe(true);

  // Without its static file, a page is rendered per request by the built renderer (worker threads).
  rmSync(join(outDir, 'es', 'index.html'));
  const app = await buildApp({ env: { SITE_URL: 'https://catalyst.example', RENDER_THREADS: '1' }, distDir: outDir });
  try {
    const response = await app.inject({ url: '/pt/' });
    expect(response.statusCode).toBe(200);
    const html = response.body.replaceAll('&nbsp;', '\u00a0');
    expect(readFileSync(join(outDir, 'pt', 'index.html'), 'utf8')).toContain('<h1');
    expect(html).toMatch(/<html lang="pt-BR"/);
    expect(html).toMatch(/<h1[^>]*>Venda mais no WhatsApp com IA<\/h1>/);
    expect(html).toMatch(/R\$\s?\d/);
    for (const [hreflang, path] of [
      ['en', 'en/'],
      ['pt-BR', 'pt/'],
      ['es', 'es/'],
      ['x-default', ''],
    ]) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${hreflang}" href="https://catalyst.example/${path}"/>`);
    }
    expect(html).toContain('<link rel="canonical" href="https://catalyst.example/pt/"/>');
    expect(html).toContain('"@type":"FAQPage"');
    expect(html).toContain('Com quais plataformas de e-commerce o Catalyst se integra?');

    const spanish = await app.inject({ url: '/es/' });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toMatch(/<html lang="es"/);
    expect(spanish.body).toMatch(/<h1[^>]*>Vende más en WhatsApp con IA<\/h1>/);
    expect(spanish.body).toContain('<link rel="canonical" href="https://catalyst.example/es/"/>');
    // Rendered into the landing's own shell: its entry hydrates the islands from the data block, without the router's state.
    expect(spanish.body).toMatch(/data-app-entry="\/assets\/landing-[^"]+\.js"/);
    expect(spanish.body).toContain('<script type="application/json" id="landing-data">');
    expect(spanish.body).not.toContain('$_TSR');
  } finally {
    await app.close();
  }
});
