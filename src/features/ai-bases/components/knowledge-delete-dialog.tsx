import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '@/src/ui/confirm-dialog';

type Props = {
  /** The file to delete; null: the dialog is closed. */
  name: string | null;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a file leaves the knowledge base (with its passages: the agent no longer answers from it). */
export function KnowledgeDeleteDialog({ name, deleting, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      open={name !== null}
      busy={deleting}
      title={<Trans>Delete this file?</Trans>}
      description={<Trans>{name} and everything the agent learned from it leave the knowledge base. This cannot be undone.</Trans>}
      confirmLabel={<Trans>Delete the file</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
