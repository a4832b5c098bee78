// The storefront's event recorder without a database: events gather into batches written as one
// statement (at the size limit or after the interval), a batch the database refuses is kept and
// written with the next one, and past the pending limit the oldest events go (counted in the log).
import { describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/database';
import { eventRecorder } from '@/server/storefront/event-recorder';

/** A stand-in for the database that keeps each batch's visitor ids, refusing while `failing`. */
function fakeDb() {
  const batches: string[][] = [];
  const state = { failing: false };
  const db = {
    execute: async (query: { queryChunks: unknown[] }) => {
      if (state.failing) throw new Error('database down');
      const json = query.queryChunks.find((chunk): chunk is string => typeof chunk === 'string' && chunk.startsWith('['));
      batches.push((JSON.parse(json!) as Array<{ v: string }>).map((event) => event.v));
      return { rows: [] };
    },
  } as unknown as Db;
  return { db, batches, state };
}

const event = (visitorId: string) => ({
  inventoryId: '00000000-0000-0000-0000-000000000000',
  kind: 'access' as const,
  locale: 'pt' as const,
  visitorId,
});

describe('eventRecorder', () => {
  it('writes a batch when it is full, and the rest after the interval, each as one statement', async () => {
    const { db, batches } = fakeDb();
    const recorder = eventRecorder(db, { maxBatch: 3, flushMs: 20 });
    for (const id of ['a', 'b', 'c', 'd']) recorder.record(event(id));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(batches).toEqual([['a', 'b', 'c'], ['d']]);
    expect(recorder.pending).toBe(0);
    // Closing writes every batch left, a batch at a time.
    for (const id of ['e', 'f', 'g', 'h', 'i']) recorder.record(event(id));
    await recorder.close();
    expect(batches.slice(2)).toEqual([
      ['e', 'f', 'g'],
      ['h', 'i'],
    ]);
    expect(recorder.pending).toBe(0);
  });

  it('keeps a refused batch and writes it with the next; past the limit the oldest go', async () => {
    const { db, batches, state } = fakeDb();
    const logged: unknown[] = [];
    const log = { error: (entry: unknown) => void logged.push(entry) } as never;
    const recorder = eventRecorder(db, { maxBatch: 100, flushMs: 10_000, maxPending: 3, log });
    state.failing = true;
    recorder.record(event('a'));
    recorder.record(event('b'));
    await recorder.flush();
    expect(recorder.pending).toBe(2);
    recorder.record(event('c'));
    recorder.record(event('d'));
    await recorder.flush();
    // Four waiting, three kept: 'a' is dropped and counted.
    expect(recorder.pending).toBe(3);
    expect(logged.at(-1)).toMatchObject({ events: 4, dropped: 1 });
    state.failing = false;
    await recorder.close();
    expect(batches).toEqual([['b', 'c', 'd']]);
  });
});
