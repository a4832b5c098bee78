// 'Post-sale notices' on a configured inventory's screen, bound to the order-notices machine: the
// WhatsApp number the notices go from (none connected: a sentence and a link to /channels), then the
// order confirmation and the shipping update, each switched on or off with its template and what fills
// each variable; Save, a toast once saved, the server's refusals at their fields in the page's
// language, other failures above the form with a retry. `OrderNoticesSection` supplies the real calls;
// `OrderNoticesCard` takes them, so tests may provide their own.
import { useMemo } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { orderNoticeKinds } from '@/domain/order-notice';
import { orderNoticesMachine } from '@/machines/order-notices';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Notice } from '@/src/ui/notice';
import { Select } from '@/src/ui/select';
import { Skeleton } from '@/src/ui/skeleton';
import { orderNoticesActors } from '../api/order-notices-api';
import { noticeRefusalMessages } from '../notice-messages';
import { NoticeFields } from './order-notice-fields';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 760px;

  p {
    margin: 0;
  }
`;

/** The calls the card makes: the order-notices machine's actors. */
export type OrderNoticesActors = ReturnType<typeof orderNoticesActors>;

export function OrderNoticesSection({ inventoryId }: { inventoryId: string }) {
  const { api } = useRouter().options.context;
  const actors = useMemo(() => orderNoticesActors(api), [api]);
  // A new id starts a new flow.
  return <OrderNoticesCard key={inventoryId} inventoryId={inventoryId} actors={actors} />;
}

export function OrderNoticesCard({ inventoryId, actors }: { inventoryId: string; actors: OrderNoticesActors }) {
  const { t } = useLingui();
  const lang = useLang();
  const [snapshot, send] = useMachine(
    orderNoticesMachine.provide({
      actors,
      actions: { announceSaved: () => void toast.success(t`Post-sale notices saved.`, { id: 'order-notices-saved' }) },
    }),
    { input: { inventoryId } },
  );
  const { context } = snapshot;
  const fieldError = useTranslatedFieldError(context.fieldErrors, noticeRefusalMessages);
  const saving = snapshot.hasTag('saving');
  const refused = snapshot.matches('editing') && Object.keys(context.fieldErrors).length > 0;

  return (
    <Card
      title={t`Post-sale notices`}
      description={
        <Trans>
          WhatsApp messages Catalyst sends this store’s shoppers after they buy: only to those who agreed to receive order updates, in their
          language.
        </Trans>
      }
    >
      {snapshot.hasTag('loading') && <Skeleton lines={3} label={t`Loading the post-sale notices`} />}
      {snapshot.matches('loadFailed') && (
        <>
          <Notice variant="negative">
            <Trans>The post-sale notices could not be loaded.</Trans>
          </Notice>
          <div>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </>
      )}
      {!snapshot.hasTag('loading') && !snapshot.matches('loadFailed') && context.numbers.length === 0 && (
        <p>
          <Trans>No WhatsApp number is connected yet: connect one, and the notices can go from it.</Trans>{' '}
          <Link to="/$lang/channels" params={{ lang }}>
            <Trans>Go to Channels</Trans>
          </Link>
        </p>
      )}
      {!snapshot.hasTag('loading') && !snapshot.matches('loadFailed') && context.numbers.length > 0 && (
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SAVE' });
          }}
        >
          {snapshot.matches('failure') && (
            <Notice variant="negative">
              {context.failure?.kind === 'not_found' ? (
                <Trans>This inventory no longer exists.</Trans>
              ) : (
                <Trans>The post-sale notices could not be saved. Check your connection and try again.</Trans>
              )}
            </Notice>
          )}
          {refused && (
            <Notice variant="warning">
              <Trans>Some choices need another look before the notices can be saved: see the messages below.</Trans>
            </Notice>
          )}
          <Select
            label={t`WhatsApp number`}
            hint={t`The notices go from this number.`}
            placeholder={t`Choose a number`}
            options={context.numbers.map((number) => ({
              value: number.channelId,
              label: `${number.displayPhoneNumber} (${number.verifiedName})`,
            }))}
            value={context.settings.channelId ?? ''}
            disabled={saving}
            error={fieldError('channelId')}
            onChange={(event) => send({ type: 'CHOOSE_NUMBER', channelId: event.target.value === '' ? null : event.target.value })}
          />
          {orderNoticeKinds.map((kind) => (
            <NoticeFields
              key={kind}
              kind={kind}
              context={context}
              disabled={saving}
              fieldError={fieldError}
              onSwitch={(enabled) => send({ type: 'SWITCH', kind, enabled })}
              onTemplate={(templateName) => send({ type: 'CHOOSE_TEMPLATE', kind, templateName })}
              onSource={(variable, source) => send({ type: 'CHOOSE_SOURCE', kind, variable, source })}
            />
          ))}
          <div>
            <Button type="submit" loading={saving} disabled={!saving && !snapshot.can({ type: 'SAVE' })}>
              {snapshot.matches('saved') ? <Trans>Saved</Trans> : <Trans>Save notices</Trans>}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}
