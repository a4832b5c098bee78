// Step 2 of the campaign wizard: the WhatsApp number it goes from, one of its approved marketing
// templates, what fills each of the template's variables for each contact (their first name, the
// catalog page's link, or a text), and the inventory whose catalog the link opens.
import type { RefObject } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { campaignValueSources, type CampaignValueSource } from '@/domain/campaign';
import { chosenNumber, chosenTemplate, type CampaignWizardContext } from '@/machines/campaign-wizard';
import { useLang } from '@/src/i18n/use-lang';
import { Select } from '@/src/ui/select';
import { StepSection } from '@/src/ui/step-section';
import { TextField } from '@/src/ui/text-field';
import { valueSourceNames } from '../campaign-messages';

const Variable = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};

  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  context: CampaignWizardContext;
  disabled: boolean;
  fieldError: (field: string) => string | undefined;
  onNumber: (channelId: string | null) => void;
  onTemplate: (templateName: string | null) => void;
  onSource: (variable: string, source: CampaignValueSource) => void;
  onText: (variable: string, text: string) => void;
  onInventory: (inventoryId: string | null) => void;
};

export function TemplateStep({ headingRef, context, disabled, fieldError, ...on }: Props) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { draft, numbers, inventories } = context;
  const number = chosenNumber(context);
  const template = chosenTemplate(context);
  const needsCatalog = !!template && template.variables.some((variable) => draft.variables[variable]?.source === 'catalog_link');
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>Message</Trans>}
      description={<Trans>An approved marketing template, with what fills its variables for each contact.</Trans>}
    >
      {numbers.length === 0 ? (
        <p>
          <Trans>No WhatsApp number is connected yet: connect one, and campaigns can go from it.</Trans>{' '}
          <Link to="/$lang/channels" params={{ lang }}>
            <Trans>Go to Channels</Trans>
          </Link>
        </p>
      ) : (
        <Select
          label={t`WhatsApp number`}
          hint={t`The campaign goes from this number.`}
          placeholder={t`Choose a number`}
          options={numbers.map((each) => ({ value: each.channelId, label: `${each.displayPhoneNumber} (${each.verifiedName})` }))}
          value={draft.channelId ?? ''}
          disabled={disabled}
          error={fieldError('channelId')}
          onChange={(event) => on.onNumber(event.target.value === '' ? null : event.target.value)}
        />
      )}
      {number && number.templates.length === 0 && (
        <p>
          <Trans>
            This number has no approved marketing template yet: submit one (the ready-made offers, say) and come back once Meta approves it.
          </Trans>{' '}
          <Link to="/$lang/templates" params={{ lang }}>
            <Trans>Go to Templates</Trans>
          </Link>
        </p>
      )}
      {number && number.templates.length > 0 && (
        <Select
          label={t`Template`}
          hint={t`Only templates Meta approved as marketing are offered.`}
          placeholder={t`Choose a template`}
          options={number.templates.map((each) => ({ value: each.name, label: each.name }))}
          value={template?.name ?? ''}
          disabled={disabled}
          error={fieldError('templateName')}
          onChange={(event) => on.onTemplate(event.target.value === '' ? null : event.target.value)}
        />
      )}
      {template?.variables.map((variable) => {
        const value = draft.variables[variable];
        const error = fieldError(`variables.${variable}`);
        const placeholder = `{{${variable}}}`;
        return (
          <Variable key={variable}>
            <legend>{placeholder}</legend>
            <Select
              label={t`What fills ${placeholder}`}
              options={campaignValueSources.map((source) => ({ value: source, label: i18n._(valueSourceNames[source]) }))}
              value={value?.source ?? ''}
              placeholder={t`Choose what fills it`}
              disabled={disabled}
              error={value?.source === 'text' ? undefined : error}
              onChange={(event) => on.onSource(variable, event.target.value as CampaignValueSource)}
            />
            {value?.source === 'text' && (
              <TextField
                label={t`Text for ${placeholder}`}
                value={value.text}
                maxLength={200}
                disabled={disabled}
                error={error}
                onChange={(event) => on.onText(variable, event.target.value)}
              />
            )}
          </Variable>
        );
      })}
      {needsCatalog && (
        <Select
          label={t`Inventory of the catalog link`}
          hint={t`The link opens this inventory’s catalog page, in each contact’s language.`}
          placeholder={inventories.length === 0 ? t`No inventory yet` : t`Choose an inventory`}
          options={inventories.map((inventory) => ({ value: inventory.id, label: inventory.name }))}
          value={draft.inventoryId ?? ''}
          disabled={disabled}
          error={fieldError('inventoryId')}
          onChange={(event) => on.onInventory(event.target.value === '' ? null : event.target.value)}
        />
      )}
    </StepSection>
  );
}
