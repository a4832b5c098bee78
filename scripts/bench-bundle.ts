// `npm run bench:bundle`: builds, then prints each route's initial JS in the app in gzip bytes — the
// entry, the route's chunks and their static imports, and the active catalog — and whether any of
// it is the Firebase SDK. The public pages have shells of their own, measured as their HTML loads
// them: the landing (landing.html: public/start-after-paint.js, its entry and what it imports; it
// loads more only when asked, the live forms and the popup; its messages come in the HTML) and the shopper's catalog
// page (shop.html: its entry and what it imports). Budgets: landing 110 KB, signed-in shell 250 KB,
// shopper's catalog page 80 KB, the website widget's widget.js 20 KB. BENCH_WRITE_DOC=1 writes the table to docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { benchCommand, machineLabel, today, writeBenchBlocks } from './benchmarks-doc';

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, Chunk>;
const gzipped = new Map<string, number>();
const sizeOf = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length);
  return gzipped.get(file)!;
};
const firebaseSignature = /@firebase\/|FirebaseError|identitytoolkit\.googleapis/;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

// Three shells: the app's (index.html), the landing's (landing.html) and the shopper's pages' (shop.html).
const entryKey = 'index.html';
const landingKey = 'landing.html';
const shopKey = 'shop.html';
// The landing's HTML loads its entry through this file (src/entry-server.tsx's fillTemplate), from public/.
const startAfterPaint = 'start-after-paint.js';
// The landing loads the public catalog alone; every other page the app's as well (src/i18n/i18n.ts).
const publicCatalogKey = Object.keys(manifest).find((k) => k === 'locales/en/public.po');
const appCatalogKey = Object.keys(manifest).find((k) => k === 'locales/en/messages.po');
const catalogKeys = (routeKey: string): string[] =>
  [publicCatalogKey, routeKey === `src/routes/$lang/index.tsx${split}` ? undefined : appCatalogKey].filter((k) => k !== undefined);
const split = '?tsr-split=component';
const routeKeys = Object.keys(manifest).filter(
  (k) => k.startsWith('src/routes/') && k.endsWith(split) && !k.endsWith(`/route.tsx${split}`),
);

function layoutKeys(routeKey: string): string[] {
  const dirs = routeKey.replace(split, '').split('/').slice(2, -1);
  return dirs.map((_, i) => `src/routes/${dirs.slice(0, i + 1).join('/')}/route.tsx${split}`).filter((k) => manifest[k]);
}

const urlOf = (key: string) =>
  '/' +
  key
    .replace(split, '')
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\/_[^/]+/g, '')
    .replace(/\$lang/, '{lang}');

