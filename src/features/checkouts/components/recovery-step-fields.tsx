// One reminder of the recovery flow: when it goes (a delay after the shopper left), the template it
// sends (an approved template of the chosen number; none: a sentence and a link to /templates), one
// row per variable with what fills it, and its optional discount (a single-use code made at send
// time: a percentage or an amount off, lasting some hours). Renders what the recovery-flow machine
// holds and reports each choice; the card sends it.
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import {
  DEFAULT_DISCOUNT_EXPIRY_HOURS,
  discountKinds,
  recoveryValueSources,
  type RecoveryDiscount,
  type RecoveryStep,
  type RecoveryValueSource,
} from '@/domain/checkout-recovery';
import { chosenNumber, offeredTemplate, type RecoveryFlowContext } from '@/machines/recovery-flow';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Checkbox } from '@/src/ui/checkbox';
import { Select } from '@/src/ui/select';
import { discountKindNames, recoveryValueSourceNames } from '../checkout-messages';
import { delayChoices, delayInWords, lastingInWords } from '../recovery-delays';
import { DecimalField } from './decimal-field';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.colors.primary};
  }
  p {
    margin: 0;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
`;

const expiryChoicesHours = [24, 48, 72, 168] as const;

export type RecoveryStepFieldsProps = {
  index: number;
  context: Pick<RecoveryFlowContext, 'flow' | 'numbers'>;
  disabled: boolean;
  removable: boolean;
  /** The message at a field path, in the page's language. */
  fieldError: (field: string) => string | undefined;
  onDelay: (delayMinutes: number) => void;
  onTemplate: (templateName: string | null) => void;
  onSource: (variable: string, source: RecoveryValueSource | null) => void;
  onDiscount: (discount: RecoveryDiscount | null) => void;
  onRemove: () => void;
};

export function RecoveryStepFields(props: RecoveryStepFieldsProps) {
  const { index, context, disabled, removable, fieldError } = props;
  const { t, i18n } = useLingui();
  const lang = useLang();
  const headingId = useId();
  const step = context.flow.steps[index] as RecoveryStep;
  const number = chosenNumber(context);
  const templates = number?.templates ?? [];
  // A template the number does not offer (none chosen yet, or no longer approved) stays shown: its refusal says why.
  const names = templates.map((template) => template.name);
  if (step.templateName !== null && !names.includes(step.templateName)) names.push(step.templateName);
  const variables = offeredTemplate(context, step.templateName)?.variables ?? Object.keys(step.variables);
  const at = `steps.${index}`;
  const position = index + 1;

  return (
    <Section aria-labelledby={headingId}>
      <Head>
        <h3 id={headingId}>
          <Trans>Reminder {position}</Trans>
        </h3>
        {removable && (
          <Button variant="secondary" disabled={disabled} onClick={props.onRemove}>
            <Trans>Remove reminder {position}</Trans>
          </Button>
        )}
      </Head>
      <Row>
        <Select
          label={t`Sent`}
          hint={t`After the shopper left the checkout.`}
          options={delayChoices(step.delayMinutes).map((minutes) => ({ value: String(minutes), label: delayInWords(i18n, minutes) }))}
          value={String(step.delayMinutes)}
          disabled={disabled}
          error={fieldError(`${at}.delayMinutes`)}
          onChange={(event) => props.onDelay(Number(event.target.value))}
        />
        <Select
          label={t`Template`}
          placeholder={t`Choose a template`}
          options={names.map((name) => ({ value: name, label: name, disabled: !templates.some((template) => template.name === name) }))}
          value={step.templateName ?? ''}
          disabled={disabled || templates.length === 0}
          hint={number === null ? t`Choose the WhatsApp number first: the templates are the number’s.` : undefined}
          error={fieldError(`${at}.templateName`)}
          onChange={(event) => props.onTemplate(event.target.value === '' ? null : event.target.value)}
        />
      </Row>
      {number !== null && templates.length === 0 && (
        <p>
          <Trans>
            This number has no approved template yet. Submit the ready-made cart reminders (a click away) and choose them here once Meta
            approves them.
          </Trans>{' '}
          <Link to="/$lang/templates" params={{ lang }}>
            <Trans>Go to Templates</Trans>
          </Link>
        </p>
      )}
      {variables.length > 0 && (
        <>
          <p>
            <Trans>What fills each variable of the template:</Trans>
          </p>
          <Row>
            {variables.map((variable) => (
              <Select
                key={variable}
                label={`{{${variable}}}`}
                placeholder={t`Choose what fills it`}
                options={recoveryValueSources.map((source) => ({ value: source, label: i18n._(recoveryValueSourceNames[source]) }))}
                value={step.variables[variable] ?? ''}
                disabled={disabled}
                error={fieldError(`${at}.variables.${variable}`)}
                onChange={(event) =>
                  props.onSource(variable, event.target.value === '' ? null : (event.target.value as RecoveryValueSource))
                }
              />
            ))}
          </Row>
        </>
      )}
      <Checkbox
        label={t`Offer a discount code`}
        hint={t`A single-use code made in your store for this shopper when the reminder goes.`}
        checked={step.discount !== null}
        disabled={disabled}
        onChange={(event) =>
          props.onDiscount(event.target.checked ? { kind: 'percentage', value: 10, expiresInHours: DEFAULT_DISCOUNT_EXPIRY_HOURS } : null)
        }
      />
      {step.discount && (
        <DiscountFields discount={step.discount} at={at} disabled={disabled} fieldError={fieldError} onDiscount={props.onDiscount} />
      )}
    </Section>
  );
}

type DiscountFieldsProps = Pick<RecoveryStepFieldsProps, 'disabled' | 'fieldError' | 'onDiscount'> & {
  discount: RecoveryDiscount;
  at: string;
};

function DiscountFields({ discount, at, disabled, fieldError, onDiscount }: DiscountFieldsProps) {
  const { t, i18n } = useLingui();
  const percentage = discount.kind === 'percentage';
  const expiries = [...new Set([...expiryChoicesHours, discount.expiresInHours])].sort((a, b) => a - b);
  return (
    <Row>
      <Select
        label={t`Discount`}
        options={discountKinds.map((kind) => ({ value: kind, label: i18n._(discountKindNames[kind]) }))}
        value={discount.kind}
        disabled={disabled}
        onChange={(event) => onDiscount({ ...discount, kind: event.target.value as RecoveryDiscount['kind'] })}
      />
      <DecimalField
        // Another kind reads the value anew (a percentage, or an amount in minor units).
        key={discount.kind}
        label={percentage ? t`Percentage off` : t`Amount off, in the store’s currency`}
        minor={!percentage}
        value={discount.value}
        disabled={disabled}
        error={fieldError(`${at}.discount.value`)}
        onValue={(value) => onDiscount({ ...discount, value })}
      />
      <Select
        label={t`The code lasts`}
        options={expiries.map((hours) => ({ value: String(hours), label: lastingInWords(i18n, hours) }))}
        value={String(discount.expiresInHours)}
        disabled={disabled}
        error={fieldError(`${at}.discount.expiresInHours`)}
        onChange={(event) => onDiscount({ ...discount, expiresInHours: Number(event.target.value) })}
      />
    </Row>
  );
}
