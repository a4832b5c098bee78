import { Trans } from '@lingui/react/macro';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';

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
    <Dialog
      open={name !== null}
      // While the deletion runs the dialog stays, showing it; it closes when it ends.
      onClose={() => !deleting && onCancel()}
      title={<Trans>Delete this file?</Trans>}
      description={
        <Trans>
          {name} and everything the agent learned from it leave the knowledge base. This cannot be undone.
        </Trans>
      }
      footer={
        <>
          <Button variant="ghost" disabled={deleting} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" loading={deleting} onClick={onConfirm}>
            <Trans>Delete the file</Trans>
          </Button>
        </>
      }
    />
  );
}
