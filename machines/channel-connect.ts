// 'Connect a WhatsApp number' on `/channels`: the number's details from Meta and the AI base (and
// inventory) that answer on it (`details`), the connect call, in which the server checks the token
// against the number on the Cloud API before it saves anything (`checking`), the webhook's callback
// URL and verify token shown this once with Meta's steps (`connected`), or why not (`failure`, back
// to the details with everything typed kept). Once the steps are done the channel is read again
// (`finishing`): Meta may have verified the webhook meanwhile, and the list shows it as it is now.
// Tags for the view: `editing`, `saving`, `failed`, `finishing`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failed, failureOf, type Failed } from './failure';
import { fieldErrorsOf } from './field-errors';
import {
  channelCheckRefusals,
  channelValidation,
  connectChannelSchema,
  type Channel,
  type ChannelWebhookSetup,
  type ConnectChannel,
  type ConnectChannelInput,
} from '../domain/channel';

/** The form as typed: every field text, the inventory '' for none. */
export type ChannelConnectValues = {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  aiBaseId: string;
  inventoryId: string;
};
export type ChannelConnectField = keyof ChannelConnectValues;

export const emptyConnectValues: ChannelConnectValues = {
  phoneNumberId: '',
  wabaId: '',
  accessToken: '',
  appSecret: '',
  aiBaseId: '',
  inventoryId: '',
};

/** The form's fields in the order they are shown (the keyboard goes to the first one to fix). */
export const connectFieldOrder: readonly ChannelConnectField[] = [
  'phoneNumberId',
  'wabaId',
  'accessToken',
  'appSecret',
  'aiBaseId',
  'inventoryId',
];

/**
 * Why a connect failed, as the flow acts on it: `invalid` carries the server's field → message id
 * (back to the details at once); Meta refused the token or sees no such number, or did not answer;
 * the number is connected already (on any account); the base or inventory chosen cannot answer; a
 * network error or anything else is `unknown`.
 */
export const channelConnectFailureKinds = [
  'invalid',
  'token_invalid',
  'number_not_found',
  'unreachable',
  'already_connected',
  'ai_base_not_active',
  'ai_base_not_found',
  'inventory_not_found',
  'unknown',
] as const;
export type ChannelConnectFailureKind = (typeof channelConnectFailureKinds)[number];
export type ChannelConnectFailure = { kind: ChannelConnectFailureKind; fields?: Record<string, string> };

/** A thrown value as a failure: failures pass through; anything else is `unknown`. */
export const channelConnectFailureOf = (error: unknown) => failureOf<ChannelConnectFailure>(error, channelConnectFailureKinds);

/** The field a refusal is about, and what the merchant reads there once back in the details. */
const fieldOfFailure: Partial<Record<ChannelConnectFailureKind, [ChannelConnectField, string]>> = {
  token_invalid: ['accessToken', channelCheckRefusals.tokenInvalid.id],
  number_not_found: ['phoneNumberId', channelCheckRefusals.numberNotFound.id],
  already_connected: ['phoneNumberId', channelValidation.alreadyConnected.id],
  ai_base_not_active: ['aiBaseId', channelValidation.aiBaseNotActive.id],
  ai_base_not_found: ['aiBaseId', channelValidation.aiBaseNotFound.id],
  inventory_not_found: ['inventoryId', channelValidation.inventoryNotFound.id],
};

/** The field errors a failure leaves on the form: the server's own, else the refused field's. */
export function failureFieldErrors(failure: ChannelConnectFailure | null): Record<string, string> {
  if (!failure) return {};
  if (failure.fields && Object.keys(failure.fields).length > 0) return failure.fields;
  const pointed = fieldOfFailure[failure.kind];
  return pointed ? { [pointed[0]]: pointed[1] } : {};
}

/** The connect payload as the schema reads it: no inventory is null. */
export const connectInputOf = (values: ChannelConnectValues): ConnectChannelInput => ({
  ...values,
  inventoryId: values.inventoryId === '' ? null : values.inventoryId,
});

/** Field → message id of what the schema refuses (domain/channel's channelValidation ids). */
export const connectErrorsOf = (values: ChannelConnectValues) => fieldErrorsOf(connectChannelSchema.safeParse(connectInputOf(values)));

export type ChannelConnectContext = {
  /** What was typed, as last submitted: kept through a failure, the secrets dropped once connected. */
  values: ChannelConnectValues;
  /** Field → message id (the view translates it). */
  fieldErrors: Record<string, string>;
  /** The last connect's failure (null once it is dealt with). */
  failure: ChannelConnectFailure | null;
  /** The new channel with its callback URL and verify token, while they are shown. */
  connected: ChannelWebhookSetup | null;
};

