import { lazy, Suspense, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { SecondaryCtaButton } from './hero-cta';

const MaterialRequestDialog = lazy(() => import('./material-request-dialog'));
const preload = () => {
  import('./material-request-dialog').catch(() => undefined); // a click retries through lazy()
};

/** "Request material": opens the material request popup, whose code loads on the first hover, focus or press. */
export function MaterialRequestButton() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <SecondaryCtaButton
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Trans>Request material</Trans>
      </SecondaryCtaButton>
      {mounted && (
        <Suspense fallback={null}>
          <MaterialRequestDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
