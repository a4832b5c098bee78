// The website widget's build: widget/widget.ts as one classic script, dist/widget.js (and its brotli
// and gzip copies), run by any page that pastes its snippet — an IIFE whose only global is
// CatalystWidget, minified, no chunks, no React. Apart from the SPA's build: its own config, so
// nothing of the app's plugins or chunks reaches it.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

export const WIDGET_FILE = 'widget.js';

export async function buildWidget(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': resolve(import.meta.dirname, '..') } },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2020',
      lib: {
        entry: resolve(import.meta.dirname, '../widget/widget.ts'),
        formats: ['iife'],
        name: 'CatalystWidget',
        fileName: () => WIDGET_FILE,
      },
    },
  });
  const file = join(outDir, WIDGET_FILE);
  const code = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(code, { level: 9 }));
}
