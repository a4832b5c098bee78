// `/contacts?view=add`: one contact added by the merchant (contact-add-form.tsx). Once the API has
// it, the screen opens its page, where its consent history starts. A number that is a contact
// already, or a field the API refuses, is said at its field; any other failure above the form.
import { useState } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import toast from 'react-hot-toast';
import { readContactPhone, isPhoneCountry } from '@/domain/contact-phone';
import { useLang } from '@/src/i18n/use-lang';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { contactCreateApi } from '../api/contact-create-api';
import { contactFailureOf, type ContactFailure } from '../api/contact-failure';
import { createContactInput, type ContactFormValues } from '../contact-form-values';
import { CONTACT_EXISTS, contactFailureMessages } from '../contact-messages';
import { contactSearch, listSearch, noFilter, type ContactsFilter } from '../contact-search';
import { ContactAddForm } from './contact-add-form';

export function ContactAddPage({ filter }: { filter: ContactsFilter }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const navigate = useNavigate();
  const { api } = useRouter().options.context;
  const [failure, setFailure] = useState<ContactFailure | null>(null);
  const [existing, setExisting] = useState<string | null>(null);

  const submit = async (values: ContactFormValues): Promise<Record<string, string>> => {
    setFailure(null);
    setExisting(null);
    try {
      const contact = await contactCreateApi(api).create(createContactInput(values));
      toast.success(t`Contact added.`);
      void navigate({ to: '/$lang/contacts', params: { lang }, search: contactSearch(filter, contact.id) });
      return {};
    } catch (error) {
      const failed = contactFailureOf(error);
      if (failed.kind === 'invalid' && failed.fields) return failed.fields;
      if (failed.kind === 'exists') {
        // The list finds it by its number's digits.
        const country = values.country.toUpperCase();
        const reading = readContactPhone(values.phone, isPhoneCountry(country) ? country : undefined);
        setExisting(reading.ok ? reading.phone.slice(1) : values.phone);
        return { phone: CONTACT_EXISTS };
      }
      setFailure(failed);
      return {};
    }
  };

  const back = (
    <Link to="/$lang/contacts" params={{ lang }} search={listSearch(filter)}>
      <Trans>Back to contacts</Trans>
    </Link>
  );
  return (
    <PageFrame title={<Trans>Add a contact</Trans>} actions={back}>
      {failure && <Notice variant="negative" title={i18n._(contactFailureMessages[failure.kind])} onDismiss={() => setFailure(null)} />}
      {existing !== null && (
        <Notice variant="warning" title={i18n._(contactFailureMessages.exists)}>
          <Link to="/$lang/contacts" params={{ lang }} search={listSearch({ ...noFilter, q: existing })}>
            <Trans>Find it in the list</Trans>
          </Link>
        </Notice>
      )}
      <ContactAddForm onSubmit={submit} cancel={back} />
    </PageFrame>
  );
}
