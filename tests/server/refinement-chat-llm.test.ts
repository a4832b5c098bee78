// The refinement chat against an OpenAI-compatible endpoint: the loopback fixture speaking the
// protocol (tests/fixtures/openai-compatible-server.ts) behind LLM_BASE_URL. What the model is
// sent (system prompt, passages, history, temperature, key), the model list and its cache, and
// the provider's refusals: 429 → 429 with Retry-After, 5xx / bad key / timeout / malformed → 502,
// logged without the key, and none of them counted as an AI request.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUILTIN_MODEL } from '@/domain/ai-base';
import { chatAnswerSchema, type ChatAnswer } from '@/domain/refinement-chat';
import {
  FIXTURE_API_KEY,
  FIXTURE_MODELS,
  startOpenAiCompatibleServer,
  type ChatCompletionCall,
  type OpenAiCompatibleServer,
} from '../fixtures/openai-compatible-server';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { buildTestApp, errorOf, testEnv } from './support/test-server';

const TIMEOUT_MS = 1_500;
const data = scratchDataDir('refinement-chat-llm');
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

type Server = { url: string; close: () => Promise<void> };
const servers: Server[] = [];

/** The app on loopback with `env`; the first one runs the knowledge worker, the others leave the queue to it. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const app = await buildTestApp(
    { ...testEnv, DATA_DIR: data.dir, ...env },
    { workers: servers.length === 0, logger: { level: 'info', stream: logSink } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const server = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
  servers.push(server);
  return server;
}

let fixture: OpenAiCompatibleServer;
let server: Server;
const { api, merchant, createBase, uploaded, settled } = knowledgeClient(() => server.url);

beforeAll(async () => {
  fixture = await startOpenAiCompatibleServer();
  server = await startServer({ LLM_BASE_URL: fixture.baseUrl, LLM_API_KEY: FIXTURE_API_KEY, LLM_TIMEOUT_MS: String(TIMEOUT_MS) });
});
afterAll(async () => {
  for (const each of servers.reverse()) await each.close();
  await fixture.close();
  data.remove();
});

const faq = [
  'Pergunta;Resposta',
  'Qual o prazo de entrega?;Os pedidos chegam de 3 a 7 dias úteis.',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega.',
].join('\n');
const question = 'Qual é o prazo para trocar um produto?';
const settings = { blockedTerms: ['concorrente', 'preço baixo'], creativity: 7, model: 'fixture-small' };
const history = [
  { role: 'customer', content: 'Oi, comprei uma camiseta.' },
  { role: 'agent', content: 'Olá! Como posso ajudar?' },
] as const;

const send = (user: TestUser, baseId: string, change: Partial<typeof settings> = {}, message = question) =>
  api(user, 'POST', `/ai-bases/${baseId}/chat`, { message, history, settings: { ...settings, ...change } });

async function chat(user: TestUser, baseId: string, change: Partial<typeof settings> = {}, message = question): Promise<ChatAnswer> {
  const answer = await send(user, baseId, change, message);
  expect(answer.status, answer.text).toBe(200);
  return chatAnswerSchema.parse(answer.body);
}

const queriesOf = async (user: TestUser) =>
  ((await api(user, 'GET', '/me')).body as { usage: { queriesThisMonth: number } }).usage.queriesThisMonth;

let user: TestUser;
let baseId: string;
let fileId: string;
beforeAll(async () => {
  user = await merchant('chat-llm');
  baseId = (
    await createBase(user, {
      name: 'Ana da Loja',
      function: 'seller',
      voiceTone: 'friendly',
      instructions: 'Nunca prometa prazos menores que os da tabela.',
      expectedInputs: 'Número do pedido',
    })
  ).id;
  fileId = (await settled(user, baseId, (await uploaded(user, baseId, 'faq.csv', faq)).id)).id;
});

describe('the model list', () => {
  test("the built-in answerer first, then the endpoint's models, asked for once a minute", async () => {
    const asked = () => fixture.requests.filter((request) => request.url === '/v1/models').length;
    const before = asked();
    const expected = { models: [{ id: BUILTIN_MODEL, provider: 'builtin' }, ...FIXTURE_MODELS.map((id) => ({ id, provider: 'llm' }))] };
    expect((await api(user, 'GET', '/ai-models')).body).toEqual(expected);
    expect((await api(user, 'GET', '/ai-models')).body).toEqual(expected);
    expect(asked() - before).toBeLessThanOrEqual(1);
    expect(fixture.requests.find((request) => request.url === '/v1/models')?.headers.authorization).toBe(`Bearer ${FIXTURE_API_KEY}`);
  });

  test('an endpoint that refuses the key or is down: the built-in answerer alone (logged), and its models are unavailable, not unknown', async () => {
    const badKey = await startServer({ LLM_BASE_URL: fixture.baseUrl, LLM_API_KEY: 'sk-wrong-key-9999' });
    const down = await startServer({ LLM_BASE_URL: 'http://127.0.0.1:9/v1' });
    for (const each of [badKey, down]) {
      const as = (method: string, path: string, body?: unknown) => knowledgeClient(() => each.url).api(user, method, path, body);
      expect((await as('GET', '/ai-models')).body).toEqual({ models: [{ id: BUILTIN_MODEL, provider: 'builtin' }] });
      const answer = await as('POST', `/ai-bases/${baseId}/chat`, { message: question, history: [], settings });
      expect(answer.status, answer.text).toBe(502);
      expect(errorOf(answer).code).toBe('ai_unavailable');
      expect(
        (await as('POST', `/ai-bases/${baseId}/chat`, { message: question, history: [], settings: { ...settings, model: BUILTIN_MODEL } }))
          .status,
      ).toBe(200);
    }
    expect(logLines.some((line) => line.includes('the LLM endpoint listed no models') && line.includes('answered 401'))).toBe(true);
    expect(logLines.join('\n')).not.toContain('sk-wrong-key-9999');
  });
});

describe('answers of the model', () => {
  test('the model gets the base, the settings, the numbered passages, the history and the question, with the key; it cites the passages sent', async () => {
    const calls = fixture.chatCalls().length;
    const answer = await chat(user, baseId);
    expect(answer).toEqual({
      // The question-and-answer row as its fields, no file name (a shopper never sees one).
      answer: 'Echo (fixture-small): [1] Question: Posso trocar um produto? Answer: Sim, em até 30 dias após a entrega.',
      outcome: 'answered',
      passages: [
        {
          fileId,
          fileName: 'faq.csv',
          source: 'row 3',
          content: 'Pergunta: Posso trocar um produto?\nResposta: Sim, em até 30 dias após a entrega.',
        },
        {
          fileId,
          fileName: 'faq.csv',
          source: 'row 2',
          content: 'Pergunta: Qual o prazo de entrega?\nResposta: Os pedidos chegam de 3 a 7 dias úteis.',
        },
      ],
      model: 'fixture-small',
    });
    const sent = fixture.chatCalls().slice(calls);
    expect(sent).toHaveLength(1);
    const { authorization, body } = sent[0]!;
    expect(authorization).toBe(`Bearer ${FIXTURE_API_KEY}`);
    expect(body.model).toBe('fixture-small');
    expect(body.temperature).toBe(0.7);
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(body.messages.slice(1).map((message) => message.content)).toEqual([history[0].content, history[1].content, question]);
    const system = body.messages[0]!.content;
    for (const part of [
      '"Ana da Loja"',
      'salesperson',
      'offer to send the catalog',
      'Always answer in Brazilian Portuguese',
      'warm and friendly',
      'Nunca prometa prazos menores que os da tabela.',
      'Número do pedido',
      '"concorrente", "preço baixo"',
      '[1] Question: Posso trocar um produto?\nAnswer: Sim, em até 30 dias após a entrega.',
      '[2] Question: Qual o prazo de entrega?',
    ]) {
      expect(system).toContain(part);
    }
    expect(system).not.toContain('faq.csv');
  });

  test('creativity is the temperature (creativity / 10); with no passage the model is told so and cites none', async () => {
    const calls = fixture.chatCalls().length;
    const answer = await chat(user, baseId, { creativity: 0, model: 'fixture-large' }, 'Vocês vendem bicicletas?');
    expect(answer).toEqual({ answer: 'Echo (fixture-large): no passage', outcome: 'answered', passages: [], model: 'fixture-large' });
    const [{ body }] = fixture.chatCalls().slice(calls) as [ChatCompletionCall];
    expect(body.temperature).toBe(0);
    expect(body.messages[0]!.content).toContain('No passage of the store');
  });

  test('blocked terms: a question is refused without asking the model; an answer holding one is replaced by the refusal', async () => {
    const calls = fixture.chatCalls().length;
    const refusal = {
      answer: 'Desculpe, não posso falar sobre esse assunto. Posso ajudar com outra coisa?',
      outcome: 'refused',
      passages: [],
    };
    expect(await chat(user, baseId, {}, 'E o CONCORRENTE, é melhor?')).toEqual({ ...refusal, model: 'fixture-small' });
    expect(fixture.chatCalls()).toHaveLength(calls);
    fixture.script({ kind: 'reply', content: 'Temos o PRECO BAIXO da cidade!' });
    expect(await chat(user, baseId)).toEqual({ ...refusal, model: 'fixture-small' });
    expect(fixture.chatCalls()).toHaveLength(calls + 1);
  });

  test('the built-in answerer on the same server never calls the endpoint', async () => {
    const calls = fixture.chatCalls().length;
    expect((await chat(user, baseId, { model: BUILTIN_MODEL })).model).toBe(BUILTIN_MODEL);
    expect(fixture.chatCalls()).toHaveLength(calls);
  });

  test('a model the endpoint does not list is 400 unknown_model, without asking it', async () => {
    const calls = fixture.chatCalls().length;
    const answer = await send(user, baseId, { model: 'gpt-imaginary' });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'unknown_model', fields: { model: expect.any(String) } });
    expect(fixture.chatCalls()).toHaveLength(calls);
  });
});

describe("the provider's refusals", () => {
  test("a 429 is a 429 `ai_rate_limited` with the provider's Retry-After, or a default one", async () => {
    fixture.script({ kind: 'rate_limited', retryAfter: '7' });
    const limited = await send(user, baseId);
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('ai_rate_limited');
    expect(limited.headers.get('retry-after')).toBe('7');

    fixture.script({ kind: 'rate_limited', retryAfter: null });
    const unsaid = await send(user, baseId);
    expect(unsaid.status).toBe(429);
    expect(unsaid.headers.get('retry-after')).toBe('20');

    fixture.script({ kind: 'rate_limited', retryAfter: new Date(Date.now() + 90_000).toUTCString() });
    const dated = Number((await send(user, baseId)).headers.get('retry-after'));
    expect(dated).toBeGreaterThanOrEqual(85);
    expect(dated).toBeLessThanOrEqual(91);
  });

  test('a 500, a refused key, a timeout and a malformed answer are 502 `ai_unavailable`, logged without the key', async () => {
    const unavailable = async (label: string) => {
      const answer = await send(user, baseId);
      expect(answer.status, label).toBe(502);
      expect(errorOf(answer).code, label).toBe('ai_unavailable');
      expect(answer.text).not.toContain(FIXTURE_API_KEY);
    };
    fixture.script({ kind: 'server_error' });
    await unavailable('500');
    fixture.script({ kind: 'malformed' });
    await unavailable('malformed');
    fixture.script({ kind: 'slow', delayMs: TIMEOUT_MS * 4 });
    await unavailable('timeout');
    fixture.setApiKey('sk-rotated-key');
    try {
      await unavailable('401');
    } finally {
      fixture.setApiKey(FIXTURE_API_KEY);
    }
    const logged = logLines.filter((line) => line.includes('the AI model did not answer')).join('\n');
    for (const detail of [
      'answered 500',
      'answered no message',
      `no answer within ${TIMEOUT_MS} ms`,
      'answered 401: Incorrect API key provided',
    ])
      expect(logged).toContain(detail);
    expect(logLines.join('\n')).not.toContain(FIXTURE_API_KEY);
    // The endpoint still works afterwards.
    expect((await chat(user, baseId)).outcome).toBe('answered');
  });

  test('a failed provider call counts no AI request; an answered one counts one', async () => {
    const before = await queriesOf(user);
    fixture.script({ kind: 'server_error' }, { kind: 'rate_limited', retryAfter: '1' });
    expect((await send(user, baseId)).status).toBe(502);
    expect((await send(user, baseId)).status).toBe(429);
    expect(await queriesOf(user)).toBe(before);
    await chat(user, baseId);
    expect(await queriesOf(user)).toBe(before + 1);
  });
});
