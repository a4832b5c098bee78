import type { FormEvent, ReactNode, Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { SalesPlatform, StoreSegment } from '@/domain/lead-requests';
import type { Locale } from '@/domain/locales';
import { Button } from '@/src/ui/button';
import { Checkbox } from '@/src/ui/checkbox';
import { Select } from '@/src/ui/select';
import { TextField } from '@/src/ui/text-field';
import { platformNames } from '../platform-names';
import { LEAD_FORM_KIND_FIELD, phoneDefaultCountry } from '@/domain/lead-form-post';
import { leadFieldId, type LeadFormField, type LeadFormKind } from '../lead-form/lead-form-values';

/**
 * How one field is wired: the live form passes value and handlers; the static form (uncontrolled)
 * passes nothing, or, after a plain post, what was typed and the field's message.
 */
export type FieldBinding = {
  value?: string;
  checked?: boolean;
  defaultValue?: string;
  defaultChecked?: boolean;
  onChange?: (value: string | boolean) => void;
  onBlur?: () => void;
  error?: string | undefined;
};

export type BindField = (field: LeadFormField, render: (binding: FieldBinding) => ReactNode) => ReactNode;

type LeadFormFieldsProps = {
  kind: LeadFormKind;
  locale: Locale;
  bind: BindField;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  submitting?: boolean;
  /** A failure that belongs to no field (rate limit, network…): a Notice shown above the button. */
  formError?: ReactNode;
  /** The live form (validation, submission) rather than the static stand-in: marked `data-live` in the DOM. */
  live?: boolean;
};

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.phone}) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Wide = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  @media (min-width: ${({ theme }) => theme.breakpoints.phone}) {
    grid-column: 1 / -1;
  }
`;

// Off-screen for people, present for bots that fill every input; hidden from assistive technology.
const Honeypot = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const input = (binding: FieldBinding) => ({
  value: binding.value,
  defaultValue: binding.defaultValue,
  onChange: binding.onChange && ((event: { target: { value: string } }) => binding.onChange?.(event.target.value)),
  onBlur: binding.onBlur,
  error: binding.error,
});

const checkbox = (binding: FieldBinding) => ({
  checked: binding.checked,
  defaultChecked: binding.defaultChecked,
  onChange: binding.onChange && ((event: { target: { checked: boolean } }) => binding.onChange?.(event.target.checked)),
  onBlur: binding.onBlur,
  error: binding.error,
});

/**
 * The contact / material form's markup, shared by the static form (in the page's first JS and
 * server-rendered HTML) and the live one (loaded on demand with TanStack Form and the phone library),
 * so the live form replaces the static one without any visible change.
 */
export function LeadFormFields({
  kind,
  locale,
  bind,
  onSubmit,
  formRef,
  submitting = false,
  formError,
  live = false,
}: LeadFormFieldsProps) {
  const { t } = useLingui();
  const id = (field: LeadFormField) => leadFieldId(kind, field);
  const segmentNames: Record<StoreSegment, string> = {
    fashion: t`Fashion and accessories`,
    beauty: t`Beauty and health`,
    electronics: t`Electronics`,
    home: t`Home and decor`,
    food: t`Food and drinks`,
    sports: t`Sports`,
    pets: t`Pets`,
    other: t`Other`,
  };
  // The option lists come from these typed records (every platform and segment, in order), not from
  // domain/lead-requests.ts: importing its values would bring zod into the page's first JS.
  const platformOptions = [
    ...Object.entries(platformNames).map(([value, label]) => ({ value, label })),
    { value: 'other' satisfies SalesPlatform, label: t`Other` },
  ];
  const segmentOptions = Object.entries(segmentNames).map(([value, label]) => ({ value, label }));
  const country = phoneDefaultCountry[locale];
  const phoneHint =
    country === 'BR'
      ? t`With area code. Outside Brazil, start with + and the country code.`
      : country === 'US'
        ? t`Outside the US, start with + and the country code.`
        : t`Start with + and the country code, e.g. +52 55 1234 5678.`;

  // A plain post before any JavaScript runs (or without it) goes to the landing itself, which the
  // server answers with the outcome (domain/lead-form-post.ts), at this form's place in the page.
  return (
    <Form
      ref={formRef}
      method="post"
      action={`/${locale}/#${kind}`}
      noValidate
      onSubmit={onSubmit}
      aria-busy={submitting || undefined}
      data-live={live || undefined}
    >
      <input type="hidden" name={LEAD_FORM_KIND_FIELD} value={kind} />
      {bind('name', (b) => (
        <TextField id={id('name')} name="name" label={t`Name`} autoComplete="name" required {...input(b)} />
      ))}
      {bind('email', (b) => (
        <TextField id={id('email')} name="email" type="email" label={t`Corporate email`} autoComplete="email" required {...input(b)} />
      ))}
      {bind('phone', (b) => (
        <TextField id={id('phone')} name="phone" type="tel" label={t`Phone`} hint={phoneHint} autoComplete="tel" required {...input(b)} />
      ))}
      {bind('position', (b) => (
        <TextField id={id('position')} name="position" label={t`Position`} autoComplete="organization-title" required {...input(b)} />
      ))}
      {bind('website', (b) => (
        <TextField
          id={id('website')}
          name="website"
          inputMode="url"
          label={t`Company website`}
          placeholder="www.mystore.com"
          autoComplete="url"
          required
          {...input(b)}
        />
      ))}
      {bind('platform', (b) => (
        <Select
          id={id('platform')}
          name="platform"
          label={t`Sales platform`}
          placeholder={t`Choose a platform`}
          options={platformOptions}
          required
          {...input(b)}
        />
      ))}
      {bind('segment', (b) => (
        <Select
          id={id('segment')}
          name="segment"
          label={t`Segment`}
          placeholder={t`Choose a segment`}
          options={segmentOptions}
          {...input(b)}
        />
      ))}
      <Wide>
        {bind('privacyConsent', (b) => (
          <Checkbox id={id('privacyConsent')} name="privacyConsent" label={t`I accept the privacy policy.`} required {...checkbox(b)} />
        ))}
        {bind('whatsappConsent', (b) => (
          <Checkbox
            id={id('whatsappConsent')}
            name="whatsappConsent"
            label={t`I agree to receive messages from Catalyst on WhatsApp (optional).`}
            {...checkbox(b)}
          />
        ))}
      </Wide>
      {bind('nickname', (b) => (
        <Honeypot aria-hidden="true">
          <label htmlFor={id('nickname')}>
            <Trans>Leave this field empty</Trans>
          </label>
          <input
            id={id('nickname')}
            name="nickname"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={b.value}
            defaultValue={b.defaultValue}
            onChange={b.onChange && ((event) => b.onChange?.(event.target.value))}
          />
        </Honeypot>
      ))}
      <Wide>
        {formError}
        <div>
          <Button type="submit" size="lg" loading={submitting}>
            {kind === 'contact' ? <Trans>Request contact</Trans> : <Trans>Request material</Trans>}
          </Button>
        </div>
      </Wide>
    </Form>
  );
}
