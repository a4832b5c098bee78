// A qualifier AI base on WhatsApp: asks for its expected inputs one at a time until it has them,
// keeps each answer on the conversation, thanks the shopper with a summary, then answers normally.
// Details: docs/how-it-works.md, 'Qualifier'.
import type { AiBase } from '@/domain/ai-base';
import { qualifierInputs, inputValueOf, type QualifierInput } from '@/domain/qualifier';
import { agentPhrases } from '../answering/agent-phrases';
import type { Db } from '../db/database';
import { conversationInputs, type ConversationRef } from './conversation-inputs';
import type { ReplyPlan } from './inbound-replies';
import { WHATSAPP_MESSAGE_LIMITS } from './outgoing-message';
import { qualifierPhrases } from './qualifier-phrases';

/** The base's ordinary answer to a question (the seller/support pipeline), for the base given. */
export type OrdinaryAnswer = (base: AiBase, question: string) => Promise<ReplyPlan>;

/** "E-mail" → "e-mail" inside a sentence; an acronym ("CEP") keeps its capitals. */
const inSentence = (name: string) => (/^\p{Lu}(?!\p{Lu})/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name);

/** Meta's limit on a text body (or `max`), with an ellipsis past it. */
const fit = (text: string, max: number = WHATSAPP_MESSAGE_LIMITS.textBody) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** A qualifier's own line: the base handled the message (an AI request of the month), no passage, no model. */
function qualifierLine(base: AiBase, text: string): ReplyPlan {
  const body = fit(text);
  return {
    kind: 'answer',
    text: body,
    passages: [],
    model: null,
    parts: [{ type: 'text', body, previewUrl: false, wamid: null }],
    aiRequest: { mediaType: 'text', aiBaseId: base.id },
  };
}

/** The reply of a qualifier base to a shopper's text (or button title), with the inputs it asks and keeps. */
export async function qualifierReply(
  db: Db,
  base: AiBase,
  conversation: ConversationRef,
  question: string,
  ordinary: OrdinaryAnswer,
  now: Date,
): Promise<ReplyPlan> {
  const answering: AiBase = { ...base, expectedInputs: '' };
  const expected = qualifierInputs(base.expectedInputs);
  if (expected.length === 0) return ordinary(answering, question);
  const records = conversationInputs(db);
  const phrases = qualifierPhrases[base.language];
  const state = await records.before(conversation);
  const known = new Map<string, string>();
  for (const input of expected) {
    const value = state.get(input.name)?.value;
    if (value != null) known.set(input.name, value);
  }
  // The question this message answers: the input asked last and not known yet.
  let pending: QualifierInput | null = null;
  let pendingAskedBy = -1;
  for (const input of expected) {
    const askedBy = state.get(input.name)?.askedBy ?? null;
    if (!known.has(input.name) && askedBy !== null && askedBy > pendingAskedBy) [pending, pendingAskedBy] = [input, askedBy];
  }
  const ask = (input: QualifierInput) => phrases.ask[base.voiceTone](inSentence(input.name));

  if (pending) {
    const value = inputValueOf(pending.kind, question);
    if (value === null) {
      // Only an email or a number can be missing from an answer (a text input takes the answer as said).
      await records.asked(conversation, pending.name, now);
      const why = pending.kind === 'text' ? '' : phrases.invalid[pending.kind];
      return qualifierLine(base, [agentPhrases[base.language].sorry[base.voiceTone], why, ask(pending)].filter(Boolean).join(' '));
    }
    await records.answered(conversation, pending.name, value, now);
    known.set(pending.name, value);
    const next = expected.find((input) => !known.has(input.name));
    if (next) {
      await records.asked(conversation, next.name, now);
      return qualifierLine(base, `${phrases.thanks[base.voiceTone]} ${ask(next)}`);
    }
    const summary = expected.map((input) => `• ${input.name}: ${known.get(input.name)}`).join('\n');
    return qualifierLine(base, phrases.done(summary));
  }

  // Nothing asked, or all known (inputs added to the base since are asked after the answer).
  const reply = await ordinary(answering, question);
  const next = expected.find((input) => !known.has(input.name));
  if (!next || reply.kind === 'refused') return reply;
  await records.asked(conversation, next.name, now);
  const asking = ask(next);
  const text = `${fit(reply.text, WHATSAPP_MESSAGE_LIMITS.textBody - asking.length - 2)}\n\n${asking}`;
  const [first, ...rest] = reply.parts;
  const parts: ReplyPlan['parts'] =
    first?.type === 'text'
      ? [{ ...first, body: text }, ...rest]
      : [...reply.parts, { type: 'text', body: asking, previewUrl: false, wamid: null }];
  return { ...reply, text, parts };
}
