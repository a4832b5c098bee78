// 'Export CSV': the contacts the list's search and filters match (every page), downloaded as the API
// writes them, with their consent per purpose. Busy while the file comes; says so when it did not.
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { saveFile } from '@/src/api/csv-download';
import { fetchContactsCsv } from '../api/contact-export-api';
import type { ContactsFilter } from '../contact-search';

export function ContactExportButton({ filter }: { filter: ContactsFilter }) {
  const { auth, runtimeConfig } = useRouter().options.context;
  const lang = useLang();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      saveFile(await fetchContactsCsv({ apiBaseUrl: runtimeConfig.apiBaseUrl, getIdToken: () => auth.getIdToken() }, filter, lang));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void download()} loading={state === 'busy'}>
        <Trans>Export CSV</Trans>
      </Button>
      {state === 'failed' && (
        <Notice variant="negative" onDismiss={() => setState('idle')}>
          <Trans>The contacts could not be exported. Try again.</Trans>
        </Notice>
      )}
    </>
  );
}
