// 'Change the AI base or inventory' on a number's page: the account's active AI bases and its
// inventories (the connect form's choices, channel-choices-api.ts), the channel's own chosen to
// start with; saving hands the choice to the channel-settings machine.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AiBase } from '@/domain/ai-base';
import type { Inventory } from '@/domain/inventory';
import type { AnsweringValues } from '@/machines/channel-settings';
import { Button } from '@/src/ui/button';
import { Select } from '@/src/ui/select';
import { useChannelFieldError } from '../channel-messages';
import { Actions, Form } from './channel-connect-form';

type Props = {
  initialValues: AnsweringValues;
  fieldErrors: Record<string, string>;
  saving: boolean;
  /** Active ones only. */
  aiBases: AiBase[];
  inventories: Inventory[];
  onSubmit: (values: AnsweringValues) => void;
  onCancel: () => void;
};

export function ChannelAnsweringForm({ initialValues, fieldErrors, saving, aiBases, inventories, onSubmit, onCancel }: Props) {
  const { t } = useLingui();
  const error = useChannelFieldError(fieldErrors);
  const [values, setValues] = useState(initialValues);
  // A base switched off is no choice: the merchant picks an active one.
  const aiBaseId = aiBases.some((base) => base.id === values.aiBaseId) ? values.aiBaseId : '';
  return (
    <Form
      noValidate
      aria-label={t`Change the AI base or inventory`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ ...values, aiBaseId });
      }}
    >
      <Select
        name="aiBaseId"
        label={t`AI base`}
        required
        autoFocus
        disabled={saving}
        placeholder={t`Choose an active AI base`}
        hint={t`It answers the customers who write to this number.`}
        error={error('aiBaseId')}
        options={aiBases.map((base) => ({ value: base.id, label: base.name }))}
        value={aiBaseId}
        onChange={(event) => setValues({ ...values, aiBaseId: event.target.value })}
      />
      <Select
        name="inventoryId"
        label={t`Inventory (optional)`}
        disabled={saving}
        placeholder={t`No inventory`}
        hint={t`The products it sells from. Without one, it answers from its knowledge base only.`}
        error={error('inventoryId')}
        options={inventories.map((inventory) => ({ value: inventory.id, label: inventory.name }))}
        value={values.inventoryId}
        onChange={(event) => setValues({ ...values, inventoryId: event.target.value })}
      />
      <Actions>
        <Button type="submit" loading={saving}>
          <Trans>Save</Trans>
        </Button>
        <Button variant="ghost" disabled={saving} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Actions>
    </Form>
  );
}
