// The built-in retrieval answerer (the embedded default): deterministic and offline. It answers in
// the base's language by quoting the best passages, wrapped in the agent's fixed phrases
// (./agent-phrases) for its voice tone and function. Creativity sets how many passages it joins:
// up to 3, one (nearly verbatim) at most; the merchant's free-text instructions need a language
// model to follow and are left to the LLM answerer.
import { BUILTIN_MODEL, type AiBase } from '../../domain/ai-base';
import type { Passage } from '../../domain/knowledge';
import { agentPhrases, type AgentPhrases } from './agent-phrases';
import type { Answerer, AnswerInput, AnswerResult } from './answerer';
import { foldText } from './blocked-terms';

/** How many passages an answer quotes: creativity 0–3 one, 4–6 two, 7–10 three. */
export function passagesToQuote(creativity: number): number {
  return creativity <= 3 ? 1 : creativity <= 6 ? 2 : 3;
}

/** A row's answer column ("Resposta: …" in a question-and-answer sheet), if it has one. */
const ANSWER_HEADERS = new Set(['answer', 'resposta', 'respuesta', 'reply']);

/** What a passage says: the answer cell of a Q&A row, else the passage as it is. */
export function passageText(passage: Pick<Passage, 'content'>): string {
  for (const line of passage.content.split('\n')) {
    const match = /^([^:]{1,40}):\s*(.+)$/.exec(line);
    if (match && ANSWER_HEADERS.has(foldText(match[1]!.trim()))) return match[2]!.trim();
  }
  return passage.content.trim();
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

export function builtinAnswer({ base, settings, passages }: Pick<AnswerInput, 'base' | 'settings' | 'passages'>): AnswerResult {
  const phrases = agentPhrases[base.language];
  const ending = functionEnding(base, phrases);
  if (passages.length === 0) {
    const help = base.function === 'support' ? phrases.offerHuman : ending;
    return { text: sentence(phrases.sorry[base.voiceTone], phrases.notFound, help), model: BUILTIN_MODEL, used: [], noKnowledge: true };
  }
  const used = passages.slice(0, passagesToQuote(settings.creativity));
  const quoted = used.map((passage, index) => (index === 0 ? passageText(passage) : `${phrases.also} ${passageText(passage)}`));
  const lines = [sentence(phrases.greeting[base.voiceTone], phrases.lead[base.function]), ...quoted, ending || phrases.closing[base.voiceTone]];
  return { text: lines.filter(Boolean).join('\n'), model: BUILTIN_MODEL, used };
}

export const builtinAnswerer: Answerer = { answer: async (input) => builtinAnswer(input) };
