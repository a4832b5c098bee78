// The inventory-wizard test model, derived mechanically from the production machine with sample
// payloads where its guards need data (loads that resume at each point, valid and invalid edits,
// each kind of failure of each call). Shared by the logic-level (Vitest) and UI-level (Playwright) tests.
import type { EventObject } from 'xstate';
import { catalogSchema, createInventorySchema, inventoryValidation, type Inventory, type InventoryStep } from '@/domain/inventory';
import {
  integrationErrorsOf,
  inventoryWizardMachine,
  type InventoryFailure,
  type InventoryWizardContext,
  type LoadedInventory,
  type StoredInventoryDraft,
} from '@/machines/inventory-wizard';
import { createTestModelFor, type EventSamples } from './model-harness';

export const WIZARD_INVENTORY_ID = '00000000-0000-4000-8000-000000000013';
export const SAMPLE_TOKEN = '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';

/** The inventory as the server answers after each save (its version counts the saves). */
export function inventoryAt(step: InventoryStep, version: number): Inventory {
  const storeSaved = step !== 'integration';
  const catalogSaved = step === 'conclusion';
  return {
    id: WIZARD_INVENTORY_ID,
    name: 'Loja Ana',
    ecommerceType: storeSaved ? 'shopify' : null,
    shopifyTokenHint: storeSaved ? 'shpat_…7a41' : null,
    shopifyApiSecretSet: false,
    orderEvents: 'polling',
    orderPollSeconds: 300,
    shopifyUrl: storeSaved ? 'https://loja-ana.myshopify.com' : '',
    website: storeSaved ? 'https://loja-ana.com' : '',
    checkoutParams: '',
    trackingUrl: '',
    catalogId: catalogSaved ? '1234567890123456' : '',
    storeIsTruth: false,
    store: storeSaved ? { name: 'Loja Ana', currency: 'BRL' } : null,
    catalog: catalogSaved ? { name: 'Loja Ana no WhatsApp', itemCount: 42 } : null,
    status: catalogSaved ? 'configured' : 'configuring',
    step,
    syncStatus: 'pending',
    syncFailure: null,
    lastSyncedAt: null,
    publicId: 'p7Qx2mK9vR4tW8zA',
    attributionCode: 'cat3f9a1c07be',
    version,
    createdAt: '2026-11-21T00:00:00.000Z',
    updatedAt: '2026-11-21T00:00:00.000Z',
  };
}

/** Step 1 as a merchant fills it in: the admin address pasted with its path, the storefront without a scheme. */
export const typedIntegration = {
  name: 'Loja Ana',
  ecommerceType: 'shopify',
  shopifyToken: ` ${SAMPLE_TOKEN} `,
  shopifyUrl: 'loja-ana.myshopify.com/admin',
  website: 'loja-ana.com',
  checkoutParams: '?utm_source=whatsapp',
  trackingUrl: '',
} as const;

const savedIntegration = {
  name: 'Loja Ana',
  ecommerceType: 'shopify',
  shopifyUrl: 'https://loja-ana.myshopify.com',
  website: 'https://loja-ana.com',
  checkoutParams: '',
  trackingUrl: '',
} as const;
const draft = (value: StoredInventoryDraft) => value;

const loaded = (value: LoadedInventory) => ({ type: 'xstate.done.actor.loadInventory', output: value });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: InventoryFailure) => ({ type: `xstate.error.actor.${id}`, error });

