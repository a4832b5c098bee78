// `/inventory` (new) and `/inventory/{id}`: the inventory wizard. A new inventory is named first
// (creating it gives it its address); then 1 Integration (the Shopify store, with a connection
// check against it), 2 Inventory (the Meta catalog, with its own check; saving it starts the first
// sync), 3 Conclusion (the public links). A configured inventory opens on its overview (the links
// and the sync), from which the wizard can be reopened. An inventory in configuration resumes at
// its saved step; what the merchant types is kept as a draft (storeDraft) until it is saved — never
// the Shopify token nor the app's API secret key, which are write-only. Tags for the view: `editing`, `checking`, `saving`, `failed`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failed, failureOf, type Failed } from './failure';
import { fieldErrorsOf } from './field-errors';
import { loadFailures } from './wizard-load';
import {
  catalogSchema,
  createInventorySchema,
  integrationSchema,
  inventorySteps,
  inventoryValidation,
  peerFailureReasons,
  type CatalogCheck,
  type EcommerceType,
  type Integration,
  type Inventory,
  type InventoryStep,
  type PeerFailureReason,
  type StoreCheck,
} from '../domain/inventory';

/** Step 1 as typed: the type may still be unchosen; the token and API secret key are what was typed ('' keeps the stored one). */
export type IntegrationDraft = Omit<Integration, 'ecommerceType'> & { ecommerceType: EcommerceType | '' };
/** Step 2 as typed: the catalog, and whether syncs push the store's prices and availability to it. */
export type CatalogDraft = { catalogId: string; storeIsTruth: boolean };
export type InventoryDraft = { integration: IntegrationDraft; catalog: CatalogDraft };
/** The steps a draft can hold changes of (the name of a new inventory is step 1's). */
export type DraftStep = 'integration' | 'catalog';
/** What storeDraft keeps and loadInventory hands back: the draft without the token and secret, and the step it was typed on. */
export type StoredInventoryDraft = {
  integration: Omit<IntegrationDraft, 'shopifyToken' | 'shopifyApiSecret'>;
  catalog: CatalogDraft;
  step: DraftStep;
};

/**
 * Why a call failed, as the wizard acts on it: `invalid` carries the server's field → message id,
 * `peer` the store's or catalog's refusal (domain/inventory's peerFailureReasons); a network error
 * or a 5xx is `unknown`.
 */
export const inventoryFailureKinds = ['not_found', 'conflict', 'invalid', 'peer', 'unknown'] as const;
export type InventoryFailureKind = (typeof inventoryFailureKinds)[number];
export type InventoryFailure = { kind: InventoryFailureKind; fields?: Record<string, string>; reason?: PeerFailureReason };

/** A thrown value as a failure: failures pass through (a `peer` one with a reason we know); anything else is `unknown`. */
export function inventoryFailureOf(error: unknown): InventoryFailure {
  const failure = failureOf<InventoryFailure>(error, inventoryFailureKinds);
  return failure.kind === 'peer' && !(peerFailureReasons as readonly unknown[]).includes(failure.reason) ? { kind: 'unknown' } : failure;
}

export type InventoryWizardInput = { inventoryId: string | null };
export type LoadedInventory = { inventory: Inventory | null; draft: StoredInventoryDraft | null };
export type CreateInventoryInput = { name: string };
export type CheckStoreInput = { inventoryId: string; shopifyToken: string; shopifyUrl: string };
export type SaveIntegrationInput = { inventoryId: string; expectedVersion: number; values: Integration };
export type CheckCatalogInput = { inventoryId: string; catalogId: string };
export type SaveCatalogInput = { inventoryId: string; expectedVersion: number; values: CatalogDraft };

export type InventoryWizardContext = {
  inventoryId: string | null;
  inventory: Inventory | null;
  draft: InventoryDraft;
  /** Field → message id (domain/inventory's inventoryValidation, or the server's; the view translates it). */
  fieldErrors: Record<string, string>;
  /** The last failure of a load, save or check (`null` once it is dealt with). */
  failure: InventoryFailureKind | null;
  /** Why the store or the catalog refused the last check or save of the step shown. */
  peerFailure: PeerFailureReason | null;
  /** What the last store check found (or the saved store, until the address or token change). */
  storeCheck: StoreCheck | null;
  /** What the last catalog check found (or the saved catalog, until the ID changes). */
  catalogCheck: CatalogCheck | null;
  /** An unsaved draft was brought back after a reload: the view says so until dismissed. */
  restored: boolean;
  /** The stepper's step: the one shown (or the one the merchant was on, while a conflict is shown). */
  step: InventoryStep;
};

