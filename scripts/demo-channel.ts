// `npm start`'s demo channel: the demo number of the WhatsApp fixture connected to the demo account
// through the product API, as the Channels screen would connect it, answered by the account's first
// active AI base and selling from the demo inventory, so the simulated shopper (the fixture's
// /_demo/shopper page) gets answers at once. Idempotent: a channel of the account on the number is
// kept as it is; without an active AI base nothing is connected, and demoChannelNotice says what to
// do (the lines npm start prints).
import type { AiBase } from '../domain/ai-base';
import type { Channel } from '../domain/channel';
import { demoApiCaller } from './demo-inventory';

export type DemoNumber = { phoneNumberId: string; wabaId: string; accessToken: string; appSecret: string };

export type DemoChannel =
  | { channel: Channel; created: false }
  /** `verifyToken`: shown once, for Meta's webhook settings (npm start has the fixture verify the callback URL with it). */
  | { channel: Channel; created: true; verifyToken: string }
  | { channel: null; reason: 'no_active_ai_base' };

/** A shopper's question the demo inventory has products for (the demo store sells iPods): answered with a product list. */
export const DEMO_PRODUCT_QUESTION = 'Vocês têm iPod Nano?';

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
  // Only the connect form's fields: the API refuses any other (the fixture's number carries its display name and more).
  const { phoneNumberId, wabaId, accessToken, appSecret } = number;
  const { channel, verifyToken } = await call<{ channel: Channel; verifyToken: string }>('POST', '/channels', {
    phoneNumberId,
    wabaId,
    accessToken,
    appSecret,
    aiBaseId: active.id,
    inventoryId,
  });
  return { channel, created: true, verifyToken };
}

/**
 * What npm start prints about the demo channel: its conversations page and how to chat with it, or,
 * with no active AI base yet, the steps that get there (`appUrl`: the app's origin; `inventoryName`:
 * the demo inventory's, null when it could not be linked).
 */
export function demoChannelNotice(
  demo: DemoChannel,
  { appUrl, shopperUrl, inventoryName }: { appUrl: string; shopperUrl: string; inventoryName: string | null },
): string[] {
  const chat = [
    `  Chat as a shopper at ${shopperUrl}: ask in Portuguese something your AI base's files answer (its reply cites`,
    `  them on the conversations page), ask for a product ('${DEMO_PRODUCT_QUESTION}': a product list), then`,
    "  'Send a sample cart' (the cart summary link, which goes on to the store's checkout).",
  ];
  if (demo.channel) {
    return [`Demo channel${demo.created ? ' (connected now)' : ''}: ${appUrl}/en/channels/${demo.channel.id} (its conversations)`, ...chat];
  }
  return [
    'The demo number is not connected yet: the demo account has no active AI base to answer on it.',
    `  1. Make one at ${appUrl}/en/ia-bases (New AI base: its instructions, a knowledge file, Save and finish, then Activate),`,
    '     or finish and activate the one you have there.',
    `  2. Connect the number at ${appUrl}/en/channels (Connect a WhatsApp number) with the WhatsApp values above, that AI base`,
    `     and ${inventoryName ? `the inventory '${inventoryName}'` : 'your inventory'}; or restart npm start, which connects it for you.`,
    // The fixture's callback URL is this server from the start, so messages come before the webhook is verified.
    `  3. Meta's webhook settings are the shopper page's (${shopperUrl}): paste the Callback URL and Verify token there,`,
    "     then Verify and save. The demo number's messages reach this server even before.",
    ...chat,
  ];
}
