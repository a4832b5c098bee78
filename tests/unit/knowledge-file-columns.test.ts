// What step 2's columns list sends and shows (src/features/ai-bases/components/knowledge-file-columns.tsx):
// a change sends every role that is not the guess, and a change not saved yet (being saved, or
// failed to) is what the merchant sees, over the saved roles, until it is saved or dismissed.
import { expect, it } from 'vitest';
import type { TableColumn } from '@/domain/knowledge-columns';
import { columnsShown, overridesAfter } from '@/src/features/ai-bases/components/knowledge-file-columns';

const column = (index: number, header: string, guessed: TableColumn['role'], role = guessed): TableColumn => ({
  sheet: null,
  index,
  header,
  guessed,
  role,
  sample: '',
});
const saved = [column(0, 'Produto', 'name'), column(1, 'Custo', 'private'), column(2, 'Cor', 'other', 'private')];

it("a change sends every role that is not the column's guess, the saved ones included", () => {
  expect(overridesAfter(saved, saved[0]!, 'description')).toEqual([
    { sheet: null, index: 0, role: 'description' },
    { sheet: null, index: 2, role: 'private' },
  ]);
  // Back to its guess: no longer an override.
  expect(overridesAfter(saved, saved[2]!, 'other')).toEqual([]);
});

it('shows the change not saved yet over the saved roles, and the saved roles without one', () => {
  expect(columnsShown(saved, null).map((each) => each.role)).toEqual(['name', 'private', 'private']);
  // Pending: the colour back to its guess, the cost shown ('other'); unnamed columns take their guess.
  expect(columnsShown(saved, [{ sheet: null, index: 1, role: 'other' }]).map((each) => each.role)).toEqual(['name', 'other', 'other']);
});
