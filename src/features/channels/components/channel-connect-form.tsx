// The connect form's fields: the number's ids and credentials from Meta (the token and the app
// secret in password fields: write-only, never shown again), the active AI base that answers and
// the optional inventory it sells from. TanStack Form holds what is typed; submitting hands it to
// the channel-connect machine, which validates it and says which fields to fix.
import type { RefObject } from 'react';
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AiBase } from '@/domain/ai-base';
import type { Inventory } from '@/domain/inventory';
import type { ChannelConnectField, ChannelConnectValues } from '@/machines/channel-connect';
import { Button } from '@/src/ui/button';
import { PasswordField } from '@/src/ui/password-field';
import { Select } from '@/src/ui/select';
import { TextField } from '@/src/ui/text-field';
import { useChannelFieldError } from '../channel-messages';

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

const Fields = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
`;

export type ConnectFieldRefs = Record<ChannelConnectField, RefObject<(HTMLInputElement & HTMLSelectElement) | null>>;

type Props = {
  /** What the form starts with: the machine's values (what was typed, when it comes back). */
  initialValues: ChannelConnectValues;
  fieldErrors: Record<string, string>;
  /** False while the connect is in flight or its failure is shown. */
  editable: boolean;
  /** The connect is in flight: the submit button shows it. */
  checking: boolean;
  /** The submit button is shown (not while a failure offers its own ways on). */
  submittable: boolean;
  aiBases: AiBase[];
  inventories: Inventory[];
  fieldRefs: ConnectFieldRefs;
  onSubmit: (values: ChannelConnectValues) => void;
  onCancel: () => void;
};

export function ChannelConnectForm(props: Props) {
  const { initialValues, fieldErrors, editable, checking, submittable, aiBases, inventories, fieldRefs, onSubmit, onCancel } = props;
  const { t } = useLingui();
  const error = useChannelFieldError(fieldErrors);
  const form = useForm({ defaultValues: initialValues, onSubmit: ({ value }) => onSubmit(value) });

  /** What every input of the form takes from its field. */
  const bound = (name: ChannelConnectField) => ({
    name,
    ref: fieldRefs[name],
    error: error(name),
  });

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Fields disabled={!editable}>
        <form.Field name="phoneNumberId">
          {(field) => (
            <TextField
              {...bound('phoneNumberId')}
              label={t`Phone number ID`}
              required
              inputMode="numeric"
              autoComplete="off"
              placeholder="106540352242922"
              hint={t`In WhatsApp Manager → API Setup (or your app's WhatsApp → API Setup), under the number.`}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="wabaId">
          {(field) => (
            <TextField
              {...bound('wabaId')}
              label={t`WhatsApp Business Account ID`}
              required
              inputMode="numeric"
              autoComplete="off"
              placeholder="102290129340398"
              hint={t`On the same page, under WhatsApp Business Account ID.`}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="accessToken">
          {(field) => (
            <PasswordField
              {...bound('accessToken')}
              label={t`Access token`}
              required
              // Write-only: browsers must not offer to save it as a password.
              autoComplete="off"
              spellCheck={false}
              hint={t`A system user's permanent token with the whatsapp_business_messaging permission (Meta Business Settings → System users).`}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="appSecret">
          {(field) => (
            <PasswordField
              {...bound('appSecret')}
              label={t`App secret`}
              required
              autoComplete="off"
              spellCheck={false}
              hint={t`Meta for Developers → your app → App settings → Basic. Catalyst checks with it that messages come from Meta.`}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="aiBaseId">
          {(field) => (
            <Select
              {...bound('aiBaseId')}
              label={t`AI base`}
              required
              placeholder={t`Choose an active AI base`}
              hint={t`It answers the customers who write to this number.`}
              options={aiBases.map((base) => ({ value: base.id, label: base.name }))}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="inventoryId">
          {(field) => (
            <Select
              {...bound('inventoryId')}
              label={t`Inventory (optional)`}
              placeholder={t`No inventory`}
              hint={t`The products it sells from. Without one, it answers from its knowledge base only.`}
              options={inventories.map((inventory) => ({ value: inventory.id, label: inventory.name }))}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
      </Fields>
      <Actions>
        {submittable && (
          <Button type="submit" loading={checking}>
            <Trans>Connect</Trans>
          </Button>
        )}
        <Button variant="ghost" disabled={checking} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Actions>
    </Form>
  );
}
