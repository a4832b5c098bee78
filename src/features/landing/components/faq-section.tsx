import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { LandingSection } from './landing-section';

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 800px;
`;

// Native <details>/<summary>: keyboard (Enter, Space), state and semantics come from the browser,
// and the answers work in the prerendered page before any JavaScript runs.
const Item = styled.details`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  summary {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(4)};
    padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
    font-weight: 600;
    cursor: pointer;
    list-style: none;
    border-radius: ${({ theme }) => theme.radius.md};
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary::after {
    content: '+';
    flex: none;
    font-size: ${({ theme }) => theme.font.size.lg};
    line-height: 1;
    color: ${({ theme }) => theme.colors.secondary};
  }
  &[open] summary::after {
    content: '−';
  }
  p {
    margin: 0;
    padding: 0 ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(5)};
  }
`;

function Question({ question, children }: { question: ReactNode; children: ReactNode }) {
  return (
    <Item>
      <summary>{question}</summary>
      <p>{children}</p>
    </Item>
  );
}

export function FaqSection() {
  return (
    <LandingSection id="faq" title={<Trans>Frequently asked questions</Trans>}>
      <List>
        <Question question={<Trans>Which e-commerce platforms does Catalyst integrate with?</Trans>}>
          <Trans>
            More than 10, including Shopify, VTEX and Yampi. Catalog, stock and orders sync on their own; if your platform is not on the
            list, talk to us.
          </Trans>
        </Question>
        <Question question={<Trans>Do I need a WhatsApp Business account?</Trans>}>
          <Trans>Yes: the WhatsApp Business app or the WhatsApp Business Platform. We help you connect it during setup.</Trans>
        </Question>
        <Question question={<Trans>How does the AI learn about my store?</Trans>}>
          <Trans>
            It trains on your catalog and on the spreadsheets and PDFs you upload, such as policies and FAQs. Each plan includes a number of
            trainings per month.
          </Trans>
        </Question>
        <Question question={<Trans>What happens when I use up my monthly queries?</Trans>}>
          <Trans>Nothing stops: extra queries are charged at your plan's extra-query price.</Trans>
        </Question>
        <Question question={<Trans>Can my team take over a conversation?</Trans>}>
          <Trans>Yes. The AI hands the chat to a person whenever the customer asks or when it cannot help.</Trans>
        </Question>
      </List>
    </LandingSection>
  );
}
