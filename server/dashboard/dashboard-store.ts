// The dashboard's figures for one account (GET /api/v1/dashboard and its CSV): one query over the
// rollups (server/dashboard/dashboard-tables.ts, dashboard_rollups: a row per day of the account's zone and source)
// from the previous period's first day to the period's last, never over the raw events; one query for
// the account's plan and its history, zone, usage and sources. The arithmetic is domain/dashboard.ts's
// (and domain/plan-timeline.ts's: each past day and month priced with the plan then in force), here only applied.
import { sql } from 'drizzle-orm';
import {
  averageTicket,
  compared,
  conversionRate,
  costPerCatalog,
  eachDay,
  extraQueries,
  mediaShares,
  monthlyCostMinor,
  percentChange,
  previousPeriod,
  projectedQueries,
  recoveryRate,
  returnOnSpend,
  type Dashboard,
  type DashboardDay,
  type DashboardQuery,
  type DayRange,
} from '@/domain/dashboard';
import { monthPlans, periodSpendOverPlansMinor, type PlanChange } from '@/domain/plan-timeline';
import { mediaTypes, plans, type Currency, type MediaType, type PlanId } from '@/domain/plans';
import type { Db } from '../db/database';
import { changeTimeZone, UnknownTimeZone } from './time-zone-change';
import { widgetOrders, type WidgetOrders } from '../widgets/widget-orders';

/**
 * Why a dashboard is refused: a filter names no record of the caller's (another account's is the same
 * 404), or the database does not know a zone the runtime's Intl knew (their tz databases can differ).
 */
export class DashboardRefusal extends Error {
  constructor(
    readonly reason: 'filter_not_found' | 'zone_unknown',
    readonly filter: 'inventory' | 'aiBase' | 'channel' | 'tz',
  ) {
    super(reason === 'zone_unknown' ? 'Unknown time zone.' : `No such ${filter}.`);
    this.name = 'DashboardRefusal';
  }
}

/** One day and source of the rollups, summed. */
export type DaySource = {
  day: string;
  inventoryId: string | null;
  aiBaseId: string | null;
  channelId: string | null;
  /** '' on rows without orders. */
  currency: string;
  accesses: number;
  cartViews: number;
  checkouts: number;
  catalogsSent: number;
  orders: number;
  orderValueMinor: number;
  requests: Record<MediaType, number>;
  extraRequests: number;
  /** Template messages sent first, by category, their cost (USD micros) and the notices among them. */
  messages: MessageCounts;
  /** Checkout recovery on the day of each checkout's first reminder (the value on its currency's row). */
  recovery: RecoveryCounts;
  /** The website widget's events (widget_events). */
  widget: WidgetCounts;
};

const widgetCountKeys = ['views', 'opens', 'chats', 'searches', 'whatsappClicks', 'handoffs'] as const;
type WidgetCounts = Record<(typeof widgetCountKeys)[number], number>;
const noWidgetOrders: WidgetOrders = { orders: 0, byCurrency: new Map() };

type MessageCounts = { utility: number; marketing: number; costMicros: number; notices: number };
const noMessages = (): MessageCounts => ({ utility: 0, marketing: 0, costMicros: 0, notices: 0 });
type RecoveryCounts = { reminded: number; recovered: number; discountsUsed: number; valueMinor: number };

type Totals = {
  accesses: number;
  catalogsSent: number;
  orders: number;
  /** Orders and value per currency: averages are taken within one currency. */
  money: Map<string, { orders: number; valueMinor: number }>;
  requests: Record<MediaType, number>;
  extraRequests: number;
  messages: MessageCounts;
  recovery: Omit<RecoveryCounts, 'valueMinor'>;
  /** The recovered value per currency. */
  recovered: Map<string, number>;
  widget: WidgetCounts;
};

const noRequests = (): Record<MediaType, number> => ({
  text: 0,
  vision: 0,
  file: 0,
  voice: 0,
});
const requestCount = (requests: Record<MediaType, number>) => mediaTypes.reduce((sum, type) => sum + requests[type], 0);

