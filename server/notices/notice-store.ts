// Each inventory's post-sale notice settings: read (both off until saved) and saved once checked —
// the number is the account's, each switched-on notice names a template that number's WhatsApp
// Business Account has APPROVED as Utility in some language, and every variable of it (in each of its
// approved languages) is filled from a source that notice has. A refusal names its field.
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { MessageDescriptor } from '@lingui/core';
import { templateVariables } from '@/domain/message-template';
import {
  defaultValueSource,
  noOrderNotices,
  orderNoticeKinds,
  orderNoticeRefusals,
  valueSourcesOf,
  type NoticeValueSource,
  type OrderNoticeSettings,
} from '@/domain/order-notice';
import type { ChannelStore } from '../channels/channel-store';
import type { Db } from '../db/database';
import { isAccountsInventory } from '../inventories/inventory-queries';
import { templatesByLanguage } from '../templates/template-queries';
import { orderNoticeSettings } from './notice-tables';

/** Why settings are refused: no such inventory of the caller's, or fields that do not hold. */
export class NoticeRefusal extends Error {
  constructor(
    readonly reason: 'not_found' | 'invalid',
    readonly fields: Record<string, MessageDescriptor> = {},
  ) {
    super(reason);
  }
}

/** The inventory's saved settings as a scalar of the caller's statement (null until saved): for the notice worker's one read. */
export const noticeSettingsSql = (inventoryId: SQLWrapper): SQL<OrderNoticeSettings | null> =>
  sql<OrderNoticeSettings | null>`(select jsonb_build_object('channelId', ${orderNoticeSettings.channelId}, 'notices', ${orderNoticeSettings.notices})
    from ${orderNoticeSettings} where ${orderNoticeSettings.inventoryId} = ${inventoryId})`;

export function noticeStore(db: Db, { channels }: { channels: ChannelStore }) {
  /** The saved settings, or both notices off. */
  async function settingsOf(inventoryId: string): Promise<OrderNoticeSettings> {
    const [row] = await db.select().from(orderNoticeSettings).where(eq(orderNoticeSettings.inventoryId, inventoryId));
    return row ? { channelId: row.channelId, notices: row.notices } : noOrderNotices;
  }

  /** The settings as they will be stored (unmapped variables with an obvious source filled in), or the fields refused. */
  async function checked(uid: string, input: OrderNoticeSettings): Promise<OrderNoticeSettings> {
    const fields: Record<string, MessageDescriptor> = {};
    const settings: OrderNoticeSettings = structuredClone(input);
    const anyOn = orderNoticeKinds.some((kind) => input.notices[kind].enabled);
    const channel = input.channelId ? await channels.get(uid, input.channelId) : null;
    if (input.channelId && !channel) fields.channelId = orderNoticeRefusals.channelUnknown;
    else if (!input.channelId && anyOn) fields.channelId = orderNoticeRefusals.channelMissing;

    for (const kind of orderNoticeKinds) {
      const notice = settings.notices[kind];
      const at = `notices.${kind}`;
      for (const [variable, source] of Object.entries(notice.variables))
        if (!valueSourcesOf(kind).includes(source)) fields[`${at}.variables.${variable}`] = orderNoticeRefusals.sourceUnavailable;
      if (!notice.enabled) continue;
      if (!notice.templateName) {
        fields[`${at}.templateName`] = orderNoticeRefusals.templateMissing;
        continue;
      }
      if (!channel) continue;
      const languages = [...(await templatesByLanguage(db, channel.id, notice.templateName)).values()];
      const approved = languages.filter((template) => template.status === 'APPROVED');
      if (languages.length === 0) fields[`${at}.templateName`] = orderNoticeRefusals.templateUnknown;
      else if (approved.length === 0) fields[`${at}.templateName`] = orderNoticeRefusals.templateNotApproved;
      else if (approved.some((template) => template.category !== 'UTILITY'))
        fields[`${at}.templateName`] = orderNoticeRefusals.templateMarketing;
      if (approved.length === 0) continue;

      const needed = new Set(approved.flatMap((template) => templateVariables(template.content)));
      for (const variable of Object.keys(notice.variables))
        if (!needed.has(variable)) fields[`${at}.variables.${variable}`] = orderNoticeRefusals.variableUnknown;
      for (const variable of needed) {
        if (notice.variables[variable]) continue;
        const source: NoticeValueSource | null = defaultValueSource(variable, kind);
        if (source) notice.variables[variable] = source;
        else fields[`${at}.variables.${variable}`] = orderNoticeRefusals.variableUnmapped;
      }
    }
    if (Object.keys(fields).length > 0) throw new NoticeRefusal('invalid', fields);
    return settings;
  }

  return {
    settingsOf,

    /** The caller's inventory's settings. */
    async get(uid: string, inventoryId: string): Promise<OrderNoticeSettings> {
      if (!(await isAccountsInventory(db, uid, inventoryId))) throw new NoticeRefusal('not_found');
      return settingsOf(inventoryId);
    },

    /** Checks and stores the caller's inventory's settings; answers them as stored. */
    async save(uid: string, inventoryId: string, input: OrderNoticeSettings): Promise<OrderNoticeSettings> {
      if (!(await isAccountsInventory(db, uid, inventoryId))) throw new NoticeRefusal('not_found');
      const settings = await checked(uid, input);
      const values = { channelId: settings.channelId, notices: settings.notices, updatedAt: new Date() };
      await db
        .insert(orderNoticeSettings)
        .values({ inventoryId, uid, ...values })
        .onConflictDoUpdate({ target: orderNoticeSettings.inventoryId, set: values });
      return settings;
    },
  };
}

export type NoticeStore = ReturnType<typeof noticeStore>;
