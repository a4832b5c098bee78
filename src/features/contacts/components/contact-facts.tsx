// What a contact's page says of it: its name, language, country and when it was added, then its
// consent per purpose (status, source, date). A purpose the shopper left in their own voice (a stop
// word, their conversation, WhatsApp's preferences) says that only they can subscribe again.
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { consentPurposes, isShopperVoice, type ContactDetail, type PurposeConsent } from '@/domain/contact';
import { formatDateTime } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Card } from '@/src/ui/card';
import { FactsList } from '@/src/ui/facts-list';
import { countryName } from '@/src/i18n/country-name';
import { consentPurposeHints, consentPurposeNames, contactLanguageNames } from '../contact-messages';
import { ConsentState } from './consent-state';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Hint = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The shopper's own opt-out: a merchant's, an import's or the API's opt-in never undoes it. */
export const isShopperOptOut = (consent: PurposeConsent) => consent.status === 'unsubscribed' && isShopperVoice(consent.source);

export function ContactFacts({ contact }: { contact: ContactDetail }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const added = new Date(contact.createdAt);
  return (
    <Columns>
      <Card title={<Trans>Contact</Trans>}>
        <FactsList>
          <dt>
            <Trans>Name</Trans>
          </dt>
          <dd>{contact.name ?? <Trans>No name</Trans>}</dd>
          <dt>
            <Trans>Language</Trans>
          </dt>
          <dd>{i18n._(contactLanguageNames[contact.language])}</dd>
          <dt>
            <Trans>Country</Trans>
          </dt>
          <dd>{countryName(lang, contact.country)}</dd>
          <dt>
            <Trans>Added</Trans>
          </dt>
          <dd>
            <time dateTime={contact.createdAt}>{formatDateTime(lang, added)}</time>
          </dd>
        </FactsList>
      </Card>
      <Card title={<Trans>Consent</Trans>}>
        <FactsList>
          {consentPurposes.map((purpose) => (
            <PurposeFact key={purpose} name={i18n._(consentPurposeNames[purpose])} hint={i18n._(consentPurposeHints[purpose])}>
              <ConsentState consent={contact.consent[purpose]} />
              {isShopperOptOut(contact.consent[purpose]) && (
                <Hint>
                  <Trans>The shopper opted out themselves: only they can subscribe again, from their WhatsApp conversation.</Trans>
                </Hint>
              )}
            </PurposeFact>
          ))}
        </FactsList>
      </Card>
    </Columns>
  );
}

function PurposeFact({ name, hint, children }: { name: string; hint: string; children: ReactNode }) {
  return (
    <>
      <dt>
        {name}
        <Hint>{hint}</Hint>
      </dt>
      <dd>{children}</dd>
    </>
  );
}
