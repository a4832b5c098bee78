// What Meta's WhatsApp Cloud API posts to our webhook (`object: 'whatsapp_business_account'`): the
// schema of its payload and a pure flattening of it into inbound events, a message or a status each,
// tagged with the phone number id it came to. Lenient where Meta adds things (unknown fields are
// dropped, a message type we do not read becomes `unsupported`, a change of another field is
// ignored), strict where we rely on them: the ids, the sender, the time, and the part of each
// message type that we read. Shoppers' marketing stops and resumes (`user_preferences`) are read
// apart (userPreferencesOf). Text is stripped of what PostgreSQL cannot store, never refused for it.
// zod/mini, no server imports: the webhook route and the unit tests use it alike.
import * as z from 'zod/mini';
import { metaIdPattern } from './channel';
import { isStorableDate, withoutUnstorable } from './storable-values';
import { whatsappOrderSchema, type WhatsappOrder } from './storefront';

/** The delivery statuses of the messages we send, as Meta reports them. */
export const messageStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** Free text as it comes: bounded, and without NUL or half surrogate pairs (which PostgreSQL cannot store). */
const text = (max: number) => z.pipe(z.string().check(z.maxLength(max)), z.transform(withoutUnstorable));

/** Meta's ids (wamid.…, media ids): one piece, no spaces or control characters. */
const opaqueId = z.string().check(z.regex(/^[\x21-\x7e]{1,256}$/));
const metaId = z.string().check(z.regex(metaIdPattern));

/** A sender: a phone number in international form today; letters allowed for the user ids Meta announced. */
const senderId = z.string().check(z.regex(/^[\w.:-]{1,64}$/));

/** Unix seconds, as a string (what Meta sends) or a number; refused outside the dates a column holds. */
const unixSeconds = z.pipe(
  z.union([z.string().check(z.regex(/^\d{1,12}$/)), z.int().check(z.gte(0))]),
  z.transform((value, context) => {
    const seconds = Number(value);
    if (!isStorableDate(new Date(seconds * 1000))) {
      context.issues.push({ code: 'custom', message: 'timestamp out of range', input: value });
      return z.NEVER;
    }
    return seconds;
  }),
);

const media = {
  id: opaqueId,
  mime_type: z.optional(z.string().check(z.maxLength(255))),
};

/** What every message has, whatever its type. */
const messageBase = {
  from: senderId,
  id: opaqueId,
  timestamp: unixSeconds,
  /** The message this one replies to (a quoted message, a product asked about). */
  context: z.optional(z.object({ id: z.optional(opaqueId) })),
};

const textMessage = z.object({ ...messageBase, type: z.literal('text'), text: z.object({ body: text(8_192) }) });
const imageMessage = z.object({
  ...messageBase,
  type: z.literal('image'),
  image: z.object({ ...media, caption: z.optional(text(2_048)) }),
});
const audioMessage = z.object({
  ...messageBase,
  type: z.literal('audio'),
  /** `voice`: recorded in WhatsApp (a voice note), not a file sent. */
  audio: z.object({ ...media, voice: z.optional(z.boolean()) }),
});
const documentMessage = z.object({
  ...messageBase,
  type: z.literal('document'),
  document: z.object({ ...media, caption: z.optional(text(2_048)), filename: z.optional(text(512)) }),
});
const replyChoice = z.object({ id: text(512), title: text(512), description: z.optional(text(1_024)) });
const interactiveMessage = z.object({
  ...messageBase,
  type: z.literal('interactive'),
  interactive: z.union([
    z.object({ type: z.literal('button_reply'), button_reply: replyChoice }),
    z.object({ type: z.literal('list_reply'), list_reply: replyChoice }),
  ]),
});
/**
 * A tap on a template's quick reply button ('Stop promotions', 'Quero ver!'): Meta's `button` type,
 * with the button's text and the payload the send gave it (the text itself when it gave none).
 */
const buttonMessage = z.object({
  ...messageBase,
  type: z.literal('button'),
  button: z.object({ text: text(512), payload: z.optional(text(1_024)) }),
});
const orderMessage = z.object({ ...messageBase, type: z.literal('order'), order: whatsappOrderSchema });
/**
 * Any other type, known to Meta but not read by us (sticker, location, reaction, Meta's own
 * `unsupported`…); also a message of one of our types whose part we cannot read (an interactive
 * reply of a kind we do not know): its ids still count, and the answerer can say it cannot read it.
 */
