// A merchant of a test's own with an inventory and, when given, a WhatsApp number of the Cloud API
// fixture connected through the real API (an active AI base answering on it), and ready-made
// templates submitted on that number until the fixture's review approved every language: what the
// screens that send templates (post-sale notices, checkout recovery) need to choose from. The
// inventory has its name only: it stands for a configured one (this server has no store to check).
import type { AiBase } from '@/domain/ai-base';
import type { ChannelWebhookSetup } from '@/domain/channel';
import type { Inventory } from '@/domain/inventory';
import { readyMadeTemplate, type ReadyMadeTemplateKey } from '@/domain/ready-made-templates';
import type { FixturePhoneNumber } from '@/tests/fixtures/whatsapp/phone-numbers';
import type { TestUser } from '@/tests/server/support/emulator-users';
import { api, completeBase, merchant } from './merchant';

export async function merchantWithNumber(label: string, number: FixturePhoneNumber | null, inventoryName = 'Loja Eva') {
  const owner = await merchant(label, 'start');
  const inventory = await api<Inventory>(owner, 'POST', '/inventories', { name: inventoryName });
  if (!number) return { owner, inventoryId: inventory.id, channelId: null };
  const base = await api<AiBase>(owner, 'POST', `/ai-bases/${(await completeBase(owner, { name: 'Ana vendedora' })).id}/activate`);
  const { channel } = await api<ChannelWebhookSetup>(owner, 'POST', '/channels', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId: base.id,
  });
  return { owner, inventoryId: inventory.id, channelId: channel.id };
}

/** Ready-made templates submitted to Meta through the API, once the fixture's review approved every language of each. */
export async function approvedReadyMade(owner: TestUser, channelId: string, keys: readonly ReadyMadeTemplateKey[]) {
  const paths = keys.map((key) => `/channels/${channelId}/templates/${readyMadeTemplate(key).draft.name}`);
  await Promise.all(keys.map((key, at) => api(owner, 'PUT', paths[at]!, readyMadeTemplate(key).draft)));
  // The fixture reviews a few seconds after the submission; the server asks Meta when its webhook is late.
  for (let tries = 0; tries < 90; tries++) {
    const answers = await Promise.all(paths.map((path) => api<{ records: { status: string }[] }>(owner, 'GET', path)));
    if (answers.every(({ records }) => records.length > 0 && records.every((record) => record.status === 'APPROVED'))) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${keys.join(', ')} not approved in 45 s`);
}