export type ChannelConnectEvent =
  | { type: 'SUBMIT'; values: ChannelConnectValues }
  /** From `failure`: the same values again (Meta did not answer, say). */
  | { type: 'RETRY' }
  /** From `failure`: back to the details, to change what was refused. */
  | { type: 'EDIT' }
  /** From `connected`: the steps are done; the verify token is not shown again. */
  | { type: 'FINISH' };

type Submitted = { values: ChannelConnectValues };
const submitted = ({ event }: { event: ChannelConnectEvent }): Submitted => {
  assertEvent(event, 'SUBMIT');
  return { values: event.values };
};

export const channelConnectMachine = setup({
  types: {
    context: {} as ChannelConnectContext,
    events: {} as ChannelConnectEvent,
    tags: {} as 'editing' | 'saving' | 'failed' | 'finishing',
  },
  actors: {
    // POST /api/v1/channels, provided by src/features/channels; it rejects with a ChannelConnectFailure.
    connect: fromPromise<ChannelWebhookSetup, ConnectChannel>(async () => {
      throw new Error('connect is not provided');
    }),
    // GET /api/v1/channels/:id, provided by src/features/channels: the channel as it is now.
    readChannel: fromPromise<Channel, { id: string }>(async () => {
      throw new Error('readChannel is not provided');
    }),
  },
  guards: {
    isValid: (_, { values }: Submitted) => Object.keys(connectErrorsOf(values)).length === 0,
    // The server refused fields of the form: they show at once, at their fields.
    isInvalid: (_, { error }: Failed) => {
      const failure = channelConnectFailureOf(error);
      return failure.kind === 'invalid' && Object.keys(failure.fields ?? {}).length > 0;
    },
  },
  actions: {
    rememberValues: assign((_, { values }: Submitted) => ({ values, fieldErrors: connectErrorsOf(values), failure: null })),
    // Refused fields show at their fields; any other failure is told in `failure` until the merchant acts on it.
    rememberFailure: assign((_, { error }: Failed) => {
      const failure = channelConnectFailureOf(error);
      return failure.kind === 'invalid' && failure.fields ? { failure: null, fieldErrors: failure.fields } : { failure, fieldErrors: {} };
    }),
    // Back in the details, the refused field says why.
    showFailureAtFields: assign(({ context }) => ({ fieldErrors: failureFieldErrors(context.failure), failure: null })),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    // Saved (sealed on the server): the secrets typed are of no further use here.
    rememberConnected: assign(({ context }, connected: ChannelWebhookSetup) => ({
      connected,
      values: { ...context.values, accessToken: '', appSecret: '' },
      fieldErrors: {},
      failure: null,
    })),
    forgetVerifyToken: assign({ connected: null }),
    // Provided by src/: the list shows the new channel (as connected, then as read again once done).
    announceConnected: (_, _channel: Channel) => {},
  },
}).createMachine({
  id: 'channelConnect',
  initial: 'details',
  context: { values: emptyConnectValues, fieldErrors: {}, failure: null, connected: null },
  states: {
    details: {
      tags: 'editing',
      on: {
        SUBMIT: [
          { guard: { type: 'isValid', params: submitted }, target: 'checking', actions: { type: 'rememberValues', params: submitted } },
          { actions: { type: 'rememberValues', params: submitted } },
        ],
      },
    },
    // The server checks the token against the number (its name, verified name and quality come back) and saves.
    checking: {
      tags: 'saving',
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => connectChannelSchema.parse(connectInputOf(context.values)),
        onDone: {
          target: 'connected',
          actions: [
            { type: 'rememberConnected', params: ({ event }) => event.output },
            { type: 'announceConnected', params: ({ event }) => event.output.channel },
          ],
        },
        onError: [
          { guard: { type: 'isInvalid', params: failed }, target: 'details', actions: { type: 'rememberFailure', params: failed } },
          { target: 'failure', actions: { type: 'rememberFailure', params: failed } },
        ],
      },
    },
    failure: {
      tags: 'failed',
      on: {
        RETRY: { target: 'checking', actions: 'clearFailure' },
        EDIT: { target: 'details', actions: 'showFailureAtFields' },
      },
    },
    // The callback URL and the verify token, with Meta's steps: the token is never shown again.
    connected: {
      on: { FINISH: 'finishing' },
    },
    // Meta checks the callback URL while the steps are shown: the list gets the channel as it is now
    // (its webhook verified, say). Unread (no network, or disconnected meanwhile), it keeps the one
    // connected.
    finishing: {
      tags: 'finishing',
      invoke: {
        id: 'readChannel',
        src: 'readChannel',
        input: ({ context }) => ({ id: context.connected!.channel.id }),
        onDone: { target: 'done', actions: { type: 'announceConnected', params: ({ event }) => event.output } },
        onError: 'done',
      },
    },
    done: { type: 'final', entry: 'forgetVerifyToken' },
  },
});
