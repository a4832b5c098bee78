// 'Recovery flow' on the Checkouts screen, bound to the recovery-flow machine: recovery switched on or
// off (and since when: checkouts left before are never messaged), the WhatsApp number the reminders
// go from (none connected: a sentence and a link to /channels), one to three reminders, the minimum
// cart value and the quiet hours in the shopper's zone; Save, our refusals and the server's at their
// fields in the page's language, other failures above the form with a retry; below it, 'Send me a test'. `RecoveryFlowSection`
// supplies the real calls; `RecoveryFlowCard` takes them, so tests may provide their own.
import { useMemo } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { DEFAULT_QUIET_HOURS } from '@/domain/checkout-recovery';
import { canAddStep, canRemoveStep, recoveryFlowMachine } from '@/machines/recovery-flow';
import { formatDateTime } from '@/src/i18n/format';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Checkbox } from '@/src/ui/checkbox';
import { Notice } from '@/src/ui/notice';
import { Select } from '@/src/ui/select';
import { Skeleton } from '@/src/ui/skeleton';
import { TextField } from '@/src/ui/text-field';
import { recoveryFlowActors } from '../api/recovery-flow-api';
import { recoveryTestActors } from '../api/recovery-test-api';
import { recoveryRefusalMessages } from '../checkout-messages';
import { DecimalField } from './decimal-field';
import { RecoveryStepFields } from './recovery-step-fields';
import { RecoveryTestForm, type RecoveryTestActors } from './recovery-test-form';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 760px;

  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The calls the card makes: the recovery-flow machine's actors. */
export type RecoveryFlowActors = ReturnType<typeof recoveryFlowActors>;

export function RecoveryFlowSection({ inventoryId }: { inventoryId: string }) {
  const { api } = useRouter().options.context;
  const actors = useMemo(() => recoveryFlowActors(api), [api]);
  const testActors = useMemo(() => recoveryTestActors(api), [api]);
  // A new id starts a new flow.
  return <RecoveryFlowCard key={inventoryId} inventoryId={inventoryId} actors={actors} testActors={testActors} />;
}

type CardProps = { inventoryId: string; actors: RecoveryFlowActors; testActors: RecoveryTestActors };

