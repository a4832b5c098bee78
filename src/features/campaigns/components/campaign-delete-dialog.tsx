// Asks before a draft campaign is deleted: its audience, template and schedule choices go with it
// (the audience itself stays, for other campaigns).
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '@/src/ui/confirm-dialog';

type Props = {
  /** The draft's name; null: the dialog is closed. */
  name: string | null;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function CampaignDeleteDialog({ name, deleting, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      open={name !== null}
      busy={deleting}
      title={<Trans>Delete the draft {name}?</Trans>}
      description={
        <Trans>
          Its choices of audience, template and schedule are deleted; the audience itself stays for other campaigns. This cannot be undone.
        </Trans>
      }
      confirmLabel={<Trans>Delete the draft</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
