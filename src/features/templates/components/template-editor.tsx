// The template editor of `/templates?channel=…&new=…` (a new template, blank or ready-made) and
// `?channel=…&name=…` (one Meta rejected or paused): binds the template-editor machine to the form,
// the preview and the review's outcome. The machine decides; this view shows its snapshot, sends its
// events, and supplies its effects: the API, and the new template's draft kept in the browser per
// number (restored after a reload, forgotten once Meta has the template).
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { localeTemplateLanguages, type TemplateDraft } from '@/domain/message-template';
import { readyMadeTemplate, type ReadyMadeTemplateKey } from '@/domain/ready-made-templates';
import { templateEditorMachine } from '@/machines/template-editor';
import { useAccountDrafts } from '@/src/drafts/use-account-drafts';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { scriptFocusTarget } from '@/src/ui/focus-ring';
import { Notice } from '@/src/ui/notice';
import { WizardPage } from '@/src/ui/wizard-page';
import { templateReadActor } from '../api/template-read-api';
import { templateSubmitActor } from '../api/template-submit-api';
import { templateDraftStore } from '../template-drafts';
import { templateFailureMessages, templateLanguageNames, useTemplateFieldError } from '../template-messages';
import { TemplateForm, unplacedErrors } from './template-form';
import { TemplatePreview } from './template-preview';
import { TemplateReview } from './template-review';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const MetaWords = styled.span`
  display: block;
  font-weight: 400;
`;

/** The fields in error, and the notices of errors no field shown has: the first takes the keyboard after a refused submit. */
const FIRST_PROBLEM = ['input', 'select', 'textarea'].map((tag) => `${tag}[aria-invalid="true"]`).join(', ') + ', [data-form-problem]';

// What the keyboard is taken to after a refused submit when no field is in error.
const Problem = styled.div`
  ${scriptFocusTarget}
`;

/** Meta's own words about a refusal, quoted. */
function MetaSaid({ metaMessage }: { metaMessage: string }) {
  return <Trans>Meta said: “{metaMessage}”</Trans>;
}

const NumberLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

type Props = {
  channelId: string;
  /** The number's display number, said under the title. */
  displayPhoneNumber: string;
  /** A template of the number to edit; null: a new one. */
  name: string | null;
  /** The ready-made template a new one starts from (null: blank). */
  readyMade: ReadyMadeTemplateKey | null;
  /** Meta has the template under this name now (a new one was submitted): the address can say so. */
  onNamed: (name: string) => void;
};

