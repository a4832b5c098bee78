// Whether a found product is the one a shopper's question names: 'same', 'close' (most of its
// naming words: a suggestion, said as one) or 'other'. A model code must be there as written;
// another word may differ by a typo, an accent or a plural. Details: docs/how-it-works.md,
// 'Answers'.
import type { ProductFacts } from '@/domain/knowledge-columns';
import type { SearchedPassage } from './answerer';
import { foldText } from './blocked-terms';
import { asksAboutProduct, intentWords } from './question-intents';

/** Folded words that ask, greet or point rather than name a product. */
const askingWords: ReadonlySet<string> = new Set(
  [
    // Portuguese
    'o os a as um uma uns umas de do da dos das em no na nos nas num numa para pra pro pras pros por pelo pela pelos pelas com sem e ou',
    'que qual quais quem onde quando como se me mim eu voce voces vc vcs ce tu ele ela eles elas meu minha meus minhas seu sua seus suas',
    'esse essa esses essas este esta estes estas isso isto aquele aquela ai ali aqui ao aos ja mais menos muito muita tambem so sim nao',
    'ta to tô e sao ser estar estao esta tem tenho temos tera teria ter ha tinha vende vendem vendo venda fica ficam ficaria sai saem sair',
    'custa custam custaria custar custo preco precos valor valores quanto quantos quanta quantas qto qnto qual quanto oi ola bom boa dia',
    'tarde noite obrigado obrigada favor gostaria queria quero saber ver mostrar mostra manda mandar enviar envia produto produtos item',
    'itens modelo loja comprar compra algum alguma ainda pode podem poderia consegue existe existem informar informa sobre tudo bem opa',
    'hoje agora entao mesmo mesma la cade achar acho procurando procuro busco catalogo catalogos vitrine cardapio unitario unidade',
    // English
    'an the of for to in on at by with without and or is are was be been do does did you your we our us i me my it its this that these',
    'those what which who how much many when where why can could would will please hi hello hey thanks thank there have has had got',
    'sell sells selling sold price prices priced pricing cost costs any some want wanted like know tell show send product products item',
    'items model store shop buy get still need looking look find catalog catalogue menu unit each',
    // Spanish
    'el la los las un una unos unas del al en para por con sin y o que cual cuales quien donde cuando como cuanto cuanta cuantos cuantas',
    'se me mi mis yo tu usted ustedes te le lo les es son esta estan hay tiene tienen tienes tenes venden vende cuesta cuestan costo',
    'vale valen sale salen precio precios hola buen buenos buenas dias tardes noches gracias quiero quisiera saber producto productos',
    'articulo articulos tienda algun alguna todavia aun mas muy tambien si no ese esa eso esto estos esas busco buscando necesito',
  ]
    .join(' ')
    .split(' ')
    .map(foldText)
    .concat(Object.values(intentWords).flat()),
);

/** Asking words long enough that a typo of them ('precco', 'presio', 'questa') is still one. */
const longAskingWords = [...askingWords].filter((word) => word.length >= 5);

/** A question's word that may name a product: `code` (it has a digit) must match exactly; `typo` is near an asking word (counts only when found). */
export type NamingWord = { word: string; kind: 'code' | 'word' | 'typo' };

const wordsOf = (text: string) => foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The optimal string alignment distance of `a` and `b` (edits, a swap of neighbours counting one),
 * or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many edits a word of this length may be off by: none under 4 letters, one up to 7, two from 8. */
const typosAllowed = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** 'mouses' → 'mouse', 'cameras' → 'camera', 'ratones' → 'raton': a plural's singular, roughly. */
const singular = (word: string) =>
  word.length > 4 && word.endsWith('es') ? word.slice(0, -2) : word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;

/** The words of a question that may name a product (none: it names none). */
export function namingWords(question: string): NamingWord[] {
  const seen = new Set<string>();
  const words: NamingWord[] = [];
  for (const word of wordsOf(question)) {
    if (seen.has(word) || askingWords.has(word)) continue;
    seen.add(word);
    if (/\d/.test(word)) words.push({ word, kind: 'code' });
    else if (word.length < 2) continue;
    else if (word.length >= 5 && longAskingWords.some((asking) => editDistance(word, asking, 1) <= 1)) words.push({ word, kind: 'typo' });
    else words.push({ word, kind: 'word' });
  }
  return words;
}

