// 'Export CSV': the checkouts the list's inventory, period, status and search match (every page),
// downloaded as the API writes them. Busy while the file comes; says so when it did not.
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { saveFile } from '@/src/api/csv-download';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { fetchCheckoutsCsv } from '../api/checkout-export-api';
import type { CheckoutsView } from '../checkout-search';

export function CheckoutExportButton({ view }: { view: CheckoutsView & { inventoryId: string } }) {
  const { auth, runtimeConfig } = useRouter().options.context;
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      saveFile(await fetchCheckoutsCsv({ apiBaseUrl: runtimeConfig.apiBaseUrl, getIdToken: () => auth.getIdToken() }, view, new Date()));
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
          <Trans>The checkouts could not be exported. Try again.</Trans>
        </Notice>
      )}
    </>
  );
}
