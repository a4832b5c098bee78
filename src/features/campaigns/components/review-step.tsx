// Step 4 of the campaign wizard: what sending it now would do — the contacts it reaches, those left
// out and why (no consent, unsubscribed, no approved version in their language), the estimated cost
// from the price table by each contact's country, when it starts and how the account's messaging limit
// spreads the sends ('tier 2,000: 5,400 contacts over 3 days').
import type { RefObject } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CampaignReview } from '@/domain/campaign';
import { formatDateTime, formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { FactsList } from '@/src/ui/facts-list';
import { Skeleton } from '@/src/ui/skeleton';
import { StepSection } from '@/src/ui/step-section';
import { formatUsdMicros } from '../campaign-format';
import { AudienceCount } from './audience-count';

type Props = { headingRef: RefObject<HTMLHeadingElement | null>; review: CampaignReview | null; timeZone: string };

export function ReviewStep({ headingRef, review, timeZone }: Props) {
  const { t } = useLingui();
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>Review</Trans>}
      description={<Trans>What sending this campaign now would do. Nothing goes until you send it.</Trans>}
    >
      {review ? <ReviewFacts review={review} timeZone={timeZone} /> : <Skeleton block lines={4} label={t`Reviewing the campaign`} />}
    </StepSection>
  );
}

function ReviewFacts({ review, timeZone }: { review: CampaignReview; timeZone: string }) {
  const lang = useLang();
  const reachable = formatNumber(lang, review.reachable);
  const days = formatNumber(lang, review.days);
  const limit = review.messagingLimit === null ? null : formatNumber(lang, review.messagingLimit);
  const withoutLanguage = formatNumber(lang, review.withoutTemplateLanguage);
  const startsAt = formatDateTime(lang, new Date(review.startsAt), { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <>
      <FactsList>
        <dt>
          <Trans>Contacts it goes to</Trans>
        </dt>
        <dd>{reachable}</dd>
        <dt>
          <Trans>Estimated cost</Trans>
        </dt>
        <dd>{formatUsdMicros(lang, review.estimatedCostMicros)}</dd>
        <dt>
          <Trans>Starts</Trans>
        </dt>
        <dd>{startsAt}</dd>
        <dt>
          <Trans>Messaging limit</Trans>
        </dt>
        <dd>
          {limit === null ? (
            <Plural
              value={review.days}
              one={`No limit: ${reachable} contacts in one day`}
              other={`No limit: ${reachable} contacts over ${days} days`}
            />
          ) : (
            <Plural
              value={review.days}
              one={`tier ${limit}: ${reachable} contacts in one day`}
              other={`tier ${limit}: ${reachable} contacts over ${days} days`}
            />
          )}
        </dd>
        <dt>
          <Trans>Quiet hours</Trans>
        </dt>
        <dd>
          {review.quietHours ? (
            <Trans>
              {review.quietHours.start}–{review.quietHours.end} on each shopper’s clock
            </Trans>
          ) : (
            <Trans>None: messages go at any hour</Trans>
          )}
        </dd>
      </FactsList>
      <p>
        <Trans>
          The cost is estimated from Meta’s price table for the start date, by each contact’s country; Meta bills what is delivered.
        </Trans>
      </p>
      {review.withoutTemplateLanguage > 0 && (
        <p>
          <Plural
            value={review.withoutTemplateLanguage}
            one={`${withoutLanguage} contact is left out: the template is not approved in their language.`}
            other={`${withoutLanguage} contacts are left out: the template is not approved in their language.`}
          />
        </p>
      )}
      <AudienceCount count={review.audience} />
    </>
  );
}
