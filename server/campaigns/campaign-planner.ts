// A campaign's plan: whether its draft holds (an audience of the account's, a number of the account's,
// a template of that number approved as MARKETING, a value for each of its variables, a time within 90
// days), what planning it now would do (the review: reachable contacts, those left out and why, the
// estimated cost by country from the dated price table, how the messaging limit spreads the sends),
// and the planning itself — one send per reachable contact whose language the template is approved
// in, each with its values frozen and its due time (domain/campaign.ts's day spread, out of the
// shopper's quiet hours), asked of the template sender in bulk statements inside one transaction with
// the campaign's switch from draft to active, so a plan asked twice (two tabs, a retry) plans once.
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MessageDescriptor } from '@lingui/core';
import {
  campaignValidation,
  campaignPaceOffsetMs,
  campaignSendDueAt,
  campaignSendKey,
  campaignStart,
  campaignValueFor,
  CAMPAIGN_PURPOSE,
  spreadDays,
  type CampaignReview,
} from '@/domain/campaign';
import type { AudienceRules } from '@/domain/audience';
import { clockMinutes, recoveryFlowRefusals } from '@/domain/checkout-recovery';
import { localeTemplateLanguages, templateLanguageLocales, templateVariables, type TemplateLanguage } from '@/domain/message-template';
import { priceOf } from '@/domain/message-pricing';
import { shopperTimeZone } from '@/domain/phone-time-zone';
import { accountTimeZone } from '../accounts/account-queries';
import type { ChannelStore } from '../channels/channel-store';
import { countAudience, reachableContactBatches, type ReachableContact } from '../contacts/contact-audience-queries';
import type { Db } from '../db/database';
import { inventoryForAnswers, isAccountsInventory } from '../inventories/inventory-queries';
import { enqueueBulkSendsSql, type BulkSend } from '../messaging/messaging-queries';
import { CAMPAIGN_PACE_MS } from '../messaging/messaging-limit';
import type { TemplateSender } from '../messaging/template-sender';
import { greetingName } from '../notices/notice-values';
import { templatesByLanguage } from '../templates/template-queries';
import { campaigns, campaignSends } from './campaign-tables';
import type { AudienceStore } from '../audiences/audience-store';

/** The zone a campaign's time and the shoppers' quiet hours are read in when neither the account nor the number names one. */
const DEFAULT_ZONE = 'America/Sao_Paulo';
/** Lower-case letters and digits a shopper or a store cannot confuse (no 0/o, 1/l). */
const REF_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** A campaign's link ref, drawn by a cryptographic generator. */
function newCampaignRef(): string {
  let tail = '';
  for (let index = 0; index < 20; index++) tail += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return `cp${tail}`;
}

/** Sends asked for per statement while planning. */
const PLAN_CHUNK = 2_000;

type CampaignRow = typeof campaigns.$inferSelect;

/** Why a campaign cannot be planned (or reviewed) as it is, by field. */
export class CampaignPlanRefusal extends Error {
  constructor(readonly fields: Record<string, MessageDescriptor>) {
    super('campaign_refused');
  }
}

export type CampaignPlannerDependencies = {
  audiences: AudienceStore;
  channels: ChannelStore;
  sender: TemplateSender;
  now?: () => Date;
  onQueued?: () => void;
};

/** What planning reads once the draft holds. */
type Checked = {
  rules: AudienceRules;
  channelId: string;
  templateName: string;
  /** The template's approved MARKETING languages, as contacts' locales. */
  locales: Set<string>;
  startsAt: Date;
  timeZone: string;
  catalogPath: string | null;
};

