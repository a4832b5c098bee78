// What other areas read of a store's recorded order events: the post-sale notices (server/notices/)
// read the event a job names, with what they need of its inventory in the same statement. Other areas
// never import order-event-tables.ts.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { orderEvents } from './order-event-tables';

export type RecordedOrderEvent = typeof orderEvents.$inferSelect;

/** The event and the values of the caller's scalars, by the names it gave them. */
type EventWith<T extends Record<string, SQL<unknown>>> = { event: RecordedOrderEvent } & {
  [K in keyof T]: T[K] extends SQL<infer V> ? V : never;
};

/**
 * The event's columns a caller's scalar may name, qualified: a one-table select names its columns bare,
 * and a bare `inventory_id` in a subquery of a table with a column of that name would be the subquery's own.
 */
const eventColumns = { inventoryId: sql`${orderEvents}.${sql.identifier(orderEvents.inventoryId.name)}` };

/**
 * The recorded event of that id and, in the same statement, `extra`: scalars the caller builds from the
 * event's columns (other areas' subqueries: its inventory's owner, its notice settings); null when it is gone.
 */
export async function orderEventWith<T extends Record<string, SQL<unknown>>>(
  db: Db,
  id: number,
  extra: (event: typeof eventColumns) => T,
): Promise<EventWith<T> | null> {
  const [row] = await db
    .select({ event: orderEvents, ...extra(eventColumns) })
    .from(orderEvents)
    .where(eq(orderEvents.id, id));
  return (row as EventWith<T> | undefined) ?? null;
}
