// Where a cited passage sits in its file ("Sheet1, row 12", "page 3"), in the page's language: the
// server stores it in one form (domain/knowledge.ts, passageLocationOf); the refinement chat and a
// channel's conversation page both show it.
import { Trans } from '@lingui/react/macro';
import { passageLocationOf } from '@/domain/knowledge';

/** Where a cited passage is in its file, in the page's language ("Sheet1, row 12", "page 3"). */
export function PassageSource({ source }: { source: string }) {
  const location = passageLocationOf(source);
  if (!location) return <>{source}</>;
  if ('page' in location) return <Trans>page {location.page}</Trans>;
  const { sheet, row, part } = location;
  if (sheet && part)
    return (
      <Trans>
        {sheet}, row {row}, part {part}
      </Trans>
    );
  if (sheet)
    return (
      <Trans>
        {sheet}, row {row}
      </Trans>
    );
  if (part)
    return (
      <Trans>
        row {row}, part {part}
      </Trans>
    );
  return <Trans>row {row}</Trans>;
}
