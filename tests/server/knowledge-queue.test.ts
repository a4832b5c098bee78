// The knowledge queue and the importers on the awkward files merchants really send: the job queue
// shared by several processes (SKIP LOCKED claims, leases, retries), and generated files for each
// case the corpus lacks: a Brazilian Windows CSV, UTF-16, a header-only CSV, one enormous line,
// formula cells, broken workbooks. One bad file never stops the others.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import type { KnowledgeFailureReason } from '@/domain/knowledge';
import { jobs } from '@/server/jobs/job-tables';
import { knowledgeFiles, passages } from '@/server/knowledge/knowledge-tables';
import { queueWorker } from '@/server/jobs/queue-worker';
import { enqueueRows, jobQueue } from '@/server/jobs/job-queue';
import { PROCESS_FILE_QUEUE } from '@/server/knowledge/knowledge-store';
import { storedPathFor } from '@/server/knowledge/upload-storage';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient, scratchDataDir, testObjectStore } from './support/knowledge-uploads';
import { testDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
const data = scratchDataDir('knowledge-queue');
const { merchant, createBase, uploaded, settled } = knowledgeClient(() => server.url);

beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: data.dir }, workers: true });
});
afterAll(async () => {
  await server.close();
  data.remove();
});

describe('the job queue', () => {
  const queueName = () => `test.${Math.random().toString(36).slice(2)}`;

  test('workers claiming at once never take the same job (FOR UPDATE SKIP LOCKED)', async () => {
    const { db } = await testDatabase();
    const queue = jobQueue(db);
    // Several rounds: a race that loses jobs need not show in one.
    for (let round = 0; round < 10; round++) {
      const name = queueName();
      for (let n = 0; n < 12; n++) await queue.enqueue(db, name, { n });
      const claimed = await Promise.all(Array.from({ length: 16 }, (_, worker) => queue.claim([name], `worker-${worker}`, 60_000)));
      const jobsTaken = claimed.filter((job) => job !== null);
      expect(jobsTaken).toHaveLength(12);
      expect(new Set(jobsTaken.map((job) => job.id)).size).toBe(12);
      expect(new Set(jobsTaken.map((job) => job.payload.n))).toEqual(new Set(Array.from({ length: 12 }, (_, n) => n)));
      expect(await queue.claim([name], 'late', 60_000)).toBeNull();
    }
  });

  test('a worker claiming several at once gets the oldest due ones, none another claimer has, each once', async () => {
    const { db } = await testDatabase();
    const queue = jobQueue(db);
    for (let round = 0; round < 5; round++) {
      const name = queueName();
      for (let n = 0; n < 20; n++) await queue.enqueue(db, name, { n });
      // Three claimers of up to 8 each, at once: 20 jobs shared, none twice.
      const claimed = (await Promise.all(['a', 'b', 'c'].map((worker) => queue.claimSome([name], worker, 60_000, 8)))).flat();
      expect(claimed).toHaveLength(20);
      expect(new Set(claimed.map((job) => job.payload.n)).size).toBe(20);
      expect(await queue.claimSome([name], 'late', 60_000, 8)).toEqual([]);
    }
    // One claimer alone takes the oldest first, in their order, and leaves the rest.
    const name = queueName();
    for (let n = 0; n < 5; n++) await queue.enqueue(db, name, { n });
    expect((await queue.claimSome([name], 'one', 60_000, 3)).map((job) => job.payload.n)).toEqual([0, 1, 2]);
    expect((await queue.claimSome([name], 'two', 60_000, 3)).map((job) => job.payload.n)).toEqual([3, 4]);
  });

  test("a job whose worker died is claimed again when its lease runs out, counting attempts; one handed back isn't", async () => {
    const { db } = await testDatabase();
    const queue = jobQueue(db);
    const name = queueName();
    await queue.enqueue(db, name, { task: 'x' });
    const first = await queue.claim([name], 'crashes', 1);
    expect(first).toMatchObject({ attempts: 1 });
    await new Promise((done) => setTimeout(done, 20));
    const second = await queue.claim([name], 'survivor', 60_000);
    expect(second).toMatchObject({ id: first!.id, attempts: 2 });
    // The dead worker's late calls change nothing: the job is the survivor's now.
    expect(await queue.renew(first!.id, 'crashes', 60_000)).toBe(false);
    await queue.complete(first!.id, 'crashes');
    await queue.release(second!.id, 'survivor', { refundAttempt: true });
    const third = await queue.claim([name], 'next', 60_000);
    expect(third).toMatchObject({ id: first!.id, attempts: 2 });
    await queue.complete(third!.id, 'next');
    expect(await db.select().from(jobs).where(eq(jobs.queue, name))).toEqual([]);
  });

  test('jobs sharing a serial key run one at a time, oldest first; other keys and keyless jobs go beside them', async () => {
    const { db } = await testDatabase();
    const queue = jobQueue(db);
    const name = queueName();
    const rows = (items: { n: number; key: string | null }[]) =>
      sql.join(
        items.map(({ n, key }) => sql`select jsonb_build_object('n', ${n}::int) as payload, ${key}::text as serial_key`),
        sql` union all `,
      );
    // One shopper's three messages, another's two, one job of no key: queued in this order.
    await db.execute(
      enqueueRows(
        name,
        rows([
          { n: 1, key: 'ana' },
          { n: 2, key: 'ana' },
          { n: 3, key: 'bruno' },
          { n: 4, key: 'ana' },
          { n: 5, key: 'bruno' },
          { n: 6, key: null },
        ]),
        { serialKeyColumn: true },
      ),
    );
    const ns = (claimed: { payload: Record<string, unknown> }[]) => claimed.map((job) => job.payload.n).sort();
    // Eight slots free: only each key's oldest, and the keyless one.
    const first = await queue.claimSome([name], 'worker-a', 60_000, 8);
    expect(ns(first)).toEqual([1, 3, 6]);
    // Another process claiming meanwhile gets nothing of those keys while their oldest run.
    expect(await queue.claimSome([name], 'worker-b', 60_000, 8)).toEqual([]);
    // Ana's first answered: her second is next, on any worker; Bruno's waits for his first.
    await queue.complete(first.find((job) => job.payload.n === 1)!.id, 'worker-a');
    const second = await queue.claimSome([name], 'worker-b', 60_000, 8);
    expect(ns(second)).toEqual([2]);
    // A job handed back (its worker stopping) still comes before the later ones of its key.
    await queue.release(second[0]!.id, 'worker-b');
    expect(ns(await queue.claimSome([name], 'worker-a', 60_000, 8))).toEqual([2]);
    // A key is its queue's: the same key in another queue waits for nothing of this one's.
    const elsewhere = queueName();
    await db.execute(enqueueRows(elsewhere, rows([{ n: 7, key: 'ana' }]), { serialKeyColumn: true }));
    expect(ns(await queue.claimSome([elsewhere], 'worker-a', 60_000, 8))).toEqual([7]);
    await db.delete(jobs).where(sql`${jobs.queue} in (${name}, ${elsewhere})`);
  });

  test('a nudge naming another queue leaves a worker asleep; one naming its queue, or none, wakes it', async () => {
    const { db } = await testDatabase();
    const queue = jobQueue(db);
    const [mine, other] = [queueName(), queueName()];
    const handled: number[] = [];
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = queueWorker({
      db,
      name: 'nudge test',
      queues: [mine],
      log,
      pollMs: 60_000, // no poll within the test: only a nudge can wake it
      handle: async (job) => {
        handled.push(job.payload.n as number);
        return 'done';
      },
    });
    const settle = () => new Promise((done) => setTimeout(done, 300));
    // Due in an hour when the worker first looks (whenever that is), then due now.
    await db.execute(enqueueRows(mine, sql`select '{"n":1}'::jsonb as payload`, { delayMs: 3_600_000 }));
    worker.start();
    try {
      await settle();
      await db
        .update(jobs)
        .set({ runAfter: sql`now()` })
        .where(eq(jobs.queue, mine));
      worker.nudge(other);
      await settle();
      expect(handled).toEqual([]);
      worker.nudge(mine);
      await settle();
      expect(handled).toEqual([1]);
      await queue.enqueue(db, mine, { n: 2 });
      worker.nudge();
      await settle();
      expect(handled).toEqual([1, 2]);
    } finally {
      await worker.stop();
    }
    expect(await db.select().from(jobs).where(eq(jobs.queue, mine))).toEqual([]);
  });

  test('a job handed back for a moment runs again then, not at the next poll', async () => {
    const { db } = await testDatabase();
    const queue = jobQueue(db);
    const name = queueName();
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    let runs = 0;
    let again!: () => void;
    const ranAgain = new Promise<void>((done) => (again = done));
    const worker = queueWorker({
      db,
      name: 'wake test',
      queues: [name],
      log,
      pollMs: 600_000, // no poll within the test: without the wake the second run never comes
      handle: async () => {
        runs += 1;
        if (runs === 1) return { againInMs: 50 };
        again();
        return 'done';
      },
    });
    await queue.enqueue(db, name, { n: 1 });
    worker.start();
    try {
      await ranAgain;
    } finally {
      await worker.stop();
    }
    expect(runs).toBe(2);
    expect(await db.select().from(jobs).where(eq(jobs.queue, name))).toEqual([]);
  });

  test('a worker that found nothing due wakes when the next job is, or a dead worker’s lease runs out, not at the next poll', async () => {
    const { db } = await testDatabase();
    const queue = jobQueue(db);
    const [later, leased] = [queueName(), queueName()];
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const ran: string[] = [];
    const worker = queueWorker({
      db,
      name: 'next-due test',
      queues: [later, leased],
      log,
      pollMs: 600_000, // no poll within the test: only the database's next due time can wake it
      handle: async (job) => {
        ran.push(job.queue === later ? 'later' : 'leased');
        return 'done';
      },
    });
    // Queued by another process for 300 ms from now (no nudge reaches this one), and one a dead worker holds for 600 ms.
    await db.execute(enqueueRows(later, sql`select '{}'::jsonb as payload`, { delayMs: 300 }));
    await queue.enqueue(db, leased, {});
    expect(await queue.claim([leased], 'dead', 600)).not.toBeNull();
    const next = await queue.nextDueInMs([later, leased]);
    expect(next).toBeGreaterThan(0);
    expect(next).toBeLessThanOrEqual(300);
    worker.start();
    try {
      await expect.poll(() => ran, { timeout: 5_000, interval: 50 }).toEqual(['later', 'leased']);
    } finally {
      await worker.stop();
    }
    expect(await queue.nextDueInMs([later, leased])).toBeNull();
  });

  test('a nudge naming a moment wakes the worker then', async () => {
    const { db } = await testDatabase();
    const name = queueName();
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    let ranAt: number | null = null;
    const worker = queueWorker({
      db,
      name: 'timed nudge test',
      queues: [name],
      log,
      pollMs: 600_000,
      handle: async () => {
        ranAt = Date.now();
        return 'done';
      },
    });
    worker.start();
    try {
      // Started with nothing queued: asleep until the poll. A job due in 200 ms, and the nudge saying so.
      await new Promise((done) => setTimeout(done, 100));
      await db.execute(enqueueRows(name, sql`select '{}'::jsonb as payload`, { delayMs: 200 }));
      const nudgedAt = Date.now();
      worker.nudge(name, 200);
      await expect.poll(() => ranAt, { timeout: 5_000, interval: 50 }).not.toBeNull();
      expect(ranAt! - nudgedAt).toBeGreaterThanOrEqual(150);
    } finally {
      await worker.stop();
    }
  });

  test('jobs left running by a process that owned the database alone go back at once, their attempt counted', async () => {
    const { db } = await testDatabase();
    const queue = jobQueue(db);
    const name = queueName();
    await queue.enqueue(db, name, { n: 1 });
    expect(await queue.claim([name], 'killed', 60_000)).toMatchObject({ attempts: 1 });
    expect(await queue.claim([name], 'next life', 60_000)).toBeNull();
    expect(await queue.nextDueInMs([name])).toBeGreaterThan(50_000); // its lease
    expect(await queue.releaseAllRunning([name])).toBe(1);
    // Due now: a worker that looks for the next due job wakes at once, not at its poll.
    expect(await queue.nextDueInMs([name])).toBe(0);
    expect(await queue.claim([name], 'next life', 60_000)).toMatchObject({ payload: { n: 1 }, attempts: 2 });
  });

  test('a knowledge job left running by a crashed process is picked up and the file processed', async () => {
    const user = await merchant('kq-crash');
    const base = await createBase(user);
    const { db } = await testDatabase();
    // Stored and registered, its job taken by a process that then died: running, lease run out.
    const fileId = randomUUID();
    const storedPath = storedPathFor(user.uid, base.id, fileId);
    const csv = 'Pergunta,Resposta\nTem frete grátis?,Acima de R$ 200.\n';
    await testObjectStore().put(storedPath, Readable.from([Buffer.from(csv)]));
    await db.transaction(async (tx) => {
      await tx.insert(knowledgeFiles).values({
        id: fileId,
        baseId: base.id,
        uid: user.uid,
        originalName: 'faq.csv',
        kind: 'csv',
        sizeBytes: csv.length,
        storedPath,
        status: 'processing',
        progress: 40,
      });
      await tx.insert(jobs).values({
        queue: PROCESS_FILE_QUEUE,
        payload: { fileId },
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-process',
        lockedUntil: new Date(Date.now() - 1000),
      });
    });
    expect(await settled(user, base.id, fileId)).toMatchObject({ status: 'ready', passageCount: 1, progress: 100 });
  });
});

