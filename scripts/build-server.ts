// `npm run build:server`: the product server as production runs it, `node dist-server/main.js`.
// esbuild bundles server/ and domain/ into ES modules; the packages stay in node_modules. Plain
// node holds less at rest than tsx, which a big import's RSS budget needs. Beside main.js: the
// extraction and PGlite threads' entries and boot files and the SQL migrations, where
// run-extraction.ts, pglite-thread-client.ts and database.ts look for them.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_OUT_DIR = 'dist-server';

/**
 * Node's flags for the product server: `node --max-semi-space-size=4 --max-old-space-size=512
 * --wasm-num-compilation-tasks=1 --expose-gc dist-server/main.js`. Flags cannot be set from inside
 * the process: start.ts, the benches and a deployment pass them (README).
 * - V8's young generation is 32 MB by default, all of it resident while the server takes in a
 *   knowledge import's batches: 4 MB keeps a big PDF's import under its RSS budget, the API reads'
 *   speed unchanged (2 MB slows them).
 * - V8 lets the old generation fill with garbage up to 4× what is live before it collects when its
 *   limit is ~4 GB (a machine with 24 GB); under 2 GB it allows less. The limit keeps a sync of
 *   100,000 variants under its RSS budget in the same time. 512 MB is far above what the server
 *   keeps live and above the RSS budgets, so it bounds the garbage, not the work.
 * - V8 compiles PGlite's hot WebAssembly functions again, optimized, in the background, as many at
 *   once as it likes; each compilation's working memory comes from malloc's arenas, which keep it
 *   after. One at a time (two cores here) lowered a campaign's peak, the webhook's speed unchanged.
 * - `--expose-gc`: a knowledge import ends with a full collection (knowledge-worker.ts says why).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=512', '--wasm-num-compilation-tasks=1', '--expose-gc'];

/**
 * The environment the product server is started with, beside the flags: `MALLOC_ARENA_MAX=2
 * MALLOC_MMAP_THRESHOLD_=65536`. glibc reads both as the process starts: start.ts, the benches and a
 * deployment set them (README).
 * - glibc gives each thread that allocates its own malloc arena and keeps what each has held; with
 *   PGlite in a thread of its own (server/db/pglite-thread.ts), two arenas keep a big PDF's import
 *   under its RSS budget, its time the same.
 * - glibc raises its threshold for serving a block from its own mapping (returned to the system when
 *   freed) up to 32 MB as blocks are freed, so the server's many short-lived blocks of 64 KB and more
 *   (messages to and from the PGlite thread, request and response buffers) come from the arena's
 *   heap and stay resident after a burst. A fixed 64 KB keeps them out of it.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' } as const;

export async function buildServer(outDir = SERVER_OUT_DIR): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: {
      main: 'server/main.ts',
      'extraction-thread': 'server/knowledge/extraction/extraction-thread.ts',
      'pglite-thread': 'server/db/pglite-thread.ts',
    },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Chunks beside the entries: import.meta.url-relative paths resolve alike from any of them.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
  });
  cpSync('server/knowledge/extraction/extraction-thread-boot.js', join(outDir, 'extraction-thread-boot.js'));
  cpSync('server/db/pglite-thread-boot.js', join(outDir, 'pglite-thread-boot.js'));
  cpSync('server/db/migrations', join(outDir, 'migrations'), { recursive: true });
  return resolve(outDir, 'main.js');
}

/**
 * A bundle of its own for a test or bench run, in a fresh directory of .tmp/ (inside the
 * repository, so the bundle finds its packages in node_modules), removed when the process exits.
 */
export async function buildScratchServer(label: string): Promise<string> {
  mkdirSync('.tmp', { recursive: true });
  const outDir = mkdtempSync(join('.tmp', `${label}-`));
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  return buildServer(outDir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = process.env.SERVER_OUT_DIR || SERVER_OUT_DIR;
  const started = Date.now();
  const main = await buildServer(outDir);
  console.log(`build:server: ${main} (${Date.now() - started} ms)`);
}
