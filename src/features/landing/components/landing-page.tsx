import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { LandingLayout } from '../../../layouts/landing-layout';

const Hero = styled.main`
  padding: ${({ theme }) => theme.space(16)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.darkPage};
  color: #fff;
  text-align: center;
  h1 { font-size: clamp(2rem, 5vw, 3.25rem); margin: 0 auto ${({ theme }) => theme.space(4)}; max-width: 20ch; }
  p { font-size: ${({ theme }) => theme.font.size.lg}; max-width: 46ch; margin: 0 auto; color: #e3e7f0; }
`;

export function LandingPage() {
  return (
    <LandingLayout>
      <Hero>
        <h1>
          <Trans>Sell more on WhatsApp with AI</Trans>
        </h1>
        <p>
          <Trans>
            Catalyst answers your customers, sends your catalog and recovers abandoned carts, around the clock.
          </Trans>
        </p>
      </Hero>
    </LandingLayout>
  );
}
