// Each account's website widget: read (the default settings, off, until saved; its public id made on
// the first read, so the snippet can be pasted before anything is saved) and saved once it holds —
// the rules the domain checks (origins, colour, greetings, hours, cap), then what only the server
// can: the number and the inventory are the account's. A refusal names its field. And what a script
// on an allowed site reads by the public id (domain/widget.ts publicWidgetSchema): nothing private.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MessageDescriptor } from '@lingui/core';
import {
  defaultWidgetSettings,
  isWithinOpeningHours,
  normalizedWidgetSettings,
  readyMadeGreetings,
  widgetRefusals,
  widgetRefusalsOf,
  type PublicWidget,
  type Widget,
  type WidgetSettings,
} from '@/domain/widget';
import { accountTimeZone } from '../accounts/account-queries';
import type { ChannelStore } from '../channels/channel-store';
import type { Db } from '../db/database';
import { inventoryForAnswers, isAccountsInventory } from '../inventories/inventory-queries';
import { widgets } from './widget-tables';
import { widgetLinkRef } from './widget-link-ref';

/** Why settings are refused: fields that do not hold. */
export class WidgetRefusal extends Error {
  constructor(readonly fields: Record<string, MessageDescriptor>) {
    super('invalid');
  }
}

type Row = typeof widgets.$inferSelect;

const newPublicId = () => randomBytes(12).toString('base64url');

