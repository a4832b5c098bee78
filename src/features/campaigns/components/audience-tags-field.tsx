// The audience editor's tags rule: the tags chosen (a contact with any of them matches; none: any),
// each removable, and a choice among the account's tags not chosen yet (GET /contacts/tags), with how
// many contacts have each. A tag no contact has any more stays chosen until removed.
import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useRead } from '@/src/api/use-read';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Select } from '@/src/ui/select';
import { TagList } from '@/src/ui/tag-list';
import { audienceSourcesApi } from '../api/audience-sources-api';

const Group = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

type Props = { tags: readonly string[]; disabled: boolean; error: string | undefined; onChange: (tags: string[]) => void };

export function AudienceTagsField({ tags, disabled, error, onChange }: Props) {
  const { t } = useLingui();
  const lang = useLang();
  const { api } = useRouter().options.context;
  const read = useRead((signal) => audienceSourcesApi(api).tags(signal));
  const offered = read.status === 'done' ? read.value.filter(({ tag }) => !tags.includes(tag)) : [];
  const placeholder =
    read.status === 'loading'
      ? t`Loading the tags…`
      : read.status === 'failed'
        ? t`The tags could not be loaded`
        : read.value.length === 0
          ? t`No contact has a tag yet`
          : t`Add a tag`;
  return (
    <Group>
      <Select
        label={t`Has any of these tags`}
        hint={t`None chosen: any. Tag contacts on their page, or when you import them.`}
        placeholder={placeholder}
        options={offered.map(({ tag, contacts }) => ({ value: tag, label: `${tag} (${formatNumber(lang, contacts)})` }))}
        value=""
        disabled={disabled}
        error={error}
        onChange={(event) => event.target.value && onChange([...tags, event.target.value])}
      />
      <TagList
        label={t`Tags chosen`}
        tags={tags}
        disabled={disabled}
        onRemove={(tag) => onChange(tags.filter((each) => each !== tag))}
        removeLabel={(tag) => t`Remove the tag ${tag}`}
      />
    </Group>
  );
}
