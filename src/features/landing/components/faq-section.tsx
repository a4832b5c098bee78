import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLocale, localeTags } from '@/domain/locales';
import { LandingSection } from './landing-section';
import { faqEntries } from '../faq-entries';

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 800px;
`;

// Native <details>/<summary>: keyboard (Enter, Space), state and semantics come from the browser,
// and the answers work in the server-rendered page before any JavaScript runs.
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

/** The questions and answers as schema.org FAQPage data, for search engines. `<` escaped: it sits in a script element. */
function faqStructuredData(i18n: I18n): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: isLocale(i18n.locale) ? localeTags[i18n.locale] : i18n.locale,
    mainEntity: faqEntries.map(({ question, answer }) => ({
      '@type': 'Question',
      name: i18n._(question),
      acceptedAnswer: { '@type': 'Answer', text: i18n._(answer) },
    })),
  };
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}

export function FaqSection() {
  const { i18n } = useLingui();
  return (
    <LandingSection id="faq" title={<Trans>Frequently asked questions</Trans>}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: faqStructuredData(i18n) }} />
      <List>
        {faqEntries.map(({ question, answer }) => (
          <Question key={question.id} question={i18n._(question)}>
            {i18n._(answer)}
          </Question>
        ))}
      </List>
    </LandingSection>
  );
}
