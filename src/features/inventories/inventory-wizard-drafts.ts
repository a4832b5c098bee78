// The inventory wizard's unsaved drafts (src/drafts/keyed-draft-store.ts), one per account and
// inventory ("new" for the name of one not created yet). Never the Shopify token: the machine leaves
// it out, and a draft read back with one (written by hand, or by an older build) has it dropped.
import * as z from 'zod/mini';
import { ecommerceTypes } from '@/domain/inventory';
import type { StoredInventoryDraft } from '@/machines/inventory-wizard';
import { keyedDraftStore } from '@/src/drafts/keyed-draft-store';

export const storedInventoryDraftSchema = z.object({
  // z.object drops the keys it does not name: the token among them.
  integration: z.object({
    name: z.string(),
    ecommerceType: z.union([z.enum(ecommerceTypes), z.literal('')]),
    shopifyUrl: z.string(),
    website: z.string(),
    checkoutParams: z.string(),
    trackingUrl: z.string(),
  }),
  catalog: z.object({ catalogId: z.string(), storeIsTruth: z.catch(z.boolean(), false) }),
  step: z.enum(['integration', 'catalog']),
}) satisfies z.ZodMiniType<StoredInventoryDraft>;

export const inventoryDraftStore = (storage?: () => Storage) =>
  keyedDraftStore<StoredInventoryDraft>(
    { prefix: 'catalyst.inventory-draft', what: 'inventory', schema: storedInventoryDraftSchema },
    storage,
  );
