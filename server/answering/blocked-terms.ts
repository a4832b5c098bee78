// Blocked terms: words or phrases the agent must neither take questions on nor say. Matching is
// case- and accent-insensitive and by whole words, so "preço" blocks "PRECO" and "preco!", and
// "frete grátis" blocks "Frete  Gratis", but "cat" does not block "catalog".

/** Lower case without accents (NFD, combining marks dropped): "Preço" → "preco". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const wordsOf = (text: string) => foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** The first of `terms` that `text` holds as whole words, or null. */
export function findBlockedTerm(text: string, terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  // Words joined by single spaces, padded: a term's words, padded alike, match whole words only.
  const haystack = ` ${wordsOf(text).join(' ')} `;
  for (const term of terms) {
    const words = wordsOf(term);
    // A term of symbols only ("$$$"): as it is, anywhere.
    const found =
      words.length > 0 ? haystack.includes(` ${words.join(' ')} `) : term.trim() !== '' && foldText(text).includes(foldText(term.trim()));
    if (found) return term;
  }
  return null;
}
