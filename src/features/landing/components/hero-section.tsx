import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { LandingIsland } from './landing-islands';
import { PrimaryCtaLink } from './hero-cta';

const Hero = styled.section`
  padding: ${({ theme }) => theme.space(12)} ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(14)};
  background: ${({ theme }) => theme.colors.darkPage};
  color: #fff;
`;

const Inner = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  align-items: center;
  max-width: 1120px;
  margin: 0 auto;
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: 1.2fr 1fr;
  }
`;

// Own components rather than descendant selectors: the material popup is rendered in here.
const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: clamp(2rem, 5vw, 3.25rem);
  line-height: 1.15;
  max-width: 20ch;
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(8)};
  max-width: 46ch;
  font-size: ${({ theme }) => theme.font.size.lg};
  color: #e3e7f0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

// Width and height reserve the box before the file arrives (no layout shift); the SVG is ~3 KB.
// Decoration: phones skip it, so the headline is what they see first.
const Illustration = styled.img`
  display: none;
  @media (min-width: ${({ theme }) => theme.breakpoints.phone}) {
    display: block;
  }
  width: 100%;
  max-width: 360px;
  height: auto;
  margin: 0 auto;
`;

export function HeroSection() {
  const { t } = useLingui();
  return (
    <Hero aria-labelledby="hero-title">
      <Inner>
        <div>
          <Title id="hero-title">
            <Trans>Sell more on WhatsApp with AI</Trans>
          </Title>
          <Lead>
            <Trans>Catalyst answers your customers, sends your catalog and recovers abandoned carts, around the clock.</Trans>
          </Lead>
          <Actions>
            <PrimaryCtaLink href="#contact">
              <Trans>Talk to a specialist</Trans>
            </PrimaryCtaLink>
            <LandingIsland name="material" />
          </Actions>
        </div>
        <Illustration
          src="/landing/hero-chat.svg"
          width={360}
          height={400}
          alt={t`A WhatsApp chat where the Catalyst assistant recommends products and shares a cart link`}
          fetchPriority="high"
        />
      </Inner>
    </Hero>
  );
}