describe('awkward files, each with its outcome', () => {
  let user: TestUser;
  let baseId: string;
  beforeAll(async () => {
    user = await merchant('kq-files');
    baseId = (await createBase(user)).id;
  });

  async function contentsOf(fileId: string) {
    const { db } = await testDatabase();
    const rows = await db
      .select({ source: passages.sourceLabel, content: passages.content, position: passages.position })
      .from(passages)
      .where(eq(passages.fileId, fileId));
    return rows.sort((a, b) => a.position - b.position).map(({ source, content }) => ({ source, content }));
  }

  const brazilianCsv =
    'Produto;Descrição;Preço;Estoque\nCamiseta básica;Algodão – gola careca;59,90;12\nCalça jeans;Lavagem escura, "slim";189,50;3\n';
  const brazilianPassages = [
    // A product's name and price first.
    { source: 'row 2', content: 'Produto: Camiseta básica\nPreço: 59,90\nDescrição: Algodão – gola careca\nEstoque: 12' },
    { source: 'row 3', content: 'Produto: Calça jeans\nPreço: 189,50\nDescrição: Lavagem escura, "slim"\nEstoque: 3' },
  ];

  const workbookWithFormulas = () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Produto', 'Preço', 'Quantidade', 'Total'],
      ['Camiseta', 59.9, 2],
      ['Boné', 35, 4],
    ]);
    // Formulas with the values Excel cached when it saved them.
    sheet.D2 = { t: 'n', f: 'B2*C2', v: 119.8, w: '119.8' };
    sheet.D3 = { t: 'n', f: 'B3*C3', v: 140, w: '140' };
    sheet['!ref'] = 'A1:D3';
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Pedidos');
    return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };

  const cases: {
    name: string;
    bytes: () => Uint8Array | string;
    outcome: { passages: { source: string; content: string }[] } | { reason: KnowledgeFailureReason };
  }[] = [
    { name: 'windows-1252.csv', bytes: () => latin1(brazilianCsv), outcome: { passages: brazilianPassages } },
    { name: 'utf-8.csv', bytes: () => brazilianCsv, outcome: { passages: brazilianPassages } },
    { name: 'utf-8-bom.csv', bytes: () => `\uFEFF${brazilianCsv}`, outcome: { passages: brazilianPassages } },
    {
      // Excel's "Unicode text": UTF-16LE with a BOM, tab separated.
      name: 'utf-16.csv',
      bytes: () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(brazilianCsv.replaceAll(';', '\t'), 'utf16le')]),
      outcome: { passages: brazilianPassages },
    },
    {
      name: 'crlf-quoted.csv',
      bytes: () => 'question,answer\r\n"Do you ship abroad?","Yes.\nTo 20 countries."\r\n',
      outcome: { passages: [{ source: 'row 2', content: 'question: Do you ship abroad?\nanswer: Yes.\nTo 20 countries.' }] },
    },
    { name: 'header-only.csv', bytes: () => 'Produto;Preço\n', outcome: { reason: 'no_content' } },
    {
      name: 'enormous-line.csv',
      bytes: () => `Produto;Descrição\nCamiseta;${'x'.repeat(1_200_000)}\n`,
      outcome: { reason: 'line_too_long' },
    },
    { name: 'one-line-no-newline.csv', bytes: () => 'a'.repeat(1_500_000), outcome: { reason: 'line_too_long' } },
    { name: 'unclosed-quote.csv', bytes: () => 'a,b\n1,"never closed\n2,3\n', outcome: { reason: 'unreadable_csv' } },
    {
      name: 'formulas.xlsx',
      bytes: workbookWithFormulas,
      outcome: {
        passages: [
          { source: 'Pedidos, row 2', content: 'Produto: Camiseta\nPreço: 59.9\nQuantidade: 2\nTotal: 119.8' },
          { source: 'Pedidos, row 3', content: 'Produto: Boné\nPreço: 35\nQuantidade: 4\nTotal: 140' },
        ],
      },
    },
    {
      name: 'not-a-workbook.xlsx',
      bytes: () => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(300, 7)]),
      outcome: { reason: 'unreadable_sheet' },
    },
    {
      name: 'damaged.xls',
      bytes: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1000, 0xff)]),
      outcome: { reason: 'unreadable_sheet' },
    },
    { name: 'truncated.pdf', bytes: () => '%PDF-1.7\n1 0 obj\n<< /Type /Catalog', outcome: { reason: 'corrupt_pdf' } },
  ];

  test('uploaded together, each ends with its own outcome', async () => {
    const files = [];
    for (const entry of cases) files.push({ entry, file: await uploaded(user, baseId, entry.name, entry.bytes()) });
    for (const { entry, file } of files) {
      const done = await settled(user, baseId, file.id);
      if ('reason' in entry.outcome) {
        expect({ name: entry.name, status: done.status, reason: done.failureReason }).toEqual({
          name: entry.name,
          status: 'failed',
          reason: entry.outcome.reason,
        });
      } else {
        expect({ name: entry.name, status: done.status, passages: await contentsOf(file.id) }).toEqual({
          name: entry.name,
          status: 'ready',
          passages: entry.outcome.passages,
        });
        expect(done.passageCount).toBe(entry.outcome.passages.length);
      }
    }
  }, 240_000);
});

/** The text as Windows-1252 bytes (its characters are all in that code page). */
function latin1(text: string): Buffer {
  const special: Record<string, number> = { '–': 0x96, '’': 0x92, '“': 0x93, '”': 0x94 };
  return Buffer.from([...text].map((char) => special[char] ?? char.charCodeAt(0)));
}
