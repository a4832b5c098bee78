// The product finder's catalog as the widget's route sends it: the inventory's public catalog written
// out once per sync (JSON, with its br and gzip copies and an ETag of its bytes) and sent as is until
// the next sync, rather than validated, serialised and sent whole on every page that opens the finder.
// A few inventories' worth in this process's memory (the newest kept); any process makes its own.
import { createHash } from 'node:crypto';
import { encodedBody, type EncodedBody } from '../http/encoded-body';
import type { PublicInventory, StorefrontStore } from '../storefront/storefront-store';

type EncodedCatalog = Required<EncodedBody> & { etag: string };

export function encodedCatalogs(storefront: Pick<StorefrontStore, 'catalog'>, { entries = 32 } = {}) {
  const cache = new Map<string, Promise<EncodedCatalog>>();

  async function encode(inventory: PublicInventory): Promise<EncodedCatalog> {
    const text = JSON.stringify(await storefront.catalog(inventory));
    const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
    return { ...(await encodedBody(text)), etag };
  }

  return {
    /** The inventory's catalog as of its last sync, encoded once (a failed encoding is tried again by the next read). */
    of(inventory: PublicInventory): Promise<EncodedCatalog> {
      const key = `${inventory.id}:${inventory.lastSyncedAt?.getTime() ?? 0}`;
      const cached = cache.get(key);
      if (cached) return cached;
      for (const old of cache.keys()) if (old.startsWith(`${inventory.id}:`)) cache.delete(old);
      if (cache.size >= entries) cache.delete(cache.keys().next().value!);
      const made = encode(inventory);
      cache.set(key, made);
      made.catch(() => cache.delete(key));
      return made;
    },
  };
}
