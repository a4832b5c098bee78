// The chat route's refusal table, row by row over real HTTP: each reason a message gets no answer
// (the chat's refusals, the answerer's failures) answers its status, code and headers. The LLM
// endpoint is the loopback fixture with one model over its rate limit and one down.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ApiErrorCode } from '@/domain/api-error';
import { UNKNOWN_MODEL_FIELD_MESSAGE } from '@/domain/refinement-chat';
import type { ChatRefusalReason } from '@/server/routes/chat-routes';
import { FIXTURE_API_KEY, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../fixtures/openai-compatible-server';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient } from './support/knowledge-uploads';
import { errorOf, startTestServer, type TestServer } from './support/test-server';

let fixture: OpenAiCompatibleServer;
let server: TestServer;
let user: TestUser;
let baseId: string;
const { api, merchant, createBase } = knowledgeClient(() => server.url);

beforeAll(async () => {
  fixture = await startOpenAiCompatibleServer({
    models: ['fixture-small', 'fixture-busy', 'fixture-down'],
    fixedReplies: { 'fixture-busy': { kind: 'rate_limited', retryAfter: '30' }, 'fixture-down': { kind: 'server_error' } },
  });
  server = await startTestServer({ env: { LLM_BASE_URL: fixture.baseUrl, LLM_API_KEY: FIXTURE_API_KEY } });
  user = await merchant('chat-refusals');
  baseId = (await createBase(user)).id;
});
afterAll(async () => {
  await server?.close();
  await fixture?.close();
});

type Row = {
  base?: string;
  model: string;
  status: number;
  code: ApiErrorCode;
  headers?: Record<string, string>;
  fields?: Record<string, string>;
};

// Every reason, or this does not compile.
const table: Record<ChatRefusalReason, Row> = {
  not_found: { base: '7d0f6f5e-0000-4000-8000-000000000000', model: 'fixture-small', status: 404, code: 'not_found' },
  unknown_model: { model: 'gpt-imaginary', status: 400, code: 'unknown_model', fields: { model: UNKNOWN_MODEL_FIELD_MESSAGE } },
  rate_limited: { model: 'fixture-busy', status: 429, code: 'ai_rate_limited', headers: { 'retry-after': '30' } },
  unavailable: { model: 'fixture-down', status: 502, code: 'ai_unavailable' },
};

test.each(Object.entries(table))('%s: its status, code and headers', async (_reason, row) => {
  const answer = await api(user, 'POST', `/ai-bases/${row.base ?? baseId}/chat`, {
    message: 'Qual o prazo de troca?',
    history: [],
    settings: { blockedTerms: [], creativity: 3, model: row.model },
  });
  expect(answer.status, answer.text).toBe(row.status);
  const error = errorOf(answer);
  expect(error.code).toBe(row.code);
  expect(error.fields).toEqual(row.fields);
  for (const [name, value] of Object.entries(row.headers ?? {})) expect(answer.headers.get(name)).toBe(value);
  expect(answer.text).not.toContain(FIXTURE_API_KEY);
});
