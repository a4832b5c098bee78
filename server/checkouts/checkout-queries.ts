// What other areas ask of the stores' checkouts: the numbers with an abandoned checkout still open (an
// audience's rule), as a subquery for their own statement. Other areas never import checkout-tables.ts
// (scripts/lint-area-tables.js).
import { sql, type SQL } from 'drizzle-orm';
import { accountInventoryIdsSql } from '../inventories/inventory-queries';
import { storeCheckouts } from './checkout-tables';

/**
 * The numbers (column `phone`) of the account's checkouts started after `since` and neither completed
 * nor recovered by an order.
 */
export const openCheckoutPhonesSql = (uid: string, since: Date): SQL =>
  sql`select distinct ${storeCheckouts.phone} as phone from ${storeCheckouts}
    where ${storeCheckouts.inventoryId} in (${accountInventoryIdsSql(uid)}) and ${storeCheckouts.phone} is not null
      and ${storeCheckouts.completedAt} is null and ${storeCheckouts.recoveredOrderId} is null and ${storeCheckouts.startedAt} > ${since}`;