const otherMessage = z.object({ ...messageBase, type: z.string().check(z.regex(/^[a-z_]{1,40}$/)) });

export const inboundMessageSchema = z.union([
  textMessage,
  imageMessage,
  audioMessage,
  documentMessage,
  interactiveMessage,
  buttonMessage,
  orderMessage,
  otherMessage,
]);
export type InboundMessagePayload = z.infer<typeof inboundMessageSchema>;

export const statusPayloadSchema = z.object({
  id: opaqueId,
  /** A status we do not track ('deleted', 'warning'…) is kept out by flattenWebhook. */
  status: z.string().check(z.maxLength(40)),
  timestamp: unixSeconds,
  errors: z.optional(z.array(z.object({ code: z.int() })).check(z.maxLength(20))),
  /** What the send gave Meta to echo (the template sender's `send:<id>`); at most 512 characters. */
  biz_opaque_callback_data: z.optional(z.string().check(z.maxLength(512))),
});

/** The value of a `messages` change: the number it came to, and its messages and statuses. */
const messagesValue = z.object({
  messaging_product: z.literal('whatsapp'),
  metadata: z.object({ display_phone_number: z.string().check(z.maxLength(64)), phone_number_id: metaId }),
  /** The senders' profiles: not kept (what a reply needs is the message's `from`). */
  contacts: z.optional(z.array(z.object({ wa_id: z.optional(senderId) }))),
  messages: z.optional(z.array(inboundMessageSchema)),
  statuses: z.optional(z.array(statusPayloadSchema)),
});

/** Meta's words are kept short: a reason, a notice's title or description. */
const metaWords = z.string().check(z.maxLength(2000));
const templateId = z.union([z.string().check(z.regex(metaIdPattern)), z.int().check(z.positive())]);

/** The value of a `message_template_status_update` change: a template approved, rejected (why), paused (Meta's notice), disabled. */
const templateStatusValue = z.object({
  event: z.string().check(z.maxLength(40)),
  message_template_id: templateId,
  message_template_name: z.string().check(z.maxLength(512)),
  message_template_language: z.string().check(z.maxLength(20)),
  reason: z.optional(z.nullable(metaWords)),
  other_info: z.optional(z.object({ title: z.optional(metaWords), description: z.optional(metaWords) })),
});

/** The value of a `message_template_quality_update` change. */
const templateQualityValue = z.object({
  new_quality_score: z.string().check(z.maxLength(40)),
  message_template_id: templateId,
  message_template_name: z.string().check(z.maxLength(512)),
  message_template_language: z.string().check(z.maxLength(20)),
});

/**
 * The value of a `user_preferences` change: shoppers who asked the business, through the number, to
 * stop or resume its marketing messages. A preference of another category or value is kept out by
 * userPreferencesOf.
 */
const userPreferencesValue = z.object({
  messaging_product: z.literal('whatsapp'),
  metadata: z.object({ phone_number_id: metaId }),
  user_preferences: z
    .array(
      z.object({
        wa_id: senderId,
        category: z.string().check(z.maxLength(64)),
        value: z.string().check(z.maxLength(64)),
        timestamp: unixSeconds,
      }),
    )
    .check(z.maxLength(1000)),
});

/** Fields of a WhatsApp Business Account as a whole: they carry no phone number, the entry's id is the account's. */
export const accountFields = ['message_template_status_update', 'message_template_quality_update'] as const;

/** The fields whose values are read (each by its own schema). */
const readFields: readonly string[] = ['messages', 'user_preferences', ...accountFields];

const change = z.union([
  z.object({ field: z.literal('messages'), value: messagesValue }),
  z.object({ field: z.literal('message_template_status_update'), value: templateStatusValue }),
  z.object({ field: z.literal('message_template_quality_update'), value: templateQualityValue }),
  z.object({ field: z.literal('user_preferences'), value: userPreferencesValue }),
  // Other updates, should the app subscribe to them: not read here.
  z.object({
    field: z.string().check(z.refine((field) => !readFields.includes(field))),
    value: z.unknown(),
  }),
]);

export const whatsappWebhookSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ id: metaId, time: z.optional(z.int()), changes: z.array(change) })).check(z.minLength(1)),
});
export type WhatsappWebhook = z.infer<typeof whatsappWebhookSchema>;

