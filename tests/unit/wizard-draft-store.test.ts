import { describe, expect, it } from 'vitest';
import { defaultRefinement, emptyInstructions } from '@/machines/ai-base-wizard';
import { wizardDraftStore } from '@/src/features/ai-bases/drafts/wizard-draft-store';

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

const draft = { instructions: { ...emptyInstructions, name: 'Half typed' }, refinement: defaultRefinement };

describe('the AI base wizard draft store', () => {
  it('keeps a draft per account and base, and clears it', () => {
    const storage = memoryStorage();
    const store = wizardDraftStore(() => storage);
    store.write('uid-a', 'base-1', draft);
    expect(store.read('uid-a', 'base-1')).toEqual(draft);
    expect(store.read('uid-b', 'base-1')).toBeNull(); // another account on this browser sees nothing
    expect(store.read('uid-a', null)).toBeNull();
    store.clear('uid-a', 'base-1');
    expect(store.read('uid-a', 'base-1')).toBeNull();
  });

  it('keeps the step a draft was typed on; an older draft without one, or an unknown step, reads without it', () => {
    const storage = memoryStorage();
    const store = wizardDraftStore(() => storage);
    store.write('uid-a', 'base-1', { ...draft, step: 'instructions' });
    expect(store.read('uid-a', 'base-1')).toEqual({ ...draft, step: 'instructions' });
    storage.setItem('catalyst.ai-base-draft.uid-a.base-2', JSON.stringify(draft));
    expect(store.read('uid-a', 'base-2')).toEqual(draft);
    storage.setItem('catalyst.ai-base-draft.uid-a.base-3', JSON.stringify({ ...draft, step: 'knowledge' }));
    expect(store.read('uid-a', 'base-3')).toEqual(draft);
  });

  it('reads an unreadable or foreign entry as no draft', () => {
    const storage = memoryStorage();
    const store = wizardDraftStore(() => storage);
    storage.setItem('catalyst.ai-base-draft.uid-a.new', '{not json');
    expect(store.read('uid-a', null)).toBeNull();
    storage.setItem('catalyst.ai-base-draft.uid-a.new', '{"instructions":{}}');
    expect(store.read('uid-a', null)).toBeNull();
  });

  it('works on without storage: a browser that refuses it loses only the draft', () => {
    const store = wizardDraftStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => store.write('uid-a', null, draft)).not.toThrow();
    expect(store.read('uid-a', null)).toBeNull();
    expect(() => store.clear('uid-a', null)).not.toThrow();
  });
});
