// The channel-connect test model, derived mechanically from the production machine with sample
// payloads where its guards need data: the form submitted empty and as a merchant fills it in, the
// connect's answer, each kind of failure it can reject with, and the channel read again once done
// (Meta verified its webhook meanwhile). Shared by the logic-level (Vitest)
// and, later, the UI-level (Playwright) tests.
import type { EventObject } from 'xstate';
import { channelValidation, type Channel, type ChannelWebhookSetup } from '@/domain/channel';
import {
  channelConnectMachine,
  emptyConnectValues,
  type ChannelConnectFailure,
  type ChannelConnectValues,
} from '@/machines/channel-connect';
import { createTestModelFor, type EventSamples } from './model-harness';

export const SAMPLE_BASE_ID = '00000000-0000-4000-8000-000000000021';
export const SAMPLE_INVENTORY_ID = '00000000-0000-4000-8000-000000000022';
export const SAMPLE_CHANNEL_ID = '00000000-0000-4000-8000-000000000023';
export const SAMPLE_ACCESS_TOKEN = 'EAAGm0PX4ZCpsBAKZAc1a2b3c4d5e6f7g8h9i0j';
export const SAMPLE_APP_SECRET = '0123456789abcdef0123456789abcdef';
export const SAMPLE_VERIFY_TOKEN = 'q8Yw1nB4vXk2Lm7Pz0Rt5sUe9HcJdFgA';

/** The form as a merchant fills it in: ids and the token pasted with spaces around them. */
export const typedValues: ChannelConnectValues = {
  phoneNumberId: ' 106540352242922 ',
  wabaId: '102290129340398',
  accessToken: ` ${SAMPLE_ACCESS_TOKEN} `,
  appSecret: SAMPLE_APP_SECRET,
  aiBaseId: SAMPLE_BASE_ID,
  inventoryId: SAMPLE_INVENTORY_ID,
};

/** What the connect is called with for typedValues: trimmed, as the server's schema reads it. */
export const expectedConnectInput = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessToken: SAMPLE_ACCESS_TOKEN,
  appSecret: SAMPLE_APP_SECRET,
  aiBaseId: SAMPLE_BASE_ID,
  inventoryId: SAMPLE_INVENTORY_ID,
};

export const sampleChannel: Channel = {
  id: SAMPLE_CHANNEL_ID,
  displayPhoneNumber: '+55 11 91234-5678',
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessTokenHint: '…9i0j',
  aiBaseId: SAMPLE_BASE_ID,
  inventoryId: SAMPLE_INVENTORY_ID,
  status: 'active',
  attentionReason: null,
  verifiedName: 'Loja Ana',
  qualityRating: 'green',
  webhookVerifiedAt: null,
  retentionDays: 90,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

export const sampleAnswer: ChannelWebhookSetup = {
  channel: sampleChannel,
  verifyToken: SAMPLE_VERIFY_TOKEN,
  webhookUrl: 'https://catalyst.example/webhooks/whatsapp',
};

/** The channel as read again once the steps are done: Meta checked its callback URL meanwhile. */
export const verifiedChannel: Channel = {
  ...sampleChannel,
  webhookVerifiedAt: '2026-11-27T00:05:00.000Z',
  updatedAt: '2026-11-27T00:05:00.000Z',
};

const failed = (error: ChannelConnectFailure) => ({ type: 'xstate.error.actor.connect', error });

/** Every way the connect can fail: the server's field errors, Meta's refusals and silence, the connect's own refusals. */
export const connectFailures: ChannelConnectFailure[] = [
  { kind: 'invalid', fields: { phoneNumberId: channelValidation.phoneNumberIdInvalid.id } },
  { kind: 'token_invalid' },
  { kind: 'number_not_found' },
  { kind: 'unreachable' },
  { kind: 'already_connected' },
  { kind: 'ai_base_not_active' },
  { kind: 'ai_base_not_found' },
  { kind: 'inventory_not_found' },
  { kind: 'unknown' },
];

export const channelConnectSamples: EventSamples = {
  SUBMIT: [
    { type: 'SUBMIT', values: emptyConnectValues },
    { type: 'SUBMIT', values: typedValues },
  ],
  'xstate.done.actor.connect': [{ type: 'xstate.done.actor.connect', output: sampleAnswer }],
  'xstate.error.actor.connect': connectFailures.map(failed),
  'xstate.done.actor.readChannel': [{ type: 'xstate.done.actor.readChannel', output: verifiedChannel }],
};

export function channelConnectTestModel() {
  return createTestModelFor(channelConnectMachine, { samples: channelConnectSamples });
}

export function channelConnectPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) return `${type}(${(e.error as ChannelConnectFailure).kind})`;
      if ('values' in e) return `${type}(${(e.values as ChannelConnectValues).phoneNumberId === '' ? 'empty' : 'filled in'})`;
      return type;
    })
    .join(' → ');
}
