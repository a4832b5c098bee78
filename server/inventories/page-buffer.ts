// Gathers the pages a reader hands over (250 store variants, 100 catalog items) into batches of
// about a thousand before they reach the sync's rows: each batch is a few statements whatever its
// size, so a 500-variant inventory costs about three of them and a 100,000-variant store a tenth
// of what a statement per page would. The batch is bounded, so memory stays a page or so.
export const SYNC_BATCH_SIZE = 1_000;

export function pageBuffer<T>(sink: (batch: T[]) => Promise<void> | void, size = SYNC_BATCH_SIZE) {
  let pending: T[] = [];
  async function flush() {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    await sink(batch);
  }
  return {
    /** A page from the reader; the sink gets a batch once a thousand have gathered. */
    async add(page: T[]) {
      pending.push(...page);
      if (pending.length >= size) await flush();
    },
    /** What is left once the reader is done. */
    flush,
  };
}
