// The website widget's chat (POST /api/v1/widget-sites/{public id}/messages): what a shopper's page
// sends (a random visitor id the page keeps for its session, the conversation it continues, the
// text), the answer (the AI base's text and product cards with their 'Add to cart' link), the
// refusals a page is told apart by code, and the conversations as the merchant reads them. Nothing of
// the shopper but what they wrote.
import * as z from 'zod/mini';
import { storableText } from './storable-values';
import { WIDGET_CHAT_CARDS_MAX, WIDGET_CHAT_TEXT_MAX, WIDGET_VISITOR_ID_PATTERN } from './widget-chat-limits';

/** Limits on what a script on the internet may ask, each counted in the database across processes. */
export const WIDGET_CHAT_LIMITS = {
  /** Messages one visitor id may send a minute. */
  visitorMessagesPerMinute: 6,
  /** Messages one client address may send a minute (shoppers behind one address share it). */
  addressMessagesPerMinute: 30,
  /** Conversations one client address may start an hour. */
  addressConversationsPerHour: 20,
  /** Handoff codes one client address may ask for an hour (a panel opened asks for one per visitor). */
  addressHandoffsPerHour: 60,
} as const;

export const widgetChatRequestSchema = z.strictObject({
  visitorId: z.string().check(z.regex(WIDGET_VISITOR_ID_PATTERN)),
  /** The conversation this page continues; absent or null: a new one. */
  conversationId: z.optional(z.nullable(z.uuid())),
  text: storableText('widget_chat.text_invalid').check(z.trim(), z.minLength(1), z.maxLength(WIDGET_CHAT_TEXT_MAX)),
});
export type WidgetChatRequest = z.infer<typeof widgetChatRequestSchema>;

/** A product of the answer: what the card shows and the cart summary page with it in the cart. */
export const widgetProductCardSchema = z.object({
  title: z.string(),
  imageUrl: z.nullable(z.string()),
  /** In the currency's minor units (cents); null: not known. */
  priceMinor: z.nullable(z.int()),
  currency: z.nullable(z.string()),
  cartUrl: z.string(),
});
export type WidgetProductCard = z.infer<typeof widgetProductCardSchema>;

export const widgetChatAnswerSchema = z.object({
  conversationId: z.uuid(),
  text: z.string(),
  cards: z.array(widgetProductCardSchema).check(z.maxLength(WIDGET_CHAT_CARDS_MAX)),
  /** The inventory's catalog page when the shopper asked for the catalog; null otherwise. */
  catalogUrl: z.nullable(z.string()),
});
export type WidgetChatAnswer = z.infer<typeof widgetChatAnswerSchema>;

/**
 * Why a page's message got no answer, by the error code it reads: the merchant's daily cap of
 * answers reached, or nothing answers on the widget's number now (paused, no active AI base).
 */
export const widgetChatRefusals = ['daily_cap_reached', 'not_answering'] as const;
export type WidgetChatRefusalReason = (typeof widgetChatRefusals)[number];

export const widgetChatRoles = ['shopper', 'agent'] as const;
export type WidgetChatRole = (typeof widgetChatRoles)[number];

/** A message of a widget conversation as the merchant reads it. */
export const widgetChatMessageSchema = z.object({
  role: z.enum(widgetChatRoles),
  text: z.string(),
  /** The products an answer showed, by title. */
  products: z.array(z.string()),
  at: z.string(),
});
export type WidgetChatMessage = z.infer<typeof widgetChatMessageSchema>;

export const widgetConversationSchema = z.object({
  id: z.uuid(),
  startedAt: z.string(),
  lastMessageAt: z.string(),
  messages: z.array(widgetChatMessageSchema),
});
export type WidgetConversation = z.infer<typeof widgetConversationSchema>;

/**
 * GET /api/v1/widget/conversations: the widget's number (the channel screen that shows them; null: none
 * chosen) and the latest conversations, newest first, each with its last messages.
 */
export const widgetConversationsSchema = z.object({ channelId: z.nullable(z.uuid()), conversations: z.array(widgetConversationSchema) });
export type WidgetConversations = z.infer<typeof widgetConversationsSchema>;

export const WIDGET_CONVERSATIONS_SHOWN = 20;
export const WIDGET_MESSAGES_SHOWN = 40;

/** What a page asks for when its panel opens (POST …/handoffs): the code of its visitor's handoff to WhatsApp. */
export const widgetHandoffRequestSchema = z.strictObject({
  visitorId: z.string().check(z.regex(WIDGET_VISITOR_ID_PATTERN)),
});
export type WidgetHandoffRequest = z.infer<typeof widgetHandoffRequestSchema>;

export const widgetHandoffSchema = z.object({
  /** The code the WhatsApp message ends with (domain/widget-ref.ts). */
  ref: z.string(),
});
export type WidgetHandoff = z.infer<typeof widgetHandoffSchema>;
