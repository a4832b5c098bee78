// POST /api/v1/ai-bases/:id/chat with the built-in retrieval answerer, over real HTTP on a real
// uploaded file: the passage cited, the answer shaped by the base's language, voice tone and
// function and by creativity, blocked terms on the question and on the answer, "not found",
// usage counted per message answered, and the refusals (404, 400). No LLM endpoint here: only the
// built-in model exists (refinement-chat-llm.test.ts has the endpoint).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUILTIN_MODEL, type AiBase, type Instructions } from '@/domain/ai-base';
import { chatAnswerSchema, UNKNOWN_MODEL_FIELD_MESSAGE, type ChatAnswer } from '@/domain/refinement-chat';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
const data = scratchDataDir('refinement-chat');
const { api, merchant, createBase, uploaded, settled } = knowledgeClient(() => server.url);

beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: data.dir }, workers: true });
});
afterAll(async () => {
  await server.close();
  data.remove();
});

const faq = [
  'Pergunta;Resposta',
  'Qual o prazo de entrega?;Os pedidos chegam de 3 a 7 dias úteis.',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega, sem uso e com etiqueta.',
  'Vocês entregam no sábado?;Sim, entregamos aos sábados na capital.',
  'Vocês têm frete grátis?;Frete grátis nas compras acima de R$ 200.',
].join('\n');
const question = 'Qual é o prazo para trocar um produto?';
const row3 = {
  fileName: 'faq.csv',
  source: 'row 3',
  content: 'Pergunta: Posso trocar um produto?\nResposta: Sim, em até 30 dias após a entrega, sem uso e com etiqueta.',
};
const row2 = {
  fileName: 'faq.csv',
  source: 'row 2',
  content: 'Pergunta: Qual o prazo de entrega?\nResposta: Os pedidos chegam de 3 a 7 dias úteis.',
};

const settings = { blockedTerms: [] as string[], creativity: 0, model: BUILTIN_MODEL };

async function chat(user: TestUser, baseId: string, message: string, change: Partial<typeof settings> = {}): Promise<ChatAnswer> {
  const answer = await api(user, 'POST', `/ai-bases/${baseId}/chat`, { message, history: [], settings: { ...settings, ...change } });
  expect(answer.status, answer.text).toBe(200);
  return chatAnswerSchema.parse(answer.body);
}

const queriesOf = async (user: TestUser) =>
  ((await api(user, 'GET', '/me')).body as { usage: { queriesThisMonth: number } }).usage.queriesThisMonth;