const rows = routeKeys
  .map((key) => {
    const keys = closure([entryKey, ...catalogKeys(key), ...layoutKeys(key), key]);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const bytes = files.reduce((sum, f) => sum + sizeOf(f), 0);
    const firebase = files.some((f) => firebaseSignature.test(readFileSync(`dist/${f}`, 'utf8')));
    return { route: urlOf(key), kb: bytes / 1024, files: files.length, firebase };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.log('\nInitial JS per route in the app (gzip, level 9; /{lang}: the landing as the app shows it when it navigates there)\n');
console.log('route'.padEnd(32) + 'KB'.padStart(8) + 'files'.padStart(7) + '  firebase');
for (const row of rows)
  console.log(row.route.padEnd(32) + row.kb.toFixed(1).padStart(8) + String(row.files).padStart(7) + '  ' + (row.firebase ? 'YES' : 'no'));
const deferred = Object.values(manifest).find((c) => c.file.includes('pwa-runtime'));
if (deferred) console.log(`\nDeferred after first render: PWA runtime ${(sizeOf(deferred.file) / 1024).toFixed(1)} KB`);

/** docs/benchmarks.md's rows: route, initial JS, budget, verdict. */
const docRows: string[][] = [];
const verdict = (kb: number, budget: number) => [`${kb.toFixed(1)} KB`, `${budget} KB`, kb <= budget ? 'within budget' : 'OVER BUDGET'];
const publicFirebase: boolean[] = [];

const shell = Math.max(...rows.filter((r) => !['/{lang}', '/{lang}/login', '/{lang}/reset-password'].includes(r.route)).map((r) => r.kb));
if (manifest[landingKey]) {
  const files = [...closure([landingKey])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bytes = sizeOf(startAfterPaint) + files.reduce((sum, f) => sum + sizeOf(f), 0);
  const firebase = files.some((f) => firebaseSignature.test(readFileSync(`dist/${f}`, 'utf8')));
  const router = files.some((f) => /tsr-scroll-restoration|TanStack Router/.test(readFileSync(`dist/${f}`, 'utf8')));
  console.log(
    `\nlanding (/{lang}/, landing.html): ${(bytes / 1024).toFixed(1)} KB in ${files.length + 1} files (budget 110), Firebase: ${firebase ? 'YES' : 'no'}, router: ${router ? 'YES' : 'no'}`,
  );
  docRows.push(['landing (landing.html, as its HTML loads it)', ...verdict(bytes / 1024, 110)]);
  publicFirebase.push(firebase);
  for (const f of [startAfterPaint, ...files].sort((a, b) => sizeOf(b) - sizeOf(a)))
    console.log(`  ${(sizeOf(f) / 1024).toFixed(1).padStart(6)} KB  ${f}`);
} else console.log('\nlanding: no landing.html in the build');
console.log(`largest signed-in route: ${shell.toFixed(1)} KB (budget 250)`);
docRows.push(['largest signed-in route', ...verdict(shell, 250)]);

// The dashboard's chart library comes in a chunk of its own, loaded after the route (React.lazy):
// the route's initial JS must not hold it.
const dashboardKey = routeKeys.find((key) => urlOf(key) === '/{lang}/dashboard');
const chartsKey = Object.keys(manifest).find((k) => k.endsWith('src/features/dashboard/components/dashboard-charts.tsx'));
if (dashboardKey) {
  const initial = closure([entryKey, ...catalogKeys(dashboardKey), ...layoutKeys(dashboardKey), dashboardKey]);
  const uplotSignature = /uPlot|u-legend/;
  const chartsInitial = [...initial].some((k) => uplotSignature.test(readFileSync(`dist/${manifest[k]!.file}`, 'utf8')));
  const lazy = chartsKey ? [...closure([chartsKey])].filter((k) => !initial.has(k)).map((k) => manifest[k]!.file) : [];
  const lazyKb = lazy.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sizeOf(f), 0) / 1024;
  console.log(
    `dashboard route: ${rows.find((r) => r.route === '/{lang}/dashboard')?.kb.toFixed(1)} KB initial (budget 250), chart library in it: ${chartsInitial ? 'YES' : 'no'}; charts chunk loaded after it: ${chartsKey ? `${lazyKb.toFixed(1)} KB` : 'none'}`,
  );
  const dashboardKb = rows.find((r) => r.route === '/{lang}/dashboard')?.kb ?? NaN;
  docRows.push([
    `dashboard route (chart library ${chartsInitial ? 'IN it' : 'not in it'}; its charts chunk, ${lazyKb.toFixed(1)} KB, loads after)`,
    ...verdict(dashboardKb, 250),
  ]);
}

if (manifest[shopKey]) {
  const files = [...closure([shopKey])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, f) => sum + sizeOf(f), 0);
  const texts = files.map((f) => readFileSync(`dist/${f}`, 'utf8'));
  const firebase = texts.some((text) => firebaseSignature.test(text));
  const zod = texts.some((text) => /ZodError|\$ZodType/.test(text));
  console.log(
    `shopper catalog page (/{lang}/c/{id}): ${(bytes / 1024).toFixed(1)} KB in ${files.length} files (budget 80), Firebase: ${firebase ? 'YES' : 'no'}, zod: ${zod ? 'YES' : 'no'}`,
  );
  docRows.push(['shopper catalog page (shop.html)', ...verdict(bytes / 1024, 80)]);
  publicFirebase.push(firebase);
}

// The website widget: one script of its own on the merchants' sites (scripts/build-widget.ts).
if (existsSync('dist/widget.js')) {
  const text = readFileSync('dist/widget.js', 'utf8');
  const kb = sizeOf('widget.js') / 1024;
  const react = /react\.(?:element|transitional)|__SECRET_INTERNALS|useState/.test(text);
  const zod = /ZodError|\$ZodType/.test(text);
  console.log(`website widget (widget.js): ${kb.toFixed(1)} KB (budget 20), React: ${react ? 'YES' : 'no'}, zod: ${zod ? 'YES' : 'no'}`);
  docRows.push(['website widget (widget.js, one script)', ...verdict(kb, 20)]);
} else console.log('\nwebsite widget: no widget.js in the build');

writeBenchBlocks([
  {
    name: 'bundle',
    command: benchCommand('bench:bundle'),
    date: today(),
    machine: machineLabel(),
    table: { headers: ['route', 'initial JS (gzip)', 'budget', 'verdict'], rows: docRows },
    note: publicFirebase.some(Boolean) ? 'The Firebase SDK IS in a public page’s JS.' : 'No Firebase SDK on the public pages.',
  },
]);