function totalsOf(rows: DaySource[]): Totals {
  const totals: Totals = {
    accesses: 0,
    catalogsSent: 0,
    orders: 0,
    money: new Map(),
    requests: noRequests(),
    extraRequests: 0,
    messages: noMessages(),
    recovery: { reminded: 0, recovered: 0, discountsUsed: 0 },
    recovered: new Map(),
    widget: { views: 0, opens: 0, chats: 0, searches: 0, whatsappClicks: 0, handoffs: 0 },
  };
  for (const row of rows) {
    for (const key of widgetCountKeys) totals.widget[key] += row.widget[key];
    for (const key of ['utility', 'marketing', 'costMicros', 'notices'] as const) totals.messages[key] += row.messages[key];
    for (const key of ['reminded', 'recovered', 'discountsUsed'] as const) totals.recovery[key] += row.recovery[key];
    if (row.currency !== '' && row.recovery.valueMinor !== 0)
      totals.recovered.set(row.currency, (totals.recovered.get(row.currency) ?? 0) + row.recovery.valueMinor);
    totals.accesses += row.accesses;
    totals.catalogsSent += row.catalogsSent;
    totals.orders += row.orders;
    if (row.currency !== '') {
      const money = totals.money.get(row.currency) ?? {
        orders: 0,
        valueMinor: 0,
      };
      money.orders += row.orders;
      money.valueMinor += row.orderValueMinor;
      totals.money.set(row.currency, money);
    }
    for (const type of mediaTypes) totals.requests[type] += row.requests[type];
    totals.extraRequests += row.extraRequests;
  }
  return totals;
}

/** Each day's extra queries (the plan's extra-query price is the day's). */
function extraByDay(rows: DaySource[]): Map<string, number> {
  const extra = new Map<string, number>();
  for (const row of rows) if (row.extraRequests !== 0) extra.set(row.day, (extra.get(row.day) ?? 0) + row.extraRequests);
  return extra;
}

/** The account's plan history as the account query hands it over ('plan,epoch ms' joined by ';', oldest first). */
function parsePlanChanges(text: string | null): PlanChange[] {
  return (text ? text.split(';') : []).map((entry) => {
    const [plan, at] = entry.split(',') as [PlanId, string];
    return { plan, effectiveFrom: new Date(Number(at)) };
  });
}

