// The built-in answerer's replies, composed from what the passages mean rather than pasted from
// their rows: a product's name and price formatted for the base's language and currency (and
// stock, variants or description when the question asks), a question-and-answer row's answer cell,
// several matching products as a short "name — price" list. Short enough for WhatsApp
// (MAX_ANSWER_CHARS), never HTML, never a column name.
import type { AiBaseLanguage } from '@/domain/ai-base';
import type { ProductFacts } from '@/domain/knowledge-columns';
import { formatMoney } from '../knowledge/extraction/money';
import type { SearchedPassage } from './answerer';
import { lookUpProduct, type AskedProduct, type ProductPassage } from './product-match';
import { intentsOf, type Intent } from './question-intents';

/** The longest reply, greeting and ending included: a WhatsApp message read at a glance. */
export const MAX_ANSWER_CHARS = 600;
/** How many products a list names at most. */
export const MAX_LISTED_PRODUCTS = 5;

const phrasing: Record<
  AiBaseLanguage,
  {
    costs: (name: string, price: string) => string;
    costsFrom: (name: string, price: string, before: string) => string;
    noPrice: (name: string) => string;
    inStock: (count: number | null) => string;
    soldOut: string;
    variants: (list: string) => string;
    several: string;
  }
> = {
  // No article before a product's name in Portuguese and Spanish: its gender is the name's own
  // ('O Camiseta…' was wrong), and a name that starts the sentence reads right either way.
  pt_br: {
    costs: (name, price) => `${name} custa ${price}.`,
    costsFrom: (name, price, before) => `${name} sai de ${before} por ${price}.`,
    noPrice: (name) => `Temos ${name}.`,
    inStock: (count) => (count === null ? 'Está disponível.' : `Temos ${count} em estoque.`),
    soldOut: 'Está esgotado no momento.',
    variants: (list) => `Opções: ${list}.`,
    several: 'Encontrei estes:',
  },
  en_us: {
    costs: (name, price) => `The ${name} costs ${price}.`,
    costsFrom: (name, price, before) => `The ${name} is ${price} (was ${before}).`,
    noPrice: (name) => `We have the ${name}.`,
    inStock: (count) => (count === null ? 'It is in stock.' : `We have ${count} in stock.`),
    soldOut: 'It is sold out at the moment.',
    variants: (list) => `Options: ${list}.`,
    several: 'I found these:',
  },
  es: {
    costs: (name, price) => `${name} cuesta ${price}.`,
    costsFrom: (name, price, before) => `${name} pasa de ${before} a ${price}.`,
    noPrice: (name) => `Tenemos ${name}.`,
    inStock: (count) => (count === null ? 'Está disponible.' : `Tenemos ${count} en stock.`),
    soldOut: 'Está agotado por ahora.',
    variants: (list) => `Opciones: ${list}.`,
    several: 'Encontré estos:',
  },
};

const price = (minor: number | null, currency: string | null, language: AiBaseLanguage) =>
  minor === null ? null : formatMoney(minor, currency, language);

/** Text cut to `max` characters at a sentence or word end, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const window = flat.slice(0, max - 1);
  const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
  if (sentence >= max / 2) return window.slice(0, sentence + 1);
  const word = window.lastIndexOf(' ');
  return `${window.slice(0, word >= max / 2 ? word : max - 1).replace(/[,;:]$/, '')}…`;
}

/** No markup reaches a shopper, whatever a cell held. */
export const withoutMarkup = (text: string) => text.replace(/<\/?[a-z][^>]*>/gi, ' ').replace(/[ \t]{2,}/g, ' ');