/** Whether a question's word is among a product's words: a code as it is; another word by its singular or within a typo or two. */
function holds(productWords: readonly string[], { word, kind }: NamingWord): boolean {
  if (kind === 'code') return productWords.includes(word);
  const one = singular(word);
  const allowed = typosAllowed(word.length);
  return productWords.some(
    (candidate) => candidate === word || singular(candidate) === one || (allowed > 0 && editDistance(word, candidate, allowed) <= allowed),
  );
}

/** A product's naming words: each word, and each two neighbours joined ('t shirt' → 'tshirt'). */
export function productWords(texts: readonly (string | null | undefined)[]): string[] {
  const words: string[] = [];
  for (const text of texts) {
    if (!text) continue;
    const own = wordsOf(text);
    words.push(...own, ...own.slice(1).map((word, index) => own[index] + word));
  }
  return words;
}

/** A row's values shorter than this are naming words of its product (a colour, a code); longer ones describe it. */
const SHORT_VALUE = 60;

/**
 * What names a found product: its name, SKU and options, and its row's short values with a letter
 * ('Cor: Terracota', 'CASA-102'), not a bare number (a price, a count, an id); and what describes
 * it: its description and its row's longer values.
 */
export function productTexts(facts: ProductFacts, content = ''): { naming: string[]; describing: string[] } {
  const described = facts.description ? foldText(facts.description).replace(/\s+/g, ' ').slice(0, 20) : null;
  const values = content.split('\n').map((line) => line.replace(/^[^:\n]{1,60}:\s+/, '').trim());
  const isDescription = (value: string) =>
    value.length > SHORT_VALUE || (!!described && foldText(value).replace(/\s+/g, ' ').startsWith(described));
  const naming = [
    facts.name,
    facts.sku,
    ...facts.variants.flatMap((variant) => [variant.title, variant.sku]),
    ...values.filter((value) => /\p{L}/u.test(value) && !isDescription(value)),
  ];
  return {
    naming: naming.filter((text): text is string => !!text),
    describing: [facts.description ?? '', ...values.filter(isDescription)].filter(Boolean),
  };
}

export type NameVerdict = 'same' | 'close' | 'other';
export type NameMatch = { verdict: NameVerdict; score: number; matched: string[]; missed: string[] };

const weightOf = (word: NamingWord) => (word.kind === 'code' ? 2 : 1);

/**
 * How a product's naming words answer a question's: `score` is the weight found over the weight
 * asked (a code weighs two, a word one; a typo of an asking word counts only when found).
 *   same:  every code found, and with a code half the weight, without one every word (or, from
 *          three words found, three quarters of them);
 *   close: not the same, but two or more found and half the weight;
 * either needs a word found, not only codes, when the question has words. A word of the question
 * may be found in `describing` (a description) once `texts` (the name) hold another word of it.
 *   other: the rest.
 */
export function matchName(
  words: readonly NamingWord[],
  texts: readonly (string | null | undefined)[],
  describing: readonly string[] = [],
): NameMatch {
  const candidates = productWords(texts);
  const named = words.filter((word) => holds(candidates, word));
  // A product its name already names by a word may hold the others in its description ('shoes for running').
  const described = named.some((word) => word.kind === 'word') && describing.length > 0 ? productWords(describing) : [];
  const matched = words.filter((word) => named.includes(word) || (word.kind !== 'code' && holds(described, word)));
  const missed = words.filter((word) => !matched.includes(word) && word.kind !== 'typo');
  const found = matched.reduce((sum, word) => sum + weightOf(word), 0);
  const asked = found + missed.reduce((sum, word) => sum + weightOf(word), 0);
  const score = asked === 0 ? 0 : found / asked;
  const hasCode = words.some((word) => word.kind === 'code');
  const codeMissed = missed.some((word) => word.kind === 'code');
  const wordsFound = matched.filter((word) => word.kind !== 'code').length;
  // A number alone names nothing ('iPhone 15' is not any product with a 15 in its name).
  const wordOk = wordsFound > 0 || !words.some((word) => word.kind === 'word');
  const same = found > 0 && wordOk && !codeMissed && (hasCode ? score >= 0.5 : missed.length === 0 || (wordsFound >= 3 && score >= 0.75));
  const verdict: NameVerdict = same ? 'same' : wordOk && found >= 2 && score >= 0.5 ? 'close' : 'other';
  return { verdict, score, matched: matched.map((word) => word.word), missed: missed.map((word) => word.word) };
}