export function campaignPlanner(db: Db, deps: CampaignPlannerDependencies) {
  const now = deps.now ?? (() => new Date());

  /** The draft's refusals by field, or what planning needs. */
  async function check(uid: string, row: CampaignRow): Promise<Checked> {
    const fields: Record<string, MessageDescriptor> = {};
    if (row.name.trim() === '') fields.name = campaignValidation.nameRequired;
    const rules = row.audienceId ? await deps.audiences.rulesOf(uid, row.audienceId) : null;
    if (!rules) fields.audienceId = campaignValidation.audienceRequired;
    const channel = row.channelId ? await deps.channels.get(uid, row.channelId) : null;
    if (!channel) fields.channelId = campaignValidation.channelRequired;

    const locales = new Set<string>();
    const variables = new Set<string>();
    if (channel && row.templateName) {
      const versions = await templatesByLanguage(db, channel.id, row.templateName);
      let approved = false;
      for (const version of versions.values()) {
        if (version.status !== 'APPROVED' || version.attention) continue;
        approved = true;
        if (version.category !== 'MARKETING') continue;
        locales.add(templateLanguageLocales[version.language as TemplateLanguage]);
        for (const name of templateVariables(version.content)) variables.add(name);
      }
      if (locales.size === 0)
        fields.templateName = approved ? campaignValidation.templateNotMarketing : campaignValidation.templateRequired;
    } else if (channel) fields.templateName = campaignValidation.templateRequired;

    let catalogPath: string | null = null;
    for (const name of variables) {
      const value = row.variables[name];
      if (!value) fields[`variables.${name}`] = campaignValidation.variableRequired;
      else if (value.source === 'text' && value.text.trim() === '') fields[`variables.${name}`] = campaignValidation.textRequired;
      else if (value.source === 'catalog_link') {
        const inventory =
          row.inventoryId && (await isAccountsInventory(db, uid, row.inventoryId)) ? await inventoryForAnswers(db, row.inventoryId) : null;
        if (!inventory) fields.inventoryId = campaignValidation.inventoryRequired;
        else catalogPath = `/c/${encodeURIComponent(inventory.publicId)}`;
      }
    }

    if (row.quietHours) {
      const { start, end } = row.quietHours;
      if (clockMinutes(start) === null) fields['quietHours.start'] = recoveryFlowRefusals.quietHoursMalformed;
      if (clockMinutes(end) === null) fields['quietHours.end'] = recoveryFlowRefusals.quietHoursMalformed;
      else if (start === end) fields['quietHours.end'] = recoveryFlowRefusals.quietHoursEmpty;
    }
    const timeZone = (await accountTimeZone(db, uid)) ?? DEFAULT_ZONE;
    const start = campaignStart(row.schedule, timeZone, now());
    if (!start.ok) fields.schedule = start.error;
    if (Object.keys(fields).length > 0 || !rules || !channel || !start.ok) throw new CampaignPlanRefusal(fields);
    return { rules, channelId: channel.id, templateName: row.templateName!, locales, startsAt: start.startsAt, timeZone, catalogPath };
  }

  /** The rules narrowed to the languages the template is approved in. */
  const sendable = (checked: Checked): AudienceRules => {
    const wanted = checked.rules.languages.length > 0 ? checked.rules.languages : (['pt', 'en', 'es'] as const);
    return { ...checked.rules, languages: wanted.filter((locale) => checked.locales.has(locale)) };
  };

  return {
    check,

    /** What planning the draft now would do; refused by field as planning would be. */
    async review(uid: string, row: CampaignRow): Promise<CampaignReview> {
      const checked = await check(uid, row);
      const at = now();
      const [audience, inLanguages, limit] = await Promise.all([
        countAudience(db, uid, checked.rules, at),
        countAudience(db, uid, sendable(checked), at),
        deps.sender.messagingLimitFor(uid, checked.channelId),
      ]);
      const estimatedCostMicros = inLanguages.byCountry.reduce(
        (total, { country, contacts }) =>
          total + contacts * priceOf({ category: 'MARKETING', country, at: checked.startsAt, inServiceWindow: false }).amountMicros,
        0,
      );
      return {
        audience,
        reachable: inLanguages.reachable,
        withoutTemplateLanguage: audience.reachable - inLanguages.reachable,
        estimatedCostMicros,
        currency: 'USD',
        messagingLimit: limit,
        days: spreadDays(inLanguages.reachable, limit),
        startsAt: checked.startsAt.toISOString(),
        quietHours: row.quietHours,
      };
    },

    /**
     * Plans the draft: its sends asked for and the campaign active, in one transaction that first
     * takes the campaign's row (a second plan of it waits, then finds it no draft). Answers how many
     * sends it planned; null when it was no draft by then.
     */
    async plan(uid: string, row: CampaignRow, { siteOrigin }: { siteOrigin: string }): Promise<number | null> {
      const checked = await check(uid, row);
      const limit = await deps.sender.messagingLimitFor(uid, checked.channelId);
      const ref = newCampaignRef();
      const planned = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ status: campaigns.status })
          .from(campaigns)
          .where(and(eq(campaigns.uid, uid), eq(campaigns.id, row.id)))
          .for('update');
        if (locked?.status !== 'draft') return null;
        const zones = new Map<string, string>();
        // The zone depends on the country and area code only: one lookup per prefix.
        const zoneOf = (phone: string) => {
          const prefix = phone.slice(0, 7);
          let zone = zones.get(prefix);
          if (zone === undefined) zones.set(prefix, (zone = shopperTimeZone(phone, checked.timeZone)));
          return zone;
        };
        // When each day's first send is due on each zone's clock; each send then follows at the pace.
        const dueAtByDayAndZone = new Map<string, number>();
        const sendOf = (contact: ReachableContact, position: number): BulkSend => {
          const zone = zoneOf(contact.phone);
          const day = limit === null ? 0 : Math.floor(position / limit);
          const dueKey = `${day}|${zone}`;
          let dayStart = dueAtByDayAndZone.get(dueKey);
          if (dayStart === undefined)
            dueAtByDayAndZone.set(
              dueKey,
              (dayStart = campaignSendDueAt({
                startsAt: checked.startsAt,
                index: position,
                limit,
                timeZone: zone,
                quietHours: row.quietHours,
              }).getTime()),
            );
          const dueAt = new Date(dayStart + campaignPaceOffsetMs(position, limit, CAMPAIGN_PACE_MS)).toISOString();
          const catalogLink = checked.catalogPath ? `${siteOrigin}/${contact.language}${checked.catalogPath}?ref=${ref}` : null;
          const variables: Record<string, string> = {};
          for (const [name, value] of Object.entries(row.variables))
            variables[name] = campaignValueFor(value, greetingName(contact.name, contact.language), catalogLink) ?? '';
          return {
            key: campaignSendKey(row.id, contact.id),
            recipient: contact.phone,
            country: contact.country,
            language: localeTemplateLanguages[contact.language],
            variables,
            dueAt,
            ref: { contactId: contact.id, position },
          };
        };
        const ask = {
          uid,
          channelId: checked.channelId,
          purpose: CAMPAIGN_PURPOSE,
          templateName: checked.templateName,
          payload: { campaignId: row.id },
        };
        const linked = sql`insert into ${campaignSends} (campaign_id, contact_id, send_id, position)
          select ${row.id}::uuid, (bulk_input.ref->>'contactId')::uuid, bulk_made.id, (bulk_input.ref->>'position')::int
          from bulk_made join bulk_input on bulk_input.key = bulk_made.send_key`;
        let queued = 0;
        let position = 0;
        // The contacts a chunk at a time, each chunk's sends asked for before the next is read.
        for await (const batch of reachableContactBatches(tx, uid, sendable(checked), now(), PLAN_CHUNK)) {
          const chunk = batch.map((contact, offset) => sendOf(contact, position + offset));
          position += batch.length;
          const result = await tx.execute<{ queued: number }>(enqueueBulkSendsSql(ask, chunk, [linked], { newKeys: true }));
          queued += (result as unknown as { rows: { queued: number }[] }).rows[0]?.queued ?? 0;
        }
        if (position === 0) throw new CampaignPlanRefusal({ audienceId: campaignValidation.audienceEmpty });
        const at = now();
        await tx
          .update(campaigns)
          .set({
            status: 'active',
            plannedRules: checked.rules,
            startsAt: checked.startsAt,
            plannedAt: at,
            planned: queued,
            ref,
            step: 4,
            updatedAt: at,
          })
          .where(eq(campaigns.id, row.id));
        return queued;
      });
      if (planned) deps.onQueued?.();
      return planned;
    },
  };
}

export type CampaignPlanner = ReturnType<typeof campaignPlanner>;
