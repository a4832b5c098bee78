import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import styled from 'styled-components';
import type { Locale } from '@/domain/locales';
import type { MediaType, Plan } from '@/domain/plans';
import { planCount, planList, planPrices } from '../plan-format';

// The card is a size container: its price scales with the card's width (cqi), not the viewport's.
const Card = styled.li`
  container-type: inline-size;
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow-wrap: break-word;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.page};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.font.size.lg};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Price = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  /* The price is one unbreakable line ('R$ 5.999,00', '2999,00 US$': Intl joins currency and
     amount with a no-break space), some 7.2em wide in a wide font. It keeps its full size in a wide
     card and shrinks with a narrow one, so it always fits the card's content box: 13% of that box
     is the size at which 7.2em takes 94% of it. (The grid's narrowest card, 12.5rem, leaves room
     for the smallest size.) The fallback, for browsers without container units, fits every card. */
  strong {
    display: block;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-size: clamp(${({ theme }) => theme.font.size.lg}, 13cqi, ${({ theme }) => theme.font.size.xl});
    line-height: 1.2;
    overflow-wrap: normal; /* never split a number: "5.999,0" / "0" would misstate the price */
    color: ${({ theme }) => theme.colors.text};
  }
`;

const ExtraQuery = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Limits = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  dt {
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const mediaTypeNames = {
  text: msg`Text`,
  vision: msg`Vision`,
  file: msg`File`,
  voice: msg`Voice`,
} satisfies Record<MediaType, unknown>;

export function PlanCard({ plan, locale }: { plan: Plan; locale: Locale }) {
  const { t, i18n } = useLingui();
  const { monthly, extraQuery } = planPrices(plan, locale);
  const queries = planCount(locale, plan.limits.queriesPerMonth.count);
  const mediaTypes = planList(
    locale,
    plan.limits.mediaTypes.map((type) => i18n._(mediaTypeNames[type])),
  );
  return (
    <Card data-plan={plan.id}>
      <h3>{plan.name}</h3>
      <Price>
        <Trans>
          <strong data-plan-price>{monthly}</strong> per month
        </Trans>
      </Price>
      <ExtraQuery>
        <Trans>Extra query: {extraQuery}</Trans>
      </ExtraQuery>
      <Limits>
        <div>
          <dt>
            <Trans>Trainings per month</Trans>
          </dt>
          <dd>{planCount(locale, plan.limits.trainingsPerMonth)}</dd>
        </div>
        <div>
          <dt>
            <Trans>AI bases</Trans>
          </dt>
          <dd>{planCount(locale, plan.limits.aiBases)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Queries per month</Trans>
          </dt>
          <dd>{plan.limits.queriesPerMonth.bound === 'up_to' ? t`Up to ${queries}` : t`More than ${queries}`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Media types</Trans>
          </dt>
          <dd>{mediaTypes}</dd>
        </div>
      </Limits>
    </Card>
  );
}
