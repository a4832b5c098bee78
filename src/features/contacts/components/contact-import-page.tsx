// `/contacts?view=import`: a CSV import of contacts, bound to the contact-import machine. The machine
// decides; this view shows its snapshot, sends its events and supplies its upload (the real API,
// with its progress). A failure keeps the file: Retry sends it again. Once the API has read the file,
// what it did is shown and takes the keyboard; 'Import another file' starts over with the same statement.
import { useEffect, useMemo, useRef } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { contactImportMachine } from '@/machines/contact-import';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { contactImportActor } from '../api/contact-import-api';
import { defaultCountryOf } from '../contact-format';
import { contactImportFailureMessages } from '../contact-messages';
import { listSearch, type ContactsFilter } from '../contact-search';
import { ContactImportForm } from './contact-import-form';
import { ContactImportSummaryView } from './contact-import-summary';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Today in the browser's calendar (yyyy-mm-dd): the latest date of consent the form offers. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export function ContactImportPage({ filter }: { filter: ContactsFilter }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const { auth, runtimeConfig } = useRouter().options.context;
  const logic = useMemo(
    () =>
      contactImportMachine.provide({
        actors: { uploadContacts: contactImportActor({ baseUrl: runtimeConfig.apiBaseUrl, getIdToken: () => auth.getIdToken() }) },
      }),
    [auth, runtimeConfig],
  );
  const [snapshot, send] = useMachine(logic, { input: { values: { defaultCountry: defaultCountryOf[lang] } } });
  const { context } = snapshot;
  const today = useMemo(localToday, []);
  const saving = snapshot.hasTag('saving');
  const failed = snapshot.hasTag('failed');
  const done = snapshot.hasTag('done');

  // The outcome takes the keyboard when it arrives.
  const summaryRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) summaryRef.current?.focus();
  }, [done]);

  const back = (
    <Link to="/$lang/contacts" params={{ lang }} search={listSearch(filter)}>
      <Trans>Back to contacts</Trans>
    </Link>
  );

  return (
    <PageFrame title={<Trans>Import contacts</Trans>} actions={back}>
      <Stack>
        {done && context.summary ? (
          <>
            <ContactImportSummaryView summary={context.summary} headingRef={summaryRef} />
            <Row>
              <Button variant="secondary" onClick={() => send({ type: 'IMPORT_ANOTHER' })}>
                <Trans>Import another file</Trans>
              </Button>
              {back}
            </Row>
          </>
        ) : (
          <>
            {failed && context.failure && (
              <Notice variant="negative" title={<Trans>The contacts were not imported.</Trans>}>
                <p>{i18n._(contactImportFailureMessages[context.failure.kind])}</p>
                <Row>
                  <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                    <Trans>Retry</Trans>
                  </Button>
                  <Button variant="ghost" onClick={() => send({ type: 'EDIT' })}>
                    <Trans>Back to the form</Trans>
                  </Button>
                </Row>
              </Notice>
            )}
            <ContactImportForm context={context} disabled={!snapshot.hasTag('editing')} uploading={saving} send={send} today={today} />
            {/* Said politely as the file goes, and while the API reads it. */}
            <p role="status">
              {saving && (context.progress < 100 ? <Trans>Sending the file…</Trans> : <Trans>Importing the contacts…</Trans>)}
            </p>
            <Row>
              {!failed && (
                <Button loading={saving} onClick={() => send({ type: 'SUBMIT' })}>
                  <Trans>Import</Trans>
                </Button>
              )}
              {saving && (
                <Button variant="ghost" onClick={() => send({ type: 'CANCEL' })}>
                  <Trans>Cancel</Trans>
                </Button>
              )}
            </Row>
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