/** The currency a value is shown in: the one with the most of it in the period (then the previous), else none. */
function mainCurrency(values: (totals: Totals) => Map<string, number>, ...periods: Totals[]): string | null {
  for (const totals of periods) {
    const best = [...values(totals).entries()].filter(([, value]) => value > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (best) return best[0];
  }
  return null;
}
const convertedValues = (totals: Totals) => new Map([...totals.money].map(([currency, money]) => [currency, money.valueMinor]));

/** The days of a period, every one present (zeros where nothing happened). */
export function daysOf(range: DayRange, rows: DaySource[], currency: string | null): DashboardDay[] {
  const days = new Map(
    eachDay(range.from, range.to).map((day) => [
      day,
      {
        day,
        accesses: 0,
        catalogsSent: 0,
        orders: 0,
        convertedValueMinor: 0,
        requests: 0,
        mediaTypes: noRequests(),
      } as DashboardDay,
    ]),
  );
  for (const row of rows) {
    const day = days.get(row.day);
    if (!day) continue;
    day.accesses += row.accesses;
    day.catalogsSent += row.catalogsSent;
    day.orders += row.orders;
    if (row.currency === currency) day.convertedValueMinor += row.orderValueMinor;
    for (const type of mediaTypes) day.mediaTypes[type] += row.requests[type];
    day.requests += requestCount(row.requests);
  }
  return [...days.values()];
}

// db.execute's answer differs by driver (PGlite, node-postgres); both carry `rows`.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const monthOf = (now: Date, monthsBack = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);

/** daySources' text back into rows. */
function parseRollups(text: string | null): DaySource[] {
  return (text ? text.split(';') : []).map((line): DaySource => {
    const [day, inventoryId, aiBaseId, channelId, currency, ...counts] = line.split(',') as [
      string,
      string,
      string,
      string,
      string,
      ...string[],
    ];
    const count = counts.map(Number);
    return {
      day,
      inventoryId: inventoryId || null,
      aiBaseId: aiBaseId || null,
      channelId: channelId || null,
      currency,
      accesses: count[0]!,
      cartViews: count[1]!,
      checkouts: count[2]!,
      catalogsSent: count[3]!,
      orders: count[4]!,
      orderValueMinor: count[5]!,
      requests: { text: count[6]!, vision: count[7]!, file: count[8]!, voice: count[9]! },
      extraRequests: count[10]!,
      messages: { utility: count[11]!, marketing: count[12]!, costMicros: count[13]!, notices: count[14]! },
      recovery: { reminded: count[15]!, recovered: count[16]!, discountsUsed: count[17]!, valueMinor: count[18]! },
      widget: {
        views: count[19]!,
        opens: count[20]!,
        chats: count[21]!,
        searches: count[22]!,
        whatsappClicks: count[23]!,
        handoffs: count[24]!,
      },
    };
  });
}

export function dashboardStore(db: Db) {
  /**
   * The rollups of [the previous period's first day, the period's last day]: one row per day of the
   * account's zone and source already. Handed over as one text value (rows joined by ';', fields by
   * ','): hundreds of rows of many columns cost PGlite several times more to hand over as rows.
   * `detailed`: the CSV's sources and cart figures; the screen's sums need neither (and uuids cost
   * PGlite to write out).
   */
  function rollupsOf(uid: string, query: DashboardQuery, detailed: boolean) {
    const range = { from: query.from, to: query.to };
    const previous = previousPeriod(range);
    const filters = [
      query.inventory ? sql` and inventory_id = ${query.inventory}::uuid` : sql``,
      query.aiBase ? sql` and ai_base_id = ${query.aiBase}::uuid` : sql``,
      query.channel ? sql` and channel_id = ${query.channel}::uuid` : sql``,
    ];
    // concat() writes a null as '' (ids are uuids, currencies ISO codes: neither holds ',' or ';').
    const select = sql`
      select string_agg(concat(day, ',', ${
        detailed ? sql`inventory_id, ',', ai_base_id, ',', channel_id` : sql`',,'`
      }, ',', currency, ',', accesses, ',', ${detailed ? sql`cart_views, ',', checkouts` : sql`'0,0'`}, ',', catalogs_sent, ',', orders, ',',
        order_value_minor, ',', requests_text, ',', requests_vision, ',', requests_file, ',', requests_voice, ',', extra_requests, ',',
        messages_utility, ',', messages_marketing, ',', message_cost_micros, ',', notices_sent, ',',
        checkouts_reminded, ',', checkouts_recovered, ',', recovery_discounts_used, ',', recovered_value_minor, ',',
        widget_views, ',', widget_opens, ',', widget_chats, ',', widget_searches, ',', widget_whatsapp_clicks, ',', widget_handoffs), ';' order by day)
      from dashboard_rollups
      where uid = ${uid} and day >= ${previous.from}::date and day <= ${range.to}::date${sql.join(filters)}`;
    return { range, previous, select };
  }

  async function daySources(uid: string, query: DashboardQuery, detailed = false) {
    const { range, previous, select } = rollupsOf(uid, query, detailed);
    const [result] = rowsOf<{ rows: string | null }>(await db.execute(sql`select (${select}) as rows`));
    return { range, previous, rows: parseRollups(result?.rows ?? null) };
  }

  /** The account's plan and its history, this and last month's queries, what it has configured; refuses a filter that names nothing of its own. */
  /** (`rollups`: a rollups read to make in the same statement, one round trip the fewer.) */
  async function account(
    uid: string,
    query: Pick<DashboardQuery, 'inventory' | 'aiBase' | 'channel'>,
    now: Date,
    rollups = sql`null::text`,
  ) {
    const owns = (table: string, id: string | undefined) =>
      id === undefined ? sql`true` : sql`exists (select 1 from ${sql.identifier(table)} where id = ${id}::uuid and uid = ${uid})`;
    const result = rowsOf<Record<string, string | number | boolean | null>>(
      await db.execute(sql`
      select
        (select plan from accounts where uid = ${uid}) as plan,
        (select time_zone from accounts where uid = ${uid}) as time_zone,
        (select string_agg(concat(plan, ',', (extract(epoch from effective_from) * 1000)::bigint), ';' order by effective_from, id)
          from plan_changes where uid = ${uid}) as plan_changes,
        (select queries from account_monthly_usage where uid = ${uid} and month = ${monthOf(now)}::date) as queries,
        (select queries from account_monthly_usage where uid = ${uid} and month = ${monthOf(now, 1)}::date) as previous_queries,
        (select count(*) from inventories where uid = ${uid})::int as inventories,
        (select count(*) from inventories where uid = ${uid} and status = 'configured')::int as configured_inventories,
        (select count(*) from ai_bases where uid = ${uid})::int as ai_bases,
        (select count(*) from ai_bases where uid = ${uid} and status = 'training')::int as ai_bases_in_configuration,
        (select count(*) from channels where uid = ${uid})::int as channels,
        ${owns('inventories', query.inventory)} as inventory_owned,
        ${owns('ai_bases', query.aiBase)} as ai_base_owned,
        ${owns('channels', query.channel)} as channel_owned,
        (${rollups}) as rollups`),
    );
    const row = result[0]!;
    if (!row.inventory_owned) throw new DashboardRefusal('filter_not_found', 'inventory');
    if (!row.ai_base_owned) throw new DashboardRefusal('filter_not_found', 'aiBase');
    if (!row.channel_owned) throw new DashboardRefusal('filter_not_found', 'channel');
    return {
      plan: ((row.plan as PlanId | null) ?? 'basic') satisfies PlanId,
      timeZone: (row.time_zone as string | null) ?? null,
      planChanges: parsePlanChanges(row.plan_changes as string | null),
      rollups: (row.rollups as string | null) ?? null,
      queries: Number(row.queries ?? 0),
      previousQueries: Number(row.previous_queries ?? 0),
      sources: {
        inventories: Number(row.inventories),
        configuredInventories: Number(row.configured_inventories),
        aiBases: Number(row.ai_bases),
        aiBasesInConfiguration: Number(row.ai_bases_in_configuration),
        channels: Number(row.channels),
      },
    };
  }

  /** The account's zone; one without a zone adopts the caller's (the browser's), else UTC. */
  async function zoneOf(uid: string, accountZone: string | null, callerZone: string | undefined): Promise<string> {
    if (accountZone !== null) return accountZone;
    if (callerZone === undefined) return 'UTC';
    await changeTimeZone(db, uid, callerZone).catch((error: unknown) => {
      throw error instanceof UnknownTimeZone ? new DashboardRefusal('zone_unknown', 'tz') : error;
    });
    return callerZone;
  }

  return {
    daySources,

    /** The whole screen's figures for the period and the previous one. */
    async dashboard(uid: string, query: DashboardQuery, now = new Date()): Promise<Dashboard> {
      const read = rollupsOf(uid, query, false);
      const facts = await account(uid, query, now, read.select);
      const zone = await zoneOf(uid, facts.timeZone, query.tz);
      const { range, previous } = read;
      // An account that just took the caller's zone has had its rollups recounted in it: read again.
      const rows = facts.timeZone === null ? (await daySources(uid, query)).rows : parseRollups(facts.rollups);
      const currentRows = rows.filter((row) => row.day >= range.from);
      const previousRows = rows.filter((row) => row.day < range.from);
      const [current, before] = [totalsOf(currentRows), totalsOf(previousRows)];
      const currency: Currency = query.currency ?? 'USD';
      const converted = mainCurrency(convertedValues, current, before);
      const recoveredCurrency = mainCurrency((totals) => totals.recovered, current, before);
      const money = (totals: Totals) => totals.money.get(converted ?? '') ?? { orders: 0, valueMinor: 0 };
      // Each period's days priced with the plan in force on each (domain/plan-timeline.ts).
      const spendOf = (days: DayRange, dayRows: DaySource[]) =>
        periodSpendOverPlansMinor(days, extraByDay(dayRows), facts.planChanges, zone, facts.plan, currency);
      const spend = [spendOf(range, currentRows), spendOf(previous, previousRows)] as const;
      const figure = (of: (totals: Totals, spendMinor: number) => number | null) => compared(of(current, spend[0]), of(before, spend[1]));
      // Each month billed with the plan in force when it closes (now, for this one).
      const billed = monthPlans(facts.planChanges, now, facts.plan);
      const plan = plans[billed.thisMonth];
      const price = plan.prices[currency];
      const allowance = plan.limits.queriesPerMonth;
      const previousPlan = plans[billed.previousMonth];
      const total = monthlyCostMinor(facts.queries, allowance, price);
      const previousTotal = monthlyCostMinor(facts.previousQueries, previousPlan.limits.queriesPerMonth, previousPlan.prices[currency]);
      const projected = projectedQueries(facts.queries, now);
      const evolution = (days: DashboardDay[]) =>
        days.map(({ day, catalogsSent, accesses }) => ({
          day,
          catalogsSent,
          accesses,
        }));
      const currentShares = mediaShares(current.requests);
      // The widget's orders: read only while it counts anything (its links' checkouts and handed-over shoppers' orders).
      const widgetCounted = widgetCountKeys.some((key) => current.widget[key] > 0 || before.widget[key] > 0);
      const [widgetNow, widgetBefore] = widgetCounted
        ? await Promise.all([widgetOrders(db, uid, { ...range, zone }), widgetOrders(db, uid, { ...previous, zone })])
        : [noWidgetOrders, noWidgetOrders];
      const widgetCurrency =
        [converted, ...widgetNow.byCurrency.keys(), ...widgetBefore.byCurrency.keys()].find(
          (code) => code !== null && (widgetNow.byCurrency.has(code) || widgetBefore.byCurrency.has(code)),
        ) ?? null;
      const widgetValue = (orders: WidgetOrders) => (widgetCurrency ? (orders.byCurrency.get(widgetCurrency)?.valueMinor ?? 0) : 0);
      const days = daysOf(range, currentRows, converted);
      return {
        range: {
          ...range,
          tz: zone,
          previousFrom: previous.from,
          previousTo: previous.to,
        },
        currency,
        convertedCurrency: converted,
        accesses: figure((totals) => totals.accesses),
        catalogsSent: figure((totals) => totals.catalogsSent),
        catalogEvolution: {
          current: evolution(days),
          previous: evolution(daysOf(previous, previousRows, converted)),
        },
        convertedValue: figure((totals) => money(totals).valueMinor),
        orders: figure((totals) => totals.orders),
        averageTicket: figure((totals) => averageTicket(money(totals).valueMinor, money(totals).orders)),
        spend: compared(spend[0], spend[1]),
        costPerCatalog: figure((totals, spendMinor) => costPerCatalog(spendMinor, totals.catalogsSent)),
        conversionRate: figure((totals) => conversionRate(totals.orders, totals.accesses)),
        returnOnSpend: figure((totals, spendMinor) => returnOnSpend(money(totals).valueMinor, converted, spendMinor, currency)),
        requests: figure((totals) => requestCount(totals.requests)),
        messages: {
          utility: figure((totals) => totals.messages.utility),
          marketing: figure((totals) => totals.messages.marketing),
          costMicros: figure((totals) => totals.messages.costMicros),
          noticesSent: figure((totals) => totals.messages.notices),
        },
        recovery: {
          reminded: figure((totals) => totals.recovery.reminded),
          recovered: figure((totals) => totals.recovery.recovered),
          rate: figure((totals) => recoveryRate(totals.recovery.recovered, totals.recovery.reminded)),
          valueMinor: figure((totals) => totals.recovered.get(recoveredCurrency ?? '') ?? 0),
          discountsUsed: figure((totals) => totals.recovery.discountsUsed),
          currency: recoveredCurrency,
        },
        widget: {
          views: figure((totals) => totals.widget.views),
          opens: figure((totals) => totals.widget.opens),
          chats: figure((totals) => totals.widget.chats),
          searches: figure((totals) => totals.widget.searches),
          whatsappClicks: figure((totals) => totals.widget.whatsappClicks),
          handoffs: figure((totals) => totals.widget.handoffs),
          orders: compared(widgetNow.orders, widgetBefore.orders),
          valueMinor: compared(widgetValue(widgetNow), widgetValue(widgetBefore)),
          currency: widgetCurrency,
        },
        mediaTypes: Object.fromEntries(
          mediaTypes.map((type) => [
            type,
            {
              ...compared(current.requests[type], before.requests[type]),
              share: currentShares[type],
            },
          ]),
        ) as Dashboard['mediaTypes'],
        monthlyCost: {
          month: monthOf(now).slice(0, 7),
          currency,
          planMinor: price.monthlyCents,
          extraQueryMinor: price.extraQueryCents,
          allowance,
          queriesUsed: facts.queries,
          extraQueries: extraQueries(facts.queries, allowance),
          totalMinor: total,
          projectedQueries: projected,
          projectedTotalMinor: monthlyCostMinor(projected, allowance, price),
          previousTotalMinor: previousTotal,
          change: percentChange(total, previousTotal),
        },
        days,
        sources: facts.sources,
      };
    },

    /** The period's rows by day and source for the CSV, with the sources' names (refuses as `dashboard` does). */
    async exportRows(uid: string, query: DashboardQuery, now = new Date()) {
      const facts = await account(uid, query, now);
      await zoneOf(uid, facts.timeZone, query.tz);
      const { range, rows } = await daySources(uid, query, true);
      const names = rowsOf<{ kind: string; id: string; name: string }>(
        await db.execute(sql`
        select 'inventory' as kind, id::text, name from inventories where uid = ${uid}
        union all select 'aiBase', id::text, name from ai_bases where uid = ${uid}
        union all select 'channel', id::text, display_phone_number from channels where uid = ${uid}`),
      );
      const nameOf = new Map(names.map((row) => [`${row.kind}:${row.id}`, row.name]));
      return {
        range,
        rows: rows.filter((row) => row.day >= range.from),
        nameOf: (kind: string, id: string | null) => (id ? (nameOf.get(`${kind}:${id}`) ?? '') : ''),
      };
    },
  };
}

export type DashboardStore = ReturnType<typeof dashboardStore>;