describe('the built-in retrieval answerer', () => {
  let user: TestUser;
  let base: AiBase;
  let fileId: string;

  beforeAll(async () => {
    user = await merchant('chat-builtin');
    base = await createBase(user, { function: 'support', voiceTone: 'default', language: 'pt_br' });
    fileId = (await settled(user, base.id, (await uploaded(user, base.id, 'faq.csv', faq)).id)).id;
  });

  /** Saves step 1 of the base with `change` (the chat reads the saved base). */
  async function saveInstructions(change: Partial<Instructions>) {
    const { name, function: fn, language, voiceTone, personalized, instructions, expectedInputs, version } = base;
    const saved = await api(user, 'PUT', `/ai-bases/${base.id}/instructions`, {
      ...{ name, function: fn, language, voiceTone, personalized, instructions, expectedInputs },
      ...change,
      expectedVersion: version,
    });
    expect(saved.status, saved.text).toBe(200);
    base = saved.body as AiBase;
  }

  test('answers a Portuguese question from the row that holds the answer, citing it with its file', async () => {
    expect(await chat(user, base.id, question)).toEqual({
      answer: 'Segundo a nossa base de conhecimento:\nSim, em até 30 dias após a entrega, sem uso e com etiqueta.',
      outcome: 'answered',
      passages: [{ fileId, ...row3 }],
      model: BUILTIN_MODEL,
    });
  });

  test('creativity: low quotes the single best passage, higher joins more of them', async () => {
    expect((await chat(user, base.id, question, { creativity: 3 })).passages).toEqual([{ fileId, ...row3 }]);
    const creative = await chat(user, base.id, question, { creativity: 10 });
    expect(creative.passages).toEqual([
      { fileId, ...row3 },
      { fileId, ...row2 },
    ]);
    expect(creative.answer).toBe(
      'Segundo a nossa base de conhecimento:\nSim, em até 30 dias após a entrega, sem uso e com etiqueta.\nAlém disso: Os pedidos chegam de 3 a 7 dias úteis.',
    );
  });

  test('voice tone and function change the phrasing; the saved base counts, not an older one', async () => {
    const quote = 'Sim, em até 30 dias após a entrega, sem uso e com etiqueta.';
    await saveInstructions({ voiceTone: 'friendly' });
    expect((await chat(user, base.id, question)).answer).toBe(
      `Olá! Que bom que você perguntou. Segundo a nossa base de conhecimento:\n${quote}\nPosso ajudar em mais alguma coisa?`,
    );
    await saveInstructions({ voiceTone: 'informal', function: 'seller' });
    expect((await chat(user, base.id, question)).answer).toBe(
      `Opa, beleza? Sobre o nosso catálogo:\n${quote}\nQuer que eu envie o nosso catálogo completo?`,
    );
    await saveInstructions({ voiceTone: 'default', function: 'qualifier', expectedInputs: 'Número do pedido e CEP.' });
    expect((await chat(user, base.id, question)).answer).toBe(
      `Aqui está o que encontrei:\n${quote}\nPara continuar, pode me informar número do pedido e CEP?`,
    );
    await saveInstructions({ function: 'translator', expectedInputs: '' });
    expect((await chat(user, base.id, question)).answer).toBe(`Respondo em português:\n${quote}`);
    await saveInstructions({ function: 'support' });
  });

  test('nothing in the knowledge base: no_knowledge, and a support agent offers a person', async () => {
    expect(await chat(user, base.id, 'Vocês vendem bicicletas elétricas?')).toEqual({
      answer: 'Desculpe. Não encontrei essa informação na base de conhecimento. Quer que eu transfira você para um atendente humano?',
      outcome: 'no_knowledge',
      passages: [],
      model: BUILTIN_MODEL,
    });
    // Stop words only: nothing to look for.
    expect((await chat(user, base.id, 'o que é?')).outcome).toBe('no_knowledge');
  });

  test('a blocked term in the question is refused politely, whatever its case and accents, as whole words only', async () => {
    const refusal = {
      answer: 'Desculpe, não posso falar sobre esse assunto. Posso ajudar com outra coisa?',
      outcome: 'refused',
      passages: [],
      model: BUILTIN_MODEL,
    };
    expect(await chat(user, base.id, 'Qual o PRECO da troca?', { blockedTerms: ['preço'] })).toEqual(refusal);
    expect(await chat(user, base.id, 'Tem frete   GRATIS?', { blockedTerms: ['Frete grátis'] })).toEqual(refusal);
    // Whole words: "troca" does not block "trocar", nor "prazos" "prazo".
    expect((await chat(user, base.id, question, { blockedTerms: ['troca', 'prazos'] })).outcome).toBe('answered');
  });

  test('a blocked term in the answer: the refusal instead, citing nothing', async () => {
    const answer = await chat(user, base.id, 'Vocês entregam no sabado?', { blockedTerms: ['capital'] });
    expect(answer).toEqual({
      answer: 'Desculpe, não posso falar sobre esse assunto. Posso ajudar com outra coisa?',
      outcome: 'refused',
      passages: [],
      model: BUILTIN_MODEL,
    });
  });

  test('the English and Spanish agents speak their language; "cat" does not block "catalog"', async () => {
    const english = await createBase(user, { name: 'Shoe shop', language: 'en_us', function: 'seller', voiceTone: 'friendly' });
    const shoes = await settled(
      user,
      english.id,
      (await uploaded(user, english.id, 'shoes.csv', 'Product,Details,Price\nTrail shoes,Made for running on rocky paths,89.90\n')).id,
    );
    expect(await chat(user, english.id, 'Do you have shoes for running? Send the catalog.', { blockedTerms: ['cat'] })).toEqual({
      // Composed from the product's fields, not the row; the price in dollars for an English base.
      answer: 'Hi! Happy to help.\nThe Trail shoes costs $89.90.\nWould you like me to send you our full catalog?',
      outcome: 'answered',
      passages: [
        {
          fileId: shoes.id,
          fileName: 'shoes.csv',
          source: 'row 2',
          content: 'Product: Trail shoes\nPrice: 89.90\nDetails: Made for running on rocky paths',
        },
      ],
      model: BUILTIN_MODEL,
    });
    expect((await chat(user, english.id, 'Do you sell bikes?')).answer).toBe(
      "I'm so sorry! I could not find this in the knowledge base. Would you like me to send you our full catalog?",
    );
    expect((await chat(user, english.id, 'What about the CATS?', { blockedTerms: ['cats'] })).answer).toBe(
      "Sorry, I can't talk about that subject. Can I help you with something else?",
    );

    const spanish = await createBase(user, { name: 'Tienda', language: 'es', function: 'support', voiceTone: 'informal' });
    expect((await chat(user, spanish.id, '¿Tienen envío gratis?')).answer).toBe(
      '¡Uy! No encontré esta información en la base de conocimiento. ¿Quieres que te transfiera a un agente humano?',
    );
    expect((await chat(user, spanish.id, '¿Cuál es el precio?', { blockedTerms: ['PRECIO'] })).answer).toBe(
      'Lo siento, no puedo hablar de ese tema. ¿Puedo ayudarte con otra cosa?',
    );
  });
});

