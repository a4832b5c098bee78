// The conversations of one WhatsApp number on its screen: each shopper (their number masked but for
// its last four digits) with the count of their messages and when they last wrote, then their latest
// exchanges: what they sent, what the AI base answered (its text, the products a list showed, the
// catalog), what became of it in words, and the knowledge passages it used ('From faq.csv, row 3').
// Above them, what a qualifier AI base collected from the shopper (each expected input and its value).
// The merchant's screen only: nothing here reaches a shopper.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import styled from 'styled-components';
import type { ChannelExchange, CollectedInput, Conversation, ReplyView } from '@/domain/channel';
import { formatDate } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { EmptyState } from '@/src/ui/empty-state';
import { FileName } from '@/src/ui/file-name';
import { PassageSource } from '@/src/ui/passage-source';
import { ConversationItem, ConversationList } from './conversation-list';
import { messageTypeNames, replyOutcomeNames, replyOutcomeWord, type ReplyOutcomeWord } from '../channel-messages';

const outcomeBadges: Record<ReplyOutcomeWord, BadgeVariant> = {
  waiting: 'neutral',
  sending: 'info',
  answered: 'positive',
  not_found: 'warning',
  refused: 'warning',
  cart_sent: 'positive',
  order_no_inventory: 'warning',
  order_unreadable: 'warning',
  text_only: 'neutral',
  media_not_allowed: 'neutral',
  skipped_paused: 'neutral',
  skipped_needs_attention: 'warning',
  skipped_no_ai_base: 'warning',
  skipped_unsupported: 'neutral',
  outside_window: 'negative',
  failed: 'negative',
};

const Meta = styled.p`
  margin: ${({ theme }) => `${theme.space(1)} 0 ${theme.space(3)}`};
  color: ${({ theme }) => theme.colors.secondary};
`;

const Exchanges = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  dl {
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    white-space: pre-wrap;
  }
`;

const InputList = styled.section`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  h4 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** What a qualifier collected from the shopper, each input with its value, in the order given. */
function CollectedInputs({ inputs }: { inputs: CollectedInput[] }) {
  const { t } = useLingui();
  return (
    <InputList aria-label={t`Collected inputs`}>
      <h4>
        <Trans>Collected inputs</Trans>
      </h4>
      <dl>
        {inputs.map(({ name, value }) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </InputList>
  );
}

function ReplyDetails({ reply }: { reply: ReplyView | null }) {
  const { i18n, t } = useLingui();
  const lang = useLang();
  const word = replyOutcomeWord(reply);
  return (
    <>
      <dt>
        <Trans>Reply</Trans>
      </dt>
      <dd>
        <Badge variant={outcomeBadges[word]}>{i18n._(replyOutcomeNames[word])}</Badge>
        {reply?.sentAt && (
          <>
            {' '}
            <time dateTime={reply.sentAt}>{formatDate(lang, new Date(reply.sentAt), { dateStyle: 'short', timeStyle: 'short' })}</time>
          </>
        )}
        {reply?.text && <div>{reply.text}</div>}
        {reply && reply.products.length > 0 && <div>{t`Products: ${reply.products.join(', ')}`}</div>}
        {reply?.catalog && (
          <div>
            <Trans>The catalog was sent.</Trans>
          </div>
        )}
      </dd>
      {reply && reply.passages.length > 0 && (
        <>
          <dt>
            <Trans>Knowledge used</Trans>
          </dt>
          <dd>
            <ul>
              {reply.passages.map((passage, index) => {
                // Wraps between the name's words: a long file name has no spaces to wrap at.
                const fileName = <FileName name={passage.fileName} />;
                return (
                  <li key={index}>
                    <Trans>
                      From {fileName}, <PassageSource source={passage.source} />
                    </Trans>
                  </li>
                );
              })}
            </ul>
          </dd>
        </>
      )}
    </>
  );
}

function ExchangeItem({ exchange }: { exchange: ChannelExchange }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const { inbound } = exchange;
  return (
    <li>
      <dl>
        <dt>
          <Trans>Shopper</Trans>{' '}
          <time dateTime={inbound.receivedAt}>
            {formatDate(lang, new Date(inbound.receivedAt), { dateStyle: 'short', timeStyle: 'short' })}
          </time>
        </dt>
        <dd>
          {inbound.text ?? i18n._(messageTypeNames[inbound.type])}
          {inbound.orderLines !== null && (
            <>
              {' '}
              (<Plural value={inbound.orderLines} one="# item" other="# items" />)
            </>
          )}
        </dd>
        <ReplyDetails reply={exchange.reply} />
      </dl>
    </li>
  );
}

export function ChannelConversations({ conversations }: { conversations: Conversation[] }) {
  const lang = useLang();
  if (conversations.length === 0)
    return (
      <EmptyState
        title={<Trans>No conversation yet</Trans>}
        description={<Trans>Messages to this number will show here.</Trans>}
        headingLevel={3}
      />
    );
  return (
    <ConversationList>
      {conversations.map((conversation) => {
        const when = formatDate(lang, new Date(conversation.lastMessageAt), { dateStyle: 'medium', timeStyle: 'short' });
        const count = conversation.messageCount;
        return (
          <ConversationItem key={conversation.shopper}>
            <article aria-label={conversation.shopper}>
              <h3>{conversation.shopper}</h3>
              <Meta>
                <Plural value={count} one="# message" other="# messages" /> ·{' '}
                <Trans>
                  last message <time dateTime={conversation.lastMessageAt}>{when}</time>
                </Trans>
              </Meta>
              {conversation.inputs.length > 0 && <CollectedInputs inputs={conversation.inputs} />}
              <Exchanges>
                {conversation.exchanges.map((exchange) => (
                  <ExchangeItem key={exchange.inbound.id} exchange={exchange} />
                ))}
              </Exchanges>
            </article>
          </ConversationItem>
        );
      })}
    </ConversationList>
  );
}
