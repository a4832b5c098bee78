// The orders the website widget brought, counted from what was recorded, never estimated: a checkout
// made from the widget's links (its `ref` on the checkout's event, ./widget-link-ref.ts) whose cart
// the store attributed an order to (net of refunds; a cancelled one is not counted), and the orders
// of shoppers whose WhatsApp conversation the widget's code began (widget_handoffs), placed within
// WIDGET_ATTRIBUTION_DAYS of it, read by phone as a campaign's are. Each order once, by currency.
import { eq, sql } from 'drizzle-orm';
import { whatsappIdsSql } from '../channels/channel-queries';
import type { Db } from '../db/database';
import { accountOrdersSql } from '../order-events/order-event-queries';
import { widgetLinkRef } from './widget-link-ref';
import { widgets } from './widget-tables';

/** How long after a handoff the shopper's orders count as the widget's (a campaign's window). */
export const WIDGET_ATTRIBUTION_DAYS = 7;

export type WidgetOrders = { orders: number; byCurrency: Map<string, { orders: number; valueMinor: number }> };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The widget's orders placed in [from, to] (days of `zone`, both counted). */
export async function widgetOrders(
  db: Db,
  uid: string,
  { from, to, zone }: { from: string; to: string; zone: string },
): Promise<WidgetOrders> {
  const [widget] = await db.select({ publicId: widgets.publicId }).from(widgets).where(eq(widgets.uid, uid));
  const none: WidgetOrders = { orders: 0, byCurrency: new Map() };
  if (!widget) return none;
  const ref = widgetLinkRef(widget.publicId);
  const start = sql`((${from}::date)::timestamp at time zone ${zone})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${zone})`;
  const rows = rowsOf<{ currency: string; orders: number; value_minor: string | number }>(
    await db.execute(sql`
      select currency, count(*)::int as orders, coalesce(sum(value_minor), 0)::bigint as value_minor from (
        select distinct on (order_key) order_key, currency, value_minor from (
          select o.inventory_id::text || ':' || regexp_replace(o.order_id, '^gid://shopify/Order/', '') as order_key,
            o.currency, o.value_minor, 0 as rank
          from storefront_events e
          join attributed_orders o on o.inventory_id = e.inventory_id and o.cart_id = e.cart_id
          where e.ref = ${ref} and e.kind = 'checkout' and o.cancelled_at is null and o.value_minor > 0
            and o.ordered_at >= ${start} and o.ordered_at < ${end}
          union all
          select orders.order_id, orders.currency, orders.total_minor, 1
          from (${accountOrdersSql(uid)}) as orders
          where orders.placed_at >= ${start} and orders.placed_at < ${end} and orders.currency is not null
            and exists (select 1 from widget_handoffs h where h.uid = ${uid} and h.picked_up_at is not null
              and h.sender in ${whatsappIdsSql(sql`orders.phone`)}
              and orders.placed_at >= h.picked_up_at and orders.placed_at < h.picked_up_at + ${WIDGET_ATTRIBUTION_DAYS}::int * interval '1 day')
        ) as found
        -- An order both ways counts once, with the store's value net of refunds (its link's row).
        order by order_key, rank
      ) as orders group by currency order by currency`),
  );
  if (rows.length === 0) return none;
  return {
    orders: rows.reduce((total, row) => total + row.orders, 0),
    byCurrency: new Map(rows.map((row) => [row.currency, { orders: row.orders, valueMinor: Number(row.value_minor) }])),
  };
}
