// The inventory wizard at logic level: the model's paths (derived from the production machine) run
// on the production machine with promise doubles, checking in every state what a merchant relies
// on — no draft ever holds the token, a reload finds exactly what was typed, each call gets the
// normalised values and the version it must match — then the rules the model does not spell out.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { inventoryValidation, type CatalogCheck, type Inventory, type StoreCheck } from '@/domain/inventory';
import {
  inventoryWizardMachine,
  resumePointOf,
  unsavedStepOf,
  type CheckCatalogInput,
  type CheckStoreInput,
  type CreateInventoryInput,
  type InventoryWizardContext,
  type LoadedInventory,
  type SaveCatalogInput,
  type SaveIntegrationInput,
  type StoredInventoryDraft,
} from '@/machines/inventory-wizard';
import {
  abstractWizard,
  inventoryAt,
  inventoryWizardPathName,
  inventoryWizardTestModel,
  SAMPLE_TOKEN,
  typedIntegration,
  WIZARD_INVENTORY_ID,
} from './inventory-wizard-model';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { flush, PromiseWorld } from './promise-world';

const model = inventoryWizardTestModel();
const paths = coveringPaths(inventoryWizardMachine, model);

function startRealActor(inventoryId: string | null = null) {
  const world = new PromiseWorld();
  const storage = { draft: null as StoredInventoryDraft | null, writes: [] as string[] };
  /** Where the provided navigation action took the page. */
  const visits: string[] = [];
  const logic = inventoryWizardMachine.provide({
    actors: {
      loadInventory: world.actor<LoadedInventory, { inventoryId: string | null }>('loadInventory'),
      createInventory: world.actor<Inventory, CreateInventoryInput>('createInventory'),
      checkStore: world.actor<StoreCheck, CheckStoreInput>('checkStore'),
      saveIntegration: world.actor<Inventory, SaveIntegrationInput>('saveIntegration'),
      checkCatalog: world.actor<CatalogCheck, CheckCatalogInput>('checkCatalog'),
      saveCatalog: world.actor<Inventory, SaveCatalogInput>('saveCatalog'),
    },
    actions: {
      storeDraft: (_, { draft }) => {
        storage.draft = draft && structuredClone(draft);
        if (draft) storage.writes.push(JSON.stringify(draft));
      },
      showInventoryAddress: ({ context }) => visits.push(`/inventory/${context.inventoryId}`),
    },
  });
  const actor = createActor(logic, { input: { inventoryId } });
  actor.start();
  return { actor, world, storage, visits };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const matches = ({ actor }: Run, value: Parameters<ReturnType<Run['actor']['getSnapshot']>['matches']>[0]) =>
  actor.getSnapshot().matches(value);

/** The effects a merchant relies on in each state. */
const stateChecks: Record<string, (run: Run) => void> = {
  inventoryWizard: (run) => {
    // The token is write-only: no draft ever written holds it.
    for (const written of run.storage.writes) expect(written).not.toContain('shopifyToken');
    // Nothing typed is lost: what is stored is what the wizard holds (but the token), on the step that holds the change.
    const stored = run.storage.draft;
    if (stored !== null) {
      const { step, ...typed } = stored;
      const { shopifyToken: _token, ...integration } = context(run).draft.integration;
      expect(typed).toEqual({ integration, catalog: context(run).draft.catalog });
      expect(step).toBe(unsavedStepOf(context(run)));
    }
    // The stepper's step is the one shown.
    for (const step of ['integration', 'catalog', 'conclusion'] as const) if (matches(run, step)) expect(context(run).step).toBe(step);
    // A shown refusal is one of the store's or the catalog's own reasons.
    if (context(run).peerFailure) expect(context(run).failure).toBe('peer');
  },
  'inventoryWizard.loading': (run) => expect(run.world.pendingInput('loadInventory')).toEqual({ inventoryId: context(run).inventoryId }),
  'inventoryWizard.naming': (run) => {
    expect(context(run).inventory).toBeNull();
    expect(run.visits).toEqual([]);
  },
  'inventoryWizard.naming.saving': (run) =>
    expect(run.world.pendingInput('createInventory')).toEqual({ name: context(run).draft.integration.name.trim() }),
  // Past the name, the inventory has its own address (given once, when it was created).
  'inventoryWizard.integration': (run) => {
    expect(context(run).inventory?.id).toBe(WIZARD_INVENTORY_ID);
    expect(run.visits.length).toBeLessThanOrEqual(1);
  },
  'inventoryWizard.integration.checking': (run) => {
    const { integration } = context(run).draft;
    expect(run.world.pendingInput('checkStore')).toEqual({
      inventoryId: WIZARD_INVENTORY_ID,
      shopifyToken: integration.shopifyToken.trim(),
      // The address as pasted (`…/admin`, no scheme) is sent as the store's origin.
      shopifyUrl: integration.shopifyUrl === typedIntegration.shopifyUrl ? 'https://loja-ana.myshopify.com' : integration.shopifyUrl,
    });
  },
  'inventoryWizard.integration.saving': (run) => {
    const { inventory, draft } = context(run);
    const input = run.world.pendingInput('saveIntegration') as SaveIntegrationInput;
    expect(input).toMatchObject({ inventoryId: WIZARD_INVENTORY_ID, expectedVersion: inventory!.version });
    expect(input.values.shopifyToken).toBe(draft.integration.shopifyToken.trim());
    expect(input.values.shopifyUrl).toMatch(/^https:\/\/[^/]+$/);
    expect(input.values.website).toMatch(/^https:\/\/[^/]+$/);
  },
  'inventoryWizard.catalog': (run) => expect(context(run).inventory?.step).not.toBe('integration'),
  'inventoryWizard.catalog.checking': (run) =>
    expect(run.world.pendingInput('checkCatalog')).toEqual({
      inventoryId: WIZARD_INVENTORY_ID,
      catalogId: context(run).draft.catalog.catalogId.trim(),
    }),
  'inventoryWizard.catalog.saving': (run) =>
    expect(run.world.pendingInput('saveCatalog')).toEqual({
      inventoryId: WIZARD_INVENTORY_ID,
      expectedVersion: context(run).inventory!.version,
      values: { catalogId: context(run).draft.catalog.catalogId.trim(), storeIsTruth: context(run).draft.catalog.storeIsTruth },
    }),
  'inventoryWizard.conclusion': (run) => {
    expect(context(run).inventory).toMatchObject({ status: 'configured', step: 'conclusion' });
    expect(run.storage.draft).toBeNull(); // all saved: no draft left to restore
  },
  'inventoryWizard.overview': (run) => expect(context(run).inventory?.status).toBe('configured'),
  'inventoryWizard.conflict': (run) => expect(context(run).failure).toBe('conflict'),
  'inventoryWizard.notFound': (run) => expect(context(run).failure).toBe('not_found'),
  'inventoryWizard.loadFailed': (run) => expect(context(run).failure).toBe('unknown'),
};

describeModelBasedTests({
  name: 'inventory-wizard',
  machine: inventoryWizardMachine,
  model,
  paths,
  start: () => startRealActor(),
  // A load hands back the draft stored in this browser: the sample's draft is what the storage holds.
  perform: (run, event) => {
    if (event.type === 'xstate.done.actor.loadInventory')
      run.storage.draft = (event as EventObject & { output: LoadedInventory }).output.draft;
    return settleOrSend(run, event);
  },
  stateChecks,
  pathName: inventoryWizardPathName,
  // The model merges states that differ only in the words typed (see abstractWizard).
  contextOf: abstractWizard as (context: never) => unknown,
});

async function loadedWith(output: LoadedInventory, inventoryId: string | null = output.inventory?.id ?? null) {
  const run = startRealActor(inventoryId);
  run.world.settle({ type: 'xstate.done.actor.loadInventory', output } as never);
  await flush();
  return run;
}
const settle = async (run: Run, type: string, payload: { output?: unknown; error?: unknown }) => {
  run.world.settle({ type, ...payload } as never);
  await flush();
};
const fields = (run: Run): InventoryWizardContext['fieldErrors'] => context(run).fieldErrors;

describe('inventory-wizard machine, beyond the model', () => {
  it("refuses to create a nameless inventory with the seed's message, then creates it and gives it its address", async () => {
    const run = await loadedWith({ inventory: null, draft: null });
    run.actor.send({ type: 'SAVE' });
    expect(fields(run)).toEqual({ name: inventoryValidation.nameRequired.id });
    expect(run.world.isPending()).toBe(false);

    run.actor.send({ type: 'EDIT_INTEGRATION', values: { name: '  Loja Ana ' } });
    expect(run.storage.draft).toMatchObject({ integration: { name: '  Loja Ana ' }, step: 'integration' });
    run.actor.send({ type: 'SAVE' });
    expect(run.world.pendingInput('createInventory')).toEqual({ name: 'Loja Ana' });
    await settle(run, 'xstate.done.actor.createInventory', { output: inventoryAt('integration', 1) });
    expect(run.visits).toEqual([`/inventory/${WIZARD_INVENTORY_ID}`]);
    expect(matches(run, { integration: 'editing' })).toBe(true);
    expect(context(run).draft.integration.name).toBe('Loja Ana');
    expect(run.storage.draft).toBeNull(); // the name is saved: nothing to restore
  });

  it("names every missing field of step 1 with the seed's messages, and asks no token when one is stored", async () => {
    const run = await loadedWith({ inventory: inventoryAt('integration', 1), draft: null });
    run.actor.send({ type: 'SAVE' });
    expect(fields(run)).toEqual({
      ecommerceType: inventoryValidation.ecommerceTypeRequired.id,
      shopifyToken: inventoryValidation.shopifyTokenRequired.id,
      shopifyUrl: inventoryValidation.shopifyUrlRequired.id,
      website: inventoryValidation.websiteRequired.id,
    });
    run.actor.send({ type: 'EDIT_INTEGRATION', values: { shopifyUrl: 'http://loja-ana.myshopify.com', checkoutParams: '=x' } });
    run.actor.send({ type: 'SAVE' });
    expect(fields(run)).toMatchObject({
      shopifyUrl: inventoryValidation.addressInvalid.id,
      checkoutParams: inventoryValidation.checkoutParamsInvalid.id,
    });
    expect(run.world.isPending()).toBe(false);

    // Saved once, the token is kept when the field is left empty.
    const saved = await loadedWith({ inventory: inventoryAt('catalog', 2), draft: null });
    saved.actor.send({ type: 'BACK' });
    saved.actor.send({ type: 'SAVE' });
    expect((saved.world.pendingInput('saveIntegration') as SaveIntegrationInput).values.shopifyToken).toBe('');
  });

  it('checks the connection with only the token and the address; the result stands until either changes', async () => {
    const run = await loadedWith({ inventory: inventoryAt('integration', 1), draft: null });
    run.actor.send({ type: 'CHECK' });
    expect(fields(run)).toEqual({
      shopifyToken: inventoryValidation.shopifyTokenRequired.id,
      shopifyUrl: inventoryValidation.shopifyUrlRequired.id,
    });
    run.actor.send({ type: 'EDIT_INTEGRATION', values: { shopifyToken: SAMPLE_TOKEN, shopifyUrl: 'loja-ana.myshopify.com' } });
    run.actor.send({ type: 'CHECK' });
    expect(run.actor.getSnapshot().hasTag('checking')).toBe(true);
    await settle(run, 'xstate.done.actor.checkStore', { output: { name: 'Loja Ana', currency: 'BRL' } });
    expect(context(run).storeCheck).toEqual({ name: 'Loja Ana', currency: 'BRL' });
    run.actor.send({ type: 'EDIT_INTEGRATION', values: { website: 'loja-ana.com' } });
    expect(context(run).storeCheck).not.toBeNull();
    run.actor.send({ type: 'EDIT_INTEGRATION', values: { shopifyToken: 'shpat_other' } });
    expect(context(run).storeCheck).toBeNull();

    // A refusal shows its reason; typing during a check drops it.
    run.actor.send({ type: 'CHECK' });
    await settle(run, 'xstate.error.actor.checkStore', { error: { kind: 'peer', reason: 'store_scope_missing' } });
    expect(context(run)).toMatchObject({ peerFailure: 'store_scope_missing', storeCheck: null });
    run.actor.send({ type: 'CHECK' });
    run.actor.send({ type: 'EDIT_INTEGRATION', values: { shopifyUrl: 'loja-bia.myshopify.com' } });
    expect(matches(run, { integration: 'editing' })).toBe(true);
    expect(run.world.isPending('checkStore')).toBe(false);
  });

  it('never keeps the token in a draft, and a restored draft asks for it again', async () => {
    const run = await loadedWith({ inventory: inventoryAt('integration', 1), draft: null });
    run.actor.send({ type: 'EDIT_INTEGRATION', values: typedIntegration });
    const stored = run.storage.draft!;
    expect(JSON.stringify(stored)).not.toContain(SAMPLE_TOKEN);
    expect(stored.integration).not.toHaveProperty('shopifyToken');
    run.actor.stop();

    const reloaded = await loadedWith({ inventory: inventoryAt('integration', 1), draft: stored });
    expect(context(reloaded)).toMatchObject({ restored: true, draft: { integration: { ...typedIntegration, shopifyToken: '' } } });
    reloaded.actor.send({ type: 'SAVE' });
    expect(fields(reloaded)).toEqual({ shopifyToken: inventoryValidation.shopifyTokenRequired.id });
    reloaded.actor.send({ type: 'DISMISS_RESTORED' });
    expect(context(reloaded).restored).toBe(false);
  });

  it('resumes at the saved step, at a step typed on before it, or on the overview of a configured inventory', () => {
    const configured = inventoryAt('conclusion', 3);
    expect(resumePointOf({ inventory: null, draft: null })).toBe('naming');
    expect(resumePointOf({ inventory: inventoryAt('integration', 1), draft: null })).toBe('integration');
    expect(resumePointOf({ inventory: inventoryAt('catalog', 2), draft: null })).toBe('catalog');
    expect(resumePointOf({ inventory: configured, draft: null })).toBe('overview');
    const typed = (step: StoredInventoryDraft['step']): StoredInventoryDraft => ({
      integration: { ...typedIntegration, shopifyUrl: 'https://outra-loja.myshopify.com' },
      catalog: { catalogId: '1', storeIsTruth: false },
      step,
    });
    expect(resumePointOf({ inventory: configured, draft: typed('integration') })).toBe('integration');
    expect(resumePointOf({ inventory: configured, draft: typed('catalog') })).toBe('catalog');
    // A draft can never take the wizard past what is saved.
    expect(resumePointOf({ inventory: inventoryAt('integration', 1), draft: typed('catalog') })).toBe('integration');
  });

  it('saves the catalog after step 1, shows the conclusion, then the overview; Edit reopens step 1 with the saved values', async () => {
    const run = await loadedWith({ inventory: inventoryAt('catalog', 2), draft: null });
    expect(context(run).storeCheck).toEqual({ name: 'Loja Ana', currency: 'BRL' }); // the saved store, as last checked
    run.actor.send({ type: 'EDIT_CATALOG', values: { catalogId: 'abc' } });
    run.actor.send({ type: 'CHECK' });
    expect(fields(run)).toEqual({ catalogId: inventoryValidation.catalogIdInvalid.id });
    run.actor.send({ type: 'EDIT_CATALOG', values: { catalogId: '1234567890123456' } });
    run.actor.send({ type: 'SAVE' });
    await settle(run, 'xstate.error.actor.saveCatalog', { error: { kind: 'peer', reason: 'catalog_not_found' } });
    expect(matches(run, { catalog: 'editing' })).toBe(true);
    expect(context(run).peerFailure).toBe('catalog_not_found');
    run.actor.send({ type: 'SAVE' });
    expect(context(run).peerFailure).toBeNull();
    await settle(run, 'xstate.done.actor.saveCatalog', { output: inventoryAt('conclusion', 3) });
    expect(matches(run, 'conclusion')).toBe(true);
    expect(context(run).catalogCheck).toEqual({ name: 'Loja Ana no WhatsApp', itemCount: 42 });
    run.actor.send({ type: 'FINISH' });
    expect(matches(run, 'overview')).toBe(true);
    run.actor.send({ type: 'EDIT' });
    expect(matches(run, { integration: 'editing' })).toBe(true);
    expect(context(run).draft.integration).toMatchObject({ shopifyUrl: 'https://loja-ana.myshopify.com', shopifyToken: '' });
  });

  it('keeps the draft through a conflict, and the reload brings the newer inventory with the draft on top', async () => {
    const run = await loadedWith({ inventory: inventoryAt('catalog', 2), draft: null });
    run.actor.send({ type: 'EDIT_CATALOG', values: { catalogId: '999' } });
    run.actor.send({ type: 'SAVE' });
    await settle(run, 'xstate.error.actor.saveCatalog', { error: { kind: 'conflict' } });
    expect(run.actor.getSnapshot().value).toBe('conflict');
    expect(context(run).step).toBe('catalog');
    const stored = run.storage.draft!;
    expect(stored).toMatchObject({ catalog: { catalogId: '999' }, step: 'catalog' });
    run.actor.send({ type: 'RELOAD' });
    await settle(run, 'xstate.done.actor.loadInventory', { output: { inventory: inventoryAt('catalog', 3), draft: stored } });
    expect(matches(run, { catalog: 'editing' })).toBe(true);
    expect(context(run)).toMatchObject({
      restored: true,
      draft: { catalog: { catalogId: '999' } },
      inventory: { version: 3 },
      catalogCheck: null,
    });
  });
});