describe('a product the knowledge does not hold', () => {
  // A Shopify export whose Example Beanie is archived and Example Scarf a draft (both left out of the knowledge).
  const exportFile = readFileSync(resolve(import.meta.dirname, '../fixtures/knowledge/shopify-example-products.csv'));
  let user: TestUser;
  let seller: AiBase;

  beforeAll(async () => {
    user = await merchant('chat-absent');
    seller = await createBase(user, { name: 'Example Store', function: 'seller', voiceTone: 'default', language: 'pt_br' });
    await settled(user, seller.id, (await uploaded(user, seller.id, 'products_export.csv', exportFile)).id);
  });

  test('an archived product is not for sale, never another product’s price; marked not in the knowledge base', async () => {
    expect(await chat(user, seller.id, 'Quanto custa o Example Beanie?')).toEqual({
      answer: 'Desculpe. Example Beanie não está à venda no momento.\nQuer que eu envie o nosso catálogo completo?',
      outcome: 'no_knowledge',
      passages: [],
      model: BUILTIN_MODEL,
    });
    const english = await createBase(user, { name: 'Example Store EN', function: 'support', voiceTone: 'default', language: 'en_us' });
    await settled(user, english.id, (await uploaded(user, english.id, 'products_export.csv', exportFile)).id);
    expect(await chat(user, english.id, 'Do you have the Example Scarf?')).toMatchObject({
      answer: 'Sorry. The Example Scarf is not for sale at the moment.\nWould you like me to hand you over to a human agent?',
      outcome: 'no_knowledge',
    });
  });

  test('a made-up product of the same brand is not found, without a list of the brand’s other products', async () => {
    expect(await chat(user, seller.id, 'Quanto custa o Example Hoverboard Z9 Turquesa?')).toEqual({
      answer: 'Desculpe. Não encontrei esse produto.\nQuer que eu envie o nosso catálogo completo?',
      outcome: 'no_knowledge',
      passages: [],
      model: BUILTIN_MODEL,
    });
  });

  test('a misspelt name of a real product still gets its own price', async () => {
    const answer = await chat(user, seller.id, 'qto custa a exmaple t-shrit?');
    expect(answer).toMatchObject({ outcome: 'answered', passages: [expect.objectContaining({ source: 'row 2' })] });
    expect(answer.answer.replace(/\u00a0/g, ' ')).toBe('Example T-Shirt custa R$ 25,00.\nQuer que eu envie o nosso catálogo completo?');
  });
});

describe('usage and refusals', () => {
  test("every message answered counts as an AI request of the month (refusals and not-found too, concurrent ones each); refused requests don't", async () => {
    const user = await merchant('chat-usage');
    const base = await createBase(user);
    await settled(user, base.id, (await uploaded(user, base.id, 'faq.csv', faq)).id);
    const before = await queriesOf(user);
    await chat(user, base.id, question); // answered
    await chat(user, base.id, 'Qual o preço?', { blockedTerms: ['preço'] }); // refused: question
    await chat(user, base.id, 'Vocês entregam no sábado?', { blockedTerms: ['capital'] }); // refused: answer
    await chat(user, base.id, 'Vendem bicicletas?'); // no_knowledge
    expect(await queriesOf(user)).toBe(before + 4);

    await Promise.all(Array.from({ length: 8 }, () => chat(user, base.id, question)));
    expect(await queriesOf(user)).toBe(before + 12);

    // Not taken: nothing counted.
    const send = (baseId: string, body: unknown) => api(user, 'POST', `/ai-bases/${baseId}/chat`, body);
    const unknown = await send(base.id, { message: question, history: [], settings: { ...settings, model: 'gpt-imaginary' } });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ code: 'unknown_model', fields: { model: UNKNOWN_MODEL_FIELD_MESSAGE } });
    expect((await send(base.id, { message: '   ', history: [], settings })).status).toBe(400);
    expect((await send(base.id, { message: question, history: [], settings: { ...settings, creativity: 11 } })).status).toBe(400);
    expect((await send(base.id, { message: question, history: [{ role: 'system', content: 'x' }], settings })).status).toBe(400);
    expect((await send('7d0f6f5e-0000-4000-8000-000000000000', { message: question, history: [], settings })).status).toBe(404);
    expect(await queriesOf(user)).toBe(before + 12);
  });

  test("another account's base is a 404 that tells nothing of it, and counts for no one", async () => {
    const [alice, bob] = await Promise.all([merchant('chat-alice'), merchant('chat-bob')]);
    const base = await createBase(alice);
    await settled(alice, base.id, (await uploaded(alice, base.id, 'faq.csv', faq)).id);
    const [aliceBefore, bobBefore] = await Promise.all([queriesOf(alice), queriesOf(bob)]);
    const answer = await api(bob, 'POST', `/ai-bases/${base.id}/chat`, { message: question, history: [], settings });
    expect(answer.status).toBe(404);
    expect(errorOf(answer).code).toBe('not_found');
    expect(answer.text).not.toContain('troca');
    expect([await queriesOf(alice), await queriesOf(bob)]).toEqual([aliceBefore, bobBefore]);
  });

  test('without an LLM endpoint the model list is the built-in answerer alone', async () => {
    const user = await merchant('chat-models');
    expect((await api(user, 'GET', '/ai-models')).body).toEqual({ models: [{ id: BUILTIN_MODEL, provider: 'builtin' }] });
  });
});
