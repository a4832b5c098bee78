// The rule that tells whether a found product is the one a question names (server/answering/
// product-match.ts): the question's naming words against the product's name, SKU, options and
// short values, a model code exactly, other words through a typo, a missing accent or a plural, in
// pt, en and es; and what the built-in answerer says when none is: not found (or not for sale),
// close ones as suggestions said to be such, the catalog or a person, never another one's price.
import { describe, expect, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import { productFacts, type ProductFacts } from '@/domain/knowledge-columns';
import type { SearchedPassage } from '@/server/answering/answerer';
import { builtinAnswer } from '@/server/answering/builtin-answerer';
import { editDistance, leftOutNamed, lookUpProduct, matchQuestion, namingWords } from '@/server/answering/product-match';

const words = (question: string) => namingWords(question).map((word) => `${word.word}:${word.kind}`);

describe('naming words', () => {
  it('a question less what asks, greets or points, in pt, en and es; a code is a word with a digit', () => {
    expect(words('Quanto custa o Example Beanie?')).toEqual(['example:word', 'beanie:word']);
    expect(words('Olá, boa tarde! Vocês têm o mouse E50 cinza em estoque?')).toEqual(['mouse:word', 'e50:code', 'cinza:word']);
    expect(words('how much is the canvas tote, please?')).toEqual(['canvas:word', 'tote:word']);
    expect(words('Qual é o preço unitário do Contoso Mouse E50?')).toEqual(['contoso:word', 'mouse:word', 'e50:code']);
    expect(words('¿Cuánto cuestan las cámaras A. Datum SLR M140?')).toEqual(['camaras:word', 'datum:word', 'slr:word', 'm140:code']);
  });

  it('a typo of an asking word is kept apart: it counts only where a product holds it', () => {
    expect(words('presio del Fabrikam Laptop19W')).toEqual(['presio:typo', 'fabrikam:word', 'laptop19w:code']);
    expect(words('qual o precco do mouse')).toEqual(['precco:typo', 'mouse:word']);
  });

  it('a question that only asks names nothing', () => {
    expect(namingWords('quanto custa?')).toEqual([]);
    expect(namingWords('What is the price?')).toEqual([]);
    expect(namingWords('¿tienen stock?')).toEqual([]);
  });

  it('edit distance counts a swap of neighbours as one edit and stops past its bound', () => {
    expect(editDistance('shrit', 'shirt', 2)).toBe(1);
    expect(editDistance('projetor', 'projector', 2)).toBe(1);
    expect(editDistance('beanie', 'shirt', 1)).toBe(2);
  });
});

describe('the verdict', () => {
  it('another product of the same brand is not the one named', () => {
    expect(matchQuestion('Quanto custa o Example Beanie?', ['Example T-Shirt']).verdict).toBe('other');
    expect(matchQuestion('Contoso Hoverboard Z9 Turquesa', ['Contoso Bright Light battery E20 Black']).verdict).toBe('other');
    expect(matchQuestion('How much is the iPhone 15 Pro?', ['Contoso Touch Screen Phone M508']).verdict).toBe('other');
  });

  it('a number alone names nothing: another brand’s model number in a product’s name is not that product', () => {
    expect(matchQuestion('qual o preço do iPhone 15 Pro Max?', ['Contoso DVD 15-Inch Player Portable L200 Black']).verdict).toBe('other');
    expect(matchQuestion('quanto custa o produto 873?', ['Contoso Wireless Laser Mouse E50 Grey', '873']).verdict).toBe('same');
  });

  it('a model code must be there as it is: a near code is another product, at most a close one', () => {
    const e50 = ['Contoso Wireless Laser Mouse E50 Grey'];
    expect(matchQuestion('quanto custa o Contoso Wireless Laser Mouse E50?', e50).verdict).toBe('same');
    expect(matchQuestion('quanto custa o Contoso Wireless Laser Mouse E90?', e50).verdict).toBe('close');
  });

  it('a misspelt, unaccented, plural or lower-case name is still the product', () => {
    expect(matchQuestion('quanto custa a Exmaple T-Shrit?', ['Example T-Shirt']).verdict).toBe('same');
    expect(matchQuestion('preco da camiseta basica de algodao', ['Camiseta Básica de Algodão']).verdict).toBe('same');
    expect(matchQuestion('vcs tem mouses bluetooth E70?', ['Contoso Bluetooth Notebook Mouse E70 Black']).verdict).toBe('same');
    expect(matchQuestion('how much is the example tshirt', ['Example T-Shirt']).verdict).toBe('same');
    expect(matchQuestion('¿cuánto cuesta la chaqueta impermeable?', ['Chaqueta Impermeable']).verdict).toBe('same');
  });

  it('with a code found, a word in another language (a colour, a kind) does not make it another product', () => {
    expect(matchQuestion('quanto custa o mouse E50 cinza?', ['Contoso Wireless Laser Mouse E50 Grey']).verdict).toBe('same');
    expect(matchQuestion('precio del raton inalambrico Contoso E50 negro', ['Contoso Wireless Laser Mouse E50 Black']).verdict).toBe(
      'same',
    );
  });

  it('without a code every word must be found (or three quarters, from three found); most of them make a close one', () => {
    const cotton = ['Camiseta Básica de Algodão'];
    expect(matchQuestion('quanto custa a camiseta básica de linho?', cotton).verdict).toBe('close');
    expect(matchQuestion('camiseta básica algodão gola', cotton).verdict).toBe('same');
  });

  it('a row’s short values name its product too (a colour column), its description does not', () => {
    const vase = productFacts('Vaso de Cerâmica Fosco', 15527, { sku: 'CASA-102' });
    const content = 'Código: CASA-102\nProduto: Vaso de Cerâmica Fosco\nCor: Terracota\nPreço: 155,27';
    const asked = lookUpProduct('quanto custa o vaso de cerâmica terracota?', [passage(content, vase)]);
    expect(asked.kind).toBe('found');
    const described = productFacts('Garrafa Térmica', 11990, { description: 'Mantém gelado; combina com a nossa caneca turquesa.' });
    expect(
      lookUpProduct('caneca turquesa', [
        passage(
          'Title: Garrafa Térmica\nBody: Mantém gelado; combina com a nossa caneca turquesa, de cerâmica esmaltada, vendida à parte.',
          described,
        ),
      ]).kind,
    ).toBe('absent');
  });
});

let next = 1;
function passage(content: string, facts: ProductFacts | null): SearchedPassage {
  return { id: String(next), fileId: 'f', fileName: 'produtos.csv', source: `row ${++next}`, content, rank: 1, facts };
}
const shirt = passage('Title: Example T-Shirt', productFacts('Example T-Shirt', 2500, { currency: 'BRL' }));
const hoodie = passage('Title: Example Hoodie', productFacts('Example Hoodie', 8900, { currency: 'BRL' }));

describe('what is found', () => {
  it('found: the products named, the best first; absent: none is about it; text: an FAQ about it ranks first', () => {
    expect(lookUpProduct('Quanto custa a Example T-Shirt?', [hoodie, shirt])).toMatchObject({
      kind: 'found',
      products: [{ passage: shirt }],
    });
    expect(lookUpProduct('Quanto custa o Example Beanie?', [shirt, hoodie])).toEqual({ kind: 'absent', close: [] });
    expect(lookUpProduct('Quanto custa o Example Beanie?', [])).toEqual({ kind: 'nothing' });
    expect(lookUpProduct('quanto custa?', [shirt])).toEqual({ kind: 'unnamed' });
    const faq = {
      ...passage('Pergunta: Posso trocar um produto?\nResposta: Em 30 dias.', null),
      facts: { kind: 'answer' as const, question: 'Posso trocar um produto?', answer: 'Em 30 dias.' },
    };
    expect(lookUpProduct('Posso trocar a Example T-Shirt?', [faq, shirt])).toEqual({ kind: 'text', passages: [faq] });
  });

  it('an FAQ that only shares a word with a product question does not answer it', () => {
    const symptoms = {
      ...passage('Question: Are children at risk?\nAnswer: For example, children have milder symptoms.', null),
      facts: { kind: 'answer' as const, question: 'Are children at risk?', answer: 'For example, children have milder symptoms.' },
    };
    expect(lookUpProduct('How much is the Example Beanie?', [symptoms, shirt])).toEqual({ kind: 'absent', close: [] });
    expect(lookUpProduct('are children at risk?', [symptoms, shirt])).toEqual({ kind: 'text', passages: [symptoms] });
  });

  it('the left-out products a question names, by the same rule', () => {
    const leftOut = [
      { name: 'Example Beanie', reason: 'archived' as const },
      { name: 'Example Socks', reason: 'draft' as const },
    ];
    expect(leftOutNamed('Quanto custa o Example Beanie?', leftOut)).toEqual([leftOut[0]]);
    expect(leftOutNamed('do you have the exmaple socks?', leftOut)).toEqual([leftOut[1]]);
    expect(leftOutNamed('Contoso Hoverboard Z9', leftOut)).toEqual([]);
  });
});

const base = (language: AiBase['language'], fn: AiBase['function'] = 'seller') =>
  ({ language, function: fn, voiceTone: 'default', expectedInputs: '' }) as AiBase;
const settings = { blockedTerms: [], creativity: 3, model: 'builtin-retrieval' };
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the built-in answer', () => {
  it('another product’s price is never said for the one named: not found, the catalog offered, not in the knowledge base', () => {
    const answer = builtinAnswer({ base: base('pt_br'), settings, passages: [shirt, hoodie], question: 'Quanto custa o Example Beanie?' });
    expect(answer).toMatchObject({ noKnowledge: true, used: [] });
    expect(answer.text).toBe('Desculpe. Não encontrei esse produto.\nQuer que eu envie o nosso catálogo completo?');
  });

  it('a left-out product is not for sale, in the base’s language; a support agent offers a person', () => {
    const leftOut = [{ name: 'Example Beanie', reason: 'archived' as const }];
    const asked = { settings, passages: [shirt], leftOut };
    expect(builtinAnswer({ ...asked, base: base('pt_br'), question: 'Quanto custa o Example Beanie?' }).text).toBe(
      'Desculpe. Example Beanie não está à venda no momento.\nQuer que eu envie o nosso catálogo completo?',
    );
    expect(builtinAnswer({ ...asked, base: base('en_us', 'support'), question: 'How much is the Example Beanie?' })).toMatchObject({
      text: 'Sorry. The Example Beanie is not for sale at the moment.\nWould you like me to hand you over to a human agent?',
      noKnowledge: true,
    });
    expect(builtinAnswer({ ...asked, passages: [], base: base('es'), question: '¿Cuánto cuesta el Example Beanie?' }).text).toBe(
      'Lo siento. Example Beanie no está a la venta por ahora.\n¿Quieres que te envíe nuestro catálogo completo?',
    );
  });

  it('close ones are offered as suggestions, said to be such, with their prices; still not in the knowledge base', () => {
    const cotton = passage('Title: Camiseta Básica de Algodão', productFacts('Camiseta Básica de Algodão', 5990, { currency: 'BRL' }));
    const answer = builtinAnswer({
      base: base('pt_br'),
      settings,
      passages: [cotton],
      question: 'quanto custa a camiseta básica de linho?',
    });
    expect(answer).toMatchObject({ noKnowledge: true, used: [cotton] });
    expect(flat(answer.text)).toBe(
      'Desculpe. Não encontrei esse produto.\nOs mais parecidos que temos:\n• Camiseta Básica de Algodão — R$ 59,90\nQuer que eu envie o nosso catálogo completo?',
    );
  });

  it('a misspelt name of a real product gets its own price', () => {
    const answer = builtinAnswer({ base: base('pt_br'), settings, passages: [hoodie, shirt], question: 'qto custa a exmaple t-shrit?' });
    expect(answer.noKnowledge).toBeUndefined();
    expect(flat(answer.text)).toBe('Example T-Shirt custa R$ 25,00.\nQuer que eu envie o nosso catálogo completo?');
  });
});
