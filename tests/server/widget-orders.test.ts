// The website widget's orders (server/widgets/widget-orders.ts) and their place on the dashboard, on
// the database's own rows: a checkout from the widget's links (its ref on the checkout's event) whose
// cart the store attributed an order to counts, net of refunds, a cancelled one not, one without the
// ref not; a handed-over shopper's orders (by phone, as WhatsApp names the sender) count within 7
// days of the handoff, not before it nor after; an order found both ways counts once; days are cut in
// the account's zone. GET /api/v1/dashboard's `widget.orders` and `widget.valueMinor` are these.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { defaultWidgetSettings } from '@/domain/widget';
import { accounts } from '@/server/accounts/account-tables';
import { dashboardStore } from '@/server/dashboard/dashboard-store';
import { inventories } from '@/server/inventories/inventory-tables';
import { orderEvents } from '@/server/order-events/order-event-tables';
import { attributedOrders, storefrontEvents } from '@/server/storefront/storefront-tables';
import { widgetEvents } from '@/server/widgets/widget-event-tables';
import { widgetHandoffs } from '@/server/widgets/widget-handoff-tables';
import { widgetLinkRef } from '@/server/widgets/widget-link-ref';
import { widgetOrders } from '@/server/widgets/widget-orders';
import { widgets } from '@/server/widgets/widget-tables';
import { testDatabase } from './support/test-database';

const ZONE = 'America/Sao_Paulo';
const SHOPPER = '+5511987650009';

async function account() {
  const { db } = await testDatabase();
  const uid = `widget-orders-${randomUUID()}`;
  await db.insert(accounts).values({ uid, timeZone: ZONE });
  const [inventory] = await db.insert(inventories).values({ uid, name: 'Loja', publicId: randomUUID() }).returning({ id: inventories.id });
  const publicId = `w${randomUUID().slice(0, 12)}`;
  const { look, greetings, openingHours, filterEnabled } = defaultWidgetSettings();
  await db.insert(widgets).values({ uid, publicId, dailyCap: 100, settings: { look, greetings, openingHours, filterEnabled } });
  return { db, uid, inventoryId: inventory!.id, ref: widgetLinkRef(publicId) };
}

type Account = Awaited<ReturnType<typeof account>>;

/** A checkout of `cartId` (from a link with `ref`, or none) and the order the store attributed to it. */
async function checkedOut(
  { db, inventoryId }: Account,
  order: { id: string; cartId: string; ref: string | null; valueMinor: number; at: string; cancelled?: boolean },
) {
  await db.insert(storefrontEvents).values({
    inventoryId,
    kind: 'checkout',
    locale: 'pt',
    visitorId: `visitor-${order.cartId}`,
    cartId: order.cartId,
    ref: order.ref,
    occurredAt: new Date(order.at),
  });
  await db.insert(attributedOrders).values({
    inventoryId,
    orderId: `gid://shopify/Order/${order.id}`,
    cartId: order.cartId,
    attributedBy: 'cart_attribute',
    valueMinor: order.valueMinor,
    currency: 'BRL',
    orderedAt: new Date(order.at),
    cancelledAt: order.cancelled ? new Date(order.at) : null,
  });
}

/** The store's order as its webhook recorded it, with the customer's phone. */
async function placed({ db, inventoryId }: Account, order: { id: string; phone: string; totalMinor: number; at: string }) {
  await db.insert(orderEvents).values({
    inventoryId,
    kind: 'order_created',
    eventKey: `order_created:${order.id}`,
    source: 'webhook',
    shopifyOrderId: order.id,
    totalMinor: order.totalMinor,
    currency: 'BRL',
    customerPhone: order.phone,
    occurredAt: new Date(order.at),
  });
}

