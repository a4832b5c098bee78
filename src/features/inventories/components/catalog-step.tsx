// Step 2, Inventory: the Meta commerce catalog WhatsApp shows, by its ID, with 'Check catalog',
// which shows the catalog's name and item count or why it cannot be read, and the choice of making
// the store the source of truth (syncs then correct the catalog's prices and availability). Saving
// starts the first sync.
import type { RefObject } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { CatalogCheck, PeerFailureReason } from '@/domain/inventory';
import type { CatalogDraft } from '@/machines/inventory-wizard';
import { Button } from '@/src/ui/button';
import { Checkbox } from '@/src/ui/checkbox';
import { TextField } from '@/src/ui/text-field';
import { useInventoryFieldError } from '../inventory-messages';
import { InventoryWizardCheckResult } from './inventory-wizard-check-result';
import { StepSection } from '@/src/ui/step-section';

const Fields = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  justify-items: start;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  & > :first-child {
    justify-self: stretch;
  }
`;

/** What the catalog check found, with named placeholders for the translators. */
function CatalogFound({ name, itemCount }: CatalogCheck) {
  return (
    <Trans>
      Catalog: {name}. <Plural value={itemCount} one="# item" other="# items" />
    </Trans>
  );
}

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  draft: CatalogDraft;
  errors: Record<string, string>;
  catalogCheck: CatalogCheck | null;
  refusal: PeerFailureReason | null;
  checkUnanswered: boolean;
  checking: boolean;
  disabled: boolean;
  onEdit: (values: Partial<CatalogDraft>) => void;
  onCheck: () => void;
};

export function CatalogStep({
  headingRef,
  draft,
  errors,
  catalogCheck,
  refusal,
  checkUnanswered,
  checking,
  disabled,
  onEdit,
  onCheck,
}: Props) {
  const { t } = useLingui();
  const error = useInventoryFieldError(errors);
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>2. Inventory</Trans>}
      description={
        <Trans>
          Link the WhatsApp catalog your shoppers browse. Saving it starts the first synchronization of the store and the catalog.
        </Trans>
      }
    >
      <Fields disabled={disabled}>
        <TextField
          inputMode="numeric"
          autoComplete="off"
          label={t`Catalog ID`}
          name="catalogId"
          required
          placeholder="1234567890123456"
          hint={t`The ID of your Meta commerce catalog, as Commerce Manager shows it.`}
          value={draft.catalogId}
          error={error('catalogId')}
          onChange={(event) => onEdit({ catalogId: event.target.value })}
        />
        <Button variant="secondary" loading={checking} onClick={onCheck}>
          <Trans>Check catalog</Trans>
        </Button>
        <div aria-live="polite">
          <InventoryWizardCheckResult
            checking={checking}
            refusal={refusal}
            unanswered={checkUnanswered}
            foundTitle={<Trans>The catalog can be read.</Trans>}
            found={catalogCheck && <CatalogFound {...catalogCheck} />}
          />
        </div>
        <Checkbox
          label={t`The store is the source of truth`}
          name="storeIsTruth"
          hint={t`Each sync corrects the catalog's prices and availability to match the store.`}
          checked={draft.storeIsTruth}
          error={error('storeIsTruth')}
          onChange={(event) => onEdit({ storeIsTruth: event.target.checked })}
        />
      </Fields>
    </StepSection>
  );
}
