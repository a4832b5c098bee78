import { describe, expect, it } from 'vitest';
import { passageLocationOf } from '@/domain/knowledge';

describe("passageLocationOf: the importer's sources, read back for display", () => {
  it.each([
    ['row 12', { sheet: null, row: 12, part: null }],
    ['row 12, part 2', { sheet: null, row: 12, part: 2 }],
    ['Sheet1, row 3', { sheet: 'Sheet1', row: 3, part: null }],
    // A sheet name may itself hold commas and "row".
    ['Prices, row 4 and more, row 7, part 3', { sheet: 'Prices, row 4 and more', row: 7, part: 3 }],
    ['page 9', { page: 9 }],
  ])('%s', (source, location) => expect(passageLocationOf(source)).toEqual(location));

  it('gives null for a text it does not know (shown as it is)', () => {
    expect(passageLocationOf('slide 2')).toBeNull();
    expect(passageLocationOf('page two')).toBeNull();
  });
});
