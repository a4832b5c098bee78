// The answerer's consent lines (./inbound-answer.ts), in the contact's language (a shopper who is no
// contact yet: the AI base's). A text that asks to stop, or a tap on a marketing template's 'Stop
// promotions' button, is answered with optOutConfirmations (promotions stop, order updates still
// come), a tap on a consent button with the thanks of optInConfirmations: fixed lines, never the AI base's (no
// model asked, no AI request counted). The webhook recorded both before it queued the message
// (./conversation-consent.ts), so the reply tells what holds. With a cart link goes the utility
// consent button (consentButtons), to a shopper whose utility consent nobody asked yet: one who
// agreed or refused is not asked again.
import { consentButtons, optInConfirmations, optOutConfirmations, type ConsentPurpose, type ConsentStatus } from '@/domain/contact';
import { phoneFromWhatsappId } from '@/domain/contact-phone';
import type { Locale } from '@/domain/locales';
import type { AiBase } from '@/domain/ai-base';
import type { InboundContent } from '@/domain/whatsapp-webhook';
import type { WhatsappReplyPart } from '@/domain/whatsapp-reply';
import type { ContactStore } from '../contacts/contact-store';
import { consentOfContent } from './conversation-consent';
import { localeOf, type ReplyPlan } from './inbound-replies';
import { replyButtons } from './outgoing-message';

/** What the answerer reads of contacts: their language and consent, by number. */
export type ConsentContacts = Pick<ContactStore, 'consentOf'>;

/** Who is asking, as the answer's context knows it. */
export type ConsentAsker = { uid: string; base: Pick<AiBase, 'language'>; sender: string };

/** The shopper's language and one purpose's status (not_subscribed: no contact, or a sender that is no number). */
async function shopper(contacts: ConsentContacts, { uid, base, sender }: ConsentAsker, purpose: ConsentPurpose) {
  const phone = phoneFromWhatsappId(sender);
  const contact = phone === null ? undefined : (await contacts.consentOf(uid, [phone])).get(phone);
  const language: Locale = contact?.language ?? localeOf[base.language];
  const status: ConsentStatus = contact?.consent[purpose].status ?? 'not_subscribed';
  return { phone, language, status };
}

const fixedLine = (text: string): ReplyPlan => ({
  kind: 'answer',
  text,
  passages: [],
  model: null,
  parts: [{ type: 'text', body: text, previewUrl: false, wamid: null }],
  aiRequest: null,
});

/**
 * The reply to a consent message, or null when the message is none (the AI base answers it): the
 * opt-out's confirmation; the opt-in's thanks, or no reply (`plan: null`) when the purpose is not
 * subscribed now (the tap came before an opt-out that holds, or from no number).
 */
export async function consentReply(
  contacts: ConsentContacts,
  asker: ConsentAsker,
  content: InboundContent,
): Promise<{ plan: ReplyPlan | null } | null> {
  const consent = consentOfContent(content);
  if (consent === null) return null;
  if (consent === 'stop_word' || consent === 'stop_button') {
    const { language } = await shopper(contacts, asker, 'marketing');
    return { plan: fixedLine(optOutConfirmations[language]) };
  }
  const { language, status } = await shopper(contacts, asker, consent);
  return { plan: status === 'subscribed' ? fixedLine(optInConfirmations[consent][language]) : null };
}

/** The utility consent button to send with a cart link, in the shopper's language; null when it is not to be asked. */
export async function consentOffer(
  contacts: ConsentContacts,
  asker: ConsentAsker,
): Promise<Extract<WhatsappReplyPart, { type: 'reply_buttons' }> | null> {
  const { phone, language, status } = await shopper(contacts, asker, 'utility');
  if (phone === null || status !== 'not_subscribed') return null;
  const button = consentButtons.utility;
  return {
    type: 'reply_buttons',
    ...replyButtons(button.prompt[language], [{ id: button.id, title: button.title[language] }]),
    wamid: null,
  };
}
