import { useEffect, useRef } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { wizardSteps } from '../../../../domain/ai-base';
import { aiBaseWizardMachine, type LoadedBase } from '../../../../machines/ai-base-wizard';
import { isSendingFiles, knowledgeFilesMachine } from '../../../../machines/knowledge-files';
import { PageFrame } from '../../../layouts/page-frame';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/notice';
import { Skeleton } from '../../../ui/skeleton';
import { Stepper } from '../../../ui/stepper';
import { useAuthSessionActor } from '../../../auth/use-auth-session';
import { useLang } from '../../../i18n/use-lang';
import { aiBaseApi } from '../api/ai-base-api';
import { knowledgeApi } from '../api/knowledge-api';
import { knowledgeFilesActors } from '../knowledge/knowledge-files-actors';
import { refinementChatApi } from '../api/refinement-chat-api';
import { wizardDraftStore } from '../drafts/wizard-draft-store';
import { InstructionsStep } from './instructions-step';
import { KnowledgeStep } from './knowledge-step';
import { RefinementStep } from './refinement-step';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: 760px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  justify-content: flex-end;
`;

/**
 * The three-step wizard of `/ia-base` (a new base) and `/ia-base/{id}`: binds the ai-base-wizard
 * machine to the step forms. The machine decides; this view shows its snapshot and sends events.
 */
export function AiBaseWizard({ baseId }: { baseId: string | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const lang = useLang();
  const session = useAuthSessionActor();
  const uid = useSelector(session, (s) => s.context.user?.uid ?? null);
  const api = aiBaseApi(router.options.context.api);
  const chatApi = refinementChatApi(router.options.context.api);
  const { runtimeConfig, auth } = router.options.context;
  const knowledge = knowledgeApi(router.options.context.api, { baseUrl: runtimeConfig.apiBaseUrl, getIdToken: auth.getIdToken });
  const drafts = wizardDraftStore();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [snapshot, send] = useMachine(
    aiBaseWizardMachine.provide({
      actors: {
        loadBase: fromPromise<LoadedBase, { baseId: string | null }>(async ({ input }) => {
          const [base, models] = await Promise.all([input.baseId ? api.get(input.baseId) : null, chatApi.models()]);
          return { base, models, draft: uid ? drafts.read(uid, input.baseId) : null };
        }),
        saveInstructions: fromPromise(async ({ input }) =>
          input.baseId === null || input.expectedVersion === null
            ? api.create(input.values)
            : api.saveInstructions(input.baseId, input.expectedVersion, input.values),
        ),
        saveKnowledge: fromPromise(async ({ input }) => api.saveKnowledge(input.baseId, input.expectedVersion)),
        saveRefinement: fromPromise(async ({ input }) => api.saveRefinement(input.baseId, input.expectedVersion, input.values)),
        knowledgeFiles: knowledgeFilesMachine.provide({ actors: knowledgeFilesActors(knowledge) }),
      },
      actions: {
        storeDraft: ({ context }, { draft }) => {
          if (!uid) return;
          if (draft) drafts.write(uid, context.baseId, draft);
          else drafts.clear(uid, context.baseId);
          if (context.baseId) drafts.clear(uid, null); // a new base's draft, now saved as this base
        },
        showBaseAddress: ({ context }) => {
          void navigate({ to: '/$lang/ia-base/$id', params: { lang, id: context.baseId! }, replace: true });
        },
        openActivation: ({ context }) => {
          void navigate({ to: '/$lang/ia-base/$id/activate', params: { lang, id: context.baseId! } });
        },
      },
    }),
    { input: { baseId } },
  );
  const { context } = snapshot;

  const step = wizardSteps.find((name) => snapshot.matches(name));
  // A new step takes the keyboard to its heading.
  useEffect(() => {
    if (step) headingRef.current?.focus();
  }, [step]);

  const title = context.base ? context.base.name : <Trans>New AI base</Trans>;
  const saving = snapshot.hasTag('saving');
  // Step 2's child: the wizard's own guards read it; the buttons follow it here.
  const waitForUploads = useSelector(context.knowledgeFiles ?? undefined, (files) => (files ? isSendingFiles(files) : false));
  const failed = snapshot.hasTag('failed');

  if (snapshot.matches('loading')) {
    return (
      <PageFrame title={<Trans>AI Base Configuration</Trans>}>
        <Skeleton block lines={6} label={t`Loading the AI base`} />
      </PageFrame>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <PageFrame title={<Trans>AI Base Configuration</Trans>}>
        <Notice variant="negative" title={<Trans>The AI base could not be loaded.</Trans>}>
          <Button onClick={() => send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      </PageFrame>
    );
  }
  // The two ends with no way on but back to the list.
  const dead = snapshot.matches('notFound')
    ? { title: <Trans>AI Base Configuration</Trans>, why: <Trans>This AI base does not exist (or no longer does).</Trans> }
    : snapshot.matches('planLimit')
      ? { title, why: <Trans>Upgrade your plan to add more AI Bases.</Trans> }
      : null;
  if (dead) {
    return (
      <PageFrame title={dead.title}>
        <Notice variant="warning" title={dead.why}>
          <Link to="/$lang/ia-bases" params={{ lang }}>
            <Trans>Back to AI bases</Trans>
          </Link>
        </Notice>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={title}>
      <Body>
        <Stepper
          label={t`AI base configuration steps`}
          current={snapshot.matches('saved') ? wizardSteps.length - 1 : wizardSteps.indexOf(context.step)}
          steps={[{ label: <Trans>Instructions</Trans> }, { label: <Trans>Knowledge base</Trans> }, { label: <Trans>Refinement and test</Trans> }]}
        />
        {context.restored && (
          <Notice variant="info" onDismiss={() => send({ type: 'DISMISS_RESTORED' })}>
            <Trans>We restored the changes you had not saved yet.</Trans>
          </Notice>
        )}
        {snapshot.matches('conflict') && (
          <Notice variant="warning" title={<Trans>This AI base was saved in another tab or window.</Trans>}>
            <Trans>Reload it to see the latest version; your unsaved changes are kept and shown on top.</Trans>{' '}
            <Button variant="secondary" onClick={() => send({ type: 'RELOAD' })}>
              <Trans>Reload</Trans>
            </Button>
          </Notice>
        )}
        {failed && (
          <Notice variant="negative" title={<Trans>Your changes could not be saved.</Trans>}>
            <Button variant="secondary" disabled={waitForUploads} onClick={() => send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
          </Notice>
        )}

        {snapshot.matches('instructions') && (
          <InstructionsStep
            headingRef={headingRef}
            draft={context.draft.instructions}
            errors={context.fieldErrors}
            onEdit={(values) => send({ type: 'EDIT_INSTRUCTIONS', values })}
          />
        )}
        {snapshot.matches('knowledge') && context.knowledgeFiles && <KnowledgeStep headingRef={headingRef} files={context.knowledgeFiles} acceptsFiles={!saving} />}
        {(snapshot.matches('refinement') || snapshot.matches('saved')) && (
          <RefinementStep
            headingRef={headingRef}
            draft={context.draft.refinement}
            errors={context.fieldErrors}
            onEdit={(values) => send({ type: 'EDIT_REFINEMENT', values })}
            baseId={context.baseId!}
            models={context.models}
            savedModel={context.base?.model ?? null}
            onRevert={snapshot.can({ type: 'REVERT' }) ? () => send({ type: 'REVERT' }) : undefined}
          />
        )}

        <Actions>
          {(snapshot.matches('knowledge') || snapshot.matches('refinement')) && (
            <Button variant="ghost" disabled={saving || waitForUploads} onClick={() => send({ type: 'BACK' })}>
              <Trans>Back</Trans>
            </Button>
          )}
          <Button loading={saving} disabled={saving || waitForUploads || snapshot.matches('conflict')} onClick={() => send({ type: 'SAVE' })}>
            {snapshot.matches('refinement') ? <Trans>Save and finish</Trans> : <Trans>Save and advance</Trans>}
          </Button>
        </Actions>
      </Body>
    </PageFrame>
  );
}