export type InventoryWizardEvent =
  /** The name step (a new inventory) and step 1. */
  | { type: 'EDIT_INTEGRATION'; values: Partial<IntegrationDraft> }
  | { type: 'EDIT_CATALOG'; values: Partial<CatalogDraft> }
  /** The step's check: the connection to the store (step 1) or the catalog (step 2). */
  | { type: 'CHECK' }
  | { type: 'SAVE' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  /** The overview's 'Edit': the wizard again, from step 1. */
  | { type: 'EDIT' }
  /** The conclusion's way out: the inventory's overview. */
  | { type: 'FINISH' }
  | { type: 'DISMISS_RESTORED' };

export const emptyIntegration: IntegrationDraft = {
  name: '',
  ecommerceType: '',
  shopifyToken: '',
  shopifyUrl: '',
  website: '',
  checkoutParams: '',
  trackingUrl: '',
};

export function draftOf(inventory: Inventory | null): InventoryDraft {
  if (!inventory) return { integration: emptyIntegration, catalog: { catalogId: '', storeIsTruth: false } };
  const { name, ecommerceType, shopifyUrl, website, checkoutParams, trackingUrl, catalogId, storeIsTruth } = inventory;
  return {
    integration: { name, ecommerceType: ecommerceType ?? '', shopifyToken: '', shopifyUrl, website, checkoutParams, trackingUrl },
    catalog: { catalogId, storeIsTruth },
  };
}

const only = (errors: Record<string, string>, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));

/** Step 1's field errors: the schema's, and a token when none is stored (an empty one keeps the stored token). */
export function integrationErrorsOf({ draft, inventory }: Pick<InventoryWizardContext, 'draft' | 'inventory'>): Record<string, string> {
  const errors = fieldErrorsOf(integrationSchema.safeParse(draft.integration));
  if (draft.integration.shopifyToken.trim() === '' && !inventory?.shopifyTokenHint)
    errors.shopifyToken ??= inventoryValidation.shopifyTokenRequired.id;
  return errors;
}
const storeCheckFields = ['shopifyToken', 'shopifyUrl'] as const;
const storeCheckErrorsOf = (context: Pick<InventoryWizardContext, 'draft' | 'inventory'>) =>
  only(integrationErrorsOf(context), storeCheckFields);
const nameErrorsOf = ({ draft }: Pick<InventoryWizardContext, 'draft'>) =>
  fieldErrorsOf(createInventorySchema.safeParse({ name: draft.integration.name }));
const catalogErrorsOf = ({ draft }: Pick<InventoryWizardContext, 'draft'>) => fieldErrorsOf(catalogSchema.safeParse(draft.catalog));
const noErrors = (errors: Record<string, string>) => Object.keys(errors).length === 0;

/** The draft without what is write-only (the token, the API secret key): never stored, never compared with the saved inventory. */
const withoutToken = ({ shopifyToken: _token, shopifyApiSecret: _secret, ...rest }: IntegrationDraft) => rest;
/** Two flat records hold the same values (in whatever order their fields were written). */
const same = <T extends object>(a: T, b: T) => (Object.keys({ ...a, ...b }) as (keyof T)[]).every((key) => a[key] === b[key]);

/** The step holding unsaved changes (step 1's first: it is saved first), or null when nothing differs from the inventory. */
export function unsavedStepOf({ draft, inventory }: Pick<InventoryWizardContext, 'draft' | 'inventory'>): DraftStep | null {
  const saved = draftOf(inventory);
  if (!same(withoutToken(draft.integration), withoutToken(saved.integration))) return 'integration';
  if (!same(draft.catalog, saved.catalog)) return 'catalog';
  return null;
}
const unsavedDraft = ({ context }: { context: InventoryWizardContext }): { draft: StoredInventoryDraft | null } => {
  const step = unsavedStepOf(context);
  return { draft: step && { integration: withoutToken(context.draft.integration), catalog: context.draft.catalog, step } };
};

