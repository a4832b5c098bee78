// The merchant's change of a contact's consent: subscribe or unsubscribe, one purpose or both, with a
// note (required to subscribe: it is the proof of how the shopper agreed). The API records every
// change and answers with the contact; what the change did is said beside the form
// (consent-outcome-notice.tsx) — an opt-in against the shopper's own opt-out is ignored, and said so.
import { useId, useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { consentPurposes, contactConsentChangeSchema, type ContactDetail } from '@/domain/contact';
import { BlockDescription, BlockTitle } from '@/src/ui/block-title';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { RadioGroup } from '@/src/ui/radio-group';
import { Select } from '@/src/ui/select';
import { TextField } from '@/src/ui/text-field';
import { contactFailureOf, type ContactFailure } from '../api/contact-failure';
import { contactConsentApi, type ConsentChangeInput } from '../api/contact-consent-api';
import { consentOutcome, type ConsentOutcome } from '../consent-outcome';
import { consentPurposeNames, contactFailureMessages, NOTE_REQUIRED, useContactFieldError } from '../contact-messages';
import { ConsentOutcomeNotice } from './consent-outcome-notice';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 40rem;
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  justify-items: start;
  & > * {
    width: 100%;
  }
  & > button {
    width: auto;
  }
`;

type Values = { action: ConsentChangeInput['action']; purpose: ConsentChangeInput['purpose']; note: string };

/** Field → message id of what the change breaks: the API's schema, and a note to subscribe. */
export function consentChangeErrors(values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = contactConsentChangeSchema.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0] ?? 'note')] ??= issue.message;
  if (values.action === 'opt_in' && values.note.trim() === '') errors.note ??= NOTE_REQUIRED;
  return errors;
}

type Props = { contact: ContactDetail; onChanged: (contact: ContactDetail) => void };

export function ContactConsentChange({ contact, onChanged }: Props) {
  const { t, i18n } = useLingui();
  const { api } = useRouter().options.context;
  const titleId = useId();
  const [values, setValues] = useState<Values>({ action: 'opt_in', purpose: 'utility', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ContactFailure | null>(null);
  const [outcome, setOutcome] = useState<ConsentOutcome | null>(null);
  const errorOf = useContactFieldError(errors);

  const change = (next: Partial<Values>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in next))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = consentChangeErrors(values);
    setErrors(found);
    setOutcome(null);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await contactConsentApi(api).change(contact.id, { ...values, note: values.note.trim() });
      setOutcome(consentOutcome(contact, answer));
      setValues((current) => ({ ...current, note: '' }));
      onChanged(answer);
    } catch (error) {
      const failed = contactFailureOf(error);
      if (failed.kind === 'invalid' && failed.fields) setErrors(failed.fields);
      else setFailure(failed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section aria-labelledby={titleId}>
      <div>
        <BlockTitle id={titleId}>
          <Trans>Change consent</Trans>
        </BlockTitle>
        <BlockDescription>
          <Trans>
            Record what the shopper told you. An opt-out applies at once. An opt-in never undoes the shopper’s own opt-out: only they can
            subscribe again.
          </Trans>
        </BlockDescription>
      </div>
      {outcome && <ConsentOutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />}
      {failure && <Notice variant="negative" title={i18n._(contactFailureMessages[failure.kind])} onDismiss={() => setFailure(null)} />}
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <RadioGroup
          legend={t`Change`}
          value={values.action}
          options={[
            { value: 'opt_in', label: t`Subscribe: the shopper agreed` },
            { value: 'opt_out', label: t`Unsubscribe: the shopper asked to stop` },
          ]}
          onChange={(action) => change({ action: action as Values['action'] })}
        />
        <Select
          label={t`Purpose`}
          value={values.purpose}
          options={[
            ...consentPurposes.map((purpose) => ({ value: purpose, label: i18n._(consentPurposeNames[purpose]) })),
            { value: 'all', label: t`Both purposes` },
          ]}
          onChange={(event) => change({ purpose: event.target.value as Values['purpose'] })}
        />
        <TextField
          label={t`Note`}
          hint={t`How and when the shopper agreed, or why they asked to stop. Kept in the history.`}
          value={values.note}
          maxLength={500}
          required={values.action === 'opt_in'}
          error={errorOf('note')}
          onChange={(event) => change({ note: event.target.value })}
        />
        <Button type="submit" loading={saving}>
          <Trans>Record the change</Trans>
        </Button>
      </Form>
    </Section>
  );
}
