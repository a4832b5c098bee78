// A store's orders as attributed_orders rows: which of them an inventory's links brought (its cart
// attribute, or its referral code), and their writing by order id, so reading an order again (a
// refund, a cancellation) updates it instead of counting it twice. The inventory sync reads the
// orders (server/inventories/order-reader.ts); this area keeps them. Each page also goes to checkout
// recovery, which keeps the orders that recovered a reminded checkout the same way.
import { inArray, sql } from 'drizzle-orm';
import { CART_ATTRIBUTE } from '@/domain/checkout-link';
import { recordReadOrders } from '../checkouts/recovered-orders';
import type { Db } from '../db/database';
import type { StoreOrder } from '../inventories/order-reader';
import { decimalToMinor } from '../inventories/store-reader';
import { attributedOrders, carts } from './storefront-tables';

export type AttributedOrder = typeof attributedOrders.$inferInsert;
type Inventory = { id: string; attributionCode: string };

/**
 * The orders of a page that are the inventory's, as rows: with the `catalyst_cart` attribute
 * (unless it names another inventory's cart — a store may back two inventories), else with the
 * inventory's attribution code as the last visit's referral code. The value is the current total
 * (net of refunds) in minor units, 0 once cancelled. The page is handed to checkout recovery first
 * (server/checkouts/recovered-orders.ts: an order from a reminded checkout, its value kept current).
 */
export async function attributedRows(db: Db, inventory: Inventory, orders: StoreOrder[]): Promise<AttributedOrder[]> {
  await recordReadOrders(db, inventory.id, orders);
  const cartOf = (order: StoreOrder) => order.customAttributes.find((attribute) => attribute.key === CART_ATTRIBUTE)?.value?.trim() || null;
  const cartIds = [...new Set(orders.map(cartOf).filter((id): id is string => id !== null))];
  const owners = new Map(
    cartIds.length === 0
      ? []
      : (await db.select({ id: carts.id, inventoryId: carts.inventoryId }).from(carts).where(inArray(carts.id, cartIds))).map(
          (cart) => [cart.id, cart.inventoryId] as const,
        ),
  );
  const rows = new Map<string, AttributedOrder>();
  for (const order of orders) {
    const cartId = cartOf(order);
    const owner = cartId === null ? undefined : owners.get(cartId);
    const referralCode = order.customerJourneySummary?.lastVisit?.referralCode?.trim() ?? null;
    let attribution: Pick<AttributedOrder, 'attributedBy' | 'cartId'>;
    if (cartId !== null && (owner === undefined || owner === inventory.id)) attribution = { attributedBy: 'cart_attribute', cartId };
    else if (cartId === null && referralCode === inventory.attributionCode) attribution = { attributedBy: 'referral_code', cartId: null };
    else continue;
    const { amount, currencyCode } = order.currentTotalPriceSet.shopMoney;
    rows.set(order.id, {
      inventoryId: inventory.id,
      orderId: order.id,
      ...attribution,
      valueMinor: order.cancelledAt ? 0 : decimalToMinor(amount, currencyCode),
      currency: currencyCode,
      orderedAt: new Date(order.createdAt),
      cancelledAt: order.cancelledAt ? new Date(order.cancelledAt) : null,
    });
  }
  return [...rows.values()];
}

const changedColumns = ['cart_id', 'attributed_by', 'value_minor', 'currency', 'ordered_at', 'cancelled_at'];

/**
 * Writes attributed orders by order id: new ones inserted, known ones updated when something of
 * theirs changed (their updated_at then now). Counts the new and the changed.
 */
export async function upsertAttributedOrders(db: Db, rows: AttributedOrder[]): Promise<{ inserted: number; changed: number }> {
  if (rows.length === 0) return { inserted: 0, changed: 0 };
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const written = await db
    .insert(attributedOrders)
    .values(rows)
    .onConflictDoUpdate({
      target: [attributedOrders.inventoryId, attributedOrders.orderId],
      set: {
        cartId: excluded('cart_id'),
        attributedBy: excluded('attributed_by'),
        valueMinor: excluded('value_minor'),
        currency: excluded('currency'),
        orderedAt: excluded('ordered_at'),
        cancelledAt: excluded('cancelled_at'),
        updatedAt: sql`now()`,
      },
      setWhere: sql.raw(
        `(${changedColumns.map((column) => `attributed_orders.${column}`).join(', ')}) is distinct from (${changedColumns
          .map((column) => `excluded.${column}`)
          .join(', ')})`,
      ),
    })
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
    .returning({ inserted: sql<boolean>`(attributed_orders.xmax = 0)` });
  const inserted = written.filter((row) => row.inserted).length;
  return { inserted, changed: written.length - inserted };
}