/** Where a load opens: the name for a new inventory; the step a draft was typed on, if before the saved one; else the overview of a configured inventory, or its saved step. */
export type ResumePoint = 'naming' | 'integration' | 'catalog' | 'overview';
export function resumePointOf({ inventory, draft }: LoadedInventory): ResumePoint {
  if (!inventory) return 'naming';
  const typed = draft?.step;
  if (typed && inventorySteps.indexOf(typed) < inventorySteps.indexOf(inventory.step)) return typed;
  if (inventory.status === 'configured') return 'overview';
  return inventory.step === 'catalog' ? 'catalog' : 'integration';
}

const storeDraft = { type: 'storeDraft', params: unsavedDraft } as const;
const loaded = ({ event }: { event: { output: LoadedInventory } }) => event.output;
const saved = ({ event }: { event: { output: Inventory } }) => event.output;
const failureKind = (error: unknown) => inventoryFailureOf(error).kind;
const rememberFailure = { type: 'rememberFailure', params: failed } as const;
/**
 * How a step's save fails: its values refused (back to the form, the messages at their fields or
 * the store's or catalog's reason shown), a newer version saved elsewhere, the inventory gone, or
 * no answer (the draft untouched, to retry).
 */
const saveFailures = [
  { guard: { type: 'isRefusal', params: failed }, target: 'editing', actions: rememberFailure },
  { guard: { type: 'isConflict', params: failed }, target: '#inventoryWizard.conflict', actions: rememberFailure },
  { guard: { type: 'isNotFound', params: failed }, target: '#inventoryWizard.notFound', actions: rememberFailure },
  { target: 'failed', actions: rememberFailure },
] as const;
/**
 * How a step's check fails: the inventory gone, or back to the form, where the store's or catalog's
 * reason (peer), the fields (invalid) or 'could not check' (unknown) show.
 */
const checkFailures = [
  { guard: { type: 'isNotFound', params: failed }, target: '#inventoryWizard.notFound', actions: rememberFailure },
  { target: 'editing', actions: rememberFailure },
] as const;

