// What a shopper's question asks about a product: its price (when nothing else is asked), its
// stock, its options or its description, told by folded words in pt, en and es. The built-in
// answerer says what is asked; product-match leaves these words out of a product's name.
import { foldText } from './blocked-terms';

export type Intent = 'price' | 'stock' | 'description' | 'variants';

/** Folded words that say what a question asks about a product (price when none). */
export const intentWords: Record<Exclude<Intent, 'price'>, readonly string[]> = {
  stock: [
    'estoque',
    'disponivel',
    'disponiveis',
    'disponibilidade',
    'esgotado',
    'stock',
    'available',
    'availability',
    'disponible',
    'disponibles',
    'agotado',
    'existencias',
    'inventory',
  ],
  description: [
    'descricao',
    'detalhes',
    'caracteristicas',
    'describe',
    'description',
    'details',
    'features',
    'descripcion',
    'detalles',
    'caracteristicas',
    'specs',
    'especificacoes',
  ],
  variants: [
    'tamanho',
    'tamanhos',
    'cor',
    'cores',
    'size',
    'sizes',
    'color',
    'colors',
    'colour',
    'colours',
    'talla',
    'tallas',
    'colores',
    'variantes',
    'variants',
    'opcoes',
    'options',
    'opciones',
  ],
};

/** Folded words that ask a price. */
const PRICE = /\b(preco|precos|price|prices|precio|precios|custa|custam|valor|cost|costs|cuesta|cuestan|quanto|cuanto|how much)\b/;

export function intentsOf(question: string): Set<Intent> {
  const words = new Set(foldText(question).match(/[\p{L}\p{N}]+/gu) ?? []);
  const intents = new Set<Intent>();
  for (const [intent, list] of Object.entries(intentWords) as [Exclude<Intent, 'price'>, readonly string[]][]) {
    if (list.some((word) => words.has(word))) intents.add(intent);
  }
  if (intents.size === 0 || PRICE.test(foldText(question))) intents.add('price');
  return intents;
}

/** Folded words that ask whether a product is sold ('vocês têm…?', 'do you sell…?', '¿tienen…?'). */
const SOLD = /\b(tem|temos|vende|vendem|vendo|have|sell|sells|tiene|tienen|venden|vendes)\b/;

/** Whether a question asks about a product: its price, stock, options or description, or whether it is sold. */
export function asksAboutProduct(question: string): boolean {
  const folded = foldText(question);
  const words = new Set(folded.match(/[\p{L}\p{N}]+/gu) ?? []);
  return PRICE.test(folded) || SOLD.test(folded) || Object.values(intentWords).some((list) => list.some((word) => words.has(word)));
}
