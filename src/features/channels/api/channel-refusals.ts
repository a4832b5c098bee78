// The API's refusals of a channel's number, token, AI base or inventory (server/routes/channel-routes.ts),
// as both channel flows name them: connecting a number (channel-connect) and changing one
// (channel-settings). Each flow adds what is its own (src/api/failure-map.ts makes its failures).
import type { ClientErrorCode } from '@/src/api/api-errors';

export const channelRefusals = {
  whatsapp_token_invalid: 'token_invalid',
  whatsapp_number_not_found: 'number_not_found',
  // Meta asking us to wait is said as Meta not answering.
  whatsapp_throttled: 'unreachable',
  whatsapp_unreachable: 'unreachable',
  ai_base_not_active: 'ai_base_not_active',
  ai_base_not_found: 'ai_base_not_found',
  inventory_not_found: 'inventory_not_found',
  validation_failed: 'invalid',
} as const satisfies Partial<Record<ClientErrorCode, string>>;
