// The conversation sent to an OpenAI-compatible model: a system prompt made of the base (function,
// language, voice tone, instructions, expected inputs), step 3's blocked terms and the knowledge
// passages (numbered; a product's or an answer's public fields rather than its row), then the chat so far and the question. The prompt is
// in English, which models follow best; the answer's language is named in it.
import type { AiBaseFunction, AiBaseLanguage, VoiceTone } from '@/domain/ai-base';
import type { ChatRole } from '@/domain/refinement-chat';
import { formatMoney } from '../knowledge/extraction/money';
import type { AnswerInput, SearchedPassage } from './answerer';
import { shorten } from './short-answer';
import type { LlmMessage } from './llm-endpoint';

const languageNames: Record<AiBaseLanguage, string> = { pt_br: 'Brazilian Portuguese', en_us: 'American English', es: 'Spanish' };

const tones: Record<VoiceTone, string> = {
  default: 'objective, clear and polite',
  friendly: 'warm and friendly',
  informal: 'casual and relaxed, as between friends',
};

const roles: Record<AiBaseFunction, string> = {
  seller:
    'You are a salesperson. Help the customer choose and buy: point to the products in the catalog that fit, with their details, and offer to send the catalog.',
  support:
    'You are a customer support agent. Answer only from the knowledge passages below; when they do not hold the answer, say you could not find it in the knowledge base and offer to hand the customer over to a human agent.',
  qualifier:
    'You qualify leads: understand what the customer needs and collect the expected inputs below, asking for what is still missing with one question at the end of your answer.',
  translator:
    'You are a translator: whatever language the customer writes in, say that you answer in the language below, then answer from the knowledge passages in it.',
};

const chatRoles: Record<ChatRole, LlmMessage['role']> = { customer: 'user', agent: 'assistant' };

/**
 * What a model is told of a passage: a product's or an answer's public fields, labelled by what
 * they mean (prices formatted in the base's language), rather than the spreadsheet's row; plain
 * text as it is. No file name: a model may repeat it to a shopper.
 */
export function passageContext(passage: SearchedPassage, language: AiBaseLanguage): string {
  const facts = passage.facts;
  if (facts?.kind === 'answer')
    return [facts.question ? `Question: ${facts.question}` : '', `Answer: ${facts.answer}`].filter(Boolean).join('\n');
  if (facts?.kind !== 'product') return passage.content;
  const money = (minor: number | null) => (minor === null ? null : formatMoney(minor, facts.currency, language));
  const fields: [string, string | number | null][] = [
    ['Product', facts.name],
    ['Price', money(facts.priceMinor)],
    [
      'Price before discount',
      facts.compareAtMinor !== null && facts.priceMinor !== null && facts.compareAtMinor > facts.priceMinor
        ? money(facts.compareAtMinor)
        : null,
    ],
    ['In stock', facts.stock ?? (facts.available === null ? null : facts.available ? 'yes' : 'no')],
    ['Category', facts.category],
    ['SKU', facts.sku],
    ['Link', facts.url],
    [
      'Options',
      facts.variants.length > 1
        ? facts.variants
            .map((variant) => `${variant.title}${variant.priceMinor === null ? '' : ` (${money(variant.priceMinor)})`}`)
            .join('; ')
        : null,
    ],
    ['Description', facts.description ? shorten(facts.description, 500) : null],
  ];
  return fields
    .filter(([, value]) => value !== null && value !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}

export function systemPrompt({
  base,
  settings,
  passages,
  leftOut = [],
}: Pick<AnswerInput, 'base' | 'settings' | 'passages' | 'leftOut'>): string {
  const sections = [
    `You are "${base.name}", an AI agent of an online store, chatting with its customers on WhatsApp. ${roles[base.function]}`,
    `Always answer in ${languageNames[base.language]}. Voice tone: ${tones[base.voiceTone]}. Keep answers short, as in a chat.`,
  ];
  if (base.instructions.trim()) sections.push(`The store's instructions:\n${base.instructions.trim()}`);
  if (base.expectedInputs.trim()) sections.push(`What customers are expected to give you:\n${base.expectedInputs.trim()}`);
  if (settings.blockedTerms.length > 0) {
    sections.push(
      `Never mention these terms, nor answer about them (politely decline instead): ${settings.blockedTerms.map((term) => `"${term}"`).join(', ')}.`,
    );
  }
  sections.push(
    passages.length > 0
      ? [
          "Knowledge passages from the store's files, best match first. Take facts about the store only from them; if they do not hold the answer, say so instead of guessing. Never name the passages, their files or their fields to the customer; quote prices as given.",
          ...passages.map((passage, index) => `[${index + 1}] ${passageContext(passage, base.language)}`),
        ].join('\n')
      : "No passage of the store's knowledge base matches this question: do not make up facts about the store; say you could not find it.",
  );
  if (leftOut.length > 0) {
    const names = leftOut.map((product) => `"${product.name}"`).join(', ');
    sections.push(
      `The customer names ${names}, which the store does not sell at the moment: say it is not for sale, never give it a price, and do not offer another product as if it were that one.`,
    );
  }
  return sections.join('\n\n');
}

/** The shopper's question with what they sent: a document's text after it, an image as a part (OpenAI's vision format). */
function questionMessage({ question, image, document }: AnswerInput): LlmMessage {
  const said =
    question.trim() ||
    (image
      ? 'The customer sent this image without a message.'
      : document
        ? 'The customer sent this document without a message.'
        : question);
  const text = document ? `${said}\n\n${document}` : said;
  return image
    ? {
        role: 'user',
        content: [
          { type: 'text', text },
          { type: 'image_url', image_url: { url: image } },
        ],
      }
    : { role: 'user', content: text };
}

export function llmMessages(input: AnswerInput): LlmMessage[] {
  return [
    { role: 'system', content: systemPrompt(input) },
    ...input.history.map((turn) => ({ role: chatRoles[turn.role], content: turn.content })),
    questionMessage(input),
  ];
}
