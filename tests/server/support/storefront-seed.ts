// A configured inventory as a sync leaves it, written straight to the run's database: a public id,
// a catalog id, a sealed token and an admin address (which the public API must never show), and
// products — so the storefront's tests and tenancy rows need no store or catalog peer.
import { randomBytes, randomUUID } from 'node:crypto';
import type { InventoryProduct } from '@/domain/inventory-sync';
import { accounts } from '@/server/accounts/account-tables';
import { inventories, inventoryProducts } from '@/server/inventories/inventory-tables';
import { testDatabase } from './test-database';

export type SeededInventory = { id: string; uid: string; publicId: string; catalogId: string; adminUrl: string; tokenSealed: string };

export const sampleProduct = (overrides: Partial<InventoryProduct> & Pick<InventoryProduct, 'key'>): InventoryProduct => ({
  variantId: null,
  productId: null,
  retailerId: null,
  title: 'Camiseta Básica',
  variantTitle: '',
  sku: null,
  priceMinor: 4990,
  currency: 'BRL',
  quantity: 5,
  available: true,
  imageUrl: 'https://cdn.example.com/camiseta.jpg',
  url: null,
  foundIn: 'both',
  matchedBy: 'sku',
  catalogPriceMinor: 4990,
  catalogAvailable: true,
  ...overrides,
});

/** The products every seeded inventory holds: matched, sold out, catalog-only, and a store variant the catalog lacks. */
export const seededProducts: InventoryProduct[] = [
  sampleProduct({ key: 'v:101', variantId: '101', productId: '1', retailerId: 'CAM-P', variantTitle: 'P', sku: 'CAM-P' }),
  sampleProduct({ key: 'v:102', variantId: '102', productId: '1', retailerId: 'CAM-M', variantTitle: 'M', sku: 'CAM-M', priceMinor: 5490 }),
  sampleProduct({ key: 'v:103', variantId: '103', productId: '1', retailerId: 'CAM-G', variantTitle: 'G', available: false, quantity: 0 }),
  sampleProduct({ key: 'c:BONE-1', retailerId: 'BONE-1', title: 'Boné', foundIn: 'catalog', matchedBy: null, priceMinor: 2990 }),
  sampleProduct({ key: 'v:201', variantId: '201', productId: '2', title: 'Meia', priceMinor: 1500, foundIn: 'store', matchedBy: null }),
];

export async function seedStorefrontInventory(label: string): Promise<SeededInventory> {
  const { db } = await testDatabase();
  const uid = `storefront-${label}-${randomUUID()}`;
  await db.insert(accounts).values({ uid });
  const seeded = {
    uid,
    publicId: randomBytes(16).toString('base64url'),
    catalogId: String(1_000_000_000_000_000 + Math.floor(Math.random() * 1e12)),
    adminUrl: `https://${label}-admin-${randomUUID().slice(0, 8)}.myshopify.com`,
    tokenSealed: `sealed-${randomUUID()}`,
  };
  const [row] = await db
    .insert(inventories)
    .values({
      uid,
      name: `Loja ${label}`,
      publicId: seeded.publicId,
      catalogId: seeded.catalogId,
      shopifyUrl: seeded.adminUrl,
      shopifyTokenSealed: seeded.tokenSealed,
      shopifyTokenHint: 'shpat_…9f3e',
      website: 'https://loja.example.com.br',
      status: 'configured',
      savedSteps: 2,
      syncStatus: 'synced',
      lastSyncedAt: new Date(),
      store: { name: `Loja ${label} Store`, currency: 'BRL' },
    })
    .returning({ id: inventories.id });
  await db
    .insert(inventoryProducts)
    .values(
      seededProducts.map((product, position) => ({ inventoryId: row!.id, key: product.key, position, searchText: product.title, product })),
    );
  return { id: row!.id, ...seeded };
}
