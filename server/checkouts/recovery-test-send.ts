// Checkout recovery's 'send me a test': reminder 1 of an inventory's SAVED flow (its number, step 1's
// template and variable map; the flow may be off) sent to the merchant's own WhatsApp number through
// the one template sender, with sample values in the template's language — a sample first name and
// products, a total in the store's currency, the store's website (else its public catalog page) as
// the way back, the store's name, and for a discount step a code that is visibly a sample
// (`TEST-…`): no code is ever made in the store. The merchant's number becomes a contact of the
// account, with consent for the template's category from `merchant_test` (their request and the
// checkbox); an earlier opt-out of that number wins and the test is refused. Refusals name their
// field (domain/recovery-test.ts). At most RECOVERY_TESTS_PER_WINDOW tests per account per window,
// counted in PostgreSQL under the account's lock (./recovery-test-tables.ts), so every process agrees.
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MessageDescriptor } from '@lingui/core';
import type { RecoveryDiscount, RecoveryStep, RecoveryValueSource } from '@/domain/checkout-recovery';
import { maskedPhone } from '@/domain/checkout-list';
import { consentPurposeOf, languageForCountry, type ConsentPurpose } from '@/domain/contact';
import { readContactPhone, type CountryCode } from '@/domain/contact-phone';
import type { Inventory } from '@/domain/inventory';
import type { Locale } from '@/domain/locales';
import {
  fillTemplate,
  localeTemplateLanguages,
  templateLanguageLocales,
  templateLanguages,
  type TemplateLanguage,
} from '@/domain/message-template';
import {
  RECOVERY_TEST_WINDOW_MINUTES,
  RECOVERY_TESTS_PER_WINDOW,
  recoveryTestRefusals,
  recoveryTestRequestRefusals,
  type RecoveryTestField,
  type RecoveryTestRequest,
  type RecoveryTestSent,
} from '@/domain/recovery-test';
import type { ChannelStore } from '../channels/channel-store';
import { ContactRefusal, type ContactStore } from '../contacts/contact-store';
import type { Db } from '../db/database';
import { executeInOneTransaction } from '../db/in-one-transaction';
import type { InventoryStore } from '../inventories/inventory-store';
import type { TemplateSender } from '../messaging/template-sender';
import { formatTotal } from '../notices/notice-values';
import { templatesByLanguage, type SendingTemplate } from '../templates/template-queries';
import { discountValueText } from './discount-codes';
import type { RecoveryFlowStore } from './recovery-flow-store';
import { recoveryTestRequests } from './recovery-test-tables';

/** What a test's send is recorded as (the sender takes any name; the dashboard's recovery counts never see it). */
export const RECOVERY_TEST_PURPOSE = 'recovery_test';

/** A test's send key: a fresh one per request, so each request sends once and a second request sends again. */
export const recoveryTestSendKey = (inventoryId: string, id: string = randomUUID()) => `recovery-test:${inventoryId}:${id}`;

/** Why a test is refused: no such inventory of the caller's, fields that do not hold, or too many tests for now. */
export class RecoveryTestRefusal extends Error {
  constructor(
    readonly reason: 'not_found' | 'invalid' | 'rate_limited',
    readonly fields: Partial<Record<RecoveryTestField, MessageDescriptor>> = {},
    /** With `rate_limited`: until the next test may go. */
    readonly retryAfterMs = 0,
  ) {
    super(reason);
  }
}

// ---------------------------------------------------------------------------------------------
// Sample values, in the template's language.

const sampleFirstNames: Record<Locale, string> = { pt: 'Ana', en: 'Alex', es: 'Lucía' };
const sampleProducts: Record<Locale, string> = {
  pt: '2× Produto de exemplo, 1× Outro produto de exemplo',
  en: '2× Sample product, 1× Another sample product',
  es: '2× Producto de ejemplo, 1× Otro producto de ejemplo',
};
/** The sample cart's total, in minor units of the store's currency. */
export const SAMPLE_TOTAL_MINOR = 15_990;
/** The currency of the sample total when the store's is not known yet. */
const fallbackCurrencies: Record<Locale, string> = { pt: 'BRL', en: 'USD', es: 'EUR' };

/** Letters and digits a merchant cannot misread (no 0/O, 1/I/L), as real codes use. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A sample discount code: `TEST-` and six characters. Never made in the store: it takes nothing off. */
export function sampleDiscountCode(): string {
  let tail = '';
  for (let index = 0; index < 6; index++) tail += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `TEST-${tail}`;
}

/** What the sample values are made of: the inventory, its way back and the step's discount. */
export type SampleFacts = {
  storeName: string;
  currency: string | null;
  /** The store's website, else its public catalog page. */
  wayBack: string;
  discount: RecoveryDiscount | null;
  discountCode: string;
};

