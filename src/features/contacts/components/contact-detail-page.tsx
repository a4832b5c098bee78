// One contact of /contacts (`?contact=<id>`): its number as the title, its name, language, country
// and when it was added, its consent per purpose, its tags (added and removed here), the merchant's
// change of consent, and its consent history. Read when shown; a failed read can be tried again; a contact not the merchant's (or gone)
// says so and leads back.
import { useState, type ReactNode } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { ContactDetail } from '@/domain/contact';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { Skeleton } from '@/src/ui/skeleton';
import { contactFailureOf } from '../api/contact-failure';
import { contactReadApi } from '../api/contact-read-api';
import { formatContactPhone } from '../contact-format';
import { listSearch, type ContactsFilter } from '../contact-search';
import { useRead } from '@/src/api/use-read';
import { ContactConsentChange } from './contact-consent-change';
import { ContactFacts } from './contact-facts';
import { ContactHistory } from './contact-history';
import { ContactTagsEditor } from './contact-tags-editor';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
`;

type Props = { contactId: string; filter: ContactsFilter };

export function ContactDetailPage({ contactId, filter }: Props) {
  const [attempt, setAttempt] = useState(0);
  return <DetailRead key={attempt} contactId={contactId} filter={filter} onRetry={() => setAttempt((n) => n + 1)} />;
}

function BackToContacts({ filter }: { filter: ContactsFilter }) {
  const lang = useLang();
  return (
    <Link to="/$lang/contacts" params={{ lang }} search={listSearch(filter)}>
      <Trans>Back to contacts</Trans>
    </Link>
  );
}

function DetailRead({ contactId, filter, onRetry }: Props & { onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const read = useRead<ContactDetail>((signal) => contactReadApi(api).read(contactId, signal));
  const back = <BackToContacts filter={filter} />;
  if (read.status === 'loading')
    return (
      <PageFrame title={<Trans>Contact</Trans>} actions={back}>
        <Skeleton block lines={4} label={t`Loading the contact`} />
      </PageFrame>
    );
  if (read.status === 'failed') {
    const gone = contactFailureOf(read.error).kind === 'not_found';
    return (
      <PageFrame title={<Trans>Contact</Trans>} actions={back}>
        {gone ? (
          <Notice variant="warning" title={<Trans>This contact does not exist (or no longer does).</Trans>} />
        ) : (
          <Notice variant="negative" title={<Trans>The contact could not be loaded.</Trans>}>
            <Button variant="secondary" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </Notice>
        )}
      </PageFrame>
    );
  }
  return <ContactDetailView initial={read.value} back={back} />;
}

/** The contact as read, then as each change of its tags or consent answers it. */
function ContactDetailView({ initial, back }: { initial: ContactDetail; back: ReactNode }) {
  const [contact, setContact] = useState(initial);
  return (
    <PageFrame title={formatContactPhone(contact.phone)} actions={back}>
      <Stack>
        <ContactFacts contact={contact} />
        <ContactTagsEditor contact={contact} onChanged={(changed) => setContact((current) => ({ ...current, ...changed }))} />
        <ContactConsentChange contact={contact} onChanged={setContact} />
        <ContactHistory history={contact.history} />
      </Stack>
    </PageFrame>
  );
}
