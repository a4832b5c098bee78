// `npm start`'s demo AI base (scripts/demo-ai-base.ts) against the real API and workers: a fresh
// account gets one active AI base, made as the wizard makes it, its knowledge file read; the next
// start keeps it; and scripts/demo-channel.ts then connects the demo number to it (the chain npm
// start relies on). A base the merchant left unfinished is not touched: on the basic plan the demo
// one is refused (npm start says what to do), on a larger plan it is made beside it, numbered.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { KnowledgeFile } from '@/domain/knowledge';
import { DEMO_AI_BASE_NAME, DEMO_KNOWLEDGE_FILE_NAME, ensureDemoAiBase } from '@/scripts/demo-ai-base';
import { ensureDemoChannel } from '@/scripts/demo-channel';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId } from './support/channel-seed';
import { baseInstructions, knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { call, startTestServer, type TestServer } from './support/test-server';

// A number of its own (a number connects once across all accounts of the run's database).
const number = { ...fixturePhoneNumber(1, { verifiedName: 'Loja Demo Catalyst' }), phoneNumberId: newPhoneNumberId() };
let cloudApi: WhatsAppCloudApiServer;
let server: TestServer;
const data = scratchDataDir('demo-ai-base');
const knowledge = knowledgeClient(() => server.url);

beforeAll(async () => {
  cloudApi = await startWhatsAppCloudApiServer({ numbers: [number] });
  server = await startTestServer({
    env: { DATA_DIR: data.dir, SECRETS_KEY: randomBytes(32).toString('base64'), WHATSAPP_GRAPH_URL: cloudApi.graphUrl },
    workers: true,
  });
});
afterAll(async () => {
  await server?.close();
  await cloudApi?.close();
  data.remove();
});

const basesOf = async (token: string) => ((await call(`${server.url}/api/v1/ai-bases`, { token })).body as { aiBases: AiBase[] }).aiBases;

test('a fresh account gets an active AI base with its file read, keeps it at the next start, and the demo number connects to it', async () => {
  const merchant = await knowledge.merchant('demo-ai-base', 'basic');
  const first = await ensureDemoAiBase(server.url, merchant);
  expect(first.created).toBe(true);
  expect(first.aiBase).toMatchObject({
    name: DEMO_AI_BASE_NAME,
    function: 'seller',
    language: 'pt_br',
    voiceTone: 'friendly',
    status: 'active',
    progress: 100,
  });
  const { files } = (await call(`${server.url}/api/v1/ai-bases/${first.aiBase.id}/files`, { token: merchant.idToken })).body as {
    files: KnowledgeFile[];
  };
  expect(files).toHaveLength(1);
  expect(files[0]).toMatchObject({ name: DEMO_KNOWLEDGE_FILE_NAME, kind: 'csv', status: 'ready', failureReason: null });
  expect(files[0]!.passageCount).toBeGreaterThanOrEqual(5);
  // The answerer finds the FAQ in Portuguese.
  const search = await call(`${server.url}/api/v1/ai-bases/${first.aiBase.id}/passages?q=${encodeURIComponent('formas de pagamento')}`, {
    token: merchant.idToken,
  });
  expect((search.body as { passages: { content: string }[] }).passages[0]?.content).toMatch(/Pix/);

  const again = await ensureDemoAiBase(server.url, merchant);
  expect([again.created, again.aiBase.id]).toEqual([false, first.aiBase.id]);
  expect(await basesOf(merchant.idToken)).toHaveLength(1);

  const demo = await ensureDemoChannel(server.url, merchant, number, null);
  if (!demo.channel || !demo.created) throw new Error(`not connected now: ${JSON.stringify(demo)}`);
  expect(demo.channel).toMatchObject({ phoneNumberId: number.phoneNumberId, aiBaseId: first.aiBase.id, status: 'active' });
});

test('an unfinished base is left alone: the basic plan refuses the demo one, a larger plan gets it beside, numbered', async () => {
  const merchant = await knowledge.merchant('demo-ai-base-unfinished', 'basic');
  const unfinished = await knowledge.createBase(merchant, { name: DEMO_AI_BASE_NAME });
  await expect(ensureDemoAiBase(server.url, merchant)).rejects.toThrow(/403.*plan_limit/);
  expect((await basesOf(merchant.idToken)).map(({ id, status, version }) => ({ id, status, version }))).toEqual([
    { id: unfinished.id, status: 'training', version: unfinished.version },
  ]);

  const upgraded = await knowledge.merchant('demo-ai-base-upgraded', 'start');
  const theirs = await knowledge.createBase(upgraded, { ...baseInstructions, name: DEMO_AI_BASE_NAME });
  const demo = await ensureDemoAiBase(server.url, upgraded);
  expect(demo.created).toBe(true);
  expect(demo.aiBase).toMatchObject({ name: `${DEMO_AI_BASE_NAME} 2`, status: 'active' });
  const bases = await basesOf(upgraded.idToken);
  expect(bases.find((base) => base.id === theirs.id)).toMatchObject({ status: 'training', version: theirs.version, step: theirs.step });
  expect(bases).toHaveLength(2);
});
