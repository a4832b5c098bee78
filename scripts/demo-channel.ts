// `npm start`'s demo channel: the demo number of the WhatsApp fixture connected to the demo account
// through the product API, as the Channels screen would connect it, answered by the account's first
// active AI base and selling from the demo inventory, so the simulated shopper (the fixture's
// /_demo/shopper page) gets answers at once. Idempotent: a channel of the account on the number is
// kept as it is; without an active AI base nothing is connected and the caller prints the values.
import type { AiBase } from '../domain/ai-base';
import type { Channel } from '../domain/channel';
import { demoApiCaller } from './demo-inventory';

export type DemoNumber = { phoneNumberId: string; wabaId: string; accessToken: string; appSecret: string };

export type DemoChannel = { channel: Channel; created: boolean } | { channel: null; reason: 'no_active_ai_base' };

export async function ensureDemoChannel(
  apiUrl: string,
  account: { email: string; password: string },
  number: DemoNumber,
  inventoryId: string | null,
): Promise<DemoChannel> {
  const call = await demoApiCaller(apiUrl, account);
  const { channels } = await call<{ channels: Channel[] }>('GET', '/channels');
  const connected = channels.find((channel) => channel.phoneNumberId === number.phoneNumberId);
  if (connected) return { channel: connected, created: false };
  const { aiBases } = await call<{ aiBases: AiBase[] }>('GET', '/ai-bases');
  const active = aiBases.find((base) => base.status === 'active');
  if (!active) return { channel: null, reason: 'no_active_ai_base' };
  const { channel } = await call<{ channel: Channel }>('POST', '/channels', { ...number, aiBaseId: active.id, inventoryId });
  return { channel, created: true };
}
