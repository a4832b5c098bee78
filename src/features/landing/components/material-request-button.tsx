import { useEffect, useState, type ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import { SecondaryCtaLink } from './hero-cta';
import type { LeadFormProps } from './lead-form';
import type { MaterialRequestDialogProps } from './material-request-dialog';
import { MATERIAL_PANEL_ID } from './material-request-panel';
import { readTypedValues } from '../lead-form/lead-form-values';

const loadDialog = () => import('./material-request-dialog');
const preload = () => {
  loadDialog().catch(() => undefined); // a press finds out, and falls back to the page's panel
};

/**
 * "Request material" (an island of the landing). In the server's HTML a link to the page's panel
 * with the static form (material-request-panel.tsx); once hydrated it opens the material popup
 * instead, whose code loads on the first hover, focus or press, and the panel goes as the popup
 * comes. A panel open at that moment (opened before the page was live, or answering its form's
 * post) becomes the popup, with what was typed. If the popup's code cannot load, the link does
 * what it does without JavaScript: it opens the panel.
 */
export function MaterialRequestButton() {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<MaterialRequestDialogProps> | null>(null);
  const [takeOver, setTakeOver] = useState<LeadFormProps['takeOver']>(undefined);

  /** The popup in the panel's place (the popup's form has the panel form's ids); `fromPanel`: with what the panel's form holds. */
  const openDialog = (fromPanel = false) =>
    loadDialog().then(
      ({ default: MaterialRequestDialog }) => {
        const panel = document.getElementById(MATERIAL_PANEL_ID);
        if (fromPanel) {
          const values = readTypedValues(panel?.querySelector('form') ?? null);
          setTakeOver({ values: () => values, focusId: () => undefined });
          // The panel shows while the URL names it; the popup takes its place.
          history.replaceState(history.state, '', window.location.pathname + window.location.search);
        }
        panel?.remove();
        setDialog(() => MaterialRequestDialog);
        setOpen(true);
      },
      (error: unknown) => {
        console.error('The material popup could not load; the page shows its panel instead', error);
        window.location.hash = MATERIAL_PANEL_ID;
      },
    );

  useEffect(() => {
    // Hydrated while the panel shows.
    if (document.getElementById(MATERIAL_PANEL_ID) && window.location.hash === `#${MATERIAL_PANEL_ID}`) void openDialog(true);
  }, []);

  return (
    <>
      <SecondaryCtaLink
        href={`#${MATERIAL_PANEL_ID}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          event.preventDefault();
          void openDialog();
        }}
      >
        <Trans>Request material</Trans>
      </SecondaryCtaLink>
      {Dialog && <Dialog open={open} onClose={() => setOpen(false)} takeOver={takeOver} />}
    </>
  );
}
