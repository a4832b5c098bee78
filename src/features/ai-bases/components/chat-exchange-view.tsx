import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { ChatExchange } from '@/machines/refinement-chat';
import { Badge } from '@/src/ui/badge';
import { outcomeLabels } from '../refinement-chat-messages';
import { PassageSource } from '@/src/ui/passage-source';

const Bubble = styled.div<{ $from: 'customer' | 'agent' }>`
  max-width: 85%;
  justify-self: ${({ $from }) => ($from === 'customer' ? 'end' : 'start')};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $from }) => ($from === 'customer' ? theme.colors.page : theme.colors.surface)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Text = styled.p`
  margin: 0;
`;

const Who = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Sources = styled.details`
  margin-top: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: normal;

  ul {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    padding-inline-start: ${({ theme }) => theme.space(4)};
  }
  blockquote {
    margin: ${({ theme }) => theme.space(1)} 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/** A page of a PDF can be long: the start of it is enough to recognise it. */
const excerpt = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);

/** One question and its answer, with the passages the answer used and where they came from. */
export function ChatExchangeView({ exchange }: { exchange: ChatExchange }) {
  const { i18n } = useLingui();
  const { answer } = exchange;
  return (
    <>
      <Bubble $from="customer">
        <Who>
          <Trans>You (as a customer)</Trans>
        </Who>
        <Text>{exchange.question}</Text>
      </Bubble>
      {answer && (
        <Bubble $from="agent" data-outcome={answer.outcome}>
          <Who>
            <Trans>AI base</Trans>{' '}
            {answer.outcome !== 'answered' && (
              <Badge variant={answer.outcome === 'refused' ? 'warning' : 'info'}>{i18n._(outcomeLabels[answer.outcome])}</Badge>
            )}
          </Who>
          <Text>{answer.answer}</Text>
          {answer.passages.length > 0 && (
            <Sources open>
              <summary>
                <Trans>Sources used ({answer.passages.length})</Trans>
              </summary>
              <ul>
                {answer.passages.map((passage, index) => (
                  <li key={`${passage.fileId}-${passage.source}-${index}`}>
                    <strong>{passage.fileName}</strong>, <PassageSource source={passage.source} />
                    <blockquote>{excerpt(passage.content)}</blockquote>
                  </li>
                ))}
              </ul>
            </Sources>
          )}
        </Bubble>
      )}
    </>
  );
}
