// The dashboard's range picker and filters. A range kind applies at once; a custom range opens two
// date fields applied together (checked as the API checks them: in order, at most 366 days). The
// filters (inventory, AI base, channel) list the merchant's records; 'All' clears one. What is picked
// goes to the URL (the page navigates), which the machine follows.
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import {
  DASHBOARD_MAX_DAYS,
  dashboardRangeKinds,
  dashboardValidation,
  daysInRange,
  isIsoDay,
  type DashboardRangeKind,
  type DayRange,
} from '@/domain/dashboard';
import type { DashboardSelection } from '@/machines/dashboard';
import { Button } from '@/src/ui/button';
import { Select } from '@/src/ui/select';
import { TextField } from '@/src/ui/text-field';
import type { DashboardFilterChoices, FilterChoice } from '../api/dashboard-filters-api';
import { rangeKindNames } from '../dashboard-messages';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  & > * {
    min-width: min(100%, 12rem);
  }
`;

const CustomForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  & > button {
    margin-top: ${({ theme }) => theme.space(6)};
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export type DashboardControlsProps = {
  selection: DashboardSelection;
  /** The days shown now: a custom range starts from them. */
  shownRange: DayRange | null;
  /** The filters' choices; null while they load, 'failed' when they could not be read. */
  choices: DashboardFilterChoices | null | 'failed';
  onSelect: (selection: DashboardSelection) => void;
};

/** Whether two days make a range the API takes. */
export const isAcceptedRange = ({ from, to }: DayRange) =>
  isIsoDay(from) && isIsoDay(to) && from <= to && daysInRange(from, to) <= DASHBOARD_MAX_DAYS;

function CustomRange({ initial, onApply }: { initial: DayRange | null; onApply: (range: DayRange) => void }) {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const [refused, setRefused] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = { from, to };
    setRefused(!isAcceptedRange(range));
    if (isAcceptedRange(range)) onApply(range);
  };
  return (
    <CustomForm onSubmit={submit} aria-label={t`Custom range`} noValidate>
      <TextField
        type="date"
        name="from"
        label={<Trans>From</Trans>}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        required
      />
      <TextField
        type="date"
        name="to"
        label={<Trans>To</Trans>}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        required
        error={refused ? i18n._(dashboardValidation.rangeInvalid) : undefined}
      />
      <Button type="submit" variant="secondary">
        <Trans>Apply</Trans>
      </Button>
    </CustomForm>
  );
}

const options = (choices: FilterChoice[]) => choices.map(({ id, name }) => ({ value: id, label: name }));

export function DashboardControls({ selection, shownRange, choices, onSelect }: DashboardControlsProps) {
  const { t, i18n } = useLingui();
  // 'Custom range' picked, not applied yet: the date fields show, the figures stay.
  const [customOpen, setCustomOpen] = useState(false);
  const showCustom = customOpen || selection.range === 'custom';
  const loaded = choices !== null && choices !== 'failed' ? choices : null;
  const filter = (key: 'inventory' | 'aiBase' | 'channel', value: string) => onSelect({ ...selection, [key]: value === '' ? null : value });

  return (
    <>
      <Bar>
        <Select
          name="range"
          label={<Trans>Range</Trans>}
          value={showCustom ? 'custom' : selection.range}
          options={dashboardRangeKinds.map((kind) => ({ value: kind, label: i18n._(rangeKindNames[kind]) }))}
          onChange={(event) => {
            const kind = event.target.value as DashboardRangeKind;
            setCustomOpen(kind === 'custom');
            if (kind !== 'custom') onSelect({ ...selection, range: kind, custom: null });
          }}
        />
        <Select
          name="inventory"
          label={<Trans>Inventory</Trans>}
          placeholder={t`All inventories`}
          value={selection.inventory ?? ''}
          options={options(loaded?.inventories ?? [])}
          disabled={!loaded}
          onChange={(event) => filter('inventory', event.target.value)}
        />
        <Select
          name="aiBase"
          label={<Trans>AI base</Trans>}
          placeholder={t`All AI bases`}
          value={selection.aiBase ?? ''}
          options={options(loaded?.aiBases ?? [])}
          disabled={!loaded}
          onChange={(event) => filter('aiBase', event.target.value)}
        />
        <Select
          name="channel"
          label={<Trans>Channel</Trans>}
          placeholder={t`All channels`}
          value={selection.channel ?? ''}
          options={options(loaded?.channels ?? [])}
          disabled={!loaded}
          onChange={(event) => filter('channel', event.target.value)}
        />
      </Bar>
      {choices === 'failed' && (
        <Note>
          <Trans>The filters could not be loaded.</Trans>
        </Note>
      )}
      {showCustom && (
        <CustomRange
          key={selection.custom ? `${selection.custom.from}/${selection.custom.to}` : 'new'}
          initial={selection.custom ?? shownRange}
          onApply={(custom) => {
            setCustomOpen(false);
            onSelect({ ...selection, range: 'custom', custom });
          }}
        />
      )}
    </>
  );
}
