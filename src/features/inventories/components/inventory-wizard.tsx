// The inventory wizard of `/inventory` (a new inventory: its name first) and `/inventory/{id}` (the
// steps, resumed where they were left; or, once configured, the inventory screen): binds the
// inventory-wizard machine to the step forms. The machine decides; this view shows its snapshot,
// sends events, and supplies the machine's effects (the API, the drafts, the new address).
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { inventorySteps } from '@/domain/inventory';
import { inventoryWizardMachine, type LoadedInventory } from '@/machines/inventory-wizard';
import { useAccountDrafts } from '@/src/drafts/use-account-drafts';
import { useLang } from '@/src/i18n/use-lang';
import { PageFrame } from '@/src/ui/page-frame';
import { Button } from '@/src/ui/button';
import { useStepHeadingFocus, WizardPage } from '@/src/ui/wizard-page';
import { inventoryApi } from '../api/inventory-api';
import { inventoryDraftStore } from '../inventory-wizard-drafts';
import { CatalogStep } from './catalog-step';
import { ConclusionStep } from './conclusion-step';
import { IntegrationStep } from './integration-step';
import { InventoryWizardNameStep } from './inventory-wizard-name-step';
import { InventoryWizardOverview } from './inventory-wizard-overview';

export function InventoryWizard({ inventoryId }: { inventoryId: string | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const lang = useLang();
  const api = inventoryApi(router.options.context.api);
  const drafts = useAccountDrafts(inventoryDraftStore());

  const [snapshot, send] = useMachine(
    inventoryWizardMachine.provide({
      actors: {
        loadInventory: fromPromise<LoadedInventory, { inventoryId: string | null }>(async ({ input }) => ({
          inventory: input.inventoryId ? await api.get(input.inventoryId) : null,
          draft: drafts.read(input.inventoryId),
        })),
        createInventory: fromPromise(async ({ input }) => api.create(input.name)),
        checkStore: fromPromise(async ({ input: { inventoryId, ...body } }) => api.checkStore(inventoryId, body)),
        saveIntegration: fromPromise(async ({ input }) => api.saveIntegration(input.inventoryId, input.expectedVersion, input.values)),
        checkCatalog: fromPromise(async ({ input }) => api.checkCatalog(input.inventoryId, input.catalogId)),
        saveCatalog: fromPromise(async ({ input }) => api.saveCatalog(input.inventoryId, input.expectedVersion, input.values)),
      },
      actions: {
        storeDraft: ({ context }, { draft }) => drafts.keep(context.inventoryId, draft),
        showInventoryAddress: ({ context }) => {
          void navigate({ to: '/$lang/inventory/$id', params: { lang, id: context.inventoryId! }, replace: true });
        },
      },
    }),
    { input: { inventoryId } },
  );
  const { context } = snapshot;

  const headingRef = useStepHeadingFocus((['naming', ...inventorySteps] as const).find((name) => snapshot.matches(name)));

  const saving = snapshot.hasTag('saving');
  const checking = snapshot.hasTag('checking');
  const failed = snapshot.hasTag('failed');
  // A check that got no answer (its refusals have their reason): shown until the next check or edit.
  const checkUnanswered = snapshot.hasTag('editing') && context.failure === 'unknown';
  const configurationTitle = <Trans>Inventory Configuration</Trans>;

  if (snapshot.matches('loading'))
    return <WizardPage title={configurationTitle} shell={{ state: 'loading', label: t`Loading the inventory` }} />;
  if (snapshot.matches('loadFailed')) {
    const message = <Trans>The inventory could not be loaded.</Trans>;
    return <WizardPage title={configurationTitle} shell={{ state: 'loadFailed', message, onRetry: () => send({ type: 'RETRY' }) }} />;
  }
  if (snapshot.matches('notFound')) {
    const message = <Trans>This inventory does not exist (or no longer does).</Trans>;
    const back = (
      <Link to="/$lang/inventories" params={{ lang }}>
        <Trans>Back to inventories</Trans>
      </Link>
    );
    return <WizardPage title={configurationTitle} shell={{ state: 'deadEnd', message, back }} />;
  }
  if (snapshot.matches('overview') && context.inventory) {
    return (
      <PageFrame title={context.inventory.name}>
        <InventoryWizardOverview inventory={context.inventory} onEdit={() => send({ type: 'EDIT' })} />
      </PageFrame>
    );
  }

  const restored = context.restored && { onDismiss: () => send({ type: 'DISMISS_RESTORED' }) };
  const retry = () => send({ type: 'RETRY' });

  if (snapshot.matches('naming')) {
    return (
      <WizardPage
        title={<Trans>New inventory</Trans>}
        restored={restored}
        failed={failed && { title: <Trans>The inventory could not be created.</Trans>, onRetry: retry }}
        actions={
          <Button loading={saving} onClick={() => send({ type: 'SAVE' })}>
            <Trans>Create and continue</Trans>
          </Button>
        }
      >
        <InventoryWizardNameStep
          headingRef={headingRef}
          name={context.draft.integration.name}
          errors={context.fieldErrors}
          disabled={saving}
          onEdit={(name) => send({ type: 'EDIT_INTEGRATION', values: { name } })}
          onSubmit={() => send({ type: 'SAVE' })}
        />
      </WizardPage>
    );
  }

  const inConclusion = snapshot.matches('conclusion');
  return (
    <WizardPage
      title={context.inventory?.name ?? configurationTitle}
      stepper={{
        label: t`Inventory configuration steps`,
        current: inventorySteps.indexOf(context.step),
        steps: [<Trans>Integration</Trans>, <Trans>Inventory</Trans>, <Trans>Conclusion</Trans>],
      }}
      restored={restored}
      conflict={
        snapshot.matches('conflict') && {
          title: <Trans>This inventory was saved in another tab or window.</Trans>,
          onReload: () => send({ type: 'RELOAD' }),
        }
      }
      failed={failed && { onRetry: retry }}
      actions={
        !snapshot.matches('conflict') && (
          <>
            {(snapshot.matches({ catalog: 'editing' }) || inConclusion) && (
              <Button variant="ghost" onClick={() => send({ type: 'BACK' })}>
                <Trans>Back</Trans>
              </Button>
            )}
            {inConclusion ? (
              <Button onClick={() => send({ type: 'FINISH' })}>
                <Trans>Go to the inventory</Trans>
              </Button>
            ) : (
              <Button loading={saving} disabled={checking} onClick={() => send({ type: 'SAVE' })}>
                <Trans>Save and advance</Trans>
              </Button>
            )}
          </>
        )
      }
    >
      {snapshot.matches('integration') && (
        <IntegrationStep
          headingRef={headingRef}
          draft={context.draft.integration}
          errors={context.fieldErrors}
          tokenHint={context.inventory?.shopifyTokenHint ?? null}
          apiSecretSet={context.inventory?.shopifyApiSecretSet ?? false}
          storeCheck={context.storeCheck}
          refusal={context.peerFailure}
          checkUnanswered={checkUnanswered}
          checking={checking}
          disabled={saving}
          onEdit={(values) => send({ type: 'EDIT_INTEGRATION', values })}
          onCheck={() => send({ type: 'CHECK' })}
        />
      )}
      {snapshot.matches('catalog') && (
        <CatalogStep
          headingRef={headingRef}
          draft={context.draft.catalog}
          errors={context.fieldErrors}
          catalogCheck={context.catalogCheck}
          refusal={context.peerFailure}
          checkUnanswered={checkUnanswered}
          checking={checking}
          disabled={saving}
          onEdit={(values) => send({ type: 'EDIT_CATALOG', values })}
          onCheck={() => send({ type: 'CHECK' })}
        />
      )}
      {inConclusion && context.inventory && <ConclusionStep headingRef={headingRef} inventory={context.inventory} />}
    </WizardPage>
  );
}
