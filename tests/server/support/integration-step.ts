// Step 1 of an inventory as the wizard saves it (`PUT /inventories/:id/integration`) for a fixture
// store: the server tests of order events and of their webhooks' removal build the same body.
import type { ShopifyAdminServer } from '@/tests/fixtures/shopify-admin-server';

/** The body for `shop`, the inventory's name and version, with `fields` (a token, a secret) over it. */
export const integrationStep = (
  shop: ShopifyAdminServer,
  inventory: { name: string; version: number },
  fields: Record<string, string> = {},
) => ({
  name: inventory.name,
  ecommerceType: 'shopify',
  shopifyToken: '',
  shopifyUrl: shop.adminUrl,
  website: 'https://loja.example.com.br',
  checkoutParams: '',
  trackingUrl: '',
  ...fields,
  expectedVersion: inventory.version,
});
