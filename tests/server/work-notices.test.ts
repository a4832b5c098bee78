// Work notices between processes on PostgreSQL (server/jobs/work-notices.ts): work queued by one
// process wakes the workers of another at once, through NOTIFY/LISTEN, and a listener whose
// connection dies connects again and looks for work it may have missed. PostgreSQL only: PGlite is
// one process (these run in the PostgreSQL pass, `npm run test:server`).
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { workNotices, type WorkNotices } from '@/server/jobs/work-notices';

const url = process.env.DATABASE_URL;
const quiet = { warn: () => {} };
const opened: WorkNotices[] = [];
const notices = () => {
  const made = workNotices(url!, quiet);
  opened.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((made) => made.stop()));
});

describe.skipIf(!url)('work notices on PostgreSQL', () => {
  test("another process's queued work reaches the listener with its queue and moment; a look at once when it starts listening", async () => {
    const heard: { queue?: string; inMs?: number }[] = [];
    await notices().listen((queue, inMs) => heard.push({ ...(queue ? { queue } : {}), ...(inMs ? { inMs } : {}) }));
    // On listening: one look for what was queued while no one listened.
    expect(heard).toEqual([{}]);
    const web = notices();
    web.publish('whatsapp-inbound');
    web.publish('checkout-recovery', 1500);
    // Two notices may travel on two connections: heard in either order.
    await expect
      .poll(() => [...heard.slice(1)].sort((a, b) => String(a.queue).localeCompare(String(b.queue))))
      .toEqual([{ queue: 'checkout-recovery', inMs: 1500 }, { queue: 'whatsapp-inbound' }]);
  });

  test('a listener whose connection is cut connects again, looks once, and hears what comes after', async () => {
    const heard: (string | undefined)[] = [];
    await notices().listen((queue) => heard.push(queue));
    // Cut every listening connection of this database but ours (the test's own client).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
      );
    } finally {
      await admin.end();
    }
    // Reconnected (after a second): its look, then a notice published now is heard.
    await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(2);
    notices().publish('knowledge.process-file');
    await expect.poll(() => heard).toEqual([undefined, undefined, 'knowledge.process-file']);
  });
});
