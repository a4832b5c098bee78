// The list's search box and filters. A search is applied when submitted; a filter (the purpose, the
// status, a tag among the account's) at once. Each change goes to the URL (the page navigates) and
// starts again at page 1.
import { type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { consentPurposes, consentStatuses, type ConsentPurpose, type ConsentStatus } from '@/domain/contact';
import { Button } from '@/src/ui/button';
import { Select } from '@/src/ui/select';
import { TextField } from '@/src/ui/text-field';
import { useRead } from '@/src/api/use-read';
import { contactTagsApi } from '../api/contact-tags-api';
import { consentPurposeNames, consentStatusNames } from '../contact-messages';
import type { ContactsFilter } from '../contact-search';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
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

type Props = { filter: ContactsFilter; onChange: (filter: ContactsFilter) => void };

export function ContactFilters({ filter, onChange }: Props) {
  const { t, i18n } = useLingui();
  const { api } = useRouter().options.context;
  const tags = useRead((signal) => contactTagsApi(api).list(signal));
  const known = tags.status === 'done' ? tags.value.map(({ tag }) => tag) : [];
  // The address's tag is offered even when no contact has it (any more, or before the tags arrive).
  const tagOptions = [...(filter.tag && !known.includes(filter.tag) ? [filter.tag] : []), ...known];
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onChange({ ...filter, q, page: 1 });
  };
  return (
    <Bar>
      <SearchForm role="search" onSubmit={search}>
        {/* Keyed by the URL's search: going back and forth shows the search of the list shown. */}
        <TextField
          key={filter.q}
          name="q"
          type="search"
          label={t`Search`}
          hint={t`A name, or digits of a number.`}
          defaultValue={filter.q}
          maxLength={100}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary">
          <Trans>Search</Trans>
        </Button>
      </SearchForm>
      <Filter>
        <Select
          label={t`Consent to`}
          placeholder={t`Either purpose`}
          value={filter.purpose ?? ''}
          options={consentPurposes.map((purpose) => ({ value: purpose, label: i18n._(consentPurposeNames[purpose]) }))}
          onChange={(event) => onChange({ ...filter, purpose: (event.target.value || null) as ConsentPurpose | null, page: 1 })}
        />
      </Filter>
      <Filter>
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          value={filter.status ?? ''}
          options={consentStatuses.map((status) => ({ value: status, label: i18n._(consentStatusNames[status]) }))}
          onChange={(event) => onChange({ ...filter, status: (event.target.value || null) as ConsentStatus | null, page: 1 })}
        />
      </Filter>
      <Filter>
        <Select
          label={t`Tag`}
          placeholder={t`Any tag`}
          value={filter.tag ?? ''}
          options={tagOptions.map((tag) => ({ value: tag, label: tag }))}
          onChange={(event) => onChange({ ...filter, tag: event.target.value || null, page: 1 })}
        />
      </Filter>
    </Bar>
  );
}
