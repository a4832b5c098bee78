import { lazy, Suspense, useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { SecondaryCtaLink } from './hero-cta';
import type { LeadFormProps } from './lead-form';
import { MATERIAL_PANEL_ID } from './material-request-panel';
import { readTypedValues } from '../lead-form/lead-form-values';

const MaterialRequestDialog = lazy(() => import('./material-request-dialog'));
const preload = () => {
  import('./material-request-dialog').catch(() => undefined); // a click retries through lazy()
};

/**
 * "Request material" (an island of the landing). In the server's HTML a link to the page's panel
 * with the static form (material-request-panel.tsx); once hydrated it opens the material popup
 * instead, whose code loads on the first hover, focus or press, and the panel goes. A panel open
 * at that moment (opened before the page was live, or answering its form's post) becomes the
 * popup, with what was typed.
 */
export function MaterialRequestButton() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [takeOver, setTakeOver] = useState<LeadFormProps['takeOver']>(undefined);

  useEffect(() => {
    // The page's panel (server HTML, outside this island) goes: the popup's form has its ids.
    const panel = document.getElementById(MATERIAL_PANEL_ID);
    if (panel && window.location.hash === `#${MATERIAL_PANEL_ID}`) {
      const values = readTypedValues(panel.querySelector('form'));
      setTakeOver({ values: () => values, focusId: () => undefined });
      // The panel shows while the URL names it; the popup takes its place.
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
      setMounted(true);
      setOpen(true);
    }
    panel?.remove();
  }, []);

  return (
    <>
      <SecondaryCtaLink
        href={`#${MATERIAL_PANEL_ID}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          event.preventDefault();
          setMounted(true);
          setOpen(true);
        }}
      >
        <Trans>Request material</Trans>
      </SecondaryCtaLink>
      {mounted && (
        <Suspense fallback={null}>
          <MaterialRequestDialog open={open} onClose={() => setOpen(false)} takeOver={takeOver} />
        </Suspense>
      )}
    </>
  );
}
