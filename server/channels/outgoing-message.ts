// What Catalyst sends a shopper over WhatsApp, and the Cloud API's JSON body for each
// (`POST /{phone-number-id}/messages`): a text reply (optionally quoting the shopper's message), a
// product_list (Meta's multi-product message: items of a catalog in titled sections), a
// catalog_message (the whole catalog behind one button, a product's image as its thumbnail) and
// reply_buttons (a text with up to three reply buttons: the consent button). Pure: no I/O. Meta
// refuses a message over its limits (131009), so fitProductSections trims a list to them before it
// is built, and replyButtons refuses buttons Meta would.
import type { ReplyButton } from '@/domain/whatsapp-reply';

/** Meta's limits on the messages built here (characters, sections, items, buttons). */
export const WHATSAPP_MESSAGE_LIMITS = {
  textBody: 4096,
  interactiveBody: 1024,
  headerText: 60,
  footerText: 60,
  sectionTitle: 24,
  sections: 10,
  productListItems: 30,
  replyButtons: 3,
  buttonTitle: 20,
  buttonId: 256,
} as const;

export type ProductSection = { title: string; retailerIds: string[] };

export type OutgoingMessage =
  | { type: 'text'; to: string; body: string; previewUrl?: boolean; replyTo?: string }
  | {
      type: 'product_list';
      to: string;
      catalogId: string;
      headerText: string;
      bodyText: string;
      footerText?: string;
      sections: ProductSection[];
      replyTo?: string;
    }
  | { type: 'catalog_message'; to: string; bodyText: string; footerText?: string; thumbnailRetailerId?: string; replyTo?: string }
  | { type: 'reply_buttons'; to: string; bodyText: string; buttons: ReplyButton[]; replyTo?: string };

/**
 * Reply buttons as Meta takes them: one to three, ids unique, titles of at most 20 characters, with
 * a body of at most 1024; throws a RangeError otherwise (a programming error: the buttons are ours).
 */
export function replyButtons(bodyText: string, buttons: readonly ReplyButton[]): { bodyText: string; buttons: ReplyButton[] } {
  const limits = WHATSAPP_MESSAGE_LIMITS;
  const length = (text: string) => [...text].length;
  if (bodyText.trim() === '' || length(bodyText) > limits.interactiveBody) throw new RangeError('reply buttons: body empty or too long');
  if (buttons.length === 0 || buttons.length > limits.replyButtons) throw new RangeError('reply buttons: one to three');
  if (new Set(buttons.map((button) => button.id)).size !== buttons.length) throw new RangeError('reply buttons: repeated id');
  for (const { id, title } of buttons) {
    if (id === '' || length(id) > limits.buttonId || title.trim() === '' || length(title) > limits.buttonTitle)
      throw new RangeError('reply buttons: id or title out of bounds');
  }
  return { bodyText, buttons: buttons.map(({ id, title }) => ({ id, title })) };
}

/** The body of the send, as the Cloud API takes it. */
export function outgoingMessageBody(message: OutgoingMessage): Record<string, unknown> {
  const envelope = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    ...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
  };
  const footer = 'footerText' in message && message.footerText ? { footer: { text: message.footerText } } : {};
  switch (message.type) {
    case 'text':
      return { ...envelope, type: 'text', text: { body: message.body, preview_url: message.previewUrl ?? false } };
    case 'product_list':
      return {
        ...envelope,
        type: 'interactive',
        interactive: {
          type: 'product_list',
          header: { type: 'text', text: message.headerText },
          body: { text: message.bodyText },
          ...footer,
          action: {
            catalog_id: message.catalogId,
            sections: message.sections.map((section) => ({
              title: section.title,
              product_items: section.retailerIds.map((retailerId) => ({ product_retailer_id: retailerId })),
            })),
          },
        },
      };
    case 'catalog_message':
      return {
        ...envelope,
        type: 'interactive',
        interactive: {
          type: 'catalog_message',
          body: { text: message.bodyText },
          ...footer,
          action: {
            name: 'catalog_message',
            ...(message.thumbnailRetailerId ? { parameters: { thumbnail_product_retailer_id: message.thumbnailRetailerId } } : {}),
          },
        },
      };
    case 'reply_buttons':
      return {
        ...envelope,
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: message.bodyText },
          action: { buttons: message.buttons.map(({ id, title }) => ({ type: 'reply', reply: { id, title } })) },
        },
      };
  }
}

/**
 * Sections Meta takes: empty ones and repeated items dropped, titles cut to 24 characters, at most
 * 10 sections and 30 items in all (the first ones kept, in order).
 */
export function fitProductSections(sections: readonly ProductSection[]): ProductSection[] {
  const fitted: ProductSection[] = [];
  const seen = new Set<string>();
  let room: number = WHATSAPP_MESSAGE_LIMITS.productListItems;
  for (const section of sections) {
    if (fitted.length === WHATSAPP_MESSAGE_LIMITS.sections || room === 0) break;
    const retailerIds: string[] = [];
    for (const id of section.retailerIds) {
      if (retailerIds.length === room) break;
      if (seen.has(id)) continue;
      seen.add(id);
      retailerIds.push(id);
    }
    if (retailerIds.length === 0) continue;
    room -= retailerIds.length;
    fitted.push({ title: [...section.title].slice(0, WHATSAPP_MESSAGE_LIMITS.sectionTitle).join(''), retailerIds });
  }
  return fitted;
}
