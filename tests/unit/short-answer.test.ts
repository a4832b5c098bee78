// The built-in answerer's short replies (server/answering/short-answer.ts): composed from what the
// passages mean — a product's name and price in the base's language and currency, an answer cell,
// a short list when several products match — never a row pasted, never a column name or HTML.
import { describe, expect, it } from 'vitest';
import { productFacts, type ProductFacts } from '@/domain/knowledge-columns';
import type { SearchedPassage } from '@/server/answering/answerer';
import { intentsOf } from '@/server/answering/question-intents';
import { composeAnswer, MAX_LISTED_PRODUCTS, shorten } from '@/server/answering/short-answer';

const product = (name: string, priceMinor: number | null, more: Partial<ProductFacts> = {}) =>
  productFacts(name, priceMinor, { currency: 'BRL', ...more });
let next = 1;
const passage = (content: string, facts: SearchedPassage['facts'] = null, source = `row ${next + 1}`): SearchedPassage => ({
  id: String(next++),
  fileId: 'f',
  fileName: 'catalogo.csv',
  source,
  content,
  rank: 1,
  facts,
});
const options = { quotes: 1, room: 560, also: 'Além disso:' };
// Intl separates the symbol with a no-break space.
const flat = (text: string) => text.replace(/\u00a0/g, ' ');

describe('a product', () => {
  const x850 = passage(
    'Nome do Produto: Contoso 8GB Clock & Radio MP3 Player X850 Blue\nPreco Unitario: 299,23',
    product('Contoso 8GB Clock & Radio MP3 Player X850 Blue', 29923),
  );
  const e50 = passage(
    'Nome do Produto: Contoso Wireless Laser Mouse E50 Grey\nPreco Unitario: 20,96',
    product('Contoso Wireless Laser Mouse E50 Grey', 2096),
  );

  it('one sentence with its name and its price in reais, in Portuguese; the passage it came from', () => {
    const answer = composeAnswer(
      'Qual é o preço unitário do Contoso 8GB Clock & Radio MP3 Player X850 Blue?',
      [x850, e50],
      'pt_br',
      options,
    );
    expect(flat(answer.body)).toBe('Contoso 8GB Clock & Radio MP3 Player X850 Blue custa R$ 299,23.');
    expect(answer.used).toEqual([x850]);
  });

  it('in English and Spanish, the price is formatted for the language', () => {
    const dollars = passage('Title: Canvas tote', product('Canvas tote', 123450, { currency: 'USD' }));
    expect(flat(composeAnswer('how much is the canvas tote', [dollars], 'en_us', options).body)).toBe('The Canvas tote costs $1,234.50.');
    expect(flat(composeAnswer('cuánto cuesta el canvas tote', [dollars], 'es', options).body)).toMatch(
      /^Canvas tote cuesta 1234,50 US\$\.$|^Canvas tote cuesta 1\.234,50 US\$\.$/,
    );
  });

  it('a discount, the stock and the options when asked', () => {
    const shirt = passage(
      'Title: Camiseta',
      product('Camiseta', 5990, {
        compareAtMinor: 7990,
        stock: 12,
        available: true,
        variants: [
          { title: 'P / Azul', priceMinor: 5990, compareAtMinor: 7990, sku: null, available: true },
          { title: 'M / Azul', priceMinor: 5990, compareAtMinor: 7990, sku: null, available: true },
        ],
      }),
    );
    expect(flat(composeAnswer('tem a camiseta em estoque? quais tamanhos?', [shirt], 'pt_br', options).body)).toBe(
      'Camiseta sai de R$ 79,90 por R$ 59,90. Temos 12 em estoque. Opções: P / Azul, M / Azul.',
    );
    const soldOut = passage('Title: Boné', product('Boné', 3990, { stock: 0, available: false }));
    expect(flat(composeAnswer('o boné está disponível?', [soldOut], 'pt_br', options).body)).toBe(
      'Boné custa R$ 39,90. Está esgotado no momento.',
    );
  });

  it('several products named alike: a short list of name — price, five at most', () => {
    const mice = Array.from({ length: 7 }, (_, index) =>
      passage(`Mouse ${index}`, product(`Contoso Optical Mouse E${index}0 Grey`, 1000 + index)),
    );
    const answer = composeAnswer('quanto custa o mouse optical?', mice, 'pt_br', options);
    const lines = flat(answer.body).split('\n');
    expect(lines[0]).toBe('Encontrei estes:');
    expect(lines.slice(1)).toEqual(
      mice.slice(0, MAX_LISTED_PRODUCTS).map((_, index) => `• Contoso Optical Mouse E${index}0 Grey — R$ 10,0${index}`),
    );
    expect(answer.used).toHaveLength(MAX_LISTED_PRODUCTS);
  });

  it('the product the question names more closely wins over a better-ranked one', () => {
    const answer = composeAnswer('preço do mouse E50', [x850, e50], 'pt_br', options);
    expect(answer.used).toEqual([e50]);
  });
});

describe('other passages', () => {
  it('a question-and-answer row answers with its answer cell', () => {
    const faq = passage('Pergunta: Posso trocar?\nResposta: Sim, em até 30 dias.', {
      kind: 'answer',
      question: 'Posso trocar?',
      answer: 'Sim, em até 30 dias.',
    });
    expect(composeAnswer('posso trocar?', [faq], 'pt_br', options)).toEqual({ body: 'Sim, em até 30 dias.', used: [faq], from: 'text' });
  });

  it('a row of no known shape is quoted by its values, without its column names or markup', () => {
    const row = passage('Assunto: Entrega\nTexto: <p>Enviamos em <strong>2 dias</strong>.</p>');
    const { body } = composeAnswer('entrega', [row], 'pt_br', options);
    expect(body).not.toContain('Assunto');
    expect(body).not.toMatch(/<\/?\w/);
    expect(body).toContain('Enviamos em 2 dias');
  });

  it('a long page is cut at a sentence end within the room', () => {
    const page = passage(`${'Texto da lei. '.repeat(80)}Fim.`, null, 'page 3');
    const { body } = composeAnswer('lei', [page], 'pt_br', options);
    expect(body.length).toBeLessThanOrEqual(options.room);
    expect(body.endsWith('.')).toBe(true);
  });
});

describe('parts', () => {
  it('what a question asks: price unless it asks for stock, options or a description', () => {
    expect([...intentsOf('qual o valor?')]).toEqual(['price']);
    expect([...intentsOf('tem em estoque?')]).toEqual(['stock']);
    expect([...intentsOf('how much, and is it available?')].sort()).toEqual(['price', 'stock']);
    expect([...intentsOf('¿qué tallas hay?')]).toEqual(['variants']);
  });

  it('shorten cuts at a word end with an ellipsis when no sentence ends near', () => {
    expect(shorten('uma duas três quatro cinco seis', 20)).toBe('uma duas três…');
    expect(shorten('curta', 20)).toBe('curta');
  });
});
