import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { LandingSection } from './landing-section';
import { platformNames } from '../platform-names';

const Names = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(5)};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.pill};
  }
`;

// Product names, the same in every language.
const integrations = Object.values(platformNames);

export function IntegrationsSection() {
  return (
    <LandingSection
      id="integrations"
      title={<Trans>More than 10 integrations</Trans>}
      intro={<Trans>Connect your store in minutes: catalog, stock and orders stay in sync.</Trans>}
    >
      <Names>
        {integrations.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </Names>
    </LandingSection>
  );
}
