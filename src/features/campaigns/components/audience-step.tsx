// Step 1 of the campaign wizard: the campaign's name and who it goes to — a saved audience, or one
// made or changed here (the audience editor, with its live count).
import type { ReactNode, RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { CampaignWizardContext } from '@/machines/campaign-wizard';
import { Button } from '@/src/ui/button';
import { Select } from '@/src/ui/select';
import { StepSection } from '@/src/ui/step-section';
import { TextField } from '@/src/ui/text-field';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  context: CampaignWizardContext;
  disabled: boolean;
  fieldError: (field: string) => string | undefined;
  onRename: (name: string) => void;
  onChoose: (audienceId: string | null) => void;
  onNew: () => void;
  onEdit: () => void;
  /** The audience editor, when one is open. */
  editor: ReactNode;
};

export function AudienceStep({ headingRef, context, disabled, fieldError, onRename, onChoose, onNew, onEdit, editor }: Props) {
  const { t } = useLingui();
  const { draft, audiences } = context;
  const chosen = audiences.some((audience) => audience.id === draft.audienceId);
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>Audience</Trans>}
      description={<Trans>Who this campaign goes to: only the contacts who agreed to receive promotions are ever sent to.</Trans>}
    >
      {editor ?? (
        <>
          <TextField
            label={t`Campaign name`}
            hint={t`For you: shoppers never see it.`}
            value={draft.name}
            maxLength={80}
            disabled={disabled}
            error={fieldError('name')}
            onChange={(event) => onRename(event.target.value)}
          />
          <Select
            label={t`Audience`}
            placeholder={audiences.length === 0 ? t`No saved audience yet` : t`Choose an audience`}
            options={audiences.map((audience) => ({ value: audience.id, label: audience.name }))}
            value={draft.audienceId ?? ''}
            disabled={disabled}
            error={fieldError('audienceId')}
            onChange={(event) => onChoose(event.target.value === '' ? null : event.target.value)}
          />
          <Actions>
            <Button variant="secondary" disabled={disabled} onClick={onNew}>
              <Trans>New audience</Trans>
            </Button>
            {chosen && (
              <Button variant="ghost" disabled={disabled} onClick={onEdit}>
                <Trans>Change this audience</Trans>
              </Button>
            )}
          </Actions>
        </>
      )}
    </StepSection>
  );
}
