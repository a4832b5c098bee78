// Channels: a merchant's WhatsApp Business number on Meta's WhatsApp Cloud API, connected
// so that one of their active AI bases answers the shoppers who write to it, selling from one of
// their inventories. The vocabulary, the connect form's payload and the API's shapes, shared by the
// SPA and the server. Secrets (access token, app secret, verify token) go in and never come back:
// the public view holds a token hint at most. Validation messages are message ids (channelValidation).
// zod/mini: the channel screen's chunk loads this.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import type { ApiErrorCode } from './api-error';
import { shownName, storableText } from './storable-values';
import { whatsappReplyFailures, whatsappReplyKinds, whatsappReplyOutcomes } from './whatsapp-reply';

/**
 * `active`: the AI base answers; `paused`: the merchant stopped it (messages are still received);
 * `needs_attention`: it cannot answer until the merchant acts, for `attentionReason`.
 */
export const channelStatuses = ['active', 'paused', 'needs_attention'] as const;
export type ChannelStatus = (typeof channelStatuses)[number];

/**
 * Why a channel needs attention: Meta refused its access token (wrong, expired or revoked), the
 * token lacks a permission (whatsapp_business_messaging), the number is no longer registered on the
 * Cloud API, or its AI base was switched off or deleted.
 */
export const channelAttentionReasons = ['token_invalid', 'permission_missing', 'number_unavailable', 'ai_base_inactive'] as const;
export type ChannelAttentionReason = (typeof channelAttentionReasons)[number];

/**
 * The reasons only a new access token clears (PUT /channels/:id/token): pausing and resuming keep
 * them (both are refused, `needs_access_token`). `ai_base_inactive` clears with its base instead.
 */
export const tokenAttentionReasons = [
  'token_invalid',
  'permission_missing',
  'number_unavailable',
] as const satisfies readonly ChannelAttentionReason[];

/** Meta's quality rating of the number (GREEN, YELLOW, RED), `unknown` when Meta gives none. */
export const qualityRatings = ['green', 'yellow', 'red', 'unknown'] as const;
export type QualityRating = (typeof qualityRatings)[number];

/** Meta's `quality_rating` (`GREEN`, `NA`, …) as ours. */
export function qualityRatingOf(meta: unknown): QualityRating {
  const rating = typeof meta === 'string' ? meta.toLowerCase() : '';
  return (qualityRatings as readonly string[]).includes(rating) ? (rating as QualityRating) : 'unknown';
}

/** Why the store refuses a change; the routes map each to its answer. */
export const channelRefusals = [
  'not_found',
  'ai_base_not_found',
  'ai_base_not_active',
  'inventory_not_found',
  'already_connected',
  'needs_access_token',
] as const;
export type ChannelRefusalReason = (typeof channelRefusals)[number];

/**
 * Why the check of a number against the Cloud API failed, as the API's error codes: Meta refused
 * the token, the token lacks a permission, the number is not one this token can see (422), Meta
 * did not answer as the Cloud API does (502), or it asked us to wait (503 with Retry-After).
 */
export const channelCheckFailures = [
  'whatsapp_token_invalid',
  'whatsapp_permission_missing',
  'whatsapp_number_not_found',
  'whatsapp_unreachable',
  'whatsapp_throttled',
] as const satisfies readonly ApiErrorCode[];
export type ChannelCheckFailure = (typeof channelCheckFailures)[number];