/** Each of a step's variables filled with a sample value of its source, in `language`. */
export function sampleVariables(step: Pick<RecoveryStep, 'variables'>, facts: SampleFacts, language: Locale): Record<string, string> {
  const currency = facts.currency ?? fallbackCurrencies[language];
  const money = (minor: number) => formatTotal(minor, currency, language);
  const valueOf = (source: RecoveryValueSource): string => {
    switch (source) {
      case 'first_name':
        return sampleFirstNames[language];
      case 'products':
        return sampleProducts[language];
      case 'total':
        return money(SAMPLE_TOTAL_MINOR) ?? '';
      case 'checkout_url':
        return facts.wayBack;
      case 'store_name':
        return facts.storeName;
      case 'discount_code':
        return facts.discount ? facts.discountCode : '';
      case 'discount_value':
        return facts.discount ? discountValueText(facts.discount, money) : '';
    }
  };
  return Object.fromEntries(Object.entries(step.variables).map(([variable, source]) => [variable, valueOf(source)]));
}

/** The way back of a test: the store's website, else the inventory's public catalog page in `language`. */
export const sampleWayBack = (inventory: Pick<Inventory, 'website' | 'publicId'>, siteOrigin: string, language: Locale) =>
  inventory.website.trim() !== '' ? inventory.website : `${siteOrigin}/${language}/c/${encodeURIComponent(inventory.publicId)}`;

// ---------------------------------------------------------------------------------------------
// The limit.

const WINDOW_MS = RECOVERY_TEST_WINDOW_MINUTES * 60_000;

/**
 * Counts a test of the account at `at` unless `limit` were asked for in the window before it: under the
 * account's lock, in one transaction (old rows dropped, the count and the insert in one statement).
 * Null when counted, else how long until the next may go.
 */
async function reserveTest(db: Db, uid: string, sendKey: string, at: Date, limit: number): Promise<number | null> {
  const table = recoveryTestRequests;
  const start = new Date(at.getTime() - WINDOW_MS).toISOString();
  const [, , inserted, times] = await executeInOneTransaction<{ ms?: number }>(db, [
    sql`select pg_advisory_xact_lock(hashtext(${`recovery-test:${uid}`}))`,
    sql`delete from ${table} where ${table.uid} = ${uid} and ${table.requestedAt} <= ${start}::timestamptz`,
    sql`insert into ${table} (uid, send_key, requested_at)
      select ${uid}, ${sendKey}, ${at.toISOString()}::timestamptz
      where (select count(*) from ${table} where ${table.uid} = ${uid} and ${table.requestedAt} > ${start}::timestamptz) < ${limit}
      returning 1`,
    sql`select floor(extract(epoch from ${table.requestedAt}) * 1000)::float8 as ms from ${table}
      where ${table.uid} = ${uid} and ${table.requestedAt} > ${start}::timestamptz order by ${table.requestedAt}`,
  ]);
  if (inserted!.length > 0) return null;
  // A slot opens when the count falls below the limit: once the oldest (count − limit + 1) leave the window.
  const leaving = Number(times![Math.max(0, times!.length - limit)]?.ms ?? at.getTime());
  return Math.max(1000, leaving + WINDOW_MS - at.getTime());
}

// ---------------------------------------------------------------------------------------------
// The test.

export type RecoveryTestDependencies = {
  flows: Pick<RecoveryFlowStore, 'flowOf'>;
  channels: Pick<ChannelStore, 'get'>;
  contacts: Pick<ContactStore, 'consentOf' | 'create' | 'recordOptIn'>;
  inventories: Pick<InventoryStore, 'get'>;
  sender: Pick<TemplateSender, 'enqueue' | 'byKey'>;
  now?: () => Date;
  /** Tests per account per window (RECOVERY_TESTS_PER_WINDOW). */
  perWindow?: number;
};

/** The approved languages of a template the sender will send (not marked as needing attention), in templateLanguages order. */
function sendableLanguages(templates: Map<string, SendingTemplate>): Map<TemplateLanguage, SendingTemplate> {
  const sendable = new Map<TemplateLanguage, SendingTemplate>();
  for (const language of templateLanguages) {
    const template = templates.get(language);
    if (template?.status === 'APPROVED' && template.attention === null && consentPurposeOf(template.category) !== null)
      sendable.set(language, template);
  }
  return sendable;
}

