// The inventory wizard of `/inventory` (a new inventory: its name first) and `/inventory/{id}` (the
// steps, resumed where they were left; or, once configured, the inventory screen): binds the
// inventory-wizard machine to the step forms. The machine decides; this view shows its snapshot,
// sends events, and supplies the machine's effects (the API, the drafts, the new address).
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { inventorySteps } from '../../../../domain/inventory';
import { inventoryWizardMachine, type LoadedInventory } from '../../../../machines/inventory-wizard';
import { useAuthSessionActor } from '../../../auth/use-auth-session';
import { useLang } from '../../../i18n/use-lang';
import { PageFrame } from '../../../layouts/page-frame';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/notice';
import { Skeleton } from '../../../ui/skeleton';
import { Stepper } from '../../../ui/stepper';
import { inventoryApi } from '../api/inventory-api';
import { inventoryDraftStore } from '../inventory-wizard-drafts';
import { CatalogStep } from './catalog-step';
import { ConclusionStep } from './conclusion-step';
import { IntegrationStep } from './integration-step';
import { InventoryWizardNameStep } from './inventory-wizard-name-step';
import { InventoryWizardOverview } from './inventory-wizard-overview';

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

export function InventoryWizard({ inventoryId }: { inventoryId: string | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const lang = useLang();
  const session = useAuthSessionActor();
  const uid = useSelector(session, (s) => s.context.user?.uid ?? null);
  const api = inventoryApi(router.options.context.api);
  const drafts = inventoryDraftStore();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [snapshot, send] = useMachine(
    inventoryWizardMachine.provide({
      actors: {
        loadInventory: fromPromise<LoadedInventory, { inventoryId: string | null }>(async ({ input }) => ({
          inventory: input.inventoryId ? await api.get(input.inventoryId) : null,
          draft: uid ? drafts.read(uid, input.inventoryId) : null,
        })),
        createInventory: fromPromise(async ({ input }) => api.create(input.name)),
        checkStore: fromPromise(async ({ input: { inventoryId, ...body } }) => api.checkStore(inventoryId, body)),
        saveIntegration: fromPromise(async ({ input }) => api.saveIntegration(input.inventoryId, input.expectedVersion, input.values)),
        checkCatalog: fromPromise(async ({ input }) => api.checkCatalog(input.inventoryId, input.catalogId)),
        saveCatalog: fromPromise(async ({ input }) => api.saveCatalog(input.inventoryId, input.expectedVersion, input.values)),
      },
      actions: {
        storeDraft: ({ context }, { draft }) => {
          if (!uid) return;
          if (draft) drafts.write(uid, context.inventoryId, draft);
          else drafts.clear(uid, context.inventoryId);
          if (context.inventoryId) drafts.clear(uid, null); // a new inventory's name, now saved as this inventory
        },
        showInventoryAddress: ({ context }) => {
          void navigate({ to: '/$lang/inventory/$id', params: { lang, id: context.inventoryId! }, replace: true });
        },
      },
    }),
    { input: { inventoryId } },
  );
  const { context } = snapshot;

  const shown = (['naming', ...inventorySteps] as const).find((name) => snapshot.matches(name));
  // A new step takes the keyboard to its heading.
  useEffect(() => {
    if (shown) headingRef.current?.focus();
  }, [shown]);

  const saving = snapshot.hasTag('saving');
  const checking = snapshot.hasTag('checking');
  const failed = snapshot.hasTag('failed');
  // A check that got no answer (its refusals have their reason): shown until the next check or edit.
  const checkUnanswered = snapshot.hasTag('editing') && context.failure === 'unknown';
  const configurationTitle = <Trans>Inventory Configuration</Trans>;

  if (snapshot.matches('loading')) {
    return (
      <PageFrame title={configurationTitle}>
        <Skeleton block lines={6} label={t`Loading the inventory`} />
      </PageFrame>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <PageFrame title={configurationTitle}>
        <Notice variant="negative" title={<Trans>The inventory could not be loaded.</Trans>}>
          <Button onClick={() => send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      </PageFrame>
    );
  }
  if (snapshot.matches('notFound')) {
    return (
      <PageFrame title={configurationTitle}>
        <Notice variant="warning" title={<Trans>This inventory does not exist (or no longer does).</Trans>}>
          <Link to="/$lang/inventories" params={{ lang }}>
            <Trans>Back to inventories</Trans>
          </Link>
        </Notice>
      </PageFrame>
    );
  }
  if (snapshot.matches('overview') && context.inventory) {
    return (
      <PageFrame title={context.inventory.name}>
        <InventoryWizardOverview inventory={context.inventory} onEdit={() => send({ type: 'EDIT' })} />
      </PageFrame>
    );
  }

  const restored = context.restored && (
    <Notice variant="info" onDismiss={() => send({ type: 'DISMISS_RESTORED' })}>
      <Trans>We restored the changes you had not saved yet.</Trans>
    </Notice>
  );
  const retry = (
    <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
      <Trans>Try again</Trans>
    </Button>
  );

  if (snapshot.matches('naming')) {
    return (
      <PageFrame title={<Trans>New inventory</Trans>}>
        <Body>
          {restored}
          {failed && (
            <Notice variant="negative" title={<Trans>The inventory could not be created.</Trans>}>
              {retry}
            </Notice>
          )}
          <InventoryWizardNameStep
            headingRef={headingRef}
            name={context.draft.integration.name}
            errors={context.fieldErrors}
            disabled={saving}
            onEdit={(name) => send({ type: 'EDIT_INTEGRATION', values: { name } })}
            onSubmit={() => send({ type: 'SAVE' })}
          />
          <Actions>
            <Button loading={saving} onClick={() => send({ type: 'SAVE' })}>
              <Trans>Create and continue</Trans>
            </Button>
          </Actions>
        </Body>
      </PageFrame>
    );
  }

  const inConclusion = snapshot.matches('conclusion');
  return (
    <PageFrame title={context.inventory?.name ?? configurationTitle}>
      <Body>
        <Stepper
          label={t`Inventory configuration steps`}
          current={inventorySteps.indexOf(context.step)}
          steps={[{ label: <Trans>Integration</Trans> }, { label: <Trans>Inventory</Trans> }, { label: <Trans>Conclusion</Trans> }]}
        />
        {restored}
        {snapshot.matches('conflict') && (
          <Notice variant="warning" title={<Trans>This inventory was saved in another tab or window.</Trans>}>
            <Trans>Reload it to see the latest version; your unsaved changes are kept and shown on top.</Trans>{' '}
            <Button variant="secondary" onClick={() => send({ type: 'RELOAD' })}>
              <Trans>Reload</Trans>
            </Button>
          </Notice>
        )}
        {failed && (
          <Notice variant="negative" title={<Trans>Your changes could not be saved.</Trans>}>
            {retry}
          </Notice>
        )}

        {snapshot.matches('integration') && (
          <IntegrationStep
            headingRef={headingRef}
            draft={context.draft.integration}
            errors={context.fieldErrors}
            tokenHint={context.inventory?.shopifyTokenHint ?? null}
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

        {!snapshot.matches('conflict') && (
          <Actions>
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
          </Actions>
        )}
      </Body>
    </PageFrame>
  );
}
