// Step 3, Conclusion: the store and the catalog are linked and the first sync is on its way; the
// inventory's two public links, ready to be pasted into a chat flow (the shopper's pages behind
// them come with the public catalog; until then the addresses are shown, not linked).
import type { RefObject } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Inventory } from '@/domain/inventory';
import { InventoryWizardLinks } from './inventory-wizard-links';
import { StepSection } from '@/src/ui/step-section';

export function ConclusionStep({ headingRef, inventory }: { headingRef: RefObject<HTMLHeadingElement | null>; inventory: Inventory }) {
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>3. Conclusion</Trans>}
      description={<Trans>Your store and your WhatsApp catalog are linked. The first synchronization has started.</Trans>}
    >
      <InventoryWizardLinks publicId={inventory.publicId} />
    </StepSection>
  );
}
