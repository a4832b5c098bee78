import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import toast from 'react-hot-toast';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/src/ui/button';
import { ExampleSection } from './example-section';
import { ExampleState } from './example-state';

/**
 * Toasts: the default position is the bottom; a failed API request raises the red error toast
 * at the top right through the API client's error hook (the request here is real and fails).
 */
export function NotificationExamples() {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const [requesting, setRequesting] = useState(false);

  const failRequest = async () => {
    setRequesting(true);
    try {
      await api.get('/component-examples/missing-resource');
    } catch {
      // The client already raised the toast; nothing else to do here.
    } finally {
      setRequesting(false);
    }
  };

  return (
    <ExampleSection title={<Trans>Notifications</Trans>}>
      <ExampleState caption={t`Default`} inline>
        <Button variant="secondary" onClick={() => toast.success(t`AI base saved.`)}>
          <Trans>Show a notification</Trans>
        </Button>
      </ExampleState>
      <ExampleState caption={t`Error`} inline>
        <Button variant="danger" loading={requesting} onClick={() => void failRequest()}>
          <Trans>Request a missing resource</Trans>
        </Button>
      </ExampleState>
    </ExampleSection>
  );
}
