import { Fragment } from 'react';
import styled from 'styled-components';
import { withoutBidiControls } from '@/domain/bidi-controls';

// File names rarely have spaces ("product_template_for_the_summer_catalogue_2026.csv"). Breaking
// them anywhere reads badly ("product_templat" / "e.csv") and, worse, lets a table column or a
// flex row shrink the name to a sliver (`overflow-wrap: anywhere` counts for the min-content
// width). So a name may wrap after `_`, `-` and `.` (never between the extension's dot and the
// extension, so "2026.csv" stays whole) and between a lower-case and an upper-case letter
// ("SummerCatalogue"); `break-word` splits a part only when it cannot fit at all. A run longer
// than LONG_RUN (a hash, a base64 name) may break anywhere, so it never pushes its box wider.

const LONG_RUN = 24;

const Name = styled.span`
  overflow-wrap: break-word;
`;

const LongRun = styled.span`
  overflow-wrap: anywhere;
`;

const separator = /[_\-.]/;

/** The name cut where a line may end; the parts joined are the name. */
export function fileNameParts(name: string): string[] {
  const extensionDot = name.lastIndexOf('.');
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i < name.length; i++) {
    const before = name[i - 1]!;
    const here = name[i]!;
    const afterSeparator = separator.test(before) && !separator.test(here) && i - 1 !== extensionDot;
    const camelHump = /\p{Ll}/u.test(before) && /\p{Lu}/u.test(here);
    if (afterSeparator || camelHump) {
      parts.push(name.slice(start, i));
      start = i;
    }
  }
  parts.push(name.slice(start));
  return parts;
}

/**
 * A file's name that wraps between its words, keeping the extension with the last one. Bidirectional
 * controls are taken out (domain/bidi-controls.ts): the name reads as it is, never as another.
 */
export function FileName({ name, className }: { name: string; className?: string }) {
  return (
    <Name className={className}>
      {fileNameParts(withoutBidiControls(name)).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part.length > LONG_RUN ? <LongRun>{part}</LongRun> : part}
        </Fragment>
      ))}
    </Name>
  );
}
