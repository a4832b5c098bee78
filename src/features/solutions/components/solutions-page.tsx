// `/solutions`: one card per solution Catalyst offers (./solution-card.tsx), read in one call, with
// the days its figures cover in the account's zone; a skeleton while it loads, and a failure with a
// retry (a new read: the list is mounted again).
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Solutions } from '@/domain/solutions';
import { useRead } from '@/src/api/use-read';
import { formatDate } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { Skeleton } from '@/src/ui/skeleton';
import { solutionsApi } from '../api/solutions-api';
import { SolutionCard } from './solution-card';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;

  > li > * {
    height: 100%;
    box-sizing: border-box;
  }
`;

const Period = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
`;

export function SolutionsPage() {
  const [attempt, setAttempt] = useState(0);
  return (
    <PageFrame title={<Trans>Solutions</Trans>}>
      <SolutionsRead key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </PageFrame>
  );
}

function SolutionsRead({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const read = useRead<Solutions>((signal) => solutionsApi(api).read(signal));
  if (read.status === 'loading') return <Skeleton block lines={4} label={t`Loading the solutions`} />;
  if (read.status === 'failed')
    return (
      <Notice variant="negative" title={<Trans>The solutions could not be loaded.</Trans>}>
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Notice>
    );
  return <SolutionCards solutions={read.value} />;
}

/** The cards of an answer, with the days their figures cover. */
export function SolutionCards({ solutions }: { solutions: Solutions }) {
  const lang = useLang();
  const day = (value: string) => formatDate(lang, Date.parse(`${value}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const { from, to, tz } = solutions.range;
  const [first, last] = [day(from), day(to)];
  return (
    <>
      <Period>
        <Trans>
          Figures from {first} to {last}, days in {tz} time.
        </Trans>
      </Period>
      <Grid>
        {solutions.solutions.map((solution) => (
          <li key={solution.id}>
            <SolutionCard solution={solution} />
          </li>
        ))}
      </Grid>
    </>
  );
}