export function RecoveryFlowCard({ inventoryId, actors, testActors }: CardProps) {
  const { t } = useLingui();
  const lang = useLang();
  const [snapshot, send] = useMachine(recoveryFlowMachine.provide({ actors }), { input: { inventoryId } });
  const { context } = snapshot;
  const { flow } = context;
  const fieldError = useTranslatedFieldError(context.fields, recoveryRefusalMessages);
  const saving = snapshot.hasTag('saving');
  const loaded = !snapshot.hasTag('loading') && !snapshot.matches('loadFailed');
  const enabledAt = context.stored?.enabled ? context.stored.enabledAt : null;
  const since = enabledAt ? formatDateTime(lang, new Date(enabledAt)) : null;
  // A test sends the saved reminder 1: there must be one with a number.
  const testable = !!context.stored?.channelId && !!context.stored.steps[0]?.templateName;

  return (
    <Card
      role="region"
      aria-label={t`Recovery flow`}
      title={t`Recovery flow`}
      description={
        <Trans>
          WhatsApp reminders to shoppers who left a checkout with their number: only to those who agreed to receive them, never after they
          buy, and not again within 7 days.
        </Trans>
      }
    >
      {snapshot.hasTag('loading') && <Skeleton lines={3} label={t`Loading the recovery flow`} />}
      {snapshot.matches('loadFailed') && (
        <>
          <Notice variant="negative">
            {context.failure?.kind === 'not_found' ? (
              <Trans>This inventory no longer exists.</Trans>
            ) : (
              <Trans>The recovery flow could not be loaded.</Trans>
            )}
          </Notice>
          <div>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </>
      )}
      {loaded && context.numbers.length === 0 && (
        <p>
          <Trans>No WhatsApp number is connected yet: connect one, and the reminders can go from it.</Trans>{' '}
          <Link to="/$lang/channels" params={{ lang }}>
            <Trans>Go to Channels</Trans>
          </Link>
        </p>
      )}
      {loaded && context.numbers.length > 0 && (
        <Form
          noValidate
          aria-label={t`Recovery flow settings`}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SAVE' });
          }}
        >
          {snapshot.matches({ editing: 'saveFailed' }) && (
            <Notice variant="negative">
              {context.failure?.kind === 'not_found' ? (
                <Trans>This inventory no longer exists.</Trans>
              ) : (
                <Trans>The recovery flow could not be saved. Check your connection and try again.</Trans>
              )}
            </Notice>
          )}
          {snapshot.hasTag('refused') && (
            <Notice variant="warning">
              <Trans>Some choices need another look before the flow can be saved: see the messages below.</Trans>
            </Notice>
          )}
          <Checkbox
            role="switch"
            label={t`Remind shoppers who leave a checkout`}
            hint={
              since
                ? t`On since ${since}: checkouts left before then are never messaged.`
                : t`Switched on and saved, it reminds the checkouts left from then on; older ones are never messaged.`
            }
            checked={flow.enabled}
            disabled={saving}
            onChange={(event) => send({ type: 'SWITCH', enabled: event.target.checked })}
          />
          <Select
            label={t`WhatsApp number`}
            hint={t`The reminders go from this number.`}
            placeholder={t`Choose a number`}
            options={context.numbers.map((number) => ({
              value: number.channelId,
              label: `${number.displayPhoneNumber} (${number.verifiedName})`,
            }))}
            value={flow.channelId ?? ''}
            disabled={saving}
            error={fieldError('channelId')}
            onChange={(event) => send({ type: 'CHOOSE_NUMBER', channelId: event.target.value === '' ? null : event.target.value })}
          />
          {fieldError('steps') && <Notice variant="negative">{fieldError('steps')}</Notice>}
          {flow.steps.map((_, index) => (
            <RecoveryStepFields
              key={index}
              index={index}
              context={context}
              disabled={saving}
              removable={canRemoveStep(flow, index)}
              fieldError={fieldError}
              onDelay={(delayMinutes) => send({ type: 'SET_STEP_DELAY', index, delayMinutes })}
              onTemplate={(templateName) => send({ type: 'CHOOSE_STEP_TEMPLATE', index, templateName })}
              onSource={(variable, source) => send({ type: 'CHOOSE_STEP_SOURCE', index, variable, source })}
              onDiscount={(discount) =>
                send(discount ? { type: 'SET_STEP_DISCOUNT', index, discount } : { type: 'CLEAR_STEP_DISCOUNT', index })
              }
              onRemove={() => send({ type: 'REMOVE_STEP', index })}
            />
          ))}
          {canAddStep(flow) && (
            <div>
              <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'ADD_STEP' })}>
                <Trans>Add a reminder</Trans>
              </Button>
            </div>
          )}
          <Row>
            <DecimalField
              label={t`Minimum cart value, in the store’s currency`}
              hint={t`Carts below it are not reminded; 0: every cart.`}
              minor
              value={flow.minimumCartMinor}
              disabled={saving}
              error={fieldError('minimumCartMinor')}
              onValue={(minimumCartMinor) => send({ type: 'SET_MINIMUM', minimumCartMinor })}
            />
          </Row>
          <Checkbox
            label={t`Quiet hours`}
            hint={t`In the shopper’s time zone (from their number): a reminder due then waits for the end of the quiet hours.`}
            checked={flow.quietHours !== null}
            disabled={saving}
            onChange={(event) =>
              send(
                event.target.checked ? { type: 'SET_QUIET_HOURS', quietHours: { ...DEFAULT_QUIET_HOURS } } : { type: 'CLEAR_QUIET_HOURS' },
              )
            }
          />
          {flow.quietHours && (
            <Row>
              <TextField
                type="time"
                label={t`From`}
                value={flow.quietHours.start}
                disabled={saving}
                error={fieldError('quietHours.start')}
                onChange={(event) => send({ type: 'SET_QUIET_HOURS', quietHours: { ...flow.quietHours!, start: event.target.value } })}
              />
              <TextField
                type="time"
                label={t`Until`}
                value={flow.quietHours.end}
                disabled={saving}
                error={fieldError('quietHours.end')}
                onChange={(event) => send({ type: 'SET_QUIET_HOURS', quietHours: { ...flow.quietHours!, end: event.target.value } })}
              />
            </Row>
          )}
          <Actions>
            <Button type="submit" loading={saving}>
              {snapshot.hasTag('saved') ? <Trans>Saved</Trans> : <Trans>Save the recovery flow</Trans>}
            </Button>
            {snapshot.matches({ editing: 'saveFailed' }) && (
              <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                <Trans>Try again</Trans>
              </Button>
            )}
          </Actions>
        </Form>
      )}
      {loaded && context.numbers.length > 0 && <RecoveryTestForm inventoryId={inventoryId} actors={testActors} ready={testable} />}
    </Card>
  );
}