export const channelValidation = {
  phoneNumberIdRequired: /*i18n*/ { id: 'channel.phone_number_id_required', message: 'The phone number ID is required.' },
  phoneNumberIdInvalid: /*i18n*/ {
    id: 'channel.phone_number_id_invalid',
    message: 'A phone number ID is a number, like 106540352242922 (WhatsApp Manager → API Setup).',
  },
  wabaIdRequired: /*i18n*/ { id: 'channel.waba_id_required', message: 'The WhatsApp Business Account ID is required.' },
  wabaIdInvalid: /*i18n*/ { id: 'channel.waba_id_invalid', message: 'A WhatsApp Business Account ID is a number, like 102290129340398.' },
  accessTokenRequired: /*i18n*/ { id: 'channel.access_token_required', message: 'The access token is required.' },
  accessTokenInvalid: /*i18n*/ {
    id: 'channel.access_token_invalid',
    message: 'This does not look like an access token: paste the whole token, without spaces.',
  },
  appSecretRequired: /*i18n*/ { id: 'channel.app_secret_required', message: 'The app secret is required.' },
  appSecretInvalid: /*i18n*/ {
    id: 'channel.app_secret_invalid',
    message: 'An app secret is letters and digits only (Meta for Developers → App settings → Basic).',
  },
  aiBaseRequired: /*i18n*/ { id: 'channel.ai_base_required', message: 'Choose the AI base that answers on this number.' },
  /** Server-side only: the base is another account's or was deleted. */
  aiBaseNotFound: /*i18n*/ { id: 'channel.ai_base_not_found', message: 'This AI base no longer exists.' },
  /** Server-side only. */
  aiBaseNotActive: /*i18n*/ { id: 'channel.ai_base_not_active', message: 'Choose an active AI base: this one is not switched on.' },
  /** Server-side only. */
  inventoryNotFound: /*i18n*/ { id: 'channel.inventory_not_found', message: 'This inventory no longer exists.' },
  /** Server-side only: the same phone number ID on any account. */
  alreadyConnected: /*i18n*/ { id: 'channel.already_connected', message: 'This WhatsApp number is already connected to Catalyst.' },
  retentionRange: /*i18n*/ { id: 'channel.retention_range', message: 'Conversations are kept from 7 to 365 days.' },
  tooLong: /*i18n*/ { id: 'channel.too_long', message: 'This field is too long' },
  unstorable: /*i18n*/ {
    id: 'channel.unstorable',
    message: 'This field has characters that cannot be saved (a control character or half an emoji).',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Each validation message by its id, so a view can translate an id (`undefined`: not one of ours). */
export const channelValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(channelValidation).map((descriptor) => [descriptor.id, descriptor]),
);

/** What the merchant is told a channel needs, by reason. */
export const channelAttentionMessages = {
  token_invalid: /*i18n*/ {
    id: 'channel.attention.token_invalid',
    message: 'Meta refused the access token (wrong, expired or revoked). Paste a new one to answer again.',
  },
  permission_missing: /*i18n*/ {
    id: 'channel.attention.permission_missing',
    message: 'The access token lacks the whatsapp_business_messaging permission. Give it in Meta Business Settings.',
  },
  number_unavailable: /*i18n*/ {
    id: 'channel.attention.number_unavailable',
    message: 'This number is no longer registered on the WhatsApp Cloud API.',
  },
  ai_base_inactive: /*i18n*/ {
    id: 'channel.attention.ai_base_inactive',
    message: 'The AI base of this number is switched off or was deleted. Choose an active one.',
  },
} as const satisfies Record<ChannelAttentionReason, MessageDescriptor>;

const tooLong = (max: number) => z.maxLength(max, { error: channelValidation.tooLong.id });
const storable = () => storableText(channelValidation.unstorable.id);
const required = (id: string) => z.minLength(1, { error: id, abort: true });

/** Meta's ids (phone number, WhatsApp Business Account) are numbers, kept as text. */
export const metaIdPattern = /^\d{1,20}$/;

const metaId = (requiredId: string, invalidId: string) =>
  storable().check(z.trim(), required(requiredId), z.regex(metaIdPattern, { error: invalidId }));

/** A secret as pasted: trimmed, one piece without spaces, of a plausible length. */
const secret = (requiredId: string, invalidId: string, pattern: RegExp) =>
  storable().check(z.trim(), required(requiredId), tooLong(2048), z.regex(pattern, { error: invalidId }));

/**
 * 'Connect a WhatsApp number': the number's ids and credentials from Meta, the AI base that answers
 * and the inventory it sells from (none: it answers from its knowledge base only). The server
 * checks the token against the number before it saves anything.
 */
export const connectChannelSchema = z.strictObject({
  phoneNumberId: metaId(channelValidation.phoneNumberIdRequired.id, channelValidation.phoneNumberIdInvalid.id),
  wabaId: metaId(channelValidation.wabaIdRequired.id, channelValidation.wabaIdInvalid.id),
  /** A system user's token (EAA…): 2048 characters cover every kind Meta issues. */
  accessToken: secret(channelValidation.accessTokenRequired.id, channelValidation.accessTokenInvalid.id, /^[A-Za-z0-9_|.-]{20,}$/),
  /** Meta's app secrets are 32 hex digits today; any letters and digits of a sane length pass. */
  appSecret: secret(channelValidation.appSecretRequired.id, channelValidation.appSecretInvalid.id, /^[A-Za-z0-9]{16,128}$/),
  aiBaseId: z.uuid({ error: channelValidation.aiBaseRequired.id }),
  inventoryId: z.optional(z.nullable(z.uuid({ error: channelValidation.inventoryNotFound.id }))),
});
export type ConnectChannelInput = z.input<typeof connectChannelSchema>;
export type ConnectChannel = z.output<typeof connectChannelSchema>;

export const channelIdParamsSchema = z.strictObject({ id: z.uuid() });

/** Another AI base (or inventory, null: none) answers on the number. */
export const channelAnsweringSchema = z.strictObject({
  aiBaseId: connectChannelSchema.shape.aiBaseId,
  inventoryId: connectChannelSchema.shape.inventoryId,
});
export type ChannelAnswering = z.output<typeof channelAnsweringSchema>;

/**
 * How many days a number's conversations (messages, replies, collected inputs) are kept before the
 * retention job deletes them: 90 unless the merchant chooses, per number (a support line may have to
 * keep less, or more, than a sales line). The dashboard's counts (AI requests, catalogs sent, statuses) stay.
 */
export const CONVERSATION_RETENTION_DAYS = { default: 90, min: 7, max: 365 } as const;

/** PUT /channels/{id}/retention: the days the number's conversations are kept. */
export const channelRetentionSchema = z.strictObject({
  retentionDays: z
    .int({ error: channelValidation.retentionRange.id })
    .check(
      z.gte(CONVERSATION_RETENTION_DAYS.min, { error: channelValidation.retentionRange.id }),
      z.lte(CONVERSATION_RETENTION_DAYS.max, { error: channelValidation.retentionRange.id }),
    ),
});

/** A new access token (after Meta refused the old one), checked against the number before it is kept. */
export const replaceAccessTokenSchema = z.strictObject({ accessToken: connectChannelSchema.shape.accessToken });

/** What a check of the number against the Cloud API found (GET /{phone number id}). */
export const phoneNumberCheckSchema = z.object({
  displayPhoneNumber: shownName(),
  verifiedName: shownName(),
  qualityRating: z.enum(qualityRatings),
});
export type PhoneNumberCheck = z.infer<typeof phoneNumberCheckSchema>;

/** A channel as the API returns it: never a token, app secret or verify token. */
export const channelSchema = z.object({
  id: z.string(),
  displayPhoneNumber: shownName(),
  phoneNumberId: z.string(),
  wabaId: z.string(),
  /** The access token's last four characters (`…1a2b`, domain/inventory.ts's tokenHint): the only trace of a secret that leaves the server. */
  accessTokenHint: z.string(),
  /** Null once the base was deleted (the channel then needs attention). */
  aiBaseId: z.nullable(z.string()),
  inventoryId: z.nullable(z.string()),
  status: z.enum(channelStatuses),
  attentionReason: z.nullable(z.enum(channelAttentionReasons)),
  verifiedName: shownName(),
  qualityRating: z.enum(qualityRatings),
  /** When Meta last checked the callback with the verify token (null: not yet, the webhook is not set up). */
  webhookVerifiedAt: z.nullable(z.string()),
  /** Days its conversations are kept (CONVERSATION_RETENTION_DAYS). */
  retentionDays: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

/** The answer to a connect: the channel, and the verify token to paste in Meta's webhook settings, shown this once. */
export const connectedChannelSchema = z.object({ channel: channelSchema, verifyToken: z.string() });
export type ConnectedChannel = z.infer<typeof connectedChannelSchema>;

/**
 * The answer to a connect and to a new verify token: with the verify token, shown this once, the
 * callback URL to paste beside it in Meta's webhook settings (App Dashboard → WhatsApp → Configuration).
 */
export const channelWebhookSetupSchema = z.object({ ...connectedChannelSchema.shape, webhookUrl: z.string() });
export type ChannelWebhookSetup = z.infer<typeof channelWebhookSetupSchema>;

export const channelListSchema = z.object({ channels: z.array(channelSchema) });

/** A channel as an AI base card lists it among the base's integrated channels. */
export const channelSummarySchema = z.object({ id: z.string(), displayPhoneNumber: shownName(), status: z.enum(channelStatuses) });
export type ChannelSummary = z.infer<typeof channelSummarySchema>;

/** Shoppers (conversations) per page of a channel's detail, and the latest messages shown of each. */
export const CONVERSATIONS_PAGE_SIZE = 10;
export const EXCHANGES_PER_CONVERSATION = 5;

/** What a shopper's message was; `unsupported`: a kind the answerer does not read (a sticker, a location…). */
export const conversationMessageTypes = ['text', 'image', 'audio', 'document', 'interactive', 'order', 'unsupported'] as const;
export type ConversationMessageType = (typeof conversationMessageTypes)[number];

/** A shopper's message as the merchant sees it: no media id, no Meta message id (it embeds the shopper's number). */
export const inboundMessageViewSchema = z.object({
  id: z.string(),
  type: z.enum(conversationMessageTypes),
  /** The text, a caption, the title of the button or row chosen, a document's name, an order's note; null: none. */
  text: z.nullable(z.string()),
  /** An order's number of lines (null for any other type). */
  orderLines: z.nullable(z.int()),
  sentAt: z.string(),
  receivedAt: z.string(),
});
export type InboundMessageView = z.infer<typeof inboundMessageViewSchema>;

/** A knowledge passage a reply used, as the merchant sees it: the file and where in it ("row 3", "page 2"). */
export const replyPassageSchema = z.object({ fileName: shownName(), source: z.string() });

/**
 * What the AI base did with a message (null: not handled yet): the stored outcome and kind
 * (domain/whatsapp-reply.ts), the text the shopper read, the names of the products a product list
 * showed (`catalog`: the whole catalog was sent), the passages the answer used (the merchant's
 * screen only), why it failed, and when its last message went (null: nothing went).
 */
export const replyViewSchema = z.object({
  outcome: z.enum(whatsappReplyOutcomes),
  kind: z.nullable(z.enum(whatsappReplyKinds)),
  text: z.nullable(z.string()),
  products: z.array(z.string()),
  catalog: z.boolean(),
  passages: z.array(replyPassageSchema),
  failure: z.nullable(z.enum(whatsappReplyFailures)),
  sentAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type ReplyView = z.infer<typeof replyViewSchema>;

export const channelExchangeSchema = z.object({ inbound: inboundMessageViewSchema, reply: z.nullable(replyViewSchema) });
export type ChannelExchange = z.infer<typeof channelExchangeSchema>;

/** An input a qualifier AI base collected from the shopper (domain/qualifier.ts): its name as the base lists it, the value, when. */
export const collectedInputSchema = z.object({ name: z.string(), value: z.string(), collectedAt: z.string() });
export type CollectedInput = z.infer<typeof collectedInputSchema>;

/**
 * One shopper's conversation with the number: their number masked but for its last four digits, the
 * latest exchanges newest first, and what a qualifier collected from them, in the order it was given.
 */
export const conversationSchema = z.object({
  shopper: z.string(),
  messageCount: z.int(),
  lastMessageAt: z.string(),
  exchanges: z.array(channelExchangeSchema),
  inputs: z.array(collectedInputSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** `cursor`: the `nextCursor` of the page before (absent: the newest conversations). */
export const channelDetailQuerySchema = z.object({ cursor: z.optional(z.string().check(z.regex(/^\d{1,15}$/))) });

/** One channel with its conversations, most recent first, a page at a time (`nextCursor` null: the last page). */
export const channelDetailSchema = z.object({
  ...channelSchema.shape,
  conversations: z.array(conversationSchema),
  nextCursor: z.nullable(z.string()),
});
export type ChannelDetail = z.infer<typeof channelDetailSchema>;

/**
 * Why Meta refused the number's check (the API's `whatsapp_token_invalid` and
 * `whatsapp_number_not_found`), said at the field to fix.
 */
export const channelCheckRefusals = {
  tokenInvalid: /*i18n*/ {
    id: 'channel.whatsapp_token_invalid',
    message: 'Meta refused this access token: it is wrong, expired or revoked, or lacks the whatsapp_business_messaging permission.',
  },
  numberNotFound: /*i18n*/ {
    id: 'channel.whatsapp_number_not_found',
    message: 'This access token sees no WhatsApp number with this ID. Check the phone number ID (WhatsApp Manager → API Setup).',
  },
} as const satisfies Record<string, MessageDescriptor>;