/** The verdict for a question as text ('Quanto custa o Example Beanie?' against 'Example T-Shirt'). */
export const matchQuestion = (question: string, texts: readonly (string | null | undefined)[]) => matchName(namingWords(question), texts);

/** A found passage that is a product. */
export type ProductPassage = SearchedPassage & { facts: ProductFacts };
export type ScoredProduct = { passage: ProductPassage; match: NameMatch };

/**
 * What the found passages say of the product a question names, best first:
 *   unnamed: the question names nothing, or asks no product of passages that hold none;
 *   text:    text is about what it names (an FAQ's answer, a page): those passages answer it;
 *   found:   products that are the one named ('same'), the best score first;
 *   absent:  none is about it; `close` products may be suggested;
 *   nothing: the question names something and nothing was found (a left-out product, maybe).
 */
export type AskedProduct =
  | { kind: 'unnamed' }
  | { kind: 'text'; passages: SearchedPassage[] }
  | { kind: 'found'; products: ScoredProduct[] }
  | { kind: 'absent'; close: ScoredProduct[] }
  | { kind: 'nothing' };

const isProduct = (passage: SearchedPassage): passage is ProductPassage => passage.facts?.kind === 'product';

/** How a found product answers the question's naming words. */
export function matchProduct(words: readonly NamingWord[], passage: ProductPassage): NameMatch {
  const { naming, describing } = productTexts(passage.facts, passage.content);
  return matchName(words, naming, describing);
}

/** What a passage that is not a product says: an FAQ row's question and answer, a page's text. */
const textOf = (passage: SearchedPassage) =>
  passage.facts?.kind === 'answer' ? [passage.facts.question, passage.facts.answer] : [passage.content];

export function lookUpProduct(question: string, passages: readonly SearchedPassage[]): AskedProduct {
  const words = namingWords(question);
  if (words.length === 0) return { kind: 'unnamed' };
  if (passages.length === 0) return { kind: 'nothing' };
  // About a product: products were found, or it asks a price, stock or whether it is sold, or names a code.
  const aboutProducts = passages.some(isProduct) || asksAboutProduct(question) || words.some((word) => word.kind === 'code');
  if (!aboutProducts) return { kind: 'unnamed' };
  const scored = passages
    .filter(isProduct)
    .map((passage) => ({ passage, match: matchProduct(words, passage) }))
    // Stable: equal scores keep the search's order.
    .sort((a, b) => b.match.score - a.match.score);
  const same = scored.filter((entry) => entry.match.verdict === 'same');
  // Text holding most of what the question names (text says more than a name) answers it, first
  // when it ranks first; then one holding some of its words while a found product holds the rest
  // ('can I exchange the T-Shirt?'), when no product is the one named.
  const text = passages.filter((passage) => !isProduct(passage) && matchName(words, textOf(passage)).verdict !== 'other');
  if (text.length > 0 && text[0] === passages[0]) return { kind: 'text', passages: text };
  if (same.length > 0) return { kind: 'found', products: same };
  if (text.length > 0) return { kind: 'text', passages: text };
  const sharing = passages.filter((passage) => {
    if (isProduct(passage)) return false;
    const held = matchName(words, textOf(passage)).matched;
    const rest = words.filter((word) => word.kind !== 'typo' && !held.includes(word.word));
    return held.length > 0 && rest.length > 0 && scored.some((entry) => matchProduct(rest, entry.passage).verdict === 'same');
  });
  if (sharing.length > 0) return { kind: 'text', passages: sharing };
  return { kind: 'absent', close: scored.filter((entry) => entry.match.verdict === 'close') };
}

/** Whether the question may name a product the import left out (what the answerer is then told of). */
export const mayNameLeftOut = (asked: AskedProduct) => asked.kind === 'absent' || asked.kind === 'nothing';

/** The left-out products a question names ('same'), the best first. */
export function leftOutNamed<T extends { name: string }>(question: string, leftOut: readonly T[]): T[] {
  const words = namingWords(question);
  if (words.length === 0) return [];
  return leftOut
    .map((product) => ({ product, match: matchName(words, [product.name]) }))
    .filter((entry) => entry.match.verdict === 'same')
    .sort((a, b) => b.match.score - a.match.score)
    .map((entry) => entry.product);
}
