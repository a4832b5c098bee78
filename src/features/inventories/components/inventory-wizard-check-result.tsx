// What a step's check found, under the fields it checked: the store or catalog it reached, why the
// store or catalog refused (a save's refusal too: the server checks again), or that no answer came.
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PeerFailureReason } from '@/domain/inventory';
import { Notice } from '@/src/ui/notice';
import { peerFailureMessages } from '../inventory-messages';

type Props = {
  checking: boolean;
  /** What the check found, as a sentence; null when nothing was found yet. */
  found: ReactNode | null;
  foundTitle: ReactNode;
  refusal: PeerFailureReason | null;
  /** The check got no answer (a network error, or our server's). */
  unanswered: boolean;
};

export function InventoryWizardCheckResult({ checking, found, foundTitle, refusal, unanswered }: Props) {
  const { i18n } = useLingui();
  // The check's button says it is busy meanwhile.
  if (checking) return null;
  if (refusal) return <Notice variant="negative" title={i18n._(peerFailureMessages[refusal])} />;
  if (unanswered) return <Notice variant="negative" title={<Trans>The check could not be made. Try again in a moment.</Trans>} />;
  if (found)
    return (
      <Notice variant="positive" title={foundTitle}>
        {found}
      </Notice>
    );
  return null;
}
