// The README's table of environment variables, generated from the server's config schema
// (server/config.ts): each variable's `.describe()` text and shown default. `npx tsx
// scripts/env-table.ts` rewrites the block between the README's env-table markers;
// tests/unit/config.test.ts fails when the README and the schema disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as z from 'zod';
import { envSchema } from '../server/config';

export const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));

const START = '<!-- env-table:start -->';
const END = '<!-- env-table:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();

/** One row a variable, in the schema's order: its name, meaning and default as shown. */
export function envTable(): string {
  const rows = Object.entries(envSchema.shape).map(([name, schema]) => {
    const meta = z.globalRegistry.get(schema);
    if (!meta?.description || typeof meta.shownDefault !== 'string') throw new Error(`${name} has no description or shown default`);
    return `| \`${name}\` | ${cell(meta.description)} | ${cell(meta.shownDefault)} |`;
  });
  return ['| variable | meaning | default |', '|---|---|---|', ...rows].join('\n');
}

/** `readme` with the block between the markers replaced by the table; throws when a marker is missing. */
export function readmeWithEnvTable(readme: string, table = envTable()): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END, start);
  if (start === -1 || end === -1) throw new Error(`README.md needs ${START} and ${END} around the environment table`);
  return `${readme.slice(0, start)}${START}\n${table}\n${readme.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const readme = readFileSync(readmePath, 'utf8');
  const updated = readmeWithEnvTable(readme);
  if (updated === readme) console.log('README.md: the environment table is up to date.');
  else {
    writeFileSync(readmePath, updated);
    console.log('README.md: environment table rewritten from server/config.ts.');
  }
}
