// The sync vocabulary in the page's language: an inventory's status and sync status, a sync that
// failed on our side (a store's or catalog's refusal is said with ../inventory-messages.ts's
// peerFailureMessages, as the wizard's checks say it), how a run was started and how it ended,
// where a product was found, and the catalog's availability values.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InventoryStatus, SyncStatus } from '@/domain/inventory';
import type { InventoryProduct, SyncRunStatus, SyncTrigger } from '@/domain/inventory-sync';

/** The badge of one inventory's configuration: singular. */
export const inventoryStatusNames: Record<InventoryStatus, MessageDescriptor> = {
  configuring: msg({ message: 'In configuration', context: 'badge: the status of one inventory' }),
  configured: msg({ message: 'Configured', context: 'badge: the status of one inventory' }),
};

/** The headings of the inventories list's sections: plural. */
export const inventorySectionTitles: Record<InventoryStatus, MessageDescriptor> = {
  configuring: msg({ message: 'In configuration', context: 'inventories list section: the inventories in configuration' }),
  configured: msg({ message: 'Configured', context: 'inventories list section: the configured inventories' }),
};

export const syncStatusNames: Record<SyncStatus, MessageDescriptor> = {
  pending: msg`Pending synchronization`,
  syncing: msg`Syncing`,
  synced: msg`Synced`,
  failed: msg`Sync failed`,
};

/**
 * Why the last sync failed when it was our own failure (no peer code): the queue tries it again.
 * A store's or catalog's refusal is said with the wizard's peerFailureMessages (../inventory-messages).
 */
export const internalSyncFailure: MessageDescriptor = msg`Something went wrong on our side. The next sync tries again.`;

/** How a run was started (shown below its start in the runs table). */
export const syncTriggerNames: Record<SyncTrigger, MessageDescriptor> = {
  first: msg({ message: 'First sync', context: 'how a sync run was started' }),
  hourly: msg({ message: 'Hourly', context: 'how a sync run was started' }),
  manual: msg({ message: 'Sync now', context: 'how a sync run was started: the merchant pressed Sync now' }),
};

export const syncRunStatusNames: Record<SyncRunStatus, MessageDescriptor> = {
  running: msg`Running`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
};

export const foundInNames: Record<InventoryProduct['foundIn'], MessageDescriptor> = {
  store: msg`Store only`,
  catalog: msg`Catalog only`,
  both: msg`Store and catalog`,
};

/** The availability values of a Meta catalog item (others are shown as they come). */
export const catalogAvailabilityNames: Record<string, MessageDescriptor> = {
  'in stock': msg`In stock`,
  'out of stock': msg`Out of stock`,
  preorder: msg`Preorder`,
  'available for order': msg`Available for order`,
  discontinued: msg`Discontinued`,
};
