// Audiences: who a campaign goes to, as rules over an account's contacts — their language, their
// number's country, their tags, the list of one CSV import (the contacts its file named, frozen when
// it ran: none added later joins), their last order, what they spent, an open abandoned checkout, a
// talk with the AI base — saved under a name and counted live as the merchant edits them. Only contacts subscribed
// to marketing are reachable; the count says how many the rules matched and why the others were left
// out. Shared by the SPA (zod/mini: the campaigns screen's chunk loads it) and the server, whose
// audience queries turn the same rules into SQL (server/audiences/audience-queries.ts).
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { withoutBidiControls } from './bidi-controls';
import { contactTagSchema } from './contact-tags';
import { localeSchema } from './locale-schema';
import { storableText } from './storable-values';

export const AUDIENCE_NAME_MAX = 80;
/** The longest look back a rule takes: a year. */
export const AUDIENCE_MAX_DAYS = 365;
export const AUDIENCE_MAX_COUNTRIES = 50;
export const AUDIENCE_MAX_TAGS = 50;
/** An account's saved audiences at most. */
export const AUDIENCES_MAX = 200;

export const audienceValidation = {
  nameRequired: /*i18n*/ { id: 'audience.name_required', message: 'Give this audience a name.' },
  nameTooLong: /*i18n*/ { id: 'audience.name_too_long', message: 'Use at most 80 characters.' },
  unstorable: /*i18n*/ { id: 'audience.unstorable', message: 'Remove the control characters from this text.' },
  daysOutOfRange: /*i18n*/ { id: 'audience.days_out_of_range', message: 'Enter a number of days from 1 to 365.' },
  amountOutOfRange: /*i18n*/ { id: 'audience.amount_out_of_range', message: 'Enter an amount greater than 0.' },
  countryInvalid: /*i18n*/ { id: 'audience.country_invalid', message: 'Enter countries as two-letter codes, such as BR.' },
  tooManyTags: /*i18n*/ { id: 'audience.too_many_tags', message: 'Choose at most 50 tags.' },
  importInvalid: /*i18n*/ { id: 'audience.import_invalid', message: 'Choose one of your imports.' },
  tooMany: /*i18n*/ { id: 'audience.too_many', message: 'You have reached the most audiences an account keeps: delete one first.' },
} as const satisfies Record<string, MessageDescriptor>;

export const audienceValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(audienceValidation).map((message) => [message.id, message]),
);

const days = z.nullable(
  z
    .int()
    .check(
      z.minimum(1, { error: audienceValidation.daysOutOfRange.id }),
      z.maximum(AUDIENCE_MAX_DAYS, { error: audienceValidation.daysOutOfRange.id }),
    ),
);

/**
 * The rules: every one set must hold (an empty list or null is no rule). Consent is not a rule: the
 * count always tells the subscribed from the rest, and only the subscribed are ever sent to.
 */
export const audienceRulesSchema = z.object({
  /** The contact's language is one of these; empty: any. */
  languages: z._default(z.array(localeSchema).check(z.maxLength(3)), []),
  /** The number's country (ISO 3166 alpha-2) is one of these; empty: any. */
  countries: z._default(
    z
      .array(z.string().check(z.regex(/^[A-Z]{2}$/, { error: audienceValidation.countryInvalid.id })))
      .check(z.maxLength(AUDIENCE_MAX_COUNTRIES)),
    [],
  ),
  /** Has any of these tags (normalised as contacts' are: domain/contact-tags.ts); empty: any. */
  tags: z._default(z.array(contactTagSchema).check(z.maxLength(AUDIENCE_MAX_TAGS, { error: audienceValidation.tooManyTags.id })), []),
  /** Was named by this import of the account's (GET /contacts/imports): a static list; null: any contact. */
  importId: z._default(z.nullable(z.uuid({ error: audienceValidation.importInvalid.id })), null),
  /** Placed an order in one of the account's stores within this many days. */
  orderedWithinDays: z._default(days, null),
  /** Spent at least this much (minor units of the store's currency) over all their orders. */
  minTotalSpentMinor: z._default(
    z.nullable(
      z
        .int()
        .check(
          z.minimum(1, { error: audienceValidation.amountOutOfRange.id }),
          z.maximum(1e12, { error: audienceValidation.amountOutOfRange.id }),
        ),
    ),
    null,
  ),
  /** Left a checkout not completed nor recovered within the last 30 days. */
  openAbandonedCheckout: z._default(z.boolean(), false),
  /** Wrote to one of the account's numbers (talked to its AI base) within this many days. */
  talkedWithinDays: z._default(days, null),
});
export type AudienceRules = z.output<typeof audienceRulesSchema>;
export type AudienceRulesInput = z.input<typeof audienceRulesSchema>;

/** Rules that match every contact. */
export const everyContact: AudienceRules = Object.freeze({
  languages: [],
  countries: [],
  tags: [],
  importId: null,
  orderedWithinDays: null,
  minTotalSpentMinor: null,
  openAbandonedCheckout: false,
  talkedWithinDays: null,
});

/** An abandoned checkout counts as open this long after it was started. */
export const OPEN_CHECKOUT_DAYS = 30;

const audienceName = storableText(audienceValidation.unstorable.id).check(
  z.overwrite(withoutBidiControls),
  z.trim(),
  z.minLength(1, { error: audienceValidation.nameRequired.id }),
  z.maxLength(AUDIENCE_NAME_MAX, { error: audienceValidation.nameTooLong.id }),
);

/** POST /audiences, PUT /audiences/:id. */
export const audienceInputSchema = z.strictObject({ name: audienceName, rules: audienceRulesSchema });
export type AudienceInput = z.output<typeof audienceInputSchema>;

export const audienceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  rules: audienceRulesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Audience = z.infer<typeof audienceSchema>;

export const audienceListSchema = z.object({ audiences: z.array(audienceSchema) });
export type AudienceList = z.infer<typeof audienceListSchema>;

/** Why a contact the rules matched is not reachable. Stable names the SPA translates. */
export const leftOutReasons = ['not_subscribed', 'unsubscribed'] as const;
export type LeftOutReason = (typeof leftOutReasons)[number];

/** POST /audiences/count: what the rules match now. */
export const audienceCountSchema = z.object({
  /** Contacts the rules match, whatever their consent. */
  matched: z.int(),
  /** Of them, subscribed to marketing: the ones a campaign goes to. */
  reachable: z.int(),
  /** The others, by why. */
  leftOut: z.object({ not_subscribed: z.int(), unsubscribed: z.int() }),
  /** The reachable by their number's country (the price of a message follows it), most first. */
  byCountry: z.array(z.object({ country: z.string(), contacts: z.int() })),
});
export type AudienceCount = z.infer<typeof audienceCountSchema>;

export const audienceIdParamsSchema = z.strictObject({ id: z.uuid() });
