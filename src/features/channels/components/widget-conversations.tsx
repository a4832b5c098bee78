// On the screen of the number the website widget answers with: the conversations shoppers had in the
// widget on the merchant's site, beside the number's WhatsApp ones — what each shopper wrote, what the
// AI base answered and the products it showed. Nothing on any other number's screen; nothing at all
// until a shopper wrote (or when they cannot be read: the WhatsApp ones above stay).
import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { WidgetConversations as Read } from '@/domain/widget-chat';
import { formatDateTime } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { widgetConversationsApi } from '../api/widget-conversations-api';
import { ConversationItem, ConversationList } from './conversation-list';

// WhatsApp's cards, with room between the lines of an exchange.
const Item = styled(ConversationItem)`
  p {
    margin: ${({ theme }) => `${theme.space(1)} 0`};
  }
`;

export function WidgetConversations({ channelId }: { channelId: string }) {
  const lang = useLang();
  const { api } = useRouter().options.context;
  const logic = useMemo(
    () =>
      fromPromise<Read | null>(({ signal }) =>
        widgetConversationsApi(api)
          .get(signal)
          .catch(() => null),
      ),
    [api],
  );
  const [snapshot] = useActor(logic);
  const read = snapshot.status === 'done' ? snapshot.output : null;
  if (!read || read.channelId !== channelId || read.conversations.length === 0) return null;
  return (
    <section aria-labelledby="widget-conversations">
      <h2 id="widget-conversations">
        <Trans>Conversations in the website widget</Trans>
      </h2>
      <ConversationList>
        {read.conversations.map((conversation) => {
          const started = formatDateTime(lang, new Date(conversation.startedAt), { dateStyle: 'short', timeStyle: 'short' });
          return (
            <Item key={conversation.id}>
              <h3>
                <Trans>Started {started}</Trans>
              </h3>
              {conversation.messages.map((message, index) => {
                const products = message.products.join(', ');
                return (
                  <p key={index}>
                    <strong>{message.role === 'shopper' ? <Trans>Shopper:</Trans> : <Trans>AI base:</Trans>}</strong> {message.text}
                    {products && (
                      <>
                        {' '}
                        <Trans>(products shown: {products})</Trans>
                      </>
                    )}
                  </p>
                );
              })}
            </Item>
          );
        })}
      </ConversationList>
    </section>
  );
}
