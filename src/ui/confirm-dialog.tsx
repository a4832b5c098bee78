// A destructive action asked for first: its question, what it does, Cancel and the action (a danger
// button). While the action runs the dialog stays, showing it busy; the caller closes it when it ends.
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from './button';
import { Dialog } from './dialog';

type Props = {
  open: boolean;
  /** The action is under way: neither button nor Escape closes the dialog. */
  busy: boolean;
  title: ReactNode;
  description: ReactNode;
  /** The danger button's label, naming the action ('Delete the file'). */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, busy, title, description, confirmLabel, onConfirm, onCancel }: Props) {
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" disabled={busy} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
