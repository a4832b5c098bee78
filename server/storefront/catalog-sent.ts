// The `catalog_sent` event of a WhatsApp reply that showed an inventory's catalog or products,
// written by the channels area in the transaction that records the message as sent. An inventory
// deleted since the reply was decided takes no event (and the message's record still stands).
import { sql } from 'drizzle-orm';
import type { Locale } from '@/domain/locales';
import type { StorefrontEventKind } from '@/domain/storefront';
import type { Db } from '../db/database';
import { inventoryExistsSql } from '../inventories/inventory-queries';
import { storefrontEvents } from './storefront-tables';

export type CatalogSent = { inventoryId: string; locale: Locale; visitorId: string; channelId: string; occurredAt: Date };

export async function recordCatalogSent(tx: Db, event: CatalogSent): Promise<void> {
  await tx.execute(sql`
    insert into ${storefrontEvents} (inventory_id, kind, locale, visitor_id, channel_id, occurred_at)
    select ${event.inventoryId}::uuid, ${'catalog_sent' satisfies StorefrontEventKind}, ${event.locale}, ${event.visitorId},
      ${event.channelId}::uuid, ${event.occurredAt.toISOString()}::timestamptz
    where ${inventoryExistsSql(sql`${event.inventoryId}::uuid`)}`);
}
