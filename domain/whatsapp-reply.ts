// What the AI base did with a shopper's WhatsApp message: the outcome the
// conversation page shows beside each message, what kind of reply went (an answer, a cart link, a
// polite line), the messages it was made of with the id Meta gave each, and why it failed when it
// did. The whatsapp-inbound worker (server/channels/inbound-worker.ts) writes them; no zod (types
// and value lists only), so the SPA can import it freely.

/**
 * `sending`: the reply is decided and stored, its messages are going out (a retry resumes here);
 * `sent`: every message of it went; `skipped_*`: nothing was sent, for the reason named (the
 * channel was paused, needed attention, had no active AI base, or the message is a reaction);
 * `outside_window`: more than 24 hours after the shopper's message, or Meta said so (131047);
 * `failed`: Meta refused it or every attempt failed (`failure`, `errorCode`).
 */
export const whatsappReplyOutcomes = [
  'sending',
  'sent',
  'skipped_paused',
  'skipped_needs_attention',
  'skipped_no_ai_base',
  'skipped_unsupported',
  'outside_window',
  'failed',
] as const;
export type WhatsappReplyOutcome = (typeof whatsappReplyOutcomes)[number];

/**
 * `answer`: the AI base answered (with a product list or the catalog for a seller); `no_knowledge`:
 * nothing in its knowledge base matched; `refused`: a blocked term; `order_cart`: an order answered
 * with its cart summary link; `order_no_inventory` / `order_unreadable`: an order without an
 * inventory to make a cart of, or of another catalog; `text_only`: media the answerer cannot read;
 * `media_not_allowed`: media the account's plan does not include.
 */
export const whatsappReplyKinds = [
  'answer',
  'no_knowledge',
  'refused',
  'order_cart',
  'order_no_inventory',
  'order_unreadable',
  'text_only',
  'media_not_allowed',
] as const;
export type WhatsappReplyKind = (typeof whatsappReplyKinds)[number];

/**
 * Why a reply failed: Meta refused the token (the channel then needs attention), the number, a
 * permission or the message (`invalid`, with Meta's code); Meta's servers failed or could not be
 * reached on every attempt; the base's model is no longer offered, or the AI provider failed on
 * every attempt; or something of ours failed (`internal`).
 */
export const whatsappReplyFailures = [
  'token_invalid',
  'number_unavailable',
  'permission_missing',
  'invalid',
  'server',
  'unreachable',
  'unknown_model',
  'ai_unavailable',
  'internal',
] as const;
export type WhatsappReplyFailure = (typeof whatsappReplyFailures)[number];

export type ProductListSection = { title: string; retailerIds: string[] };

/** One message of a reply, as it is (or was) sent; `wamid` is Meta's id once it went, null until then. */
export type WhatsappReplyPart = { wamid: string | null } & (
  | { type: 'text'; body: string; previewUrl: boolean }
  | { type: 'product_list'; catalogId: string; headerText: string; bodyText: string; sections: ProductListSection[] }
  | { type: 'catalog_message'; bodyText: string; thumbnailRetailerId: string | null }
  /** Reply buttons under a text (the consent button offered with a cart link): the shopper's tap comes back with the button's id. */
  | { type: 'reply_buttons'; bodyText: string; buttons: ReplyButton[] }
);

/** A reply button: the id its tap comes back with, and its title (20 characters at most). */
export type ReplyButton = { id: string; title: string };