/** A message's content as kept for the answerer: what it needs to reply, nothing more. */
export type InboundContent =
  | { type: 'text'; body: string }
  | { type: 'image'; mediaId: string; mimeType: string | null; caption: string | null }
  | { type: 'audio'; mediaId: string; mimeType: string | null; voice: boolean }
  | { type: 'document'; mediaId: string; mimeType: string | null; caption: string | null; filename: string | null }
  /**
   * A tap on a reply button or list row of our interactive message (its id is ours), or on a
   * template's quick reply (`quick_reply`: Meta's `button` message; its id is the send's payload).
   */
  | {
      type: 'interactive';
      reply: 'button_reply' | 'list_reply' | 'quick_reply';
      replyId: string;
      title: string;
      description: string | null;
    }
  | { type: 'order'; order: WhatsappOrder }
  | { type: 'unsupported'; originalType: string };

export type InboundMessageEvent = {
  kind: 'message';
  phoneNumberId: string;
  /** Meta's message id (wamid.…): a redelivery carries the same. */
  messageId: string;
  /** The shopper's WhatsApp id: where the reply goes. */
  from: string;
  /** Unix seconds. */
  timestamp: number;
  replyTo: string | null;
  content: InboundContent;
};

export type MessageStatusEvent = {
  kind: 'status';
  phoneNumberId: string;
  /** The id of the message we sent. */
  messageId: string;
  status: MessageStatus;
  timestamp: number;
  /** Meta's error codes of a failed message (131047: outside the 24-hour window…). */
  errorCodes: number[];
  /** The send's callback data, when it gave one. */
  callbackData: string | null;
};

export type InboundEvent = InboundMessageEvent | MessageStatusEvent;

/** A template's review or quality as Meta now has it, for the WhatsApp Business Account `wabaId`. */
export type TemplateUpdateEvent =
  | {
      kind: 'template_status';
      wabaId: string;
      metaTemplateId: string;
      name: string;
      language: string;
      /** Meta's event: APPROVED, REJECTED, PAUSED, DISABLED, PENDING_DELETION… */
      event: string;
      reason: string | null;
      /** A pause's or unpause's notice (its description says for how long). */
      notice: string | null;
      /** Unix seconds of the entry (when Meta sent it); null when absent. */
      time: number | null;
    }
  | { kind: 'template_quality'; wabaId: string; metaTemplateId: string; name: string; language: string; quality: string };

/** Every template update of a payload, in the payload's order. */
export function templateUpdatesOf(payload: WhatsappWebhook): TemplateUpdateEvent[] {
  const events: TemplateUpdateEvent[] = [];
  for (const entry of payload.entry) {
    for (const item of entry.changes) {
      if (item.field === 'message_template_status_update') {
        const value = item.value as z.infer<typeof templateStatusValue>;
        const notice = [value.other_info?.title, value.other_info?.description].filter(Boolean).join(': ');
        events.push({
          kind: 'template_status',
          wabaId: entry.id,
          metaTemplateId: String(value.message_template_id),
          name: value.message_template_name,
          language: value.message_template_language,
          event: value.event,
          reason: value.reason && value.reason !== 'NONE' ? value.reason : null,
          notice: notice === '' ? null : notice,
          time: entry.time ?? null,
        });
      } else if (item.field === 'message_template_quality_update') {
        const value = item.value as z.infer<typeof templateQualityValue>;
        events.push({
          kind: 'template_quality',
          wabaId: entry.id,
          metaTemplateId: String(value.message_template_id),
          name: value.message_template_name,
          language: value.message_template_language,
          quality: value.new_quality_score,
        });
      }
    }
  }
  return events;
}

/** A shopper's marketing preference, as Meta reports it on the number `phoneNumberId`. */
export type UserPreferenceEvent = {
  kind: 'user_preference';
  phoneNumberId: string;
  /** The shopper's WhatsApp id. */
  waId: string;
  preference: 'stop' | 'resume';
  /** Unix seconds: when the shopper asked. */
  timestamp: number;
};

/** Every marketing stop and resume of a payload, in the payload's order (other categories and values left out). */
export function userPreferencesOf(payload: WhatsappWebhook): UserPreferenceEvent[] {
  const events: UserPreferenceEvent[] = [];
  for (const entry of payload.entry) {
    for (const item of entry.changes) {
      if (item.field !== 'user_preferences') continue;
      const value = item.value as z.infer<typeof userPreferencesValue>;
      for (const preference of value.user_preferences) {
        if (preference.category !== 'marketing_messages' || (preference.value !== 'stop' && preference.value !== 'resume')) continue;
        events.push({
          kind: 'user_preference',
          phoneNumberId: value.metadata.phone_number_id,
          waId: preference.wa_id,
          preference: preference.value,
          timestamp: preference.timestamp,
        });
      }
    }
  }
  return events;
}

