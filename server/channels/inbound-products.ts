// What a seller's WhatsApp answer shows of its inventory: the in-stock products the question names
// (a product_list of the inventory's Meta catalog), or the catalog message when the shopper asks
// for it. How products are matched: docs/how-it-works.md, 'WhatsApp replies'.
import type { AiBaseLanguage } from '@/domain/ai-base';
import { textSearchConfigs } from '@/domain/knowledge';
import type { ProductListSection } from '@/domain/whatsapp-reply';
import { foldText } from '../answering/blocked-terms';
import { matchName, namingWords } from '../answering/product-match';
import type { Db } from '../db/database';
import { listableProductsMatching } from '../inventories/inventory-queries';
import { withoutFoldedStopWords } from '../knowledge/passage-search';
import { fitProductSections, WHATSAPP_MESSAGE_LIMITS } from './outgoing-message';

/**
 * The inventory's in-stock products matching `question`, as the sections of a product_list (one per
 * product title, Meta's limits kept: 10 sections, 30 items); empty when no word of it matches, or
 * when the question names a product and none of them is that one.
 */
export async function matchingProducts(
  db: Db,
  inventoryId: string,
  language: AiBaseLanguage,
  question: string,
): Promise<ProductListSection[]> {
  const words = withoutFoldedStopWords(question);
  if (!/[\p{L}\p{N}]/u.test(words)) return [];
  const rows = await listableProductsMatching(
    db,
    inventoryId,
    textSearchConfigs[language],
    words,
    WHATSAPP_MESSAGE_LIMITS.productListItems,
  );
  // Only the product the question names (../answering/product-match): a word in common is not enough.
  const naming = namingWords(question);
  const named = naming.length === 0 ? rows : rows.filter((row) => matchName(naming, [row.title, row.searchText]).verdict === 'same');
  const sections = new Map<string, string[]>();
  for (const row of named) sections.set(row.title, [...(sections.get(row.title) ?? []), row.retailerId]);
  return fitProductSections([...sections].map(([title, retailerIds]) => ({ title, retailerIds })));
}

const CATALOG_WORDS = new Set([
  'catalogo',
  'catalogos',
  'catalog',
  'catalogue',
  'produtos',
  'products',
  'productos',
  'vitrine',
  'cardapio',
  'menu',
]);
const YES_WORDS = new Set([
  'sim',
  'quero',
  'claro',
  'pode',
  'manda',
  'envia',
  'yes',
  'yeah',
  'yep',
  'sure',
  'please',
  'send',
  'si',
  'dale',
  'vale',
  'ok',
  'okay',
]);

const wordsOf = (text: string) => foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether the shopper names the catalog (or the products): "Quero ver o catálogo", "send me your products". */
export function namesCatalog(question: string): boolean {
  return wordsOf(question).some((word) => CATALOG_WORDS.has(word));
}

/** Whether the shopper says yes, in a few words, to the agent's last message offering the catalog (`catalogOffer`, agent-phrases.ts). */
export function acceptsCatalogOffer(question: string, lastAgentText: string | null, catalogOffer: string): boolean {
  const words = wordsOf(question);
  return lastAgentText !== null && lastAgentText.includes(catalogOffer) && words.length <= 4 && words.some((word) => YES_WORDS.has(word));
}
