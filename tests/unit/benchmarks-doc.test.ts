// docs/benchmarks.md is rewritten one bench's block at a time: a run replaces its own block, leaves
// every other block and the hand-written text as they were, appends a block the document lacks, and
// writes nothing unless asked.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { benchCommand, renderBlock, renderTable, replaceBlock, writeBenchBlocks, type BenchBlock } from '@/scripts/benchmarks-doc';

const doc = [
  '# Benchmarks',
  '',
  '## Answers',
  '',
  'Budget: top-3 ≥ 90 %.',
  '',
  '<!-- bench:answers:start -->',
  'old answers table',
  '<!-- bench:answers:end -->',
  '',
  '## Dashboard',
  '',
  '<!-- bench:dashboard-query:start -->',
  'dashboard table',
  '<!-- bench:dashboard-query:end -->',
  '',
].join('\n');

const block = (name: string, rows: (string | number)[][] = [['all', '97 %']]): BenchBlock => ({
  name,
  command: 'npm run bench:answers',
  date: '2026-11-28',
  machine: '2 cores',
  table: { headers: ['language', 'top-3'], rows },
});

describe('replaceBlock', () => {
  test("replaces the named block's content between its markers, markers kept", () => {
    const next = replaceBlock(doc, 'answers', renderBlock(block('answers')));
    expect(next).not.toContain('old answers table');
    expect(next).toContain('<!-- bench:answers:start -->\nMeasured 2026-11-28 on 2 cores: `npm run bench:answers`\n');
    expect(next).toContain('| all | 97 % |\n<!-- bench:answers:end -->');
    expect(next.match(/bench:answers:start/g)).toHaveLength(1);
    expect(next.match(/bench:answers:end/g)).toHaveLength(1);
  });

  test('leaves the other blocks and the hand-written text as they were', () => {
    const next = replaceBlock(doc, 'answers', renderBlock(block('answers')));
    const [before, after] = doc.split(/<!-- bench:answers:start -->[\s\S]*<!-- bench:answers:end -->/);
    expect(next.startsWith(before!)).toBe(true);
    expect(next.endsWith(after!)).toBe(true);
    expect(after).toContain('<!-- bench:dashboard-query:start -->\ndashboard table\n<!-- bench:dashboard-query:end -->');
  });

  test('a name that prefixes another block does not match it', () => {
    const next = replaceBlock(doc, 'dashboard', renderBlock(block('dashboard')));
    expect(next).toContain('dashboard table');
    expect(next.endsWith(`${renderBlock(block('dashboard'))}\n`)).toBe(true);
  });

  test('appends a block the document lacks, once, after one blank line', () => {
    const rendered = renderBlock(block('retrieval-pglite'));
    const next = replaceBlock(doc, 'retrieval-pglite', rendered);
    expect(next).toBe(`${doc.trimEnd()}\n\n${rendered}\n`);
    expect(replaceBlock(next, 'retrieval-pglite', rendered)).toBe(next);
  });

  test('refuses a start marker without its end rather than guess where the block ends', () => {
    const broken = doc.replace('<!-- bench:answers:end -->', '');
    expect(() => replaceBlock(broken, 'answers', renderBlock(block('answers')))).toThrow('bench:answers:end');
  });
});

test("renderTable: a header, its rule, a row per figure; a '|' in a cell is escaped", () => {
  expect(renderTable({ headers: ['engine', 'p99 ms'], rows: [['PGlite | thread', 12.5]] })).toBe(
    '| engine | p99 ms |\n|---|---|\n| PGlite \\| thread | 12.5 |',
  );
});

test('benchCommand: the BENCH_* settings but BENCH_WRITE_DOC, the database hidden, the script and its arguments', () => {
  const env = { BENCH_TARGETS: 'pglite', BENCH_WRITE_DOC: '1', BENCH_DASHBOARD: 'query', DATABASE_URL: 'postgres://u:p@h/db', HOME: '/x' };
  expect(benchCommand('bench:dashboard', env, [])).toBe(
    'BENCH_DASHBOARD=query BENCH_TARGETS=pglite DATABASE_URL=… npm run bench:dashboard',
  );
  expect(benchCommand('bench:storefront', {}, ['--runs=5'])).toBe('npm run bench:storefront -- --runs=5');
});

describe('writeBenchBlocks', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const docFile = () => {
    dir = mkdtempSync(join(tmpdir(), 'benchmarks-doc-'));
    const path = join(dir, 'benchmarks.md');
    writeFileSync(path, doc);
    return path;
  };

  test('without BENCH_WRITE_DOC=1 the file is left alone', () => {
    const path = docFile();
    expect(writeBenchBlocks([block('answers')], {}, path)).toBe(false);
    expect(writeBenchBlocks([block('answers')], { BENCH_WRITE_DOC: 'true' }, path)).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(doc);
  });

  test('with BENCH_WRITE_DOC=1 every block of the run is rewritten', () => {
    const path = docFile();
    const query = { ...block('dashboard-query', [['PGlite', '9.3']]), command: 'npm run bench:dashboard' };
    expect(writeBenchBlocks([block('answers'), query], { BENCH_WRITE_DOC: '1' }, path)).toBe(true);
    const written = readFileSync(path, 'utf8');
    expect(written).toContain(renderBlock(block('answers')));
    expect(written).toContain(renderBlock(query));
    expect(written).not.toContain('dashboard table');
    expect(written.startsWith('# Benchmarks\n\n## Answers\n\nBudget: top-3 ≥ 90 %.\n\n')).toBe(true);
  });
});
