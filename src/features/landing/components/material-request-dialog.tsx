import { Trans } from '@lingui/react/macro';
import { Dialog } from '@/src/ui/dialog';
import { LeadForm, type LeadFormProps } from './lead-form';
import { PostedFormNotice, usePostedForm } from './posted-form';

export type MaterialRequestDialogProps = { open: boolean; onClose: () => void; takeOver?: LeadFormProps['takeOver'] };

/**
 * The material request popup (a lazy chunk with the live form). It closes once the request is sent.
 * Taking the place of the page's panel, it keeps what the panel showed: what was typed, and what
 * became of a plain post.
 */
export default function MaterialRequestDialog({ open, onClose, takeOver }: MaterialRequestDialogProps) {
  const post = usePostedForm('material');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<Trans>Request material</Trans>}
      description={<Trans>Get our presentation with plans, success cases and integrations by email.</Trans>}
    >
      {takeOver && <PostedFormNotice post={post} />}
      <LeadForm kind="material" onSent={onClose} takeOver={takeOver} />
    </Dialog>
  );
}