function productReply(product: ProductFacts, intents: Set<Intent>, language: AiBaseLanguage): string {
  const words = phrasing[language];
  const now = price(product.priceMinor, product.currency, language);
  const before =
    product.compareAtMinor !== null && product.priceMinor !== null && product.compareAtMinor > product.priceMinor
      ? price(product.compareAtMinor, product.currency, language)
      : null;
  const sentences = [
    now === null ? words.noPrice(product.name) : before ? words.costsFrom(product.name, now, before) : words.costs(product.name, now),
  ];
  if (intents.has('stock')) {
    const soldOut = product.available === false || product.stock === 0;
    if (soldOut) sentences.push(words.soldOut);
    else if (product.available !== null || product.stock !== null) sentences.push(words.inStock(product.stock));
  }
  if (intents.has('variants') && product.variants.length > 1) {
    sentences.push(
      words.variants(
        product.variants
          .slice(0, 8)
          .map((variant) => variant.title)
          .filter(Boolean)
          .join(', '),
      ),
    );
  }
  if (intents.has('description') && product.description) sentences.push(shorten(product.description, 280));
  return sentences.join(' ');
}

/** What a passage says: an answer row's answer cell, a table row's values without their headers, a page's text. */
function valuesOf(passage: SearchedPassage): string {
  if (passage.facts?.kind === 'answer') return passage.facts.answer;
  if (!/\brow \d+/.test(passage.source)) return passage.content;
  return passage.content
    .split('\n')
    .map((line) => line.replace(/^[^:\n]{1,60}:\s+/, ''))
    .join('\n');
}

/** A list's lines: its heading, then '• name — price' for each product (MAX_LISTED_PRODUCTS at most) that fits in `room`. */
export function productList(heading: string, products: readonly ProductPassage[], language: AiBaseLanguage, room: number) {
  const lines = [heading];
  const used: SearchedPassage[] = [];
  for (const passage of products.slice(0, MAX_LISTED_PRODUCTS)) {
    const amount = price(passage.facts.priceMinor, passage.facts.currency, language);
    const line = `• ${shorten(withoutMarkup(passage.facts.name), 120)}${amount ? ` — ${amount}` : ''}`;
    if ([...lines, line].join('\n').length > room) break;
    lines.push(line);
    used.push(passage);
  }
  return { body: lines.join('\n'), used };
}

/** `products`: composed from products' fields; `text`: answers or values quoted. */
export type ComposedAnswer = { body: string; used: SearchedPassage[]; from: 'products' | 'text' };

/**
 * The reply's body (without greeting and ending) from the best passages, best first, and the
 * passages it used. `quotes`: how many text passages a reply may join (the base's creativity).
 */
export function composeAnswer(
  question: string,
  passages: readonly SearchedPassage[],
  language: AiBaseLanguage,
  { quotes, room, also }: { quotes: number; room: number; also: string },
  asked: AskedProduct = lookUpProduct(question, passages),
): ComposedAnswer {
  const top = passages[0]!;
  if (asked.kind === 'found') {
    const best = asked.products[0]!;
    const tied = asked.products.filter((entry) => entry.match.score === best.match.score);
    // One product named more closely than any other: its answer; several as close: their list.
    if (tied.length === 1)
      return {
        body: shorten(withoutMarkup(productReply(best.passage.facts, intentsOf(question), language)), room),
        used: [best.passage],
        from: 'products',
      };
    return {
      ...productList(
        phrasing[language].several,
        tied.map((entry) => entry.passage),
        language,
        room,
      ),
      from: 'products',
    };
  }
  // A question that names no product ('quanto custa?') asked of a product: that product.
  if (asked.kind === 'unnamed' && top.facts?.kind === 'product')
    return { body: shorten(withoutMarkup(productReply(top.facts, intentsOf(question), language)), room), used: [top], from: 'products' };

  // Text about what the question names (an FAQ's answer, a page), else the best passages, quoted.
  const used = (asked.kind === 'text' ? asked.passages : passages).slice(0, quotes);
  const share = Math.floor(room / used.length);
  const quoted = used.map(
    (passage, index) => (index === 0 ? '' : `${also} `) + shorten(withoutMarkup(valuesOf(passage)), share - also.length - 1),
  );
  return { body: quoted.join('\n'), used, from: 'text' };
}
