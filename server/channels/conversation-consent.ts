// The shopper's consent as their WhatsApp conversation and Meta tell it, recorded by the webhook
// (../routes/whatsapp-webhook-routes.ts): a text that asks to stop (isOptOutMessage) and a tap on a
// marketing template's 'Stop promotions' quick reply (isStopPromotionsReply) opt out of marketing
// only (order updates still come), a tap on one of our consent buttons (consentButtonPurpose) opts in
// to its purpose, Meta's `user_preferences` stops or resumes marketing. Each is recorded for the account whose number
// it came to (the channel's uid), never another's: two accounts that know one shopper keep two consents.
//
// When: before the webhook records and queues the payload's messages, and so before it answers 200.
// Opt-out wins at once: it holds before the answerer can even claim the message (whose reply
// confirms it), whatever the channel's state (a paused channel queues nothing), and before the
// sender's next claim. Should recording fail, the webhook answers 500 and Meta delivers the payload
// again; the contact store records a repeated event (same source, same time) once, and a message
// already recorded (a redelivery) is not read again, so a redelivered stop leaves one history event.
// Shoppers' consent events are rare: the webhook's usual payload costs nothing more.
import { consentButtonPurpose, isOptOutMessage, isStopPromotionsReply, type ConsentPurpose } from '@/domain/contact';
import { phoneFromWhatsappId } from '@/domain/contact-phone';
import type { InboundContent, InboundEvent, UserPreferenceEvent } from '@/domain/whatsapp-webhook';
import type { ContactStore } from '../contacts/contact-store';
import { localeOf } from './inbound-replies';
import type { WebhookChannel, WebhookIntake } from './webhook-intake';

/** What a payload says of a shopper's consent, for the account of the channel it came to. */
export type ConsentSignal = { channel: WebhookChannel; waId: string; timestamp: number } & (
  | { kind: 'stop_word' | 'stop_button'; messageId: string }
  | { kind: 'consent_button'; messageId: string; purpose: ConsentPurpose }
  | { kind: 'marketing_stop' | 'marketing_resume' }
);

/** What a message says of consent: a text asking to stop, a tap on a template's stop button, or on a consent button (its purpose). */
export type ContentConsent = 'stop_word' | 'stop_button' | ConsentPurpose;

/** Whether a message is a consent event (ContentConsent), or null. */
export function consentOfContent(content: InboundContent): ContentConsent | null {
  if (content.type === 'text') return isOptOutMessage(content.body) ? 'stop_word' : null;
  if (content.type === 'interactive' && content.reply === 'button_reply') return consentButtonPurpose(content.replyId);
  if (content.type === 'interactive' && content.reply === 'quick_reply') return isStopPromotionsReply(content.title) ? 'stop_button' : null;
  return null;
}

/** The consent events of a payload's messages and preferences, in the payload's order. */
export function consentSignalsOf(
  events: ReadonlyArray<{ channel: WebhookChannel; event: InboundEvent }>,
  preferences: ReadonlyArray<{ channel: WebhookChannel; event: UserPreferenceEvent }>,
): ConsentSignal[] {
  const signals: ConsentSignal[] = [];
  for (const { channel, event } of events) {
    if (event.kind !== 'message') continue;
    const consent = consentOfContent(event.content);
    if (consent === null) continue;
    const base = { channel, waId: event.from, timestamp: event.timestamp, messageId: event.messageId };
    signals.push(
      consent === 'stop_word' || consent === 'stop_button'
        ? { ...base, kind: consent }
        : { ...base, kind: 'consent_button', purpose: consent },
    );
  }
  for (const { channel, event } of preferences)
    signals.push({
      channel,
      waId: event.waId,
      timestamp: event.timestamp,
      kind: event.preference === 'stop' ? 'marketing_stop' : 'marketing_resume',
    });
  return signals;
}

/** What recording did: events recorded by kind, redelivered messages passed over, senders that are no phone number. */
export type ConsentCounts = { optOuts: number; optIns: number; resumes: number; redelivered: number; notPhones: number };

export const noConsentCounts: ConsentCounts = Object.freeze({ optOuts: 0, optIns: 0, resumes: 0, redelivered: 0, notPhones: 0 });

export type ConsentRecording = {
  intake: Pick<WebhookIntake, 'consentFacts'>;
  contacts: Pick<ContactStore, 'recordOptOut' | 'recordOptIn' | 'recordMarketingResume'>;
};

/**
 * Records each signal for its channel's account, one after another in the payload's order: a stop
 * word as a `stop_word` opt-out of marketing, a tap on the stop button as a `whatsapp_conversation`
 * opt-out of marketing (utility consent untouched), a consent button as a `whatsapp_conversation`
 * opt-in, Meta's stop as a `meta_user_preferences` opt-out of marketing, its resume as a marketing
 * resume; each dated when the shopper acted, a new contact given the language of the channel's AI
 * base. A message already recorded (a redelivery) is passed over.
 */
export async function recordConversationConsent(
  { intake, contacts }: ConsentRecording,
  signals: readonly ConsentSignal[],
): Promise<ConsentCounts> {
  const counts = { ...noConsentCounts };
  if (signals.length === 0) return counts;
  const facts = await intake.consentFacts(
    [...new Set(signals.map((signal) => signal.channel.id))],
    signals.flatMap((signal) => ('messageId' in signal ? [{ channelId: signal.channel.id, messageId: signal.messageId }] : [])),
  );
  for (const signal of signals) {
    if ('messageId' in signal && facts.recorded.has(`${signal.channel.id} ${signal.messageId}`)) {
      counts.redelivered++;
      continue;
    }
    const phone = phoneFromWhatsappId(signal.waId);
    if (phone === null) {
      counts.notPhones++;
      continue;
    }
    const { uid, id } = signal.channel;
    const at = new Date(signal.timestamp * 1000).toISOString();
    const baseLanguage = facts.languages.get(id);
    const language = baseLanguage ? { language: localeOf[baseLanguage] } : {};
    switch (signal.kind) {
      case 'stop_word':
        await contacts.recordOptOut(uid, phone, 'stop_word', at, { purpose: 'marketing', ...language });
        counts.optOuts++;
        break;
      case 'stop_button':
        await contacts.recordOptOut(uid, phone, 'whatsapp_conversation', at, { purpose: 'marketing', ...language });
        counts.optOuts++;
        break;
      case 'consent_button':
        await contacts.recordOptIn(uid, phone, signal.purpose, 'whatsapp_conversation', at, language);
        counts.optIns++;
        break;
      case 'marketing_stop':
        await contacts.recordOptOut(uid, phone, 'meta_user_preferences', at, { purpose: 'marketing', ...language });
        counts.optOuts++;
        break;
      case 'marketing_resume':
        await contacts.recordMarketingResume(uid, phone, at);
        counts.resumes++;
        break;
    }
  }
  return counts;
}