export function TemplateEditor({ channelId, displayPhoneNumber, name, readyMade, onNamed }: Props) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { api } = useRouter().options.context;
  const drafts = useAccountDrafts(templateDraftStore(channelId));
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;

  // Read once: a new template starts from its draft kept in the browser (the same ready-made one, or
  // a blank one), else from the ready-made one or nothing.
  const [start] = useState(() => {
    if (name !== null) return { draft: null, restored: false };
    const stored = drafts.read(null);
    const offered = readyMade ? readyMadeTemplate(readyMade).draft : null;
    if (stored && (!offered || stored.name.trim() === offered.name)) return { draft: stored, restored: true };
    return { draft: offered, restored: false };
  });
  const [restoredShown, setRestoredShown] = useState(start.restored);
  // Opened on a template Meta has: no draft of a new one of this number is ours to forget.
  const [openedNew] = useState(name === null);

  const logic = useMemo(() => {
    const read = templateReadActor(api);
    return templateEditorMachine.provide({
      actors: { loadTemplate: read, readTemplate: read, submitTemplate: templateSubmitActor(api) },
      actions: {
        // Only a new template's draft is kept: loading one Meta has starts from Meta's version of it.
        storeDraft: ({ context }) => {
          if (context.name === null) draftsRef.current.keep(null, context.draft);
        },
        forgetStoredDraft: () => {
          if (openedNew) draftsRef.current.keep(null, null);
        },
      },
    });
  }, [api, openedNew]);
  const [snapshot, send] = useMachine(logic, {
    input: { channelId, name, startFrom: start.draft as TemplateDraft | null, language: localeTemplateLanguages[lang] },
  });
  const { context } = snapshot;

  const translate = useTemplateFieldError(context.fieldErrors);
  const errorOf = (field: string): ReactNode | undefined => {
    const message = translate(field);
    if (!message) return undefined;
    const metaMessage = context.refusal?.field === field ? context.refusal.metaMessage : '';
    return metaMessage ? (
      <>
        {message}
        <MetaWords>
          <MetaSaid metaMessage={metaMessage} />
        </MetaWords>
      </>
    ) : (
      message
    );
  };

  // A new template submitted: its address names it from now on (a reload then reads it from Meta).
  useEffect(() => {
    if (context.name !== null && context.name !== name) onNamed(context.name);
  }, [context.name, name, onNamed]);

  // After a submit the form refused, the keyboard goes to the first field in error.
  const formRef = useRef<HTMLDivElement>(null);
  const [submits, setSubmits] = useState(0);
  const editing = snapshot.matches('editing');
  const errorCount = Object.keys(context.fieldErrors).length;
  const focusedFor = useRef(0);
  useEffect(() => {
    // Once per submit: the keyboard stays where the merchant types while they fix the fields.
    if (submits > focusedFor.current && editing && errorCount > 0) {
      focusedFor.current = submits;
      formRef.current?.querySelector<HTMLElement>(FIRST_PROBLEM)?.focus();
    }
  }, [submits, editing, errorCount]);

  // The review's outcome takes the keyboard when it changes.
  const outcome = snapshot.hasTag('reviewing')
    ? 'pending'
    : snapshot.matches('approved')
      ? 'approved'
      : snapshot.matches('rejected')
        ? 'rejected'
        : snapshot.matches('paused')
          ? 'paused'
          : null;
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome) reviewHeadingRef.current?.focus();
  }, [outcome]);

  const pageTitle = context.name ? <>{context.name}</> : <Trans>New template</Trans>;
  const back = (
    <Link to="/$lang/templates" params={{ lang }}>
      <Trans>Back to templates</Trans>
    </Link>
  );

  if (snapshot.hasTag('loading')) return <WizardPage title={pageTitle} shell={{ state: 'loading', label: t`Loading the template` }} />;
  if (snapshot.matches('loadFailed')) {
    const kind = context.failure?.kind ?? 'unknown';
    const message = (
      <>
        <Trans>The template could not be loaded.</Trans> {i18n._(templateFailureMessages[kind])}
      </>
    );
    return <WizardPage title={pageTitle} shell={{ state: 'loadFailed', message, onRetry: () => send({ type: 'RETRY' }) }} />;
  }
  if (snapshot.matches('notFound')) {
    const message = <Trans>This template does not exist at Meta (or no longer does).</Trans>;
    return <WizardPage title={pageTitle} shell={{ state: 'deadEnd', message, back }} />;
  }

  const number = (
    <NumberLine>
      <Trans>WhatsApp number {displayPhoneNumber}</Trans>
    </NumberLine>
  );
  const shownContent = context.draft.languages[context.language];
  const shownName = i18n._(templateLanguageNames[context.language]);

  if (outcome) {
    return (
      <WizardPage title={pageTitle} actions={back}>
        {number}
        <Stack>
          <TemplateReview outcome={outcome} records={context.records} headingRef={reviewHeadingRef} onEdit={() => send({ type: 'EDIT' })} />
          {shownContent && <TemplatePreview content={shownContent} imageUsable caption={<Trans>As sent in {shownName}</Trans>} />}
        </Stack>
      </WizardPage>
    );
  }

  const saving = snapshot.hasTag('saving');
  const failure = snapshot.matches('failure') ? context.failure : null;
  const unplaced = unplacedErrors(context.draft, Object.keys(context.fieldErrors));
  const submit = () => {
    send({ type: 'SUBMIT' });
    setSubmits((n) => n + 1);
  };

  return (
    <WizardPage
      title={pageTitle}
      restored={restoredShown && { onDismiss: () => setRestoredShown(false) }}
      actions={
        <>
          {back}
          <Button loading={saving} disabled={failure !== null} onClick={submit}>
            <Trans>Submit to Meta for review</Trans>
          </Button>
        </>
      }
    >
      {number}
      {failure && (
        <Notice variant="negative" title={i18n._(templateFailureMessages[failure.kind])}>
          {failure.kind === 'refused' && failure.metaMessage && (
            <p>
              <MetaSaid metaMessage={failure.metaMessage} />
            </p>
          )}
          {failure.kind === 'channel_needs_attention' && (
            <p>
              <Link to="/$lang/channels/$id" params={{ lang, id: channelId }}>
                <Trans>Open the number</Trans>
              </Link>
            </p>
          )}
          <Row>
            {failure.kind !== 'refused' && (
              <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                <Trans>Try again</Trans>
              </Button>
            )}
            <Button variant="ghost" onClick={() => send({ type: 'EDIT' })}>
              <Trans>Back to the form</Trans>
            </Button>
          </Row>
        </Notice>
      )}
      <div ref={formRef}>
        <Stack>
          {context.refusal && context.refusal.field === null && (
            <Problem tabIndex={-1} data-form-problem>
              <Notice variant="negative" title={<Trans>Meta refused the template.</Trans>}>
                {context.refusal.metaMessage && <MetaSaid metaMessage={context.refusal.metaMessage} />}
              </Notice>
            </Problem>
          )}
          {unplaced.length > 0 && (
            <Problem tabIndex={-1} data-form-problem>
              <Notice variant="negative" title={<Trans>Some fields were refused.</Trans>}>
                <ul>
                  {unplaced.map((field) => (
                    <li key={field}>{errorOf(field)}</li>
                  ))}
                </ul>
              </Notice>
            </Problem>
          )}
          <TemplateForm
            draft={context.draft}
            language={context.language}
            named={context.name !== null}
            errorFields={Object.keys(context.fieldErrors)}
            errorOf={errorOf}
            disabled={!editing}
            send={send}
          />
        </Stack>
      </div>
    </WizardPage>
  );
}
