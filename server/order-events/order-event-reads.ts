// What other areas read of a store's recorded order events: the post-sale notices (server/notices/)
// read the event a job names. Other areas never import order-event-tables.ts.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { orderEvents } from './order-event-tables';

export type RecordedOrderEvent = typeof orderEvents.$inferSelect;

/** The recorded event of that id; null when it is gone (its inventory was deleted). */
export async function orderEventById(db: Db, id: number): Promise<RecordedOrderEvent | null> {
  const [row] = await db.select().from(orderEvents).where(eq(orderEvents.id, id));
  return row ?? null;
}