export function recoveryTestSends(db: Db, deps: RecoveryTestDependencies) {
  const { flows, channels, contacts, inventories, sender, now = () => new Date(), perWindow = RECOVERY_TESTS_PER_WINDOW } = deps;

  /** The merchant's number as a contact, subscribed to `purpose` by their request; false when an opt-out stands. */
  async function consented(uid: string, phone: string, country: CountryCode, language: Locale, purpose: ConsentPurpose, at: Date) {
    try {
      await contacts.create(uid, { phone, country, name: null, language, optIn: [], note: null });
    } catch (error) {
      if (!(error instanceof ContactRefusal && error.reason === 'contact_exists')) throw error;
    }
    const recorded = await contacts.recordOptIn(uid, phone, purpose, 'merchant_test', at.toISOString());
    return recorded?.contact.consent[purpose].status === 'subscribed';
  }

  return {
    /**
     * Sends reminder 1 of the caller's inventory's saved flow to `request.phone` with sample values;
     * `siteOrigin` makes the public catalog page's address (the way back of a store without a website).
     */
    async send(
      uid: string,
      inventoryId: string,
      request: RecoveryTestRequest,
      { siteOrigin }: { siteOrigin: string },
    ): Promise<RecoveryTestSent> {
      const inventory = await inventories.get(uid, inventoryId);
      if (!inventory) throw new RecoveryTestRefusal('not_found');
      const fields = recoveryTestRequestRefusals(request);
      const refusals = recoveryTestRefusals;

      const flow = await flows.flowOf(inventoryId);
      const step = flow.steps[0];
      const channel = flow.channelId ? await channels.get(uid, flow.channelId) : null;
      let sendable = new Map<TemplateLanguage, SendingTemplate>();
      if (!channel) fields.flow = refusals.flowNoNumber;
      else if (!step?.templateName) fields.flow = refusals.flowNoTemplate;
      else {
        sendable = sendableLanguages(await templatesByLanguage(db, channel.id, step.templateName));
        if (sendable.size === 0) fields.flow = refusals.flowTemplateNotApproved;
      }

      // The number, read in the sending number's country when typed without +.
      const senderNumber = channel ? readContactPhone(channel.displayPhoneNumber) : null;
      const reading = fields.phone ? null : readContactPhone(request.phone, senderNumber?.ok ? senderNumber.country : undefined);
      if (reading && !reading.ok) fields.phone = refusals.phoneInvalid;
      const phone = reading?.ok ? reading : null;
      if (phone && senderNumber?.ok && phone.phone === senderNumber.phone) fields.phone = refusals.phoneIsSender;

      const contact = phone ? (await contacts.consentOf(uid, [phone.phone])).get(phone.phone) : undefined;
      // The language the sender will write in: the contact's (it decides), else the number's country's, else one approved.
      let template: SendingTemplate | undefined;
      if (phone && sendable.size > 0) {
        const wanted = localeTemplateLanguages[contact?.language ?? languageForCountry(phone.country)];
        template = sendable.get(wanted) ?? (contact ? undefined : [...sendable.values()][0]);
        if (!template) fields.flow = refusals.flowTemplateNotInLanguage;
      }
      const purpose: ConsentPurpose = template ? consentPurposeOf(template.category)! : 'marketing';
      if (phone && contact?.consent[purpose].status === 'unsubscribed') fields.phone ??= refusals.phoneOptedOut;

      const language = template ? templateLanguageLocales[template.language as TemplateLanguage] : null;
      const variables =
        template && step && language
          ? sampleVariables(
              step,
              {
                storeName: inventory.name,
                currency: inventory.store?.currency ?? null,
                wayBack: sampleWayBack(inventory, siteOrigin, language),
                discount: step.discount,
                discountCode: sampleDiscountCode(),
              },
              language,
            )
          : null;
      if (template && variables && !fillTemplate(template.content, variables).ok) fields.flow = refusals.flowVariableUnmapped;

      if (Object.keys(fields).length > 0 || !phone || !template || !language || !variables || !channel)
        throw new RecoveryTestRefusal('invalid', fields);

      const at = now();
      const sendKey = recoveryTestSendKey(inventoryId);
      const wait = await reserveTest(db, uid, sendKey, at, perWindow);
      if (wait !== null) throw new RecoveryTestRefusal('rate_limited', {}, wait);
      // An opt-out recorded since it was read still wins: the opt-in is then not taken.
      if (!(await consented(uid, phone.phone, phone.country, language, purpose, at)))
        throw new RecoveryTestRefusal('invalid', { phone: refusals.phoneOptedOut });

      await sender.enqueue([
        {
          uid,
          channelId: channel.id,
          sendKey,
          purpose: RECOVERY_TEST_PURPOSE,
          templateName: template.name,
          language: template.language,
          recipient: phone.phone,
          variables,
        },
      ]);
      const queued = await sender.byKey(uid, sendKey);
      return { sendId: queued!.id, phone: maskedPhone(phone.phone)!, templateName: template.name, language: template.language };
    },
  };
}

export type RecoveryTestSends = ReturnType<typeof recoveryTestSends>;
