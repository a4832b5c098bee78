// One post-sale notice in the notices section of an inventory's screen: its switch, the template it
// sends (an approved Utility template of the chosen number, by name; none: a sentence and a link to
// /templates), and one row per variable of that template with what fills it. Renders what the
// order-notices machine holds and reports each choice; the section sends it.
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import styled from 'styled-components';
import { valueSourcesOf, type NoticeValueSource, type OrderNoticeKind } from '@/domain/order-notice';
import { chosenNumber, variableRows, type OrderNoticesContext } from '@/machines/order-notices';
import { useLang } from '@/src/i18n/use-lang';
import { Checkbox } from '@/src/ui/checkbox';
import { Select } from '@/src/ui/select';
import { noticeKindDescriptions, noticeKindNames, noticeValueSourceNames } from '../notice-messages';

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

const Variables = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
`;

const switchLabels: Record<OrderNoticeKind, MessageDescriptor> = {
  order_confirmation: msg`Send the order confirmation`,
  shipping_update: msg`Send the shipping update`,
};

export type NoticeFieldsProps = {
  kind: OrderNoticeKind;
  context: Pick<OrderNoticesContext, 'numbers' | 'settings' | 'fieldErrors'>;
  disabled: boolean;
  /** The message at a field path, in the page's language. */
  fieldError: (field: string) => string | undefined;
  onSwitch: (enabled: boolean) => void;
  onTemplate: (templateName: string | null) => void;
  onSource: (variable: string, source: NoticeValueSource | null) => void;
};

export function NoticeFields({ kind, context, disabled, fieldError, onSwitch, onTemplate, onSource }: NoticeFieldsProps) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const headingId = useId();
  const notice = context.settings.notices[kind];
  const number = chosenNumber(context);
  const templates = number?.templates ?? [];
  // A saved template the number no longer offers stays shown (its refusal says why).
  const names = templates.map((template) => template.name);
  if (notice.templateName !== null && !names.includes(notice.templateName)) names.push(notice.templateName);
  const rows = variableRows(context, kind);
  const at = `notices.${kind}`;

  return (
    <Section aria-labelledby={headingId}>
      <h3 id={headingId}>{i18n._(noticeKindNames[kind])}</h3>
      <Checkbox
        role="switch"
        label={i18n._(switchLabels[kind])}
        hint={i18n._(noticeKindDescriptions[kind])}
        checked={notice.enabled}
        disabled={disabled}
        onChange={(event) => onSwitch(event.target.checked)}
      />
      <Select
        label={t`Template`}
        placeholder={t`Choose a template`}
        options={names.map((name) => ({ value: name, label: name }))}
        value={notice.templateName ?? ''}
        disabled={disabled || names.length === 0}
        hint={number === null ? t`Choose the WhatsApp number first: the templates are the number’s.` : undefined}
        error={fieldError(`${at}.templateName`)}
        onChange={(event) => onTemplate(event.target.value === '' ? null : event.target.value)}
      />
      {number !== null && templates.length === 0 && (
        <p>
          <Trans>
            This number has no approved Utility template yet. Submit one (the ready-made ones are a click away) and choose it here once Meta
            approves it.
          </Trans>{' '}
          <Link to="/$lang/templates" params={{ lang }}>
            <Trans>Go to Templates</Trans>
          </Link>
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p>
            <Trans>What fills each variable of the template:</Trans>
          </p>
          <Variables>
            {rows.map((variable) => (
              <Select
                key={variable}
                label={`{{${variable}}}`}
                placeholder={t`Choose what fills it`}
                options={valueSourcesOf(kind).map((source) => ({ value: source, label: i18n._(noticeValueSourceNames[source]) }))}
                value={notice.variables[variable] ?? ''}
                disabled={disabled}
                error={fieldError(`${at}.variables.${variable}`)}
                onChange={(event) => onSource(variable, event.target.value === '' ? null : (event.target.value as NoticeValueSource))}
              />
            ))}
          </Variables>
        </>
      )}
    </Section>
  );
}