describe('the widget’s orders', () => {
  test('its links’ checkouts and its handed-over shoppers’ orders, each once, in the account’s days', async () => {
    const shop = await account();
    const { db, uid, ref } = shop;
    // Its links: counted; cancelled: not; without its ref: not.
    await checkedOut(shop, { id: '1', cartId: `c1-${uid}`, ref, valueMinor: 12_990, at: '2026-03-10T12:10:00Z' });
    await checkedOut(shop, { id: '2', cartId: `c2-${uid}`, ref: null, valueMinor: 5_000, at: '2026-03-10T12:20:00Z' });
    await checkedOut(shop, { id: '3', cartId: `c3-${uid}`, ref, valueMinor: 7_000, at: '2026-03-10T12:30:00Z', cancelled: true });
    // A shopper picks up a code on WhatsApp (Brazil's sender form, without the ninth digit) on 11 March.
    await db.insert(widgetHandoffs).values({
      code: `H${randomUUID().slice(0, 5)}`,
      uid,
      visitorKey: 'visitor-key',
      createdAt: new Date('2026-03-11T09:00:00Z'),
      sender: '551187650009',
      pickedUpAt: new Date('2026-03-11T10:00:00Z'),
    });
    await placed(shop, { id: '4', phone: SHOPPER, totalMinor: 20_000, at: '2026-03-12T10:00:00Z' });
    // Before the handoff, past its 7 days, another shopper: not the widget's.
    await placed(shop, { id: '5', phone: SHOPPER, totalMinor: 1_000, at: '2026-03-11T09:59:00Z' });
    await placed(shop, { id: '6', phone: SHOPPER, totalMinor: 1_000, at: '2026-03-18T10:00:01Z' });
    await placed(shop, { id: '7', phone: '+5511900000000', totalMinor: 1_000, at: '2026-03-12T10:00:00Z' });
    // Both ways (its link, by the handed-over shopper): once, at the store's value net of refunds.
    await checkedOut(shop, { id: '8', cartId: `c8-${uid}`, ref, valueMinor: 8_000, at: '2026-03-13T10:00:00Z' });
    await placed(shop, { id: '8', phone: SHOPPER, totalMinor: 9_000, at: '2026-03-13T10:00:00Z' });

    const week = await widgetOrders(db, uid, { from: '2026-03-08', to: '2026-03-14', zone: ZONE });
    expect({ orders: week.orders, byCurrency: Object.fromEntries(week.byCurrency) }).toEqual({
      orders: 3,
      byCurrency: { BRL: { orders: 3, valueMinor: 12_990 + 20_000 + 8_000 } },
    });
    // 10 March 12:10 UTC is 09:10 in São Paulo: the day of 10 March only.
    expect((await widgetOrders(db, uid, { from: '2026-03-10', to: '2026-03-10', zone: ZONE })).orders).toBe(1);
    expect((await widgetOrders(db, uid, { from: '2026-03-01', to: '2026-03-07', zone: ZONE })).orders).toBe(0);

    // On the dashboard while the widget counts anything: the period's orders and value, the previous period's none.
    await db.insert(widgetEvents).values({ uid, kind: 'view', occurredAt: new Date('2026-03-10T15:00:00Z') });
    const dashboard = await dashboardStore(db).dashboard(
      uid,
      { from: '2026-03-08', to: '2026-03-14', currency: 'BRL' },
      new Date('2026-03-15T12:00:00Z'),
    );
    expect(dashboard.widget).toMatchObject({
      views: { current: 1, previous: 0 },
      orders: { current: 3, previous: 0, change: 'new' },
      valueMinor: { current: 40_990, previous: 0 },
      currency: 'BRL',
    });
  });

  test('an account without a widget, or whose widget counted nothing: no orders read', async () => {
    const { db } = await testDatabase();
    const uid = `widget-orders-none-${randomUUID()}`;
    await db.insert(accounts).values({ uid, timeZone: ZONE });
    expect((await widgetOrders(db, uid, { from: '2026-03-08', to: '2026-03-14', zone: ZONE })).orders).toBe(0);
    const dashboard = await dashboardStore(db).dashboard(
      uid,
      { from: '2026-03-08', to: '2026-03-14', currency: 'BRL' },
      new Date('2026-03-15T12:00:00Z'),
    );
    expect(dashboard.widget).toMatchObject({ orders: { current: 0 }, valueMinor: { current: 0 }, currency: null });
  });
});
