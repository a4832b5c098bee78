// `npm start`'s demo channel (scripts/demo-channel.ts) against the real API and the WhatsApp Cloud API
// fixture: nothing connected while the account has no active AI base; then the number connected once,
// as the Channels screen connects it, to that base and the inventory, its callback URL verified by
// the fixture with the verify token (as npm start has it done), and found again at the next start.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ChannelDetail } from '@/domain/channel';
import { ensureDemoChannel } from '@/scripts/demo-channel';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords } from './support/channel-seed';
import { createUser } from './support/emulator-users';
import { call, startTestServer, type TestServer } from './support/test-server';

// A number of its own (a number connects once across all accounts of the run's database), with all of the fixture's fields.
const number = { ...fixturePhoneNumber(1, { verifiedName: 'Loja Demo Catalyst' }), phoneNumberId: newPhoneNumberId() };
let cloudApi: WhatsAppCloudApiServer;
let server: TestServer;

beforeAll(async () => {
  cloudApi = await startWhatsAppCloudApiServer({ numbers: [number] });
  server = await startTestServer({ env: { SECRETS_KEY: randomBytes(32).toString('base64'), WHATSAPP_GRAPH_URL: cloudApi.graphUrl } });
});
afterAll(async () => {
  await server?.close();
  await cloudApi?.close();
});

test('no active AI base: nothing connected; then the number on the active base and the inventory, verified, and kept at the next start', async () => {
  const merchant = await createUser('demo-channel');
  expect(await ensureDemoChannel(server.url, merchant, number, null)).toEqual({ channel: null, reason: 'no_active_ai_base' });

  const records = await seedAnsweringRecords(merchant.uid, 'demo-channel');
  const first = await ensureDemoChannel(server.url, merchant, number, records.inventoryId);
  if (!first.channel || !first.created) throw new Error(`not connected now: ${JSON.stringify(first)}`);
  expect(first.channel).toMatchObject({
    phoneNumberId: number.phoneNumberId,
    aiBaseId: records.activeBaseId,
    inventoryId: records.inventoryId,
    status: 'active',
    webhookVerifiedAt: null,
  });
  expect(first.verifyToken).toMatch(/\S{16,}/);

  // Meta's verification of the callback URL, with the token shown once: the channel is verified.
  expect(await cloudApi.verifyWebhook(number.phoneNumberId, `${server.url}/webhooks/whatsapp`, 'not-the-token')).toBe(false);
  expect(await cloudApi.verifyWebhook(number.phoneNumberId, `${server.url}/webhooks/whatsapp`, first.verifyToken)).toBe(true);
  const detail = (await call(`${server.url}/api/v1/channels/${first.channel.id}`, { token: merchant.idToken })).body as ChannelDetail;
  expect(detail.webhookVerifiedAt).not.toBeNull();

  const again = await ensureDemoChannel(server.url, merchant, number, records.inventoryId);
  expect([again.channel?.id, 'created' in again && again.created]).toEqual([first.channel.id, false]);
});
