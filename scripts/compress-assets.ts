// The build's hashed assets (dist/assets/*.js, *.css, *.svg) compressed once at build time, beside
// each file: `.br` (brotli, best) and `.gz` (gzip, best). The server sends the one the browser
// accepts (@fastify/static's preCompressed), so a phone on a slow network downloads about a third
// of the bytes, and no request spends CPU compressing. Files under 1 KB gain nothing and are left.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const MIN_BYTES = 1024;

/** Writes the compressed copies; answers how many files and their bytes before and after brotli. */
export function compressAssets(outDir: string): { files: number; bytes: number; brotli: number } {
  const dir = join(outDir, 'assets');
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!COMPRESSIBLE.test(name) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotli += br.length;
  }
  return totals;
}
