import { useLayoutEffect, useState } from 'react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { useLingui } from '@lingui/react/macro';
import toast from 'react-hot-toast';
import { createContactRequestSchema, createMaterialRequestSchema } from '@/domain/lead-requests';
import { isLocale } from '@/domain/locales';
import { Notice } from '@/src/ui/notice';
import { LeadFormFields, type BindField } from './lead-form-fields';
import { FailureText } from './lead-form-failure';
import { postedError, usePostedForm } from './posted-form';
import { fieldErrorsOf, validationText } from '../lead-form/lead-form-errors';
import {
  emptyLeadForm,
  leadFieldId,
  leadFormFieldOrder,
  type LeadFormField,
  type LeadFormKind,
  type LeadFormValues,
} from '../lead-form/lead-form-values';
import { isValidE164 } from '../lead-form/phone-number';
import { submitLeadRequest, type LeadSubmitOutcome } from '../lead-form/submit-lead-request';
import { toLeadRequest } from '../lead-form/to-lead-request';
import { useLeadServices } from '../lead-form/lead-services-context';

export type LeadFormProps = {
  kind: LeadFormKind;
  /**
   * Taking the static form's place: its values (read during the first render, while it is still in
   * the page) and the id of the control that last had the focus.
   */
  takeOver?: { values: () => Partial<LeadFormValues>; focusId: () => string | undefined };
  /** The static form was submitted while this one loaded: submit at once. */
  submitOnMount?: boolean;
  onSent?: () => void;
};

const schemas: Record<LeadFormKind, ReturnType<typeof createContactRequestSchema>> = {
  contact: createContactRequestSchema(isValidE164),
  material: createMaterialRequestSchema(isValidE164),
};

/**
 * The live contact / material form (a lazy chunk: TanStack Form, the schema and libphonenumber).
 * Validation runs on submit, then on every change; the server's answer lands on the fields
 * (4xx with `error.fields`), or above the button (429, other failures).
 */
export function LeadForm({ kind, takeOver, submitOnMount = false, onSent }: LeadFormProps) {
  const { t, i18n } = useLingui();
  const { api } = useLeadServices();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const schema = schemas[kind];
  const [defaultValues] = useState(() => ({ ...emptyLeadForm, ...takeOver?.values() }));
  const post = usePostedForm(kind);
  // Taking over a static form that came back from a plain post: its fields' messages stay until edited.
  const [serverErrors, setServerErrors] = useState<Partial<Record<LeadFormField, string>>>(() =>
    takeOver
      ? Object.fromEntries(
          leadFormFieldOrder.flatMap((field) => {
            const message = postedError(post, field);
            return message ? [[field, message]] : [];
          }),
        )
      : {},
  );
  const [failure, setFailure] = useState<Exclude<LeadSubmitOutcome, { kind: 'sent' | 'invalid' }> | null>(null);

  const focusFirst = (fields: Partial<Record<LeadFormField, unknown>>) => {
    const first = leadFormFieldOrder.find((field) => fields[field]);
    if (first) document.getElementById(leadFieldId(kind, first))?.focus();
  };

  const form = useForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }) => {
        const fields = fieldErrorsOf(schema, toLeadRequest(value, locale));
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmitInvalid: ({ formApi }) =>
      focusFirst(Object.fromEntries(leadFormFieldOrder.map((f) => [f, formApi.getFieldMeta(f)?.errors.length]))),
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      setServerErrors({});
      const outcome = await submitLeadRequest(api, kind, schema.parse(toLeadRequest(value, locale)));
      if (outcome.kind === 'sent') {
        toast.success(kind === 'contact' ? t`Contact requested!` : t`Material requested successfully!`);
        formApi.reset({ ...emptyLeadForm }); // not the defaults: they hold what the static form had
        onSent?.();
      } else if (outcome.kind === 'invalid') {
        setServerErrors(outcome.fields);
        focusFirst(outcome.fields);
      } else {
        setFailure(outcome);
      }
    },
  });

  // In the commit that swaps the forms, before any key press: the static control that had the focus
  // is gone, so its live twin takes it — unless the focus has already moved elsewhere.
  useLayoutEffect(() => {
    const focusId = takeOver?.focusId();
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focusId && lost) document.getElementById(focusId)?.focus();
    if (submitOnMount) void form.handleSubmit();
    // Once, when the live form takes the static one's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const bind: BindField = (name, render) => (
    <form.Field name={name}>
      {(field) => {
        const value = field.state.value;
        return render({
          ...(typeof value === 'boolean' ? { checked: value } : { value }),
          onChange: (next) => {
            // A server message is about the value it saw; editing the field retires it.
            if (serverErrors[name]) setServerErrors(({ [name]: _, ...rest }) => rest);
            field.handleChange(next as never);
          },
          onBlur: field.handleBlur,
          error: validationText(i18n, (field.state.meta.errors.find(Boolean) as string | undefined) ?? serverErrors[name]),
        });
      }}
    </form.Field>
  );

  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(submitting) => (
        <LeadFormFields
          live
          kind={kind}
          locale={locale}
          bind={bind}
          submitting={submitting}
          formError={
            failure && (
              <Notice variant="negative">
                <FailureText failure={failure} />
              </Notice>
            )
          }
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        />
      )}
    </form.Subscribe>
  );
}
