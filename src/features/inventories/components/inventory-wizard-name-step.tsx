// 'Configure new inventory' asks for the name first: creating the inventory gives it its own
// address, where the wizard's steps follow.
import type { RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/src/ui/text-field';
import { useInventoryFieldError } from '../inventory-messages';
import { StepSection } from '@/src/ui/step-section';

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  name: string;
  errors: Record<string, string>;
  disabled: boolean;
  onEdit: (name: string) => void;
  onSubmit: () => void;
};

export function InventoryWizardNameStep({ headingRef, name, errors, disabled, onEdit, onSubmit }: Props) {
  const { t } = useLingui();
  const error = useInventoryFieldError(errors);
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>Name your inventory</Trans>}
      description={
        <Trans>A name to tell this inventory apart, like the store or the catalog it links. Then you link the store and the catalog.</Trans>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <TextField
          label={t`Inventory name`}
          name="name"
          required
          autoComplete="off"
          value={name}
          disabled={disabled}
          error={error('name')}
          onChange={(event) => onEdit(event.target.value)}
        />
      </form>
    </StepSection>
  );
}
