// The website widget chat's bounds, without zod: the widget script (widget/, no zod in its bundle)
// and the server's schemas (./widget-chat.ts) both read them.

/** The most a shopper's message in the widget holds, in characters. */
export const WIDGET_CHAT_TEXT_MAX = 500;
/** A visitor id as the script makes it: random base64url (the page keeps it for the session). */
export const WIDGET_VISITOR_ID_PATTERN = /^[\w-]{16,64}$/;
/** Product cards an answer shows at most. */
export const WIDGET_CHAT_CARDS_MAX = 6;
