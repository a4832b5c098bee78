// The add-contact form: the WhatsApp number and the country it is read in when it has no +, the name,
// the language (by default the number's country's), the purposes the shopper agreed to, and how they
// agreed. TanStack Form holds the values and checks them with contact-form-values.ts (the API's own
// schema): on submit, then on every change; the API's refusals land on their fields until edited.
import { useId, useState, type ReactNode } from 'react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { consentPurposes, type ConsentPurpose } from '@/domain/contact';
import { locales } from '@/domain/locales';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Checkbox } from '@/src/ui/checkbox';
import { Select } from '@/src/ui/select';
import { TextField } from '@/src/ui/text-field';
import { countryOptions, defaultCountryOf } from '../contact-format';
import {
  contactFormErrors,
  contactFormFields,
  emptyContactForm,
  type ContactFormField,
  type ContactFormValues,
} from '../contact-form-values';
import { consentPurposeHints, consentPurposeNames, contactLanguageNames, contactMessageOf } from '../contact-messages';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 40rem;
`;

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: 600;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

type Props = {
  /** Sends the contact; answers the API's refusals by field (empty: none at a field). */
  onSubmit: (values: ContactFormValues) => Promise<Record<string, string>>;
  cancel: ReactNode;
};

export function ContactAddForm({ onSubmit, cancel }: Props) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const baseId = useId();
  const idOf = (field: ContactFormField) => `${baseId}-${field}`;
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const focusFirst = (fields: Partial<Record<string, unknown>>) => {
    const first = contactFormFields.find((field) => fields[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const form = useForm({
    defaultValues: emptyContactForm(defaultCountryOf[lang]),
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }) => {
        const fields = contactFormErrors(value);
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmitInvalid: ({ formApi }) =>
      focusFirst(Object.fromEntries(contactFormFields.map((f) => [f, formApi.getFieldMeta(f)?.errors.length]))),
    onSubmit: async ({ value }) => {
      const refused = await onSubmit(value);
      setServerErrors(refused);
      focusFirst(refused);
    },
  });

  /** A field's message in the page's language: the form's own rule first, else the API's. */
  const errorOf = (field: ContactFormField, errors: readonly unknown[]) => {
    const id = (errors.find(Boolean) as string | undefined) ?? serverErrors[field];
    if (!id) return undefined;
    const descriptor = contactMessageOf(id);
    return descriptor ? i18n._(descriptor) : id;
  };
  const edited = (field: ContactFormField) => {
    // A refusal of the API is about the value it saw: editing the field retires it.
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  };
  const purposeLabel = (purpose: ConsentPurpose) => i18n._(consentPurposeNames[purpose]);

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="phone">
        {(field) => (
          <TextField
            id={idOf('phone')}
            label={t`WhatsApp number`}
            hint={t`With its area code; with + and the country code when it is from another country than the one below.`}
            type="tel"
            autoComplete="off"
            required
            value={field.state.value}
            error={errorOf('phone', field.state.meta.errors)}
            onChange={(event) => {
              edited('phone');
              field.handleChange(event.target.value);
            }}
            onBlur={field.handleBlur}
          />
        )}
      </form.Field>
      <form.Field name="country">
        {(field) => (
          <Select
            id={idOf('country')}
            label={t`Country of the number`}
            hint={t`Numbers written without + are read in this country.`}
            options={countryOptions(lang)}
            value={field.state.value}
            error={errorOf('country', field.state.meta.errors)}
            onChange={(event) => {
              edited('country');
              field.handleChange(event.target.value);
            }}
          />
        )}
      </form.Field>
      <form.Field name="name">
        {(field) => (
          <TextField
            id={idOf('name')}
            label={t`Name (optional)`}
            autoComplete="off"
            value={field.state.value}
            error={errorOf('name', field.state.meta.errors)}
            onChange={(event) => {
              edited('name');
              field.handleChange(event.target.value);
            }}
            onBlur={field.handleBlur}
          />
        )}
      </form.Field>
      <form.Field name="language">
        {(field) => (
          <Select
            id={idOf('language')}
            label={t`Language`}
            hint={t`The language of the templates this shopper receives.`}
            placeholder={t`The number's country's`}
            options={locales.map((locale) => ({ value: locale, label: i18n._(contactLanguageNames[locale]) }))}
            value={field.state.value}
            error={errorOf('language', field.state.meta.errors)}
            onChange={(event) => field.handleChange(event.target.value as ContactFormValues['language'])}
          />
        )}
      </form.Field>
      <Group>
        <legend>
          <Trans>The shopper agreed to receive</Trans>
        </legend>
        {consentPurposes.map((purpose) => (
          <form.Field key={purpose} name={purpose}>
            {(field) => (
              <Checkbox
                id={idOf(purpose)}
                label={purposeLabel(purpose)}
                hint={i18n._(consentPurposeHints[purpose])}
                checked={field.state.value}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
            )}
          </form.Field>
        ))}
      </Group>
      <form.Field name="note">
        {(field) => (
          <TextField
            id={idOf('note')}
            label={t`How the shopper agreed`}
            hint={t`Where, how and when, like "Asked for order updates at the counter, 12 March". Required with a purpose above.`}
            maxLength={500}
            value={field.state.value}
            error={errorOf('note', field.state.meta.errors)}
            onChange={(event) => {
              edited('note');
              field.handleChange(event.target.value);
            }}
            onBlur={field.handleBlur}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <Actions>
            <Button type="submit" loading={submitting}>
              <Trans>Add contact</Trans>
            </Button>
            {cancel}
          </Actions>
        )}
      </form.Subscribe>
    </Form>
  );
}
