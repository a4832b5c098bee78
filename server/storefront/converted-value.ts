// What an inventory's links converted, as the inventory screen shows it: its attributed orders
// (written by each sync, ../inventories/order-reader.ts) counted and summed by domain/inventory.ts's rule — not
// cancelled, something left after refunds, in the currency of the latest such order — in one
// aggregate query over the inventory's rows.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ConvertedValue } from '@/domain/inventory';
import type { Db } from '../db/database';
import { attributedOrders } from './storefront-tables';

export async function convertedValue(db: Pick<Db, 'select'>, inventoryId: string): Promise<ConvertedValue> {
  const [row] = await db
    .select({
      currency: attributedOrders.currency,
      orders: sql<number>`count(*)`.mapWith(Number),
      valueMinor: sql<number>`sum(${attributedOrders.valueMinor})`.mapWith(Number),
    })
    .from(attributedOrders)
    .where(and(eq(attributedOrders.inventoryId, inventoryId), isNull(attributedOrders.cancelledAt), gt(attributedOrders.valueMinor, 0)))
    .groupBy(attributedOrders.currency)
    .orderBy(desc(sql`max(${attributedOrders.orderedAt})`))
    .limit(1);
  return row ? { orders: row.orders, valueMinor: row.valueMinor, currency: row.currency } : { orders: 0, valueMinor: 0, currency: null };
}
