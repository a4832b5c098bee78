import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLocale } from '@/domain/locales';
import { planList } from '@/domain/plans';
import { LandingSection } from './landing-section';
import { PlanCard } from './plan-card';

// As many columns as fit, none narrower than 12.5rem (five on a wide screen, one on a phone); in
// rem, so the cards widen with the reader's font size. A plan card sizes its price to its width.
const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12.5rem), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Closing = styled.p`
  margin: ${({ theme }) => theme.space(8)} 0 0;
  font-size: ${({ theme }) => theme.font.size.lg};
`;

export function PlansSection() {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return (
    <LandingSection
      id="plans"
      title={<Trans>Plans</Trans>}
      intro={<Trans>Pick the plan that fits the size of your operation. Prices are per month.</Trans>}
      tone="surface"
    >
      <Cards>
        {planList.map((plan) => (
          <PlanCard key={plan.id} plan={plan} locale={locale} />
        ))}
      </Cards>
      <Closing>
        <Trans>
          Not sure which plan fits? <a href="#contact">Talk to a specialist</a>.
        </Trans>
      </Closing>
    </LandingSection>
  );
}
