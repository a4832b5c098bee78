// The sync's page buffer: pages gather into batches of the size asked, in order, and the last
// partial batch is handed over on flush, so no variant or catalog item is dropped or doubled.
import { describe, expect, it } from 'vitest';
import { pageBuffer } from '@/server/inventories/page-buffer';

describe('pageBuffer', () => {
  it('hands over batches once the size is reached, in order, and the rest on flush', async () => {
    const batches: number[][] = [];
    const buffer = pageBuffer<number>((batch) => void batches.push(batch), 5);
    await buffer.add([1, 2, 3]);
    expect(batches).toEqual([]);
    await buffer.add([4, 5, 6]);
    await buffer.add([7]);
    await buffer.flush();
    await buffer.flush();
    expect(batches).toEqual([[1, 2, 3, 4, 5, 6], [7]]);
  });

  it('waits for the sink before taking the next page', async () => {
    const seen: string[] = [];
    const buffer = pageBuffer<string>(async (batch) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(batch.join(''));
    }, 2);
    await buffer.add(['a', 'b']);
    expect(seen).toEqual(['ab']);
    await buffer.add([]);
    await buffer.flush();
    expect(seen).toEqual(['ab']);
  });
});
