// The inventory-sync machine's test model, derived mechanically from the production machine: its
// own event descriptors (delays and actor completions included) explored region by region by
// model-harness.ts, with sample payloads where guards and assignments read data — statuses of a
// first sync pending and of a sync over, refusals of Sync now (a 429 with its wait, an inventory
// not configured), a page of products. The back-off's growth is abstracted away (one failed ask
// and many are the same state of the model); the tests beyond the model follow it.
import type { EventObject } from 'xstate';
import type { InventoryDetail } from '@/domain/inventory';
import type { InventoryProduct, SyncRun } from '@/domain/inventory-sync';
import {
  inventorySyncMachine,
  type InventoryProductsPage,
  type InventorySyncContext,
  type InventorySyncFailure,
  type InventorySyncStatus,
} from '@/machines/inventory-sync';
import { createTestModelFor, type EventSamples } from './model-harness';

export const INVENTORY_ID = '00000000-0000-4000-8000-0000000000a1';

export function sampleInventory(change: Partial<InventoryDetail> = {}): InventoryDetail {
  return {
    id: INVENTORY_ID,
    name: 'Loja Demo',
    ecommerceType: 'shopify',
    shopifyTokenHint: 'shpat_…7a41',
    shopifyApiSecretSet: false,
    orderEvents: 'polling',
    orderPollSeconds: 300,
    shopifyUrl: 'https://loja-demo.myshopify.com',
    website: 'https://loja-demo.com.br',
    checkoutParams: '',
    trackingUrl: '',
    catalogId: '1234567890123456',
    storeIsTruth: false,
    store: { name: 'Loja Demo', currency: 'BRL' },
    catalog: { name: 'Catálogo WhatsApp', itemCount: 12 },
    status: 'configured',
    step: 'conclusion',
    syncStatus: 'pending',
    syncFailure: null,
    lastSyncedAt: null,
    publicId: 'pub_demo',
    attributionCode: 'cat5d20e8a4c1',
    version: 3,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    converted: { orders: 0, valueMinor: 0, currency: null },
    ...change,
  };
}

export function sampleRun(id: number, status: SyncRun['status'], trigger: SyncRun['trigger'] = 'first'): SyncRun {
  const finished = status !== 'running';
  return {
    id,
    trigger,
    status,
    failure: status === 'failed' ? 'store_unreachable' : null,
    startedAt: `2026-11-21T10:0${id % 10}:00.000Z`,
    finishedAt: finished ? `2026-11-21T10:0${id % 10}:04.000Z` : null,
    durationMs: finished ? 4000 : null,
    report: null,
  };
}

export const statuses = {
  /** The first sync is queued: nothing ran yet. */
  pending: { inventory: sampleInventory(), runs: [] },
  /** The first sync is running. */
  syncing: { inventory: sampleInventory({ syncStatus: 'syncing' }), runs: [sampleRun(1, 'running')] },
  /** The first sync is over. */
  synced: {
    inventory: sampleInventory({ syncStatus: 'synced', lastSyncedAt: '2026-11-21T10:01:04.000Z' }),
    runs: [sampleRun(1, 'succeeded')],
  },
} satisfies Record<string, InventorySyncStatus>;

const samplePage = (q: string): InventoryProductsPage => ({ products: [sampleProduct(q)], total: 1, page: 1, pageSize: 50 });

export function sampleProduct(title = 'Camiseta Básica'): InventoryProduct {
  return {
    key: 'v:1',
    variantId: '1',
    productId: '10',
    retailerId: 'CAM-P-PRETO',
    title,
    variantTitle: 'P / Preto',
    sku: 'CAM-P-PRETO',
    priceMinor: 4990,
    currency: 'BRL',
    quantity: 7,
    available: true,
    imageUrl: null,
    url: null,
    foundIn: 'both',
    matchedBy: 'sku',
    catalogPriceMinor: 4990,
    catalogAvailable: true,
  };
}

/** A 429 of Sync now: the wait the server asked for, and when it ends (as the src actor computes it). */
export const throttledRefusal: InventorySyncFailure = { kind: 'too_many_requests', retryAfterSeconds: 42, retryAt: 1_795_000_000_000 };

const failure = (error: InventorySyncFailure) => ({ error });

export const inventorySyncSamples: EventSamples = {
  'xstate.done.actor.fetchStatus': [statuses.pending, statuses.synced].map((output) => ({ type: 'xstate.done.actor.fetchStatus', output })),
  'xstate.error.actor.fetchStatus': [failure({ kind: 'unknown' }), failure({ kind: 'not_found' })].map((error) => ({
    type: 'xstate.error.actor.fetchStatus',
    ...error,
  })),
  'xstate.done.actor.requestSync': [{ type: 'xstate.done.actor.requestSync', output: statuses.synced.inventory }],
  // Refused for a minute; refused before the inventory is configured; no answer (a dropped connection or a 5xx).
  'xstate.error.actor.requestSync': [failure(throttledRefusal), failure({ kind: 'incomplete' }), failure({ kind: 'unknown' })].map(
    (error) => ({
      type: 'xstate.error.actor.requestSync',
      ...error,
    }),
  ),
  'xstate.done.actor.listProducts': [{ type: 'xstate.done.actor.listProducts', output: samplePage('Camiseta Básica') }],
  'xstate.error.actor.listProducts': [{ type: 'xstate.error.actor.listProducts', error: { kind: 'unknown' } }],
  SEARCH: [{ type: 'SEARCH', q: '  camiseta ' }],
  GO_TO_PAGE: [{ type: 'GO_TO_PAGE', page: 2 }],
};

/** Failed asks in a row only lengthen the back-off: one and many are one state of the model. */
export const abstractInventorySyncContext = ((context: InventorySyncContext) => ({
  ...context,
  failedAsks: Math.min(context.failedAsks, 1),
})) as (context: never) => unknown;

export function inventorySyncTestModel() {
  return createTestModelFor(inventorySyncMachine, {
    input: { inventoryId: INVENTORY_ID },
    samples: inventorySyncSamples,
    abstractContext: abstractInventorySyncContext,
  });
}

export function inventorySyncPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '').replace(/\.inventorySync\..*$/, '');
      if ('output' in e && e.output && typeof e.output === 'object' && 'inventory' in e.output) {
        return `${type}(${(e.output as InventorySyncStatus).inventory.syncStatus})`;
      }
      if ('error' in e) return `${type}(${(e.error as InventorySyncFailure).kind})`;
      if ('q' in e) return `${type}(${String(e.q).trim()})`;
      if ('page' in e) return `${type}(${String(e.page)})`;
      return type;
    })
    .join(' → ');
}
