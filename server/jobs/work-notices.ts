// Work queued by one process wakes the workers of the others, on PostgreSQL: the queueing process
// sends NOTIFY on one channel with the queue (and how soon the work is due), and every process that
// runs workers LISTENs on a connection of its own and nudges them. Without it a worker process would
// see a web process's jobs only at its next poll (seconds: a WhatsApp reply's budget is 500 ms).
// A lost notice costs only that wait: the poll still finds the job. PGlite is one process, whose
// nudges never leave it.
import pg from 'pg';
import type { WorkerLog } from './queue-worker';

export const WORK_CHANNEL = 'catalyst_work';

/** How long a listener waits before it connects again after losing its connection. */
const RECONNECT_MS = 1_000;

export type WorkNotices = {
  /** Tells every listening process that `queue` has work (due in `inMs`). */
  publish: (queue?: string, inMs?: number) => void;
  /** Calls `onWork` for every notice until `stop`; reconnects when the connection drops. */
  listen: (onWork: (queue?: string, inMs?: number) => void) => Promise<void>;
  stop: () => Promise<void>;
};

type Notice = { queue?: string; inMs?: number };

export function workNotices(url: string, log: Pick<WorkerLog, 'warn'>): WorkNotices {
  // Publishing shares one small pool; listening holds one connection of its own.
  const pool = new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true });
  let listener: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(onWork: (queue?: string, inMs?: number) => void): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', ({ payload }) => {
      let notice: Notice = {};
      try {
        notice = payload ? (JSON.parse(payload) as Notice) : {};
      } catch {
        /* not ours: a plain nudge */
      }
      onWork(notice.queue, notice.inMs);
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'work notices: connection lost; reconnecting');
      listener = null;
      void client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(onWork).catch(() => {}), RECONNECT_MS);
    });
    await client.connect();
    await client.query(`listen ${WORK_CHANNEL}`);
    listener = client;
    // Work queued while no connection listened: look once, as a poll would.
    onWork();
  }

  return {
    publish(queue, inMs) {
      const notice: Notice = { ...(queue ? { queue } : {}), ...(inMs ? { inMs: Math.round(inMs) } : {}) };
      pool.query('select pg_notify($1, $2)', [WORK_CHANNEL, JSON.stringify(notice)]).catch((error: unknown) => {
        log.warn({ err: error }, 'work notices: could not publish; the workers poll for it');
      });
    },
    listen: (onWork) => connect(onWork),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
