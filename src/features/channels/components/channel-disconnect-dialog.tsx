// Asks before a number is disconnected: its AI base stops answering there and its conversations
// leave Catalyst; connecting it again takes its token and app secret again.
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '@/src/ui/confirm-dialog';

type Props = {
  /** The number to disconnect; null: the dialog is closed. */
  number: string | null;
  disconnecting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ChannelDisconnectDialog({ number, disconnecting, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      open={number !== null}
      busy={disconnecting}
      title={<Trans>Disconnect {number}?</Trans>}
      description={
        <Trans>
          The AI base stops answering on {number}, and its conversations are deleted from Catalyst. To connect it again, you will need its
          access token and app secret. This cannot be undone.
        </Trans>
      }
      confirmLabel={<Trans>Disconnect the number</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
