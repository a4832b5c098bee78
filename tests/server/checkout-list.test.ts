// The Checkouts screen's API (GET /api/v1/checkouts) over real HTTP: the period's figures counted from
// the checkouts' recovery state (abandoned, reminded, recovered, the rate recovered ÷ reminded — null
// when none was reminded —, the value recovered by currency, the skipped by reason), the list newest
// first with the shopper's number masked but its last four digits, filtered by status and inventory,
// and nothing of a checkout still waiting or left outside the period.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckoutList } from '@/domain/checkout-list';
import { recordCheckout } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import type { Db } from '@/server/db/database';
import { seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, startTestServer, type TestServer } from './support/test-server';

let db: Db;
let server: TestServer;
let merchant: TestUser;
let records: ChannelMerchant;
let otherInventoryId: string;

type Seeded = { phone: string | null; at: string; totalMinor?: number; state: Partial<typeof storeCheckouts.$inferInsert> };
async function seed(inventoryId: string, { phone, at, totalMinor = 10_000, state }: Seeded) {
  const token = randomBytes(12).toString('hex');
  await recordCheckout(
    db,
    inventoryId,
    {
      token,
      shopifyCheckoutId: null,
      phone,
      whatsappUpdatesPhone: null,
      acceptsSmsMarketing: false,
      firstName: 'Ana',
      locale: 'pt-BR',
      currency: 'BRL',
      totalMinor,
      items: [{ title: 'Camiseta', quantity: 2, variantId: null }],
      recoveryUrl: null,
      startedAt: new Date(at),
      updatedAt: new Date(at),
      completedAt: null,
    },
    { webhookId: `w-${token}`, topic: 'checkouts/create' },
  );
  if (Object.keys(state).length > 0) await db.update(storeCheckouts).set(state).where(eq(storeCheckouts.token, token));
}

beforeAll(async () => {
  ({ db } = await testDatabase());
  server = await startTestServer();
  merchant = await createUser('checkout-list');
  records = await seedAnsweringRecords(merchant.uid, 'checkout-list');
  const created = await call(`${server.url}/api/v1/inventories`, {
    method: 'POST',
    token: merchant.idToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Outra loja' }),
  });
  otherInventoryId = (created.body as { id: string }).id;
  const day = '2026-11-10T15:00:00Z';
  const reminded = { remindersSent: 1, recoveryStatus: 'reminded' as const };
  await seed(records.inventoryId, {
    phone: '+5511987654321',
    at: day,
    totalMinor: 25_990,
    // Recovered by an order whose value, net of a refund, is less than the checkout's total (the figure is the order's).
    state: { ...reminded, recoveryStatus: 'recovered', recoveredValueMinor: 23_990, recoveredCurrency: 'BRL' },
  });
  await seed(records.inventoryId, { phone: '+5511987650001', at: day, state: { ...reminded, remindersSent: 3, recoveryStatus: 'lost' } });
  await seed(records.inventoryId, { phone: '+5511987650002', at: day, state: reminded });
  await seed(records.inventoryId, { phone: '+5511987650003', at: day, state: { recoveryStatus: 'skipped', recoveryReason: 'no_consent' } });
  await seed(records.inventoryId, {
    phone: null,
    at: '2026-11-11T15:00:00Z',
    state: { recoveryStatus: 'skipped', recoveryReason: 'no_phone' },
  });
  // Still waiting (not abandoned yet), and one left outside the period: in no figure.
  await seed(records.inventoryId, { phone: '+5511987650004', at: day, state: {} });
  await seed(records.inventoryId, { phone: '+5511987650005', at: '2026-10-01T15:00:00Z', state: reminded });
  // Another inventory of the same account.
  await seed(otherInventoryId, { phone: '+5511987650006', at: day, state: { recoveryStatus: 'skipped', recoveryReason: 'no_consent' } });
});
afterAll(async () => {
  await server?.close();
});

const list = async (query: string) => {
  const answer = await call(`${server.url}/api/v1/checkouts?${query}`, { token: merchant.idToken });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as CheckoutList;
};

describe('GET /checkouts', () => {
  test('the figures are counted from the checkouts’ recovery, the rate is recovered ÷ reminded', async () => {
    const { figures, items, total } = await list(`from=2026-11-01&to=2026-11-30&inventory=${records.inventoryId}`);
    expect(figures).toEqual({
      abandoned: 5,
      reminded: 3,
      recovered: 1,
      recoveryRate: 1 / 3,
      recoveredValue: [{ currency: 'BRL', totalMinor: 23_990 }],
      skipped: { no_consent: 1, no_phone: 1, below_minimum: 0, recently_recovered: 0, before_flow_on: 0, flow_off: 0 },
    });
    expect(total).toBe(5);
    // Newest first, the number masked but its last four digits.
    expect(items[0]).toMatchObject({ phone: null, status: 'skipped', reason: 'no_phone', items: 2 });
    expect(items.map((item) => item.phone)).toContain('•••• 4321');
    expect(JSON.stringify(items)).not.toContain('98765');
  });

  test('a status filters the list, not the figures; without an inventory, every inventory of the account', async () => {
    const skipped = await list('from=2026-11-01&to=2026-11-30&status=skipped');
    expect(skipped.items.map((item) => item.reason).sort()).toEqual(['no_consent', 'no_consent', 'no_phone']);
    expect(skipped.figures.abandoned).toBe(6);

    const none = await list(`from=2026-12-01&to=2026-12-31&inventory=${records.inventoryId}`);
    expect(none.figures).toMatchObject({ abandoned: 0, reminded: 0, recovered: 0, recoveryRate: null, recoveredValue: [] });
    expect(none.items).toEqual([]);
  });

  test('a malformed period is a 400', async () => {
    const answer = await call(`${server.url}/api/v1/checkouts?from=yesterday&to=2026-11-30`, { token: merchant.idToken });
    expect(answer.status).toBe(400);
  });
});