function widgetOfRow(row: Row): Widget {
  return {
    enabled: row.enabled,
    channelId: row.channelId,
    inventoryId: row.inventoryId,
    allowedOrigins: row.allowedOrigins,
    dailyCap: row.dailyCap,
    ...row.settings,
    publicId: row.publicId,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/**
 * A widget a script may show: on, with the sites it may show on, and what its chat answers with (the
 * number, the inventory, the daily cap in the account's zone); null when it is not one.
 */
export type SiteWidget = {
  uid: string;
  allowedOrigins: string[];
  dailyCap: number;
  channelId: string;
  inventoryId: string | null;
  timeZone: string;
  widget: PublicWidget;
};

/** A site's widget rows kept this long in a process's memory, for at most this many sites. */
const SITE_CACHE_MS = 5_000;
const SITE_CACHE_ENTRIES = 10_000;

type SiteRows = { row: Row; number: string; filterCatalogId: string | null; zone: string };

export function widgetStore(
  db: Db,
  {
    channels,
    chatLink = 'https://wa.me/{number}',
    now = () => new Date(),
    siteCacheMs = SITE_CACHE_MS,
  }: {
    channels: ChannelStore;
    /** The click-to-chat address, `{number}` standing for the number's digits (config WHATSAPP_CHAT_LINK). */
    chatLink?: string;
    now?: () => Date;
    /** How long a site's widget is read from this process's memory (0: never). */
    siteCacheMs?: number;
  },
) {
  // Every page view, message, report and finder read asks for its site's widget: its rows are read
  // once per siteCacheMs in this process (what depends on the time, whether someone answers, is
  // worked out on each call). Saving drops this process's copy; another process's may show the old
  // settings for up to siteCacheMs.
  const sites = new Map<string, { at: number; rows: Promise<SiteRows | null> }>();

  async function readSiteRows(publicId: string): Promise<SiteRows | null> {
    const [row] = await db.select().from(widgets).where(eq(widgets.publicId, publicId));
    if (!row?.enabled || !row.channelId) return null;
    const channel = await channels.get(row.uid, row.channelId);
    if (!channel) return null;
    const inventory = row.settings.filterEnabled && row.inventoryId ? await inventoryForAnswers(db, row.inventoryId) : null;
    const zone = (await accountTimeZone(db, row.uid)) ?? 'UTC';
    return { row, number: channel.displayPhoneNumber.replace(/\D/g, ''), filterCatalogId: inventory?.publicId ?? null, zone };
  }

  function siteRows(publicId: string): Promise<SiteRows | null> {
    const at = Date.now();
    const cached = sites.get(publicId);
    if (cached && at - cached.at < siteCacheMs) return cached.rows;
    if (sites.size >= SITE_CACHE_ENTRIES) sites.delete(sites.keys().next().value!);
    const rows = readSiteRows(publicId);
    sites.set(publicId, { at, rows });
    rows.catch(() => sites.delete(publicId));
    return rows;
  }

  /** The account's row, made (off, with a public id) when it has none. */
  async function rowOf(uid: string): Promise<Row> {
    const [found] = await db.select().from(widgets).where(eq(widgets.uid, uid));
    if (found) return found;
    const { enabled, channelId, inventoryId, allowedOrigins, dailyCap, ...settings } = defaultWidgetSettings();
    await db
      .insert(widgets)
      .values({ uid, publicId: newPublicId(), enabled, channelId, inventoryId, allowedOrigins, dailyCap, settings })
      .onConflictDoNothing();
    // Two first reads at once: one row wins, both answer it.
    const [made] = await db.select().from(widgets).where(eq(widgets.uid, uid));
    return made!;
  }

  return {
    async get(uid: string): Promise<Widget> {
      return widgetOfRow(await rowOf(uid));
    },

    /** The account's widget as saved, without making one; null when it has none. */
    async find(uid: string): Promise<Widget | null> {
      const [found] = await db.select().from(widgets).where(eq(widgets.uid, uid));
      return found ? widgetOfRow(found) : null;
    },

    /** Saves settings that hold; refuses with the fields that do not. */
    async save(uid: string, input: WidgetSettings): Promise<Widget> {
      const fields = widgetRefusalsOf(input);
      const settings = normalizedWidgetSettings(input);
      if (settings.channelId && !(await channels.get(uid, settings.channelId))) fields.channelId = widgetRefusals.channelUnknown;
      if (settings.inventoryId && !(await isAccountsInventory(db, uid, settings.inventoryId)))
        fields.inventoryId = widgetRefusals.inventoryUnknown;
      if (Object.keys(fields).length > 0) throw new WidgetRefusal(fields);
      await rowOf(uid);
      const { enabled, channelId, inventoryId, allowedOrigins, dailyCap, look, greetings, openingHours, filterEnabled } = settings;
      const [row] = await db
        .update(widgets)
        .set({
          enabled,
          channelId,
          inventoryId,
          allowedOrigins,
          dailyCap,
          settings: { look, greetings, openingHours, filterEnabled },
          updatedAt: now(),
        })
        .where(eq(widgets.uid, uid))
        .returning();
      sites.delete(row!.publicId);
      return widgetOfRow(row!);
    },

    /**
     * The widget of a public id as a script on a site reads it, with the sites it may show on; null
     * when there is none, it is off, or its number is gone (nothing would answer).
     */
    async forSite(publicId: string): Promise<SiteWidget | null> {
      const found = await siteRows(publicId);
      if (!found) return null;
      const { row, number, filterCatalogId, zone } = found;
      const { look, greetings, openingHours } = row.settings;
      return {
        uid: row.uid,
        allowedOrigins: row.allowedOrigins,
        dailyCap: row.dailyCap,
        channelId: row.channelId!,
        inventoryId: row.inventoryId,
        timeZone: zone,
        widget: {
          publicId: row.publicId,
          look,
          greetings: {
            en: greetings.en || readyMadeGreetings.en,
            pt: greetings.pt || readyMadeGreetings.pt,
            es: greetings.es || readyMadeGreetings.es,
          },
          open: isWithinOpeningHours(openingHours, now(), zone),
          openingHours,
          whatsappNumber: number,
          whatsappLink: chatLink.replace('{number}', number),
          filterCatalogId,
          linkRef: widgetLinkRef(row.publicId),
        },
      };
    },
  };
}

export type WidgetStore = ReturnType<typeof widgetStore>;
