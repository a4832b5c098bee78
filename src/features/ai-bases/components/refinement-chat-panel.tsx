import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Refinement } from '@/domain/ai-base';
import { refinementChatMachine, type ChatFailure } from '@/machines/refinement-chat';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { Spinner } from '@/src/ui/spinner';
import { TextField } from '@/src/ui/text-field';
import { refinementChatApi } from '../api/refinement-chat-api';
import { chatValidationMessages } from '../refinement-chat-messages';
import { ChatExchangeView } from './chat-exchange-view';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.page};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  justify-content: space-between;

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Log = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  max-height: 480px;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(1)};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Composer = styled.form`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;

type Props = {
  baseId: string;
  /** Step 3's settings as they are in the form: the chat tries them before they are saved. */
  settings: Refinement;
  /** Back to the last saved settings (the wizard's REVERT); undefined while nothing differs. */
  onRevert: (() => void) | undefined;
};

function FailureText({ failure }: { failure: ChatFailure }) {
  switch (failure.kind) {
    case 'rate_limited':
      return failure.retryAfterSeconds ? (
        <Trans>The AI provider is busy. Try again in {failure.retryAfterSeconds} seconds.</Trans>
      ) : (
        <Trans>The AI provider is busy. Try again in a moment.</Trans>
      );
    case 'unavailable':
      return <Trans>The AI provider did not answer. Try again in a moment.</Trans>;
    case 'unknown_model':
      return <Trans>This model is not available. Choose another one in the Model field.</Trans>;
    default:
      return <Trans>The message could not be sent.</Trans>;
  }
}

/**
 * Step 3's chat: the merchant writes as a customer would and sees the answers, with the passages
 * each used. Binds the refinement-chat machine; "Restart" begins a fresh conversation.
 */
export function RefinementChatPanel({ baseId, settings, onRevert }: Props) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const api = refinementChatApi(router.options.context.api);
  const [snapshot, send] = useMachine(refinementChatMachine.provide({ actors: { ask: fromPromise(({ input }) => api.ask(input)) } }), {
    input: { baseId },
  });
  const { exchanges, failure, messageError } = snapshot.context;
  const [text, setText] = useState('');
  const logRef = useRef<HTMLDivElement>(null);

  // The newest message in view.
  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [exchanges]);

  const asking = snapshot.matches('asking');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const accepted = snapshot.can({ type: 'SEND', text, settings });
    send({ type: 'SEND', text, settings });
    if (accepted) setText('');
  };
  // The seed's text in the page's language (a text we do not know — a newer server's — as sent).
  const errorDescriptor = messageError ? chatValidationMessages.get(messageError) : undefined;
  const errorText = errorDescriptor ? i18n._(errorDescriptor) : (messageError ?? undefined);

  return (
    <Panel aria-labelledby="refinement-chat-title">
      <Header>
        <h3 id="refinement-chat-title">
          <Trans>Test your AI base</Trans>
        </h3>
        <Toolbar>
          <Button variant="secondary" size="sm" disabled={!onRevert} onClick={onRevert}>
            <Trans>Revert to saved settings</Trans>
          </Button>
          <Button variant="secondary" size="sm" disabled={!snapshot.can({ type: 'RESTART' })} onClick={() => send({ type: 'RESTART' })}>
            <Trans>Restart conversation</Trans>
          </Button>
        </Toolbar>
      </Header>
      <Log ref={logRef} role="log" aria-label={t`Conversation`} aria-live="polite">
        {exchanges.length === 0 && (
          <Hint>
            <Trans>
              Ask what a customer would ask. The answers follow the settings above, saved or not, and show the passages of your files they
              used.
            </Trans>
          </Hint>
        )}
        {exchanges.map((exchange) => (
          <ChatExchangeView key={exchange.id} exchange={exchange} />
        ))}
        {asking && <Spinner label={t`The AI base is answering…`} />}
      </Log>
      {failure && (
        <Notice variant="negative" title={<FailureText failure={failure} />}>
          <Button variant="secondary" size="sm" onClick={() => send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      )}
      <Composer onSubmit={submit} noValidate>
        <TextField
          label={t`Message`}
          name="chatMessage"
          value={text}
          autoComplete="off"
          error={errorText}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={asking}>
          <Trans>Send</Trans>
        </Button>
      </Composer>
    </Panel>
  );
}
