import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { CardGrid, CardItem, LandingSection } from './landing-section';

// The headline figure sits inside its card's text, so it is read together with what it counts.
const Figure = styled.strong`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.secondary};
`;

const Stage = styled.span`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.accent};
`;

export function BenefitsSection() {
  return (
    <LandingSection
      id="benefits"
      title={<Trans>Benefits</Trans>}
      intro={<Trans>One AI agent for the whole journey: before, during and after the sale.</Trans>}
      tone="surface"
    >
      <CardGrid>
        <CardItem>
          <Stage>
            <Trans>Pre-sale</Trans>
          </Stage>
          <h3>
            <Trans>Cart recovery</Trans>
          </h3>
          <p>
            <Trans>
              <Figure>up to 77%</Figure> of abandoned carts recovered with a timely, personal WhatsApp message.
            </Trans>
          </p>
        </CardItem>
        <CardItem>
          <Stage>
            <Trans>Sale</Trans>
          </Stage>
          <h3>
            <Trans>Assisted sale</Trans>
          </h3>
          <p>
            <Trans>The AI answers questions on sizes, stock and shipping, and sends the right products from your catalog.</Trans>
          </p>
        </CardItem>
        <CardItem>
          <Stage>
            <Trans>After-sale</Trans>
          </Stage>
          <h3>
            <Trans>After-sale notices</Trans>
          </h3>
          <p>
            <Trans>Order confirmed, shipped, delivered: customers hear from you where they already talk.</Trans>
          </p>
        </CardItem>
        <CardItem>
          <Stage>
            <Trans>Every step</Trans>
          </Stage>
          <h3>
            <Trans>Personalisation</Trans>
          </h3>
          <p>
            <Trans>Each message uses the customer's history, preferences and cart.</Trans>
          </p>
        </CardItem>
      </CardGrid>
    </LandingSection>
  );
}
