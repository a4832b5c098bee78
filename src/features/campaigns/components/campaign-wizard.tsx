// `/campaigns/new` and `/campaigns/{id}`: binds the campaign-wizard machine to its steps and, once
// the campaign is planned, to its page. The machine decides; this view shows its snapshot, sends
// events, and supplies the machine's effects (the API, the new campaign's address). `CampaignWizard`
// takes the calls, so tests may provide their own.
import { useMemo } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { campaignSteps, campaignWizardMachine } from '@/machines/campaign-wizard';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { useStepHeadingFocus, WizardPage } from '@/src/ui/wizard-page';
import { campaignWizardActors } from '../api/campaign-wizard-actors';
import { campaignFieldMessages } from '../campaign-messages';
import { AudienceEditor } from './audience-editor';
import { AudienceStep } from './audience-step';
import { CampaignPage } from './campaign-page';
import { ReviewStep } from './review-step';
import { ScheduleStep } from './schedule-step';
import { TemplateStep } from './template-step';

export type CampaignWizardCalls = ReturnType<typeof campaignWizardActors>;

export function CampaignWizardSection({ campaignId }: { campaignId: string | null }) {
  const { api } = useRouter().options.context;
  const actors = useMemo(() => campaignWizardActors(api), [api]);
  return <CampaignWizard key={campaignId ?? 'new'} campaignId={campaignId} actors={actors} />;
}