export const inventoryWizardMachine = setup({
  types: {
    input: {} as InventoryWizardInput,
    context: {} as InventoryWizardContext,
    events: {} as InventoryWizardEvent,
    tags: {} as 'editing' | 'checking' | 'saving' | 'failed',
  },
  actors: {
    // Provided by src/features/inventories: the API calls (rejecting with an InventoryFailure) and the draft store.
    loadInventory: fromPromise<LoadedInventory, { inventoryId: string | null }>(async () => {
      throw new Error('loadInventory is not provided');
    }),
    createInventory: fromPromise<Inventory, CreateInventoryInput>(async () => {
      throw new Error('createInventory is not provided');
    }),
    checkStore: fromPromise<StoreCheck, CheckStoreInput>(async () => {
      throw new Error('checkStore is not provided');
    }),
    saveIntegration: fromPromise<Inventory, SaveIntegrationInput>(async () => {
      throw new Error('saveIntegration is not provided');
    }),
    checkCatalog: fromPromise<CatalogCheck, CheckCatalogInput>(async () => {
      throw new Error('checkCatalog is not provided');
    }),
    saveCatalog: fromPromise<Inventory, SaveCatalogInput>(async () => {
      throw new Error('saveCatalog is not provided');
    }),
  },
  guards: {
    // Parametrized by the actor's own event (typed where the transition is written): no casts.
    resumesAtNaming: (_, loaded: LoadedInventory) => resumePointOf(loaded) === 'naming',
    resumesAtCatalog: (_, loaded: LoadedInventory) => resumePointOf(loaded) === 'catalog',
    resumesAtOverview: (_, loaded: LoadedInventory) => resumePointOf(loaded) === 'overview',
    isNotFound: (_, { error }: Failed) => failureKind(error) === 'not_found',
    // The values were refused: the server's field messages, or the store's or catalog's reason.
    isRefusal: (_, { error }: Failed) => ['invalid', 'peer'].includes(failureKind(error)),
    isConflict: (_, { error }: Failed) => failureKind(error) === 'conflict',
    nameIsValid: ({ context }) => noErrors(nameErrorsOf(context)),
    storeCheckIsValid: ({ context }) => noErrors(storeCheckErrorsOf(context)),
    integrationIsValid: ({ context }) => noErrors(integrationErrorsOf(context)),
    catalogIsValid: ({ context }) => noErrors(catalogErrorsOf(context)),
  },
  actions: {
    rememberLoaded: assign((_, { inventory, draft }: LoadedInventory) => {
      const saved = draftOf(inventory);
      const typed = draft && { integration: { ...draft.integration, shopifyToken: '' }, catalog: draft.catalog };
      return {
        inventory,
        inventoryId: inventory?.id ?? null,
        draft: typed ?? saved,
        restored: draft !== null,
        fieldErrors: {},
        failure: null,
        peerFailure: null,
        // A check stands for the values it was made with: the saved ones, unless a draft changed them.
        storeCheck:
          typed && !same(storeCheckValues(typed.integration), storeCheckValues(saved.integration)) ? null : (inventory?.store ?? null),
        catalogCheck: typed && typed.catalog.catalogId !== saved.catalog.catalogId ? null : (inventory?.catalog ?? null),
      };
    }),
    // After a save the saved step's part of the draft is the inventory's (its addresses normalised, the token gone).
    rememberCreated: assign(({ context }, inventory: Inventory) => ({
      inventory,
      inventoryId: inventory.id,
      draft: { ...context.draft, integration: { ...context.draft.integration, name: inventory.name } },
      fieldErrors: {},
      failure: null,
      restored: false,
    })),
    rememberSavedIntegration: assign(({ context }, inventory: Inventory) => ({
      inventory,
      draft: { ...context.draft, integration: draftOf(inventory).integration },
      storeCheck: inventory.store,
      fieldErrors: {},
      failure: null,
      peerFailure: null,
      restored: false,
    })),
    rememberSavedCatalog: assign(({ context }, inventory: Inventory) => ({
      inventory,
      draft: { ...context.draft, catalog: draftOf(inventory).catalog },
      catalogCheck: inventory.catalog,
      fieldErrors: {},
      failure: null,
      peerFailure: null,
      restored: false,
    })),
    rememberStoreCheck: assign((_, storeCheck: StoreCheck) => ({ storeCheck, peerFailure: null, failure: null, fieldErrors: {} })),
    rememberCatalogCheck: assign((_, catalogCheck: CatalogCheck) => ({ catalogCheck, peerFailure: null, failure: null, fieldErrors: {} })),
    rememberFailure: assign((_, { error }: Failed) => {
      const failure = inventoryFailureOf(error);
      return { failure: failure.kind, fieldErrors: failure.fields ?? {}, peerFailure: failure.reason ?? null };
    }),
    editIntegration: assign(({ context, event }) => {
      assertEvent(event, 'EDIT_INTEGRATION');
      const integration = { ...context.draft.integration, ...event.values };
      // What the check found no longer stands once the address or the token changed.
      const changed = !same(storeCheckValues(integration), storeCheckValues(context.draft.integration));
      return {
        draft: { ...context.draft, integration },
        ...(changed && { storeCheck: null, peerFailure: null }),
      };
    }),
    editCatalog: assign(({ context, event }) => {
      assertEvent(event, 'EDIT_CATALOG');
      const catalog = { ...context.draft.catalog, ...event.values };
      const changed = catalog.catalogId !== context.draft.catalog.catalogId;
      return { draft: { ...context.draft, catalog }, ...(changed && { catalogCheck: null, peerFailure: null }) };
    }),
    showNameErrors: assign({ fieldErrors: ({ context }) => nameErrorsOf(context) }),
    showStoreCheckErrors: assign({ fieldErrors: ({ context }) => storeCheckErrorsOf(context) }),
    showIntegrationErrors: assign({ fieldErrors: ({ context }) => integrationErrorsOf(context) }),
    showCatalogErrors: assign({ fieldErrors: ({ context }) => catalogErrorsOf(context) }),
    clearFailure: assign({ failure: null, fieldErrors: {}, peerFailure: null }),
    dismissRestored: assign({ restored: false }),
    enterStep: assign((_, { step }: { step: InventoryStep }) => ({ step })),
    // Provided by src/: keep the draft where a reload finds it (`null`: nothing unsaved, forget it).
    storeDraft: (_, _stored: { draft: StoredInventoryDraft | null }) => {},
    // Provided by src/: the new inventory's own address from now on (a refresh resumes it).
    showInventoryAddress: () => {},
  },
}).createMachine({
  id: 'inventoryWizard',
  initial: 'loading',
  context: ({ input }) => ({
    inventoryId: input.inventoryId,
    inventory: null,
    draft: draftOf(null),
    fieldErrors: {},
    failure: null,
    peerFailure: null,
    storeCheck: null,
    catalogCheck: null,
    restored: false,
    step: 'integration',
  }),
  on: { DISMISS_RESTORED: { actions: 'dismissRestored' } },
  states: {
    loading: {
      invoke: {
        id: 'loadInventory',
        src: 'loadInventory',
        input: ({ context }) => ({ inventoryId: context.inventoryId }),
        onDone: [
          { guard: { type: 'resumesAtNaming', params: loaded }, target: 'naming', actions: { type: 'rememberLoaded', params: loaded } },
          { guard: { type: 'resumesAtCatalog', params: loaded }, target: 'catalog', actions: { type: 'rememberLoaded', params: loaded } },
          { guard: { type: 'resumesAtOverview', params: loaded }, target: 'overview', actions: { type: 'rememberLoaded', params: loaded } },
          { target: 'integration', actions: { type: 'rememberLoaded', params: loaded } },
        ],
        onError: [...loadFailures],
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    notFound: { type: 'final' },

    // A new inventory: its name first; creating it gives it its address, then step 1 opens.
    naming: {
      initial: 'editing',
      entry: { type: 'enterStep', params: { step: 'integration' } },
      states: {
        editing: {
          tags: 'editing',
          on: {
            EDIT_INTEGRATION: { actions: ['editIntegration', storeDraft] },
            SAVE: [{ guard: 'nameIsValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showNameErrors' }],
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'createInventory',
            src: 'createInventory',
            input: ({ context }) => createInventorySchema.parse({ name: context.draft.integration.name }),
            onDone: {
              target: '#inventoryWizard.integration',
              actions: [{ type: 'rememberCreated', params: saved }, storeDraft, 'showInventoryAddress'],
            },
            onError: [
              // The server's own rule: another of the account's inventories has this name.
              { guard: { type: 'isRefusal', params: failed }, target: 'editing', actions: rememberFailure },
              { target: 'failed', actions: rememberFailure },
            ],
          },
        },
        failed: {
          tags: 'failed',
          on: {
            RETRY: { target: 'saving', actions: 'clearFailure' },
            EDIT_INTEGRATION: { target: 'editing', actions: ['clearFailure', 'editIntegration', storeDraft] },
          },
        },
      },
    },

    integration: {
      initial: 'editing',
      entry: { type: 'enterStep', params: { step: 'integration' } },
      states: {
        editing: {
          tags: 'editing',
          on: {
            EDIT_INTEGRATION: { actions: ['editIntegration', storeDraft] },
            CHECK: [{ guard: 'storeCheckIsValid', target: 'checking', actions: 'clearFailure' }, { actions: 'showStoreCheckErrors' }],
            SAVE: [{ guard: 'integrationIsValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showIntegrationErrors' }],
          },
        },
        // 'Check connection': the store's name and currency, or why not. Typing meanwhile drops it.
        checking: {
          tags: 'checking',
          on: { EDIT_INTEGRATION: { target: 'editing', actions: ['editIntegration', storeDraft] } },
          invoke: {
            id: 'checkStore',
            src: 'checkStore',
            input: ({ context }) => ({
              inventoryId: context.inventoryId!,
              shopifyToken: context.draft.integration.shopifyToken.trim(),
              shopifyUrl: integrationSchema.shape.shopifyUrl.parse(context.draft.integration.shopifyUrl),
            }),
            onDone: { target: 'editing', actions: { type: 'rememberStoreCheck', params: ({ event }) => event.output } },
            onError: [...checkFailures],
          },
        },
        // The server checks the store again before it saves.
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveIntegration',
            src: 'saveIntegration',
            input: ({ context }) => ({
              inventoryId: context.inventoryId!,
              expectedVersion: context.inventory!.version,
              values: integrationSchema.parse(context.draft.integration),
            }),
            onDone: { target: '#inventoryWizard.catalog', actions: [{ type: 'rememberSavedIntegration', params: saved }, storeDraft] },
            onError: [...saveFailures],
          },
        },
        // The draft is untouched: retry, or keep editing.
        failed: {
          tags: 'failed',
          on: {
            RETRY: { target: 'saving', actions: 'clearFailure' },
            EDIT_INTEGRATION: { target: 'editing', actions: ['clearFailure', 'editIntegration', storeDraft] },
          },
        },
      },
    },

    catalog: {
      initial: 'editing',
      entry: { type: 'enterStep', params: { step: 'catalog' } },
      states: {
        editing: {
          tags: 'editing',
          on: {
            EDIT_CATALOG: { actions: ['editCatalog', storeDraft] },
            CHECK: [{ guard: 'catalogIsValid', target: 'checking', actions: 'clearFailure' }, { actions: 'showCatalogErrors' }],
            SAVE: [{ guard: 'catalogIsValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showCatalogErrors' }],
            BACK: { target: '#inventoryWizard.integration', actions: 'clearFailure' },
          },
        },
        // 'Check catalog': its name and item count, or why not.
        checking: {
          tags: 'checking',
          on: { EDIT_CATALOG: { target: 'editing', actions: ['editCatalog', storeDraft] } },
          invoke: {
            id: 'checkCatalog',
            src: 'checkCatalog',
            input: ({ context }) => ({
              inventoryId: context.inventoryId!,
              catalogId: catalogSchema.parse(context.draft.catalog).catalogId,
            }),
            onDone: { target: 'editing', actions: { type: 'rememberCatalogCheck', params: ({ event }) => event.output } },
            onError: [...checkFailures],
          },
        },
        // The server checks the catalog again, saves it and queues the first sync.
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveCatalog',
            src: 'saveCatalog',
            input: ({ context }) => ({
              inventoryId: context.inventoryId!,
              expectedVersion: context.inventory!.version,
              values: catalogValues(context.draft.catalog),
            }),
            onDone: { target: '#inventoryWizard.conclusion', actions: [{ type: 'rememberSavedCatalog', params: saved }, storeDraft] },
            onError: [...saveFailures],
          },
        },
        failed: {
          tags: 'failed',
          on: {
            RETRY: { target: 'saving', actions: 'clearFailure' },
            EDIT_CATALOG: { target: 'editing', actions: ['clearFailure', 'editCatalog', storeDraft] },
          },
        },
      },
    },

    // Both saved: the public links, and a way to the inventory's overview.
    conclusion: {
      entry: { type: 'enterStep', params: { step: 'conclusion' } },
      on: { BACK: 'catalog', FINISH: 'overview' },
    },

    // A configured inventory: its links and its sync; 'Edit' reopens the wizard at step 1.
    overview: { on: { EDIT: 'integration' } },

    // Another tab saved this inventory first. The draft stays stored: reloading shows the newer
    // inventory with the merchant's unsaved changes brought back on top (and the notice).
    conflict: { on: { RELOAD: 'loading' } },
  },
});

/** Step 2's values as saved: the catalog ID trimmed. */
function catalogValues(catalog: CatalogDraft): CatalogDraft {
  return { catalogId: catalogSchema.parse(catalog).catalogId, storeIsTruth: catalog.storeIsTruth };
}

/** What a store check is made with: a change to either makes its result stale. */
function storeCheckValues(integration: Pick<IntegrationDraft, 'shopifyToken' | 'shopifyUrl'>) {
  return { shopifyToken: integration.shopifyToken, shopifyUrl: integration.shopifyUrl };
}
