// The Checkouts screen's choices: the inventory shown (when the account has more than one), the
// period, and the list's search (applied when submitted) and status filter (at once). Each change
// goes to the URL (the page navigates); a change of the list's filter starts again at page 1.
import { type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { checkoutStatuses, type CheckoutStatus } from '@/domain/checkout-recovery';
import type { Inventory } from '@/domain/inventory';
import { Button } from '@/src/ui/button';
import { Select } from '@/src/ui/select';
import { TextField } from '@/src/ui/text-field';
import { checkoutStatusNames } from '../checkout-messages';
import { checkoutPeriods, type CheckoutPeriod, type CheckoutsView } from '../checkout-search';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
`;

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  flex: 1 1 20rem;
  & > :first-child {
    flex: 1 1 14rem;
  }
  & > button {
    margin-top: ${({ theme }) => theme.space(6)};
  }
`;

const Filter = styled.div`
  min-width: min(100%, 12rem);
`;

type View = CheckoutsView & { inventoryId: string };

export function CheckoutScope({ view, inventories, onChange }: { view: View; inventories: Inventory[]; onChange: (view: View) => void }) {
  const { t } = useLingui();
  return (
    <Bar>
      {inventories.length > 1 && (
        <Filter>
          <Select
            label={t`Inventory`}
            value={view.inventoryId}
            options={inventories.map((inventory) => ({ value: inventory.id, label: inventory.name }))}
            onChange={(event) => onChange({ ...view, inventoryId: event.target.value, status: null, q: '', page: 1 })}
          />
        </Filter>
      )}
      <Filter>
        <Select
          label={t`Period`}
          value={String(view.days)}
          options={checkoutPeriods.map((days) => ({ value: String(days), label: t`Last ${days} days` }))}
          onChange={(event) => onChange({ ...view, days: Number(event.target.value) as CheckoutPeriod, page: 1 })}
        />
      </Filter>
    </Bar>
  );
}

export function CheckoutFilters({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const { t, i18n } = useLingui();
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onChange({ ...view, q, page: 1 });
  };
  return (
    <Bar>
      <SearchForm role="search" onSubmit={search}>
        {/* Keyed by the URL's search: going back and forth shows the search of the list shown. */}
        <TextField
          key={view.q}
          name="q"
          type="search"
          label={t`Search`}
          hint={t`A first name, or the last digits of a number.`}
          defaultValue={view.q}
          maxLength={64}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary">
          <Trans>Search</Trans>
        </Button>
      </SearchForm>
      <Filter>
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          value={view.status ?? ''}
          options={checkoutStatuses.map((status) => ({ value: status, label: i18n._(checkoutStatusNames[status]) }))}
          onChange={(event) => onChange({ ...view, status: (event.target.value || null) as CheckoutStatus | null, page: 1 })}
        />
      </Filter>
    </Bar>
  );
}
