// Step 3 of the campaign wizard: when it goes — as soon as it is sent, or at a date and time on the
// account's clock (its zone named) — and whether its messages wait out the quiet hours on each
// shopper's clock.
import type { RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CAMPAIGN_QUIET_HOURS } from '@/domain/campaign';
import type { CampaignWizardContext } from '@/machines/campaign-wizard';
import { Checkbox } from '@/src/ui/checkbox';
import { RadioGroup } from '@/src/ui/radio-group';
import { StepSection } from '@/src/ui/step-section';
import { TextField } from '@/src/ui/text-field';
import type { CampaignSchedule } from '@/domain/campaign';
import type { QuietHours } from '@/domain/checkout-recovery';

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  context: CampaignWizardContext;
  disabled: boolean;
  fieldError: (field: string) => string | undefined;
  onSchedule: (schedule: CampaignSchedule) => void;
  onQuietHours: (quietHours: QuietHours | null) => void;
};

export function ScheduleStep({ headingRef, context, disabled, fieldError, onSchedule, onQuietHours }: Props) {
  const { t } = useLingui();
  const { schedule, quietHours } = context.draft;
  const zone = context.timeZone;
  const { start, end } = quietHours ?? CAMPAIGN_QUIET_HOURS;
  return (
    <StepSection headingRef={headingRef} title={<Trans>When</Trans>} description={<Trans>Now, or at a time you choose.</Trans>}>
      <RadioGroup
        legend={t`Send`}
        value={schedule.kind}
        disabled={disabled}
        error={schedule.kind === 'now' ? fieldError('schedule') : undefined}
        options={[
          { value: 'now', label: t`Now`, hint: t`The messages start going as soon as you send the campaign.` },
          { value: 'at', label: t`At a date and time` },
        ]}
        onChange={(kind) =>
          onSchedule(kind === 'now' ? { kind: 'now' } : { kind: 'at', localTime: schedule.kind === 'at' ? schedule.localTime : '' })
        }
      />
      {schedule.kind === 'at' && (
        <TextField
          type="datetime-local"
          label={t`Date and time (${zone})`}
          hint={t`On your account’s clock, in the ${zone} time zone; within the next 90 days.`}
          value={schedule.localTime}
          disabled={disabled}
          error={fieldError('schedule')}
          onChange={(event) => onSchedule({ kind: 'at', localTime: event.target.value })}
        />
      )}
      <Checkbox
        label={t`Wait out the quiet hours (${start}–${end})`}
        hint={t`On each shopper’s clock (from their number): a message due then waits until the quiet hours end.`}
        checked={quietHours !== null}
        disabled={disabled}
        error={fieldError('quietHours')}
        onChange={(event) => onQuietHours(event.target.checked ? { ...CAMPAIGN_QUIET_HOURS } : null)}
      />
    </StepSection>
  );
}
