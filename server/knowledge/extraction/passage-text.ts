// Text into passages: the answerer retrieves passages, so each should be one self-contained piece
// (a table row with its column headers, a paragraph) and not too long to quote.

/** A passage longer than this is cut in parts, at paragraph, sentence or word boundaries. */
export const MAX_PASSAGE_CHARS = 2_000;

/** PostgreSQL text takes no NUL; other control characters but tab and newline go too. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** One cell or paragraph: line ends unified, runs of spaces collapsed, blank lines kept to one. */
export function cleanText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The label of the nth column without a header: "Column 3". */
export const columnLabel = (index: number) => `Column ${index + 1}`;

/** Header names for a table: trimmed, and "Column N" where a header cell is blank. */
export function headerNames(cells: readonly string[]): string[] {
  return cells.map((cell, index) => cleanText(cell).replace(/\n+/g, ' ') || columnLabel(index));
}

/** Cuts text into parts of at most `max` characters, preferring paragraph, then sentence, then word ends. */
export function splitText(text: string, max = MAX_PASSAGE_CHARS): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const floor = Math.floor(max / 2);
    const cut = [window.lastIndexOf('\n'), lastSentenceEnd(window), window.lastIndexOf(' ')].find((at) => at >= floor) ?? max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

function lastSentenceEnd(text: string): number {
  const matches = [...text.matchAll(/[.!?;:]\s/g)];
  const last = matches.at(-1);
  return last?.index === undefined ? -1 : last.index + 1;
}
