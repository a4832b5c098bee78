import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { CardGrid, LandingSection } from './landing-section';

const Case = styled.li`
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  img {
    display: block;
    width: 100%;
    height: auto;
    background: ${({ theme }) => theme.colors.page};
  }
  div {
    padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(6)};
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.colors.muted};
  }
  strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.xl};
    line-height: 1.2;
    color: ${({ theme }) => theme.colors.secondary};
  }
  p {
    margin: 0;
  }
`;

const Testimonial = styled.figure`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(6)};
  margin: ${({ theme }) => theme.space(10)} 0 0;
  padding: ${({ theme }) => theme.space(8)};
  color: #fff;
  background: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.lg};
  blockquote {
    flex: 1 1 320px;
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    p {
      margin: 0;
    }
  }
  figcaption {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    color: #e3e7f0;
  }
  img {
    border-radius: 50%;
  }
`;

type SuccessCaseProps = { image: string; store: ReactNode; result: ReactNode; children: ReactNode };

// Below the fold: lazy images with their size reserved (width/height), WebP, a few KB each.
function SuccessCase({ image, store, result, children }: SuccessCaseProps) {
  return (
    <Case>
      <img src={image} width={480} height={240} alt="" loading="lazy" decoding="async" />
      <div>
        <h3>{store}</h3>
        <strong>{result}</strong>
        <p>{children}</p>
      </div>
    </Case>
  );
}

export function SuccessCasesSection() {
  return (
    <LandingSection id="cases" title={<Trans>Success cases</Trans>} tone="surface">
      <CardGrid>
        <SuccessCase
          image="/landing/case-fashion.webp"
          store={<Trans>Fashion store</Trans>}
          result={<Trans>+38% sales on WhatsApp in three months</Trans>}
        >
          <Trans>With the AI answering sizes and stock, the team focused on exchanges and loyal customers.</Trans>
        </SuccessCase>
        <SuccessCase
          image="/landing/case-beauty.webp"
          store={<Trans>Beauty store</Trans>}
          result={<Trans>62% of abandoned carts recovered</Trans>}
        >
          <Trans>A reminder with the cart link and a personal tip brought customers back to checkout.</Trans>
        </SuccessCase>
        <SuccessCase
          image="/landing/case-electronics.webp"
          store={<Trans>Electronics store</Trans>}
          result={<Trans>9 in 10 questions answered by the AI</Trans>}
        >
          <Trans>Answers in seconds, day and night; a person steps in for the rest.</Trans>
        </SuccessCase>
      </CardGrid>
      <Testimonial>
        <blockquote>
          <p>
            <Trans>“Our customers get answers in seconds, even at midnight. WhatsApp became our best sales channel.”</Trans>
          </p>
        </blockquote>
        <figcaption>
          <img src="/landing/testimonial-avatar.webp" width={56} height={56} alt="" loading="lazy" decoding="async" />
          <span>
            <Trans>Mariana Costa, e-commerce manager at a fashion store</Trans>
          </span>
        </figcaption>
      </Testimonial>
    </LandingSection>
  );
}
