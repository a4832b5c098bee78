// One solution: its name with a badge saying whether it is set up, what it does, its headline figure
// of the last 30 days in the page's language, where it is on, the step it waits for, and the way to
// set it up or open it (./solution-action.tsx).
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { SOLUTIONS_DAYS, type Solution, type SolutionFigure } from '@/domain/solutions';
import type { Locale } from '@/domain/locales';
import { formatNumber } from '@/src/i18n/format';
import { formatMinor } from '@/src/i18n/money';
import { useLang } from '@/src/i18n/use-lang';
import { Badge } from '@/src/ui/badge';
import { BlockDescription, BlockTitle } from '@/src/ui/block-title';
import { Card } from '@/src/ui/card';
import { FactsList } from '@/src/ui/facts-list';
import { measureNames, placesLabels, solutionDescriptions, solutionNames, stepTexts } from '../solution-messages';
import { SolutionAction } from './solution-action';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Figure = styled.span`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const Step = styled.p`
  margin: 0;
`;

/** The figure's value: a count, or money by currency (none counted: zero). */
export function figureValue(lang: Locale, figure: SolutionFigure): string {
  if (figure.kind === 'count') return formatNumber(lang, figure.count);
  if (figure.amounts.length === 0) return formatNumber(lang, 0);
  return figure.amounts.map(({ minor, currency }) => formatMinor(lang, minor, currency)).join(' · ');
}

export function SolutionCard({ solution }: { solution: Solution }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const titleId = useId();
  const { id, figure, on, next } = solution;
  const days = SOLUTIONS_DAYS;
  const measure = figure ? i18n._(measureNames[figure.measure]) : '';
  return (
    <Card aria-labelledby={titleId} role="group" footer={<SolutionAction solution={solution} />}>
      <Head>
        <BlockTitle id={titleId}>{i18n._(solutionNames[id])}</BlockTitle>
        <Badge variant={solution.state === 'set_up' ? 'positive' : 'neutral'}>
          {solution.state === 'set_up' ? t`Set up` : t`Not set up`}
        </Badge>
      </Head>
      <BlockDescription>{i18n._(solutionDescriptions[id])}</BlockDescription>
      {(figure || on.length > 0) && (
        <FactsList>
          {figure && (
            <>
              <dt>
                <Trans>
                  {measure} in the last {days} days
                </Trans>
              </dt>
              <dd>
                <Figure>{figureValue(lang, figure)}</Figure>
              </dd>
            </>
          )}
          {on.length > 0 && (
            <>
              <dt>{i18n._(placesLabels[id])}</dt>
              <dd>{on.map((place) => (place.number ? `${place.name} (${place.number})` : place.name)).join(', ')}</dd>
            </>
          )}
        </FactsList>
      )}
      {next && next !== 'widget' && <Step>{i18n._(stepTexts[next])}</Step>}
    </Card>
  );
}
