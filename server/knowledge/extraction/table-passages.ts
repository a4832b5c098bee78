// What the CSV and spreadsheet readers share around ./table-reader: how many first rows the
// columns' roles are guessed from, and how a table's passages reach the sink (a long one cut in
// parts, its meaning kept on the first part).
import type { PassageSink } from './extraction-protocol';
import { splitText } from './passage-text';
import type { TablePassage } from './table-cells';

/** The first data rows of a table that the columns' roles are guessed from. */
export const SAMPLE_ROWS = 20;

export async function emitTablePassages(sink: PassageSink, passages: readonly TablePassage[]): Promise<void> {
  for (const { source, content, facts } of passages) {
    const parts = splitText(content);
    for (const [index, part] of parts.entries()) {
      await sink.emit({
        source: parts.length > 1 ? `${source}, part ${index + 1}` : source,
        content: part,
        facts: index === 0 ? facts : null,
      });
    }
  }
}
