// The source files whose messages go to the public catalog (locales/<locale>/public.po): every
// module the landing page can load, statically or lazily, found by following its imports. The
// landing loads that catalog alone (some 5 KB gzip instead of the app's ~11 KB); other routes load
// messages.po as well (src/i18n/i18n.ts). lingui.config.ts reads it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** Where the landing page's code starts. */
const LANDING_ROOTS = [
  'src/entry-landing.tsx',
  'src/entry-client.tsx',
  'src/routes/__root.tsx',
  'src/routes/$lang/route.tsx',
  'src/routes/$lang/index.tsx',
];
/** The route tree reaches every page: the landing's own routes are the roots above instead. */
const NOT_FOLLOWED = [/route-tree\.gen\.ts$/, /create-app-router\.tsx?$/];
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(?!type\s)[^'"]*?from\s*['"]((?:\.{1,2}|@)\/[^'"]+)['"]|import\(\s*['"]((?:\.{1,2}|@)\/[^'"]+)['"]\s*\)|^\s*import\s+['"]((?:\.{1,2}|@)\/[^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx'];
const MESSAGES = /@lingui\/(?:core|react)\/macro/;

/** `@/…` is the repository's root (tsconfig.json's paths); `./…` and `../…` the importing file's folder. */
function resolveImport(root: string, from: string, specifier: string): string | null {
  for (const extension of EXTENSIONS) {
    const path = specifier.startsWith('@/') ? resolve(root, specifier.slice(2) + extension) : resolve(dirname(from), specifier + extension);
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/** Repository-relative paths, sorted. */
export function publicCatalogFiles(root = process.cwd()): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || NOT_FOLLOWED.some((pattern) => pattern.test(file))) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(root, file, (match[1] ?? match[2] ?? match[3])!);
      if (target && /\.tsx?$/.test(target)) visit(target);
    }
  };
  for (const entry of LANDING_ROOTS) visit(resolve(root, entry));
  return [...seen]
    .filter((file) => MESSAGES.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .sort();
}
