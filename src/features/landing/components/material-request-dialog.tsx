import { Trans } from '@lingui/react/macro';
import { Dialog } from '../../../ui/dialog';
import { LeadForm } from './lead-form';

type MaterialRequestDialogProps = { open: boolean; onClose: () => void };

/** The material request popup (a lazy chunk with the live form). It closes once the request is sent. */
export default function MaterialRequestDialog({ open, onClose }: MaterialRequestDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<Trans>Request material</Trans>}
      description={<Trans>Get our presentation with plans, success cases and integrations by email.</Trans>}
    >
      <LeadForm kind="material" onSent={onClose} />
    </Dialog>
  );
}
