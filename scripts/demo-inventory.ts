// `npm start`'s demo inventory: the demo account gets an inventory linked to the demo store and
// catalog (tests/fixtures/demo-peers.ts) through the product API, as the wizard would save it, so
// a newcomer finds products, a sync report and the shopper's links at once. Idempotent: an
// inventory of the account already linked to the demo catalog is kept as it is.
import type { Inventory } from '../domain/inventory';
import { EMULATOR_HOST } from './auth-emulator';

export type DemoStore = { adminUrl: string; accessToken: string; storefrontUrl: string; catalogId: string };

export const DEMO_INVENTORY_NAME = 'Loja Demo';

async function idTokenOf(email: string, password: string): Promise<string> {
  const response = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!body.idToken) throw new Error(`Could not sign in as ${email}: ${body.error?.message ?? response.status}`);
  return body.idToken;
}

/**
 * A caller of the product API signed in as the demo account (scripts/demo-channel.ts and
 * scripts/demo-ai-base.ts use it too). A body is sent as JSON, a FormData as multipart/form-data
 * (fetch writes its boundary), as the SPA uploads a knowledge file.
 */
export async function demoApiCaller(apiUrl: string, account: { email: string; password: string }) {
  const token = await idTokenOf(account.email, account.password);
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${apiUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** The demo account's inventory on the demo store and catalog: found, or created and configured (its first sync then runs). */
export async function ensureDemoInventory(
  apiUrl: string,
  account: { email: string; password: string },
  store: DemoStore,
): Promise<{ inventory: Inventory; created: boolean }> {
  const call = await demoApiCaller(apiUrl, account);
  const { inventories } = await call<{ inventories: Inventory[] }>('GET', '/inventories');
  const linked = inventories.find((inventory) => inventory.catalogId === store.catalogId && inventory.status === 'configured');
  if (linked) return { inventory: linked, created: false };
  // A name the merchant already uses (an unfinished demo inventory, say) gets a number.
  const names = new Set(inventories.map((inventory) => inventory.name.toLowerCase()));
  let name = DEMO_INVENTORY_NAME;
  for (let n = 2; names.has(name.toLowerCase()); n++) name = `${DEMO_INVENTORY_NAME} ${n}`;
  const created = await call<Inventory>('POST', '/inventories', { name });
  const integrated = await call<Inventory>('PUT', `/inventories/${created.id}/integration`, {
    name,
    ecommerceType: 'shopify',
    shopifyToken: store.accessToken,
    shopifyUrl: store.adminUrl,
    website: store.storefrontUrl,
    checkoutParams: 'utm_source=whatsapp&utm_medium=catalyst',
    trackingUrl: '',
    expectedVersion: created.version,
  });
  const inventory = await call<Inventory>('PUT', `/inventories/${created.id}/catalog`, {
    catalogId: store.catalogId,
    expectedVersion: integrated.version,
  });
  return { inventory, created: true };
}
