// The audience editor's static list: the contacts one CSV import named (made, changed or already
// there), frozen when it ran — no contact added later joins it — chosen among the account's imports
// (GET /contacts/imports), newest first; or none (any contact). 'Import a new list' opens the import
// in a new tab; coming back to this one reads the imports again, so the list just imported is offered.
import { useEffect, useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { ContactImportRecord } from '@/domain/contact-imports';
import type { ApiClient } from '@/src/api/api-client';
import { formatDateTime } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Select } from '@/src/ui/select';
import { audienceSourcesApi } from '../api/audience-sources-api';

const Group = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  justify-items: start;
  & > :first-child {
    justify-self: stretch;
  }
`;

type Imports = { status: 'loading' | 'failed' | 'done'; list: ContactImportRecord[] };

/** The account's imports, read when shown and again each time the window takes the focus back. */
function useImports(api: ApiClient): Imports {
  const [imports, setImports] = useState<Imports>({ status: 'loading', list: [] });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const again = () => setRound((n) => n + 1);
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    audienceSourcesApi(api)
      .imports(controller.signal)
      .then(
        (list) => setImports({ status: 'done', list }),
        // A failed read again keeps the list read before.
        () => !controller.signal.aborted && setImports((shown) => (shown.status === 'done' ? shown : { status: 'failed', list: [] })),
      );
    return () => controller.abort();
  }, [api, round]);
  return imports;
}

type Props = { importId: string | null; disabled: boolean; error: string | undefined; onChange: (importId: string | null) => void };

export function AudienceImportField({ importId, disabled, error, onChange }: Props) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { api } = useRouter().options.context;
  const imports = useImports(api);
  const options = imports.list.map(({ id, fileName, importedAt, contacts }) => {
    const date = formatDateTime(lang, new Date(importedAt));
    return { value: id, label: i18n._(msg`${fileName}, ${date}: ${plural(contacts, { one: '# contact', other: '# contacts' })}`) };
  });
  // Chosen before, and past the newest the API lists.
  if (importId !== null && !options.some((option) => option.value === importId))
    options.push({ value: importId, label: t`An earlier import` });
  return (
    <Group>
      <Select
        label={t`Only the contacts of an import`}
        hint={
          imports.status === 'failed'
            ? t`Your imports could not be loaded.`
            : t`The contacts its file named, as they were then: contacts added later never join.`
        }
        placeholder={imports.status === 'done' && imports.list.length === 0 ? t`No import yet: any contact` : t`Any contact`}
        options={options}
        value={importId ?? ''}
        disabled={disabled}
        error={error}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      />
      <Link to="/$lang/contacts" params={{ lang }} search={{ view: 'import' }} target="_blank" rel="noopener">
        <Trans>Import a new list (opens in a new tab)</Trans>
      </Link>
    </Group>
  );
}
