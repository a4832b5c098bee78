// `npm run i18n:check`: extracts every message from the sources, then fails when a pt or es
// catalog (public.po, the landing's; shop.po, the shopper pages'; messages.po, the app's:
// lingui.config.ts) lacks a translation. A new string can therefore never ship untranslated.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import PO from 'pofile';

const extract = spawnSync('npx', ['lingui', 'extract', '--clean'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
if (extract.status !== 0) {
  console.error(extract.stdout);
  process.exit(extract.status ?? 1);
}

let missing = 0;
for (const file of ['pt', 'es'].flatMap((locale) => ['public', 'shop', 'messages'].map((catalog) => `locales/${locale}/${catalog}.po`))) {
  const po = PO.parse(readFileSync(file, 'utf8'));
  const untranslated = po.items.filter((item) => !item.obsolete && item.msgstr.every((s) => s.trim() === ''));
  for (const item of untranslated) console.error(`${file}: missing translation for "${item.msgid}"`);
  missing += untranslated.length;
  console.log(`${file}: ${po.items.length - untranslated.length}/${po.items.length} messages translated`);
}
if (missing > 0) {
  console.error(`\n${missing} missing translation(s). Fill them in the .po files above.`);
  process.exit(1);
}
