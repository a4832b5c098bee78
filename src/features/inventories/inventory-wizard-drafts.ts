// The inventory wizard's unsaved drafts (src/drafts/keyed-draft-store.ts), one per account and
// inventory ("new" for the name of one not created yet). Never the Shopify token: the machine leaves it out, and a draft read back with
// one (written by hand, or by an older build) has it dropped.
import type { StoredInventoryDraft } from '../../../machines/inventory-wizard';
import { keyedDraftStore } from '../../drafts/keyed-draft-store';

const integrationFields = ['name', 'ecommerceType', 'shopifyUrl', 'website', 'checkoutParams', 'trackingUrl'] as const;

/** The draft as stored, when it has the shape this build writes (text in every field); null otherwise. */
function draftFrom(value: unknown): StoredInventoryDraft | null {
  const draft = value as { integration?: Record<string, unknown>; catalog?: Record<string, unknown>; step?: unknown } | null;
  if (!draft || typeof draft !== 'object' || !draft.integration || !draft.catalog) return null;
  if (draft.step !== 'integration' && draft.step !== 'catalog') return null;
  const integration = Object.fromEntries(integrationFields.map((field) => [field, draft.integration![field]]));
  if (!Object.values(integration).every((text) => typeof text === 'string') || typeof draft.catalog.catalogId !== 'string') return null;
  if (integration.ecommerceType !== '' && integration.ecommerceType !== 'shopify') return null;
  const catalog = { catalogId: draft.catalog.catalogId, storeIsTruth: draft.catalog.storeIsTruth === true };
  return { integration: integration as StoredInventoryDraft['integration'], catalog, step: draft.step };
}

export const inventoryDraftStore = (storage?: () => Storage) =>
  keyedDraftStore({ prefix: 'catalyst.inventory-draft', what: 'inventory', parse: draftFrom }, storage);
