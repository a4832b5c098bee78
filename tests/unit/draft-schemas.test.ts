// Drafts read back through their zod schemas (src/drafts/keyed-draft-store.ts): a corrupt entry, or
// one of a shape this build does not write (an older build's, one written by hand), reads as no
// draft instead of reaching a wizard; and keep() is what both wizards' storeDraft does.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defaultRefinement, emptyInstructions, type WizardDraft } from '@/machines/ai-base-wizard';
import { keyedDraftStore } from '@/src/drafts/keyed-draft-store';
import { wizardDraftStore } from '@/src/features/ai-bases/drafts/wizard-draft-store';
import { inventoryDraftStore } from '@/src/features/inventories/inventory-wizard-drafts';

/** A Map-backed Storage, as the browser's behaves for these three calls. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('a keyed draft store', () => {
  const noteStore = (storage: Storage) =>
    keyedDraftStore({ prefix: 'test.note', what: 'note', schema: z.object({ text: z.string() }) }, () => storage);

  it('reads what its schema accepts, and a corrupt or other-shaped entry as none, without throwing', () => {
    const storage = memoryStorage();
    const notes = noteStore(storage);
    notes.write('uid-a', 'n1', { text: 'hello' });
    expect(notes.read('uid-a', 'n1')).toEqual({ text: 'hello' });
    for (const stored of ['{not json', 'null', '42', '"text"', '[]', '{"text":7}', '{"body":"hello"}']) {
      storage.setItem('test.note.uid-a.n1', stored);
      expect(notes.read('uid-a', 'n1')).toBeNull();
    }
  });

  it("keeps a record's draft, forgets it once nothing is unsaved, and drops the new record's draft once it exists", () => {
    const storage = memoryStorage();
    const notes = noteStore(storage);
    notes.keep('uid-a', null, { text: 'typed while new' });
    expect(notes.read('uid-a', null)).toEqual({ text: 'typed while new' });
    notes.keep('uid-a', 'n1', { text: 'typed after creating' });
    expect(notes.read('uid-a', 'n1')).toEqual({ text: 'typed after creating' });
    expect(notes.read('uid-a', null)).toBeNull();
    notes.keep('uid-a', 'n1', null);
    expect(notes.read('uid-a', 'n1')).toBeNull();
    expect(storage.length).toBe(0);
  });
});

describe("the AI base wizard's drafts", () => {
  const draft: WizardDraft = {
    instructions: { ...emptyInstructions, name: 'Half typed', function: 'seller' },
    refinement: defaultRefinement,
  };

  it('read back every field as typed, an empty choice and an unanswered question included', () => {
    const storage = memoryStorage();
    const store = wizardDraftStore(() => storage);
    store.write('uid-a', 'base-1', { ...draft, step: 'refinement' });
    expect(store.read('uid-a', 'base-1')).toEqual({ ...draft, step: 'refinement' });
  });

  it('read a draft missing a field, or with a value no form offers, as none', () => {
    const storage = memoryStorage();
    const store = wizardDraftStore(() => storage);
    const { expectedInputs: _missing, ...olderInstructions } = draft.instructions;
    for (const stored of [
      { ...draft, instructions: olderInstructions },
      { ...draft, instructions: { ...draft.instructions, language: 'klingon' } },
      { ...draft, instructions: { ...draft.instructions, personalized: 'yes' } },
      { ...draft, refinement: { ...defaultRefinement, blockedTerms: 'spam' } },
      { ...draft, refinement: null },
    ]) {
      storage.setItem('catalyst.ai-base-draft.uid-a.base-1', JSON.stringify(stored));
      expect(store.read('uid-a', 'base-1')).toBeNull();
    }
  });
});

describe("the inventory wizard's drafts", () => {
  const integration = {
    name: 'Summer shop',
    ecommerceType: 'shopify',
    shopifyUrl: 'https://summer.myshopify.com',
    website: '',
    checkoutParams: '',
    trackingUrl: '',
  };
  const draft = { integration, catalog: { catalogId: '1234', storeIsTruth: true }, step: 'catalog' } as const;

  it('read back without a Shopify token, even one written into the entry', () => {
    const storage = memoryStorage();
    const store = inventoryDraftStore(() => storage);
    storage.setItem(
      'catalyst.inventory-draft.uid-a.inv-1',
      JSON.stringify({ ...draft, integration: { ...integration, shopifyToken: 'shpat_secret' } }),
    );
    expect(store.read('uid-a', 'inv-1')).toEqual(draft);
  });

  it("read 'the store is the source of truth' as no unless it was yes", () => {
    const storage = memoryStorage();
    const store = inventoryDraftStore(() => storage);
    for (const storeIsTruth of ['yes', 1, undefined]) {
      storage.setItem('catalyst.inventory-draft.uid-a.inv-1', JSON.stringify({ ...draft, catalog: { catalogId: '1234', storeIsTruth } }));
      expect(store.read('uid-a', 'inv-1')).toEqual({ ...draft, catalog: { catalogId: '1234', storeIsTruth: false } });
    }
  });

  it('read a draft of an unknown step, an unknown store type or a field that is not text as none', () => {
    const storage = memoryStorage();
    const store = inventoryDraftStore(() => storage);
    for (const stored of [
      { ...draft, step: 'conclusion' },
      { ...draft, integration: { ...integration, ecommerceType: 'woocommerce' } },
      { ...draft, integration: { ...integration, website: 42 } },
      { ...draft, catalog: { storeIsTruth: true } },
    ]) {
      storage.setItem('catalyst.inventory-draft.uid-a.inv-1', JSON.stringify(stored));
      expect(store.read('uid-a', 'inv-1')).toBeNull();
    }
  });
});
