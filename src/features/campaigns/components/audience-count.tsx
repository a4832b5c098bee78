// The live count of an audience's rules: how many contacts it reaches (subscribed to promotions), who
// the rules matched and left out and why, and the reachable by country (a message's price follows it).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { leftOutReasons, type AudienceCount as Count } from '@/domain/audience';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { leftOutNames } from '../campaign-messages';
import { countryName } from '@/src/i18n/country-name';

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};

  p,
  ul {
    margin: 0;
  }
  ul {
    padding-inline-start: ${({ theme }) => theme.space(5)};
  }
`;

const Reach = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 700;
`;

export function AudienceCount({ count, busy }: { count: Count; busy?: boolean }) {
  const { i18n, t } = useLingui();
  const lang = useLang();
  const reachable = count.reachable;
  const shown = formatNumber(lang, reachable);
  const matched = formatNumber(lang, count.matched);
  const leftOut = leftOutReasons.filter((reason) => count.leftOut[reason] > 0);
  return (
    <Box role="status" aria-label={t`Audience count`} aria-busy={busy ? 'true' : 'false'}>
      <Reach>
        <Plural value={reachable} _0="Reaches no contact" one={`Reaches ${shown} contact`} other={`Reaches ${shown} contacts`} />
      </Reach>
      <p>
        <Plural
          value={count.matched}
          _0="The rules match no contact."
          one={`The rules match ${matched} contact.`}
          other={`The rules match ${matched} contacts.`}
        />
      </p>
      {leftOut.length > 0 && (
        <>
          <p>
            <Trans>Left out, because they:</Trans>
          </p>
          <ul aria-label={t`Left out`}>
            {leftOut.map((reason) => (
              <li key={reason}>
                {formatNumber(lang, count.leftOut[reason])} — {i18n._(leftOutNames[reason])}
              </li>
            ))}
          </ul>
        </>
      )}
      {count.byCountry.length > 0 && (
        <>
          <p>
            <Trans>Reachable by country:</Trans>
          </p>
          <ul aria-label={t`Reachable by country`}>
            {count.byCountry.map(({ country, contacts }) => (
              <li key={country}>
                {countryName(lang, country)}: {formatNumber(lang, contacts)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Box>
  );
}
