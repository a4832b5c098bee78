// An audience's rules (domain/audience.ts) as SQL over the account's contacts: the condition, the live
// count with who is left out and why, and the reachable contacts a campaign is planned for. The list
// of one import is its members (./contact-import-queries.ts), frozen when it ran. Rules that
// look beyond the contact (orders, open checkouts, conversations) ask those areas' queries for a
// subquery of numbers, each read once per statement. Reachable is subscribed to marketing, always.
import { and, arrayOverlaps, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OPEN_CHECKOUT_DAYS, type AudienceCount, type AudienceRules } from '@/domain/audience';
import type { Locale } from '@/domain/locales';
import { accountShoppersWroteSql } from '../channels/channel-queries';
import { openCheckoutPhonesSql } from '../checkouts/checkout-queries';
import type { Db } from '../db/database';
import { accountOrdersSql } from '../order-events/order-event-queries';
import { contactImportMembersSql } from './contact-import-queries';
import { contacts } from './contact-tables';

const DAY_MS = 24 * 60 * 60_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** The rules as a condition on `contacts` of the account (its uid included). */
export function audienceConditionSql(uid: string, rules: AudienceRules, now: Date): SQL {
  const conditions: SQL[] = [eq(contacts.uid, uid)];
  if (rules.languages.length > 0) conditions.push(inArray(contacts.language, rules.languages));
  if (rules.countries.length > 0) conditions.push(inArray(contacts.country, rules.countries));
  // Any of the tags (`&&`, through the tags' GIN index).
  if (rules.tags.length > 0) conditions.push(arrayOverlaps(contacts.tags, rules.tags));
  if (rules.importId !== null) conditions.push(sql`${contacts.id} in (${contactImportMembersSql(uid, rules.importId)})`);
  if (rules.orderedWithinDays !== null || rules.minTotalSpentMinor !== null) {
    const having: SQL[] = [];
    if (rules.orderedWithinDays !== null) having.push(sql`max(placed_at) > ${daysBefore(now, rules.orderedWithinDays)}`);
    if (rules.minTotalSpentMinor !== null) having.push(sql`coalesce(sum(total_minor), 0) >= ${rules.minTotalSpentMinor}`);
    conditions.push(
      sql`${contacts.phone} in (select phone from (${accountOrdersSql(uid)}) as orders group by phone having ${sql.join(having, sql` and `)})`,
    );
  }
  if (rules.openAbandonedCheckout)
    conditions.push(sql`${contacts.phone} in (${openCheckoutPhonesSql(uid, daysBefore(now, OPEN_CHECKOUT_DAYS))})`);
  if (rules.talkedWithinDays !== null)
    conditions.push(sql`${contacts.phone} in (${accountShoppersWroteSql(uid, daysBefore(now, rules.talkedWithinDays))})`);
  return and(...conditions)!;
}

/** What the rules match now: all, the reachable (subscribed to marketing), the rest by why, the reachable by country. */
export async function countAudience(db: Db, uid: string, rules: AudienceRules, now: Date): Promise<AudienceCount> {
  const where = audienceConditionSql(uid, rules, now);
  const [totals, countries] = await Promise.all([
    db
      .select({
        matched: sql<number>`count(*)::int`,
        reachable: sql<number>`(count(*) filter (where ${contacts.marketingStatus} = 'subscribed'))::int`,
        notSubscribed: sql<number>`(count(*) filter (where ${contacts.marketingStatus} = 'not_subscribed'))::int`,
        unsubscribed: sql<number>`(count(*) filter (where ${contacts.marketingStatus} = 'unsubscribed'))::int`,
      })
      .from(contacts)
      .where(where),
    db
      .select({ country: contacts.country, contacts: sql<number>`count(*)::int` })
      .from(contacts)
      .where(and(where, eq(contacts.marketingStatus, 'subscribed')))
      .groupBy(contacts.country)
      .orderBy(sql`count(*) desc`, asc(contacts.country)),
  ]);
  const total = totals[0]!;
  return {
    matched: total.matched,
    reachable: total.reachable,
    leftOut: { not_subscribed: total.notSubscribed, unsubscribed: total.unsubscribed },
    byCountry: countries,
  };
}

export type ReachableContact = { id: string; phone: string; name: string | null; language: Locale; country: string };

/**
 * The reachable contacts the rules match now, oldest first (the order a campaign's days take them in),
 * `batchSize` at a time through a cursor: a plan of 100,000 contacts never holds them all at once, nor
 * does the database's answer (with PGlite, its memory, which never shrinks, would keep the size of the
 * largest answer). `tx` must be a transaction: the cursor lives until it ends.
 */
export async function* reachableContactBatches(
  tx: Db,
  uid: string,
  rules: AudienceRules,
  now: Date,
  batchSize: number,
): AsyncGenerator<ReachableContact[]> {
  const query = tx
    .select({ id: contacts.id, phone: contacts.phone, name: contacts.name, language: contacts.language, country: contacts.country })
    .from(contacts)
    .where(and(audienceConditionSql(uid, rules, now), eq(contacts.marketingStatus, 'subscribed')))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
  // Planned for reading every row, as a plain select is, not for the first few (a cursor's default).
  await tx.execute(sql`set local cursor_tuple_fraction = 1`);
  await tx.execute(sql`declare reachable_contacts no scroll cursor for ${query}`);
  try {
    for (;;) {
      const result = await tx.execute(sql.raw(`fetch forward ${Math.max(1, Math.floor(batchSize))} from reachable_contacts`));
      const rows = (result as unknown as { rows: ReachableContact[] }).rows;
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batchSize) return;
    }
  } finally {
    // Closed now to free what it holds; its transaction's end closes it anyway (and a failed one cannot run this).
    await tx.execute(sql`close reachable_contacts`).catch(() => {});
  }
}
