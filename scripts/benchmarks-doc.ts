// The bench scripts' last figures in docs/benchmarks.md: each bench owns a block between
// `<!-- bench:<name>:start -->` and `<!-- bench:<name>:end -->` and rewrites only that block, so
// figures live in one dated table per budget instead of drifting in comments. A bench writes
// it only when run with BENCH_WRITE_DOC=1, so a casual run leaves the tree clean.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export const benchmarksDocPath = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

export type BenchTable = { headers: readonly string[]; rows: readonly (readonly (string | number)[])[] };

export type BenchBlock = {
  /** The block's name: `answers` is marked `<!-- bench:answers:start -->`. */
  name: string;
  /** How the figures were measured, as typed (`BENCH_TARGETS=pglite npm run bench:sync`). */
  command: string;
  /** The day measured, YYYY-MM-DD. */
  date: string;
  machine: string;
  table: BenchTable;
  /** A line under the table (what a column means, the load). */
  note?: string;
};

const startMarker = (name: string) => `<!-- bench:${name}:start -->`;
const endMarker = (name: string) => `<!-- bench:${name}:end -->`;
const cell = (value: string | number) => String(value).replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();

export function renderTable({ headers, rows }: BenchTable): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(headers), `|${headers.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** A block's text, its markers included. */
export function renderBlock(block: BenchBlock): string {
  return [
    startMarker(block.name),
    `Measured ${block.date} on ${block.machine}: \`${block.command}\``,
    '',
    renderTable(block.table),
    ...(block.note ? ['', block.note] : []),
    endMarker(block.name),
  ].join('\n');
}

/**
 * The document with the named block replaced by `rendered`, or with it appended when the document
 * has no such block. A start marker without its end is refused: guessing where the block ends
 * could eat the next one.
 */
export function replaceBlock(doc: string, name: string, rendered: string): string {
  const start = doc.indexOf(startMarker(name));
  if (start === -1) return `${doc.replace(/\n*$/, '')}\n\n${rendered}\n`;
  const end = doc.indexOf(endMarker(name), start);
  if (end === -1) throw new Error(`${startMarker(name)} has no ${endMarker(name)} after it`);
  return doc.slice(0, start) + rendered + doc.slice(end + endMarker(name).length);
}

/** This machine as the tables name it: cores, processor, memory, Node. */
export function machineLabel(): string {
  const model = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown processor';
  return `${availableParallelism()} cores (${model}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, load avg ${loadavg()[0]!.toFixed(1)}`;
}

/** The command that ran this bench: its BENCH_* settings (not BENCH_WRITE_DOC), DATABASE_URL's presence, the npm script and its arguments. */
export function benchCommand(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
  args: readonly string[] = process.argv.slice(2),
): string {
  const settings = Object.keys(env)
    .filter((key) => key.startsWith('BENCH_') && key !== 'BENCH_WRITE_DOC')
    .sort()
    .map((key) => `${key}=${env[key]}`);
  if (env.DATABASE_URL) settings.push('DATABASE_URL=…');
  return [...settings, `npm run ${script}`, ...(args.length > 0 ? ['--', ...args] : [])].join(' ');
}

/** Rewrites the bench's blocks in docs/benchmarks.md when BENCH_WRITE_DOC=1; otherwise leaves the file alone. */
export function writeBenchBlocks(blocks: readonly BenchBlock[], env: NodeJS.ProcessEnv = process.env, path = benchmarksDocPath): boolean {
  if (env.BENCH_WRITE_DOC !== '1' || blocks.length === 0) return false;
  const doc = blocks.reduce((text, block) => replaceBlock(text, block.name, renderBlock(block)), readFileSync(path, 'utf8'));
  writeFileSync(path, doc);
  console.log(`\n${path}: ${blocks.map((block) => `bench:${block.name}`).join(', ')} rewritten.`);
  return true;
}

/** Today in UTC, as the tables date a run. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);
