// 'Send me a test' under the recovery flow, bound to the recovery-test machine: reminder 1 as saved,
// with sample values, to the merchant's own WhatsApp number, once they agree to receive it there.
// Before the flow is saved with a number and reminder 1's template, a sentence says what to do
// first. Refusals show at their fields in the page's language; too many tests and other failures
// above the button; a test that went says where (the number masked).
import { useId } from 'react';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { recoveryTestRefusalMessages } from '@/domain/recovery-test';
import { isComplete, recoveryTestMachine } from '@/machines/recovery-test';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import { Button } from '@/src/ui/button';
import { Checkbox } from '@/src/ui/checkbox';
import { Notice } from '@/src/ui/notice';
import { TextField } from '@/src/ui/text-field';
import type { recoveryTestActors } from '../api/recovery-test-api';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 760px;
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.colors.primary};
  }
  p {
    margin: 0;
  }
`;

export type RecoveryTestActors = ReturnType<typeof recoveryTestActors>;

/** `ready`: the saved flow has a number and reminder 1's template, so there is something to send. */
export function RecoveryTestForm({ inventoryId, actors, ready }: { inventoryId: string; actors: RecoveryTestActors; ready: boolean }) {
  const { t } = useLingui();
  const titleId = useId();
  const [snapshot, send] = useMachine(recoveryTestMachine.provide({ actors }), { input: { inventoryId } });
  const { context } = snapshot;
  const fieldError = useTranslatedFieldError(context.fields, recoveryTestRefusalMessages);
  const sending = snapshot.hasTag('sending');
  const wait = context.failure?.retryAfterSeconds ? Math.ceil(context.failure.retryAfterSeconds / 60) : null;
  const to = context.sent?.phone ?? '';
  return (
    <Form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SEND' });
      }}
    >
      <h3 id={titleId}>
        <Trans>Send me a test</Trans>
      </h3>
      {!ready ? (
        <p>
          <Trans>Save the flow with a number and reminder 1’s template, and you can send yourself reminder 1 as a shopper gets it.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>Reminder 1 as saved, with sample values, to your own WhatsApp number.</Trans>
          </p>
          {fieldError('flow') && <Notice variant="warning">{fieldError('flow')}</Notice>}
          <TextField
            label={t`Your WhatsApp number`}
            hint={t`With the country code, such as +55 11 98765-4321.`}
            type="tel"
            autoComplete="tel"
            value={context.phone}
            disabled={sending}
            error={fieldError('phone')}
            onChange={(event) => send({ type: 'SET_PHONE', phone: event.target.value })}
          />
          <Checkbox
            label={t`I agree to receive this test on this number`}
            checked={context.consent}
            disabled={sending}
            error={fieldError('consent')}
            onChange={(event) => send({ type: 'SET_CONSENT', consent: event.target.checked })}
          />
          {snapshot.hasTag('failed') && (
            <Notice variant="negative">
              {context.failure?.kind === 'rate_limited' ? (
                wait ? (
                  <Trans>Too many tests for now: try again in {wait} min.</Trans>
                ) : (
                  <Trans>Too many tests for now: try again later.</Trans>
                )
              ) : context.failure?.kind === 'not_found' ? (
                <Trans>This inventory no longer exists.</Trans>
              ) : (
                <Trans>The test could not be sent. Check your connection and try again.</Trans>
              )}
            </Notice>
          )}
          {snapshot.hasTag('sent') && (
            <Notice variant="positive">
              <Trans>Test on its way to {to}: it arrives in a moment.</Trans>
            </Notice>
          )}
          <div>
            <Button type="submit" variant="secondary" loading={sending} disabled={!sending && !isComplete(context)}>
              <Trans>Send me a test</Trans>
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