export function CampaignWizard({ campaignId, actors }: { campaignId: string | null; actors: CampaignWizardCalls }) {
  const { t } = useLingui();
  const lang = useLang();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(
    campaignWizardMachine.provide({
      actors,
      actions: {
        showCampaignAddress: ({ context }) => {
          if (campaignId === null && context.campaignId)
            void navigate({ to: '/$lang/campaigns/$id', params: { lang, id: context.campaignId }, replace: true });
        },
      },
    }),
    { input: { campaignId } },
  );
  const { context } = snapshot;
  const fieldError = useTranslatedFieldError(context.fieldErrors, campaignFieldMessages);
  const step = campaignSteps.find((each) => snapshot.matches(each));
  const headingRef = useStepHeadingFocus(step);
  const saving = snapshot.hasTag('saving');
  const title = <Trans>New campaign</Trans>;
  const back = (
    <Link to="/$lang/campaigns" params={{ lang }}>
      <Trans>Back to campaigns</Trans>
    </Link>
  );

  if (snapshot.matches('loading')) return <WizardPage title={title} shell={{ state: 'loading', label: t`Loading the campaign` }} />;
  if (snapshot.matches('loadFailed')) {
    const message = <Trans>The campaign could not be loaded.</Trans>;
    return <WizardPage title={title} shell={{ state: 'loadFailed', message, onRetry: () => send({ type: 'RETRY' }) }} />;
  }
  if (snapshot.matches('notFound'))
    return (
      <WizardPage
        title={title}
        shell={{ state: 'deadEnd', message: <Trans>This campaign does not exist (or no longer does).</Trans>, back }}
      />
    );

  const name = context.campaign?.name || context.draft.name;
  if (snapshot.matches('planned'))
    return (
      <PageFrame title={name || <Trans>Campaign</Trans>}>
        <CampaignPage
          context={context}
          loading={snapshot.hasTag('refreshing')}
          loadFailed={snapshot.matches({ planned: 'loadFailed' })}
          changing={snapshot.hasTag('changing')}
          confirmingCancel={snapshot.matches({ planned: 'confirmingCancel' })}
          onPause={() => send({ type: 'PAUSE' })}
          onResume={() => send({ type: 'RESUME' })}
          onCancel={() => send({ type: 'CANCEL' })}
          onConfirmCancel={() => send({ type: 'CONFIRM_CANCEL' })}
          onKeep={() => send({ type: 'KEEP' })}
          onRetry={() => send({ type: 'RETRY' })}
        />
      </PageFrame>
    );

  const inEditor = snapshot.matches({ audience: 'editor' }) || snapshot.matches({ audience: 'savingAudience' });
  const reviewing = snapshot.matches('review');
  const failedSave =
    snapshot.matches({ audience: 'failed' }) || snapshot.matches({ template: 'failed' }) || snapshot.matches({ schedule: 'failed' });
  const refusedHere = snapshot.hasTag('editing') && context.failure === 'refused' && Object.keys(context.fieldErrors).length > 0;
  const sendLabel = context.draft.schedule.kind === 'at' ? <Trans>Schedule the campaign</Trans> : <Trans>Send the campaign</Trans>;

  return (
    <WizardPage
      title={name || title}
      stepper={{
        label: t`Campaign steps`,
        current: step ? campaignSteps.indexOf(step) : 0,
        steps: [<Trans>Audience</Trans>, <Trans>Message</Trans>, <Trans>When</Trans>, <Trans>Review</Trans>],
      }}
      failed={failedSave && { onRetry: () => send({ type: 'RETRY' }) }}
      actions={
        !inEditor && (
          <>
            {!snapshot.matches('audience') && (
              <Button variant="ghost" disabled={saving || snapshot.hasTag('planning')} onClick={() => send({ type: 'BACK' })}>
                <Trans>Back</Trans>
              </Button>
            )}
            {reviewing ? (
              <Button
                loading={snapshot.hasTag('planning')}
                disabled={!snapshot.matches({ review: 'ready' })}
                onClick={() => send({ type: 'SEND' })}
              >
                {sendLabel}
              </Button>
            ) : (
              <Button loading={saving} onClick={() => send({ type: 'SAVE' })}>
                <Trans>Save and advance</Trans>
              </Button>
            )}
          </>
        )
      }
    >
      {refusedHere && (
        <Notice variant="warning">
          <Trans>This campaign cannot be sent as it is: see the messages below.</Trans>
        </Notice>
      )}
      {snapshot.matches('audience') && (
        <AudienceStep
          headingRef={headingRef}
          context={context}
          disabled={saving}
          fieldError={fieldError}
          onRename={(value) => send({ type: 'RENAME', name: value })}
          onChoose={(audienceId) => send({ type: 'CHOOSE_AUDIENCE', audienceId })}
          onNew={() => send({ type: 'NEW_AUDIENCE' })}
          onEdit={() => send({ type: 'EDIT_AUDIENCE' })}
          editor={
            inEditor && context.editor ? (
              <AudienceEditor
                editor={context.editor}
                count={context.count}
                counting={snapshot.hasTag('counting') || snapshot.matches({ audience: { editor: 'debouncing' } })}
                countFailed={snapshot.matches({ audience: { editor: 'countFailed' } })}
                saving={snapshot.matches({ audience: 'savingAudience' })}
                failure={context.failure}
                fieldError={fieldError}
                onName={(value) => send({ type: 'NAME_AUDIENCE', name: value })}
                onRules={(rules) => send({ type: 'EDIT_RULES', rules })}
                onRetryCount={() => send({ type: 'RETRY_COUNT' })}
                onSave={() => send({ type: 'SAVE_AUDIENCE' })}
                onCancel={() => send({ type: 'CANCEL_AUDIENCE' })}
              />
            ) : null
          }
        />
      )}
      {snapshot.matches('template') && (
        <TemplateStep
          headingRef={headingRef}
          context={context}
          disabled={saving}
          fieldError={fieldError}
          onNumber={(channelId) => send({ type: 'CHOOSE_NUMBER', channelId })}
          onTemplate={(templateName) => send({ type: 'CHOOSE_TEMPLATE', templateName })}
          onSource={(variable, source) => send({ type: 'CHOOSE_SOURCE', variable, source })}
          onText={(variable, text) => send({ type: 'SET_TEXT', variable, text })}
          onInventory={(inventoryId) => send({ type: 'CHOOSE_INVENTORY', inventoryId })}
        />
      )}
      {snapshot.matches('schedule') && (
        <ScheduleStep
          headingRef={headingRef}
          context={context}
          disabled={saving}
          fieldError={fieldError}
          onSchedule={(schedule) => send({ type: 'SCHEDULE', schedule })}
          onQuietHours={(quietHours) => send({ type: 'SET_QUIET_HOURS', quietHours })}
        />
      )}
      {reviewing && (
        <>
          {(snapshot.matches({ review: 'failed' }) || snapshot.matches({ review: 'planFailed' })) && (
            <Notice
              variant="negative"
              title={
                snapshot.matches({ review: 'failed' }) ? (
                  <Trans>The review could not be loaded.</Trans>
                ) : (
                  <Trans>The campaign could not be sent.</Trans>
                )
              }
            >
              <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                <Trans>Try again</Trans>
              </Button>
            </Notice>
          )}
          <ReviewStep headingRef={headingRef} review={context.review} timeZone={context.timeZone} />
        </>
      )}
    </WizardPage>
  );
}
