import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { wizardSteps } from '@/domain/ai-base';
import { aiBaseWizardMachine, type LoadedBase } from '@/machines/ai-base-wizard';
import { isSendingFiles, knowledgeFilesMachine } from '@/machines/knowledge-files';
import { Button } from '@/src/ui/button';
import { useStepHeadingFocus, WizardPage } from '@/src/ui/wizard-page';
import { useAccountDrafts } from '@/src/drafts/use-account-drafts';
import { useLang } from '@/src/i18n/use-lang';
import { aiBaseApi } from '../api/ai-base-api';
import { knowledgeApi } from '../api/knowledge-api';
import { knowledgeFilesActors } from '../knowledge/knowledge-files-actors';
import { refinementChatApi } from '../api/refinement-chat-api';
import { wizardDraftStore } from '../drafts/wizard-draft-store';
import { InstructionsStep } from './instructions-step';
import { KnowledgeStep } from './knowledge-step';
import { RefinementStep } from './refinement-step';

/**
 * The three-step wizard of `/ia-base` (a new base) and `/ia-base/{id}`: binds the ai-base-wizard
 * machine to the step forms. The machine decides; this view shows its snapshot and sends events.
 */
export function AiBaseWizard({ baseId }: { baseId: string | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const lang = useLang();
  const api = aiBaseApi(router.options.context.api);
  const chatApi = refinementChatApi(router.options.context.api);
  const { runtimeConfig, auth } = router.options.context;
  const knowledge = knowledgeApi(router.options.context.api, { baseUrl: runtimeConfig.apiBaseUrl, getIdToken: auth.getIdToken });
  const drafts = useAccountDrafts(wizardDraftStore());

  const [snapshot, send] = useMachine(
    aiBaseWizardMachine.provide({
      actors: {
        loadBase: fromPromise<LoadedBase, { baseId: string | null }>(async ({ input }) => {
          const [base, models] = await Promise.all([input.baseId ? api.get(input.baseId) : null, chatApi.models()]);
          return { base, models, draft: drafts.read(input.baseId) };
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
        storeDraft: ({ context }, { draft }) => drafts.keep(context.baseId, draft),
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

  const headingRef = useStepHeadingFocus(wizardSteps.find((name) => snapshot.matches(name)));

  const title = context.base ? context.base.name : <Trans>New AI base</Trans>;
  const saving = snapshot.hasTag('saving');
  // Step 2's child: the wizard's own guards read it; the buttons follow it here.
  const waitForUploads = useSelector(context.knowledgeFiles ?? undefined, (files) => (files ? isSendingFiles(files) : false));
  const failed = snapshot.hasTag('failed');

  const configurationTitle = <Trans>AI Base Configuration</Trans>;
  if (snapshot.matches('loading'))
    return <WizardPage title={configurationTitle} shell={{ state: 'loading', label: t`Loading the AI base` }} />;
  if (snapshot.matches('loadFailed')) {
    const message = <Trans>The AI base could not be loaded.</Trans>;
    return <WizardPage title={configurationTitle} shell={{ state: 'loadFailed', message, onRetry: () => send({ type: 'RETRY' }) }} />;
  }
  // The two ends with no way on but back to the list.
  const back = (
    <Link to="/$lang/ia-bases" params={{ lang }}>
      <Trans>Back to AI bases</Trans>
    </Link>
  );
  if (snapshot.matches('notFound')) {
    const message = <Trans>This AI base does not exist (or no longer does).</Trans>;
    return <WizardPage title={configurationTitle} shell={{ state: 'deadEnd', message, back }} />;
  }
  if (snapshot.matches('planLimit')) {
    return <WizardPage title={title} shell={{ state: 'deadEnd', message: <Trans>Upgrade your plan to add more AI Bases.</Trans>, back }} />;
  }

  return (
    <WizardPage
      title={title}
      stepper={{
        label: t`AI base configuration steps`,
        current: snapshot.matches('saved') ? wizardSteps.length - 1 : wizardSteps.indexOf(context.step),
        steps: [<Trans>Instructions</Trans>, <Trans>Knowledge base</Trans>, <Trans>Refinement and test</Trans>],
      }}
      restored={context.restored && { onDismiss: () => send({ type: 'DISMISS_RESTORED' }) }}
      conflict={
        snapshot.matches('conflict') && {
          title: <Trans>This AI base was saved in another tab or window.</Trans>,
          onReload: () => send({ type: 'RELOAD' }),
        }
      }
      failed={failed && { onRetry: () => send({ type: 'RETRY' }), retryDisabled: waitForUploads }}
      actions={
        <>
          {(snapshot.matches('knowledge') || snapshot.matches('refinement')) && (
            <Button variant="ghost" disabled={saving || waitForUploads} onClick={() => send({ type: 'BACK' })}>
              <Trans>Back</Trans>
            </Button>
          )}
          <Button
            loading={saving}
            disabled={saving || waitForUploads || snapshot.matches('conflict')}
            onClick={() => send({ type: 'SAVE' })}
          >
            {snapshot.matches('refinement') ? <Trans>Save and finish</Trans> : <Trans>Save and advance</Trans>}
          </Button>
        </>
      }
    >
      {snapshot.matches('instructions') && (
        <InstructionsStep
          headingRef={headingRef}
          draft={context.draft.instructions}
          errors={context.fieldErrors}
          onEdit={(values) => send({ type: 'EDIT_INSTRUCTIONS', values })}
        />
      )}
      {snapshot.matches('knowledge') && context.knowledgeFiles && (
        <KnowledgeStep headingRef={headingRef} files={context.knowledgeFiles} acceptsFiles={!saving} />
      )}
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
    </WizardPage>
  );
}
