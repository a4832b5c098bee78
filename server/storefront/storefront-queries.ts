// What other areas ask of the shoppers' events, as a scalar for their own statement: how many
// visitors opened a public page from a link carrying a given `ref` (a campaign's clicks). Other areas
// never import storefront-tables.ts (scripts/lint-area-tables.js).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { storefrontEvents } from './storefront-tables';

/** The distinct visitors whose catalog or cart page access came from a link with `ref`. */
export const visitorsFromRefSql = (ref: string): SQL<number> =>
  sql<number>`(select count(distinct ${storefrontEvents.visitorId})::int from ${storefrontEvents}
    where ${and(eq(storefrontEvents.ref, ref), eq(storefrontEvents.kind, 'access'))})`;
