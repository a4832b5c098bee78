// What a seller's WhatsApp answer shows of its inventory: the in-stock products the question names
// (a product_list of the inventory's Meta catalog), or the catalog message when the shopper asks
// for it. How products are matched: docs/how-it-works.md, 'WhatsApp replies'.
import { sql } from 'drizzle-orm';
import type { AiBaseLanguage } from '@/domain/ai-base';
import { textSearchConfigs } from '@/domain/knowledge';
import type { ProductListSection } from '@/domain/whatsapp-reply';
import { foldText } from '../answering/blocked-terms';
import { matchName, namingWords } from '../answering/product-match';
import type { Db } from '../db/database';
import { inventoryProducts } from '../inventories/inventory-tables';
import { withoutFoldedStopWords } from '../knowledge/passage-search';
import { fitProductSections, WHATSAPP_MESSAGE_LIMITS } from './outgoing-message';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Products a product_list may show: in the catalog (a retailer id), sold by the store (a variant) and in stock. */
const listable = sql`product->>'retailerId' is not null and product->>'variantId' is not null and (product->>'available')::boolean`;

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
  const config = sql.raw(`'${textSearchConfigs[language]}'::regconfig`);
  const rows = rowsOf<{ title: string; retailer_id: string; search_text: string }>(
    await db.execute(sql`
      with stems as (
        -- Stems of three letters or more, as LIKE patterns ('camisetas' → '%camiset%').
        select '%' || replace(replace(replace(stem, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' as pattern
        from unnest(tsvector_to_array(to_tsvector(${config}, fold_accents(${words})))) as stem
        where length(stem) >= 3
      )
      select product->>'title' as title, product->>'retailerId' as retailer_id, search_text
      from ${inventoryProducts},
        lateral (select count(*) as hits from stems where fold_accents(search_text) like stems.pattern) as found
      where inventory_id = ${inventoryId} and ${listable} and found.hits > 0
      order by found.hits desc, position
      limit ${WHATSAPP_MESSAGE_LIMITS.productListItems}`),
  );
  // Only the product the question names (../answering/product-match): a word in common is not enough.
  const naming = namingWords(question);
  const named = naming.length === 0 ? rows : rows.filter((row) => matchName(naming, [row.title, row.search_text]).verdict === 'same');
  const sections = new Map<string, string[]>();
  for (const row of named) sections.set(row.title, [...(sections.get(row.title) ?? []), row.retailer_id]);
  return fitProductSections([...sections].map(([title, retailerIds]) => ({ title, retailerIds })));
}

/** The first in-stock product of the inventory's catalog (the catalog message's thumbnail), or null. */
export async function thumbnailProduct(db: Db, inventoryId: string): Promise<string | null> {
  const [row] = rowsOf<{ retailer_id: string }>(
    await db.execute(sql`
      select product->>'retailerId' as retailer_id from ${inventoryProducts}
      where inventory_id = ${inventoryId} and ${listable}
      order by position limit 1`),
  );
  return row?.retailer_id ?? null;
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