function contentOf(message: InboundMessagePayload): InboundContent {
  // `in` checks: a message of a known type that did not match its own shape was parsed as another type's.
  if (message.type === 'text' && 'text' in message) return { type: 'text', body: message.text.body };
  if (message.type === 'image' && 'image' in message) {
    const { id, mime_type, caption } = message.image;
    return { type: 'image', mediaId: id, mimeType: mime_type ?? null, caption: caption ?? null };
  }
  if (message.type === 'audio' && 'audio' in message) {
    const { id, mime_type, voice } = message.audio;
    return { type: 'audio', mediaId: id, mimeType: mime_type ?? null, voice: voice === true };
  }
  if (message.type === 'document' && 'document' in message) {
    const { id, mime_type, caption, filename } = message.document;
    return { type: 'document', mediaId: id, mimeType: mime_type ?? null, caption: caption ?? null, filename: filename ?? null };
  }
  if (message.type === 'interactive' && 'interactive' in message) {
    const { interactive } = message;
    const choice = interactive.type === 'button_reply' ? interactive.button_reply : interactive.list_reply;
    return {
      type: 'interactive',
      reply: interactive.type,
      replyId: choice.id,
      title: choice.title,
      description: choice.description ?? null,
    };
  }
  if (message.type === 'button' && 'button' in message) {
    const { text: title, payload } = message.button;
    return { type: 'interactive', reply: 'quick_reply', replyId: payload ?? title, title, description: null };
  }
  if (message.type === 'order' && 'order' in message) return { type: 'order', order: message.order };
  return { type: 'unsupported', originalType: message.type };
}

const isTracked = (status: string): status is MessageStatus => (messageStatuses as readonly string[]).includes(status);

/** Every message and tracked status of a payload, in the payload's order, with the phone number id each came to. */
export function flattenWebhook(payload: WhatsappWebhook): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const entry of payload.entry) {
    for (const item of entry.changes) {
      if (item.field !== 'messages') continue;
      const value = item.value as z.infer<typeof messagesValue>;
      const phoneNumberId = value.metadata.phone_number_id;
      for (const message of value.messages ?? []) {
        events.push({
          kind: 'message',
          phoneNumberId,
          messageId: message.id,
          from: message.from,
          timestamp: message.timestamp,
          replyTo: message.context?.id ?? null,
          content: contentOf(message),
        });
      }
      for (const status of value.statuses ?? []) {
        if (!isTracked(status.status)) continue;
        events.push({
          kind: 'status',
          phoneNumberId,
          messageId: status.id,
          status: status.status,
          timestamp: status.timestamp,
          errorCodes: (status.errors ?? []).map((error) => error.code),
          callbackData: status.biz_opaque_callback_data ?? null,
        });
      }
    }
  }
  return events;
}

/** Most phone numbers one payload may name: an app has a handful; more is not Meta. */
export const MAX_NUMBERS_PER_PAYLOAD = 20;

/**
 * Who a payload is from, read from parsed JSON without trusting anything else in it: the numbers its
 * changes name (`entry[].changes[].value.metadata.phone_number_id`), and the
 * WhatsApp Business Accounts (`entry[].id`) of the changes that name no number (template updates):
 * the webhook checks the signature with the app secret of those numbers' channels, and of the
 * channels of those accounts. Null when it names neither, or more than MAX_NUMBERS_PER_PAYLOAD.
 */
export function webhookSendersOf(json: unknown): { phoneNumberIds: string[]; wabaIds: string[] } | null {
  const ids = new Set<string>();
  const accounts = new Set<string>();
  const entries = (json as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return null;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    const wabaId = (entry as { id?: unknown }).id;
    for (const item of changes) {
      const id = (item as { value?: { metadata?: { phone_number_id?: unknown } } } | null)?.value?.metadata?.phone_number_id;
      if (typeof id === 'string' && metaIdPattern.test(id)) ids.add(id);
      else if (typeof wabaId === 'string' && metaIdPattern.test(wabaId)) accounts.add(wabaId);
      if (ids.size + accounts.size > MAX_NUMBERS_PER_PAYLOAD) return null;
    }
  }
  return ids.size + accounts.size > 0 ? { phoneNumberIds: [...ids], wabaIds: [...accounts] } : null;
}
