// `npm run build` (and `npm start` when sources changed): everything production runs, each step
// timed. The SPA (`vite build` → dist/; its assets' brotli and gzip copies beside them), the
// server renderer (`vite build --ssr` → dist-ssr/), the landing page of each language rendered
// with it (dist/<lang>/index.html), the website widget (widget/ → dist/widget.js, one script of its
// own: no React, one global), the server bundle (dist-server/). OUT_DIR moves the first three (the e2e and bench builds), SERVER_OUT_DIR the last.
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { buildServer, SERVER_OUT_DIR } from './build-server';
import { compressAssets } from './compress-assets';
import { renderStaticPages } from './render-static-pages';
import { buildWidget } from './build-widget';

export async function buildAll({
  outDir = process.env.OUT_DIR ?? 'dist',
  serverOutDir = process.env.SERVER_OUT_DIR || SERVER_OUT_DIR,
} = {}) {
  const started = performance.now();
  const step = async (name: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    console.log(`build: ${name} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  // vite.config.ts reads OUT_DIR; Vite's build sets NODE_ENV=production in this process. Both are
  // put back afterwards: `npm start` builds in its own process, then starts the server and the
  // Auth emulator with its environment, and the server refuses the emulator under NODE_ENV=production.
  const before = { OUT_DIR: process.env.OUT_DIR, NODE_ENV: process.env.NODE_ENV };
  process.env.OUT_DIR = outDir;
  try {
    await step('SPA', () => build({ logLevel: 'warn' }));
    await step('compressed assets', async () => compressAssets(outDir));
    await step('server renderer', () => build({ logLevel: 'warn', build: { ssr: 'src/entry-server.tsx' } }));
    await step('static landing pages', () => renderStaticPages(outDir));
    await step('website widget', () => buildWidget(outDir));
    await step('server bundle', () => buildServer(serverOutDir));
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildAll();
