// The built-in retrieval answerer (the embedded default): deterministic and offline. It answers in
// the base's language with a short reply composed from the best passages (./short-answer: a
// product's name and price, an answer cell, a short list), between the agent's fixed phrases
// (./agent-phrases) for its voice tone and function. A question naming a product that no passage is
// about (./product-match) is told so, never another product's price. Creativity sets how many text passages it
// may join (1–3); the merchant's free-text instructions need a language model to follow and are
// left to the LLM answerer.
import { BUILTIN_MODEL, type AiBase } from '@/domain/ai-base';
import type { LeftOutProduct } from '@/domain/knowledge-columns';
import { agentPhrases, type AgentPhrases } from './agent-phrases';
import type { Answerer, AnswerInput, AnswerResult } from './answerer';
import { lookUpProduct, type ProductPassage } from './product-match';
import { composeAnswer, MAX_ANSWER_CHARS, productList } from './short-answer';

/** How many passages an answer quotes: creativity 0–3 one, 4–6 two, 7–10 three. */
export function passagesToQuote(creativity: number): number {
  return creativity <= 3 ? 1 : creativity <= 6 ? 2 : 3;
}

/** "Tamanho e cor." → "tamanho e cor" (a leading capital kept for acronyms: "CEP"); lines become a list. */
function inputsPhrase(expectedInputs: string): string {
  const joined = expectedInputs
    .split('\n')
    .map((line) => line.trim().replace(/[.?!;:,]+$/, ''))
    .filter(Boolean)
    .join(', ');
  return /^\p{Lu}\p{Ll}/u.test(joined) ? joined[0]!.toLowerCase() + joined.slice(1) : joined;
}

/** The function's last words: a seller offers the catalog, a qualifier asks for the expected inputs. */
function functionEnding(base: AiBase, phrases: AgentPhrases): string {
  if (base.function === 'seller') return phrases.catalogOffer;
  if (base.function === 'qualifier' && base.expectedInputs.trim()) return phrases.askFor(inputsPhrase(base.expectedInputs));
  return '';
}

const sentence = (...parts: string[]) => parts.filter(Boolean).join(' ');

/**
 * A named product that no passage is about: said so (or, left out of the knowledge, that it is not
 * for sale), with the close ones as suggestions said to be such, and the catalog (a seller) or a
 * person offered; marked as not in the knowledge base.
 */
function productNotFound(
  base: AiBase,
  phrases: AgentPhrases,
  close: readonly ProductPassage[],
  leftOut: readonly LeftOutProduct[],
): AnswerResult {
  const gone = leftOut[0];
  const said = sentence(phrases.sorry[base.voiceTone], gone ? phrases.notForSale(gone.name) : phrases.productNotFound);
  const offer = base.function === 'seller' ? phrases.catalogOffer : phrases.offerHuman;
  const room = MAX_ANSWER_CHARS - said.length - offer.length - 2;
  const suggested = close.length > 0 ? productList(phrases.closest, close, base.language, room) : { body: '', used: [] };
  return { text: [said, suggested.body, offer].filter(Boolean).join('\n'), model: BUILTIN_MODEL, used: suggested.used, noKnowledge: true };
}

export function builtinAnswer({
  base,
  settings,
  passages,
  question,
  leftOut = [],
}: Pick<AnswerInput, 'base' | 'settings' | 'passages' | 'question' | 'leftOut'>): AnswerResult {
  const phrases = agentPhrases[base.language];
  const ending = functionEnding(base, phrases);
  const asked = lookUpProduct(question, passages);
  if (asked.kind === 'absent' || (asked.kind === 'nothing' && leftOut.length > 0))
    return productNotFound(base, phrases, asked.kind === 'absent' ? asked.close.map((entry) => entry.passage) : [], leftOut);
  if (passages.length === 0) {
    const help = base.function === 'support' ? phrases.offerHuman : ending;
    return { text: sentence(phrases.sorry[base.voiceTone], phrases.notFound, help), model: BUILTIN_MODEL, used: [], noKnowledge: true };
  }
  const closing = ending || phrases.closing[base.voiceTone];
  // The lead ("According to our knowledge base:") introduces quoted text; a translator always says its language.
  const longest = sentence(phrases.greeting[base.voiceTone], phrases.lead[base.function]);
  const room = MAX_ANSWER_CHARS - longest.length - closing.length - 2;
  const { body, used, from } = composeAnswer(
    question,
    passages,
    base.language,
    { quotes: passagesToQuote(settings.creativity), room, also: phrases.also },
    asked,
  );
  const opening = sentence(
    phrases.greeting[base.voiceTone],
    from === 'text' || base.function === 'translator' ? phrases.lead[base.function] : '',
  );
  return { text: [opening, body, closing].filter(Boolean).join('\n'), model: BUILTIN_MODEL, used };
}

export const builtinAnswerer: Answerer = { answer: async (input) => builtinAnswer(input) };