export const inventoryWizardSamples: EventSamples = {
  'xstate.done.actor.loadInventory': [
    loaded({ inventory: null, draft: null }),
    loaded({ inventory: inventoryAt('integration', 1), draft: null }),
    loaded({ inventory: inventoryAt('catalog', 2), draft: null }),
    loaded({ inventory: inventoryAt('conclusion', 3), draft: null }),
    // A reload of a new inventory's half-typed name.
    loaded({
      inventory: null,
      draft: draft({
        integration: { ...savedIntegration, name: 'Typed before the reload', ecommerceType: '', shopifyUrl: '', website: '' },
        catalog: { catalogId: '', storeIsTruth: false },
        step: 'integration',
      }),
    }),
    // A reload of a configured inventory whose store address was being changed: it reopens step 1.
    loaded({
      inventory: inventoryAt('conclusion', 3),
      draft: draft({
        integration: { ...savedIntegration, shopifyUrl: 'https://outra-loja.myshopify.com' },
        catalog: { catalogId: '1234567890123456', storeIsTruth: false },
        step: 'integration',
      }),
    }),
    // A reload of step 2 with a catalog ID typed and not saved.
    loaded({
      inventory: inventoryAt('catalog', 2),
      draft: draft({ integration: savedIntegration, catalog: { catalogId: '765', storeIsTruth: false }, step: 'catalog' }),
    }),
  ],
  'xstate.error.actor.loadInventory': [failed('loadInventory', { kind: 'not_found' }), failed('loadInventory', { kind: 'unknown' })],
  EDIT_INTEGRATION: [
    { type: 'EDIT_INTEGRATION', values: typedIntegration },
    { type: 'EDIT_INTEGRATION', values: { name: '', shopifyUrl: 'not a store' } },
  ],
  EDIT_CATALOG: [
    { type: 'EDIT_CATALOG', values: { catalogId: ' 1234567890123456 ', storeIsTruth: true } },
    { type: 'EDIT_CATALOG', values: { catalogId: 'catalog-1' } },
  ],
  'xstate.done.actor.createInventory': [done('createInventory', inventoryAt('integration', 1))],
  'xstate.error.actor.createInventory': [
    failed('createInventory', { kind: 'invalid', fields: { name: inventoryValidation.nameTaken.id } }),
    failed('createInventory', { kind: 'unknown' }),
  ],
  'xstate.done.actor.checkStore': [done('checkStore', { name: 'Loja Ana', currency: 'BRL' })],
  'xstate.error.actor.checkStore': [
    failed('checkStore', { kind: 'peer', reason: 'store_token_invalid' }),
    failed('checkStore', { kind: 'invalid', fields: { shopifyUrl: inventoryValidation.addressInvalid.id } }),
    failed('checkStore', { kind: 'not_found' }),
    failed('checkStore', { kind: 'unknown' }),
  ],
  'xstate.done.actor.saveIntegration': [done('saveIntegration', inventoryAt('catalog', 2))],
  'xstate.error.actor.saveIntegration': [
    failed('saveIntegration', { kind: 'invalid', fields: { name: inventoryValidation.nameTaken.id } }),
    failed('saveIntegration', { kind: 'peer', reason: 'store_scope_missing' }),
    failed('saveIntegration', { kind: 'conflict' }),
    failed('saveIntegration', { kind: 'not_found' }),
    failed('saveIntegration', { kind: 'unknown' }),
  ],
  'xstate.done.actor.checkCatalog': [done('checkCatalog', { name: 'Loja Ana no WhatsApp', itemCount: 42 })],
  'xstate.error.actor.checkCatalog': [
    failed('checkCatalog', { kind: 'peer', reason: 'catalog_not_found' }),
    failed('checkCatalog', { kind: 'not_found' }),
    failed('checkCatalog', { kind: 'unknown' }),
  ],
  'xstate.done.actor.saveCatalog': [done('saveCatalog', inventoryAt('conclusion', 3))],
  'xstate.error.actor.saveCatalog': [
    failed('saveCatalog', { kind: 'invalid', fields: { catalogId: inventoryValidation.catalogIdInvalid.id } }),
    failed('saveCatalog', { kind: 'peer', reason: 'catalog_token_invalid' }),
    // An ID typed and saved without checking it first: the server checks it, and no catalog has it.
    failed('saveCatalog', { kind: 'peer', reason: 'catalog_not_found' }),
    failed('saveCatalog', { kind: 'conflict' }),
    failed('saveCatalog', { kind: 'not_found' }),
    failed('saveCatalog', { kind: 'unknown' }),
  ],
};

/**
 * What of the context tells the model's states apart: whatever a guard reads (whether each form is
 * valid) and what the view shows (the failure, the refusal's reason, whether fields have errors,
 * the checks' results, the stepper's step, how far the inventory is saved). The words typed, the
 * restored notice and the draft are left out (the state checks follow those on the running actor):
 * each would multiply the states, and the paths with them.
 */
export function abstractWizard(context: InventoryWizardContext) {
  return {
    valid: {
      name: nameIsValid(context),
      store: Object.keys(integrationErrorsOf(context)).every((field) => field !== 'shopifyToken' && field !== 'shopifyUrl'),
      integration: Object.keys(integrationErrorsOf(context)).length === 0,
      catalog: catalogSchema.safeParse(context.draft.catalog).success,
    },
    saved: context.inventory?.step ?? null,
    failure: context.failure,
    peerFailure: context.peerFailure,
    fieldErrors: Object.keys(context.fieldErrors).length > 0,
    storeChecked: context.storeCheck !== null,
    catalogChecked: context.catalogCheck !== null,
    step: context.step,
  };
}
const nameIsValid = (context: InventoryWizardContext) => createInventorySchema.safeParse({ name: context.draft.integration.name }).success;

export function inventoryWizardTestModel() {
  return createTestModelFor(inventoryWizardMachine, {
    input: { inventoryId: null },
    samples: inventoryWizardSamples,
    abstractContext: abstractWizard as (context: never) => unknown,
  });
}

export function inventoryWizardPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) {
        const failure = e.error as InventoryFailure;
        return `${type}(${failure.reason ?? failure.kind})`;
      }
      if ('output' in e) {
        const output = e.output as LoadedInventory | Inventory;
        if ('draft' in output)
          return `${type}(${output.inventory ? `at ${output.inventory.step}` : 'new'}${output.draft ? `, draft on ${output.draft.step}` : ''})`;
        return type;
      }
      if ('values' in e) return `${type}(${JSON.stringify(e.values).slice(0, 40)})`;
      return type;
    })
    .join(' → ');
}
