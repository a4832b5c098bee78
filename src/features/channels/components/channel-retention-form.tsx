// 'Change how long conversations are kept' on a number's page: the days (7 to 365), the channel's
// own to start with; saving hands them to the channel-settings machine, which checks the range.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONVERSATION_RETENTION_DAYS } from '@/domain/channel';
import { Button } from '@/src/ui/button';
import { TextField } from '@/src/ui/text-field';
import { useChannelFieldError } from '../channel-messages';
import { Actions, Form } from './channel-connect-form';

type Props = {
  initialDays: string;
  fieldErrors: Record<string, string>;
  saving: boolean;
  onSubmit: (retentionDays: string) => void;
  onCancel: () => void;
};

export function ChannelRetentionForm({ initialDays, fieldErrors, saving, onSubmit, onCancel }: Props) {
  const { t } = useLingui();
  const error = useChannelFieldError(fieldErrors);
  const [days, setDays] = useState(initialDays);
  const { min, max } = CONVERSATION_RETENTION_DAYS;
  return (
    <Form
      noValidate
      aria-label={t`Change how long conversations are kept`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(days);
      }}
    >
      <TextField
        name="retentionDays"
        label={t`Days conversations are kept`}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        autoFocus
        disabled={saving}
        hint={t`From ${min} to ${max} days. Older messages, replies and collected answers are deleted; the dashboard's counts stay.`}
        error={error('retentionDays')}
        value={days}
        onChange={(event) => setDays(event.target.value)}
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
