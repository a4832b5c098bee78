/** Heading levels components accept so callers keep the page outline in order. */
export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export function headingTag(level: HeadingLevel) {
  return `h${level}` as const;
}
