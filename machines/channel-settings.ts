// What a merchant changes on a connected number's page (`/channels/{id}`): a new access token (after
// Meta refused the old one, or to replace a working one), a new webhook verify token (asked for
// first, then shown once), the AI base and inventory that answer, and how many days its conversations
// are kept. One action at a time: `idle`, then `token`, `rotation`, `answering` or `retention`, each
// with its call (tag `saving`) and its failure (tag
// `failed`, what was typed kept). A channel waiting for a new token opens on the token form and keeps
// it open until a token is accepted. The channel as last answered is in the context, for the header.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failed, failureOf, type Failed } from './failure';
import { fieldErrorsOf } from './field-errors';
import {
  channelAnsweringSchema,
  channelCheckRefusals,
  channelRetentionSchema,
  channelValidation,
  replaceAccessTokenSchema,
  tokenAttentionReasons,
  type Channel,
  type ChannelAnswering,
  type ChannelWebhookSetup,
} from '../domain/channel';

/**
 * Why a change failed: `invalid` carries the server's field → message id; Meta refused the token (or
 * it lacks a permission), or sees no such number with it, or did not answer; the base or inventory
 * chosen cannot answer; the channel is gone (disconnected in another tab); anything else is `unknown`.
 */
export const channelSettingsFailureKinds = [
  'invalid',
  'token_invalid',
  'permission_missing',
  'number_not_found',
  'unreachable',
  'ai_base_not_active',
  'ai_base_not_found',
  'inventory_not_found',
  'not_found',
  'unknown',
] as const;
export type ChannelSettingsFailureKind = (typeof channelSettingsFailureKinds)[number];
export type ChannelSettingsFailure = { kind: ChannelSettingsFailureKind; fields?: Record<string, string> };

/** A thrown value as a failure: failures pass through; anything else is `unknown`. */
export const channelSettingsFailureOf = (error: unknown) => failureOf<ChannelSettingsFailure>(error, channelSettingsFailureKinds);

/** The field a refusal is about, and what the merchant reads there. */
const fieldOfFailure: Partial<Record<ChannelSettingsFailureKind, [string, string]>> = {
  token_invalid: ['accessToken', channelCheckRefusals.tokenInvalid.id],
  permission_missing: ['accessToken', channelCheckRefusals.tokenInvalid.id],
  number_not_found: ['accessToken', channelCheckRefusals.numberNotFound.id],
  ai_base_not_active: ['aiBaseId', channelValidation.aiBaseNotActive.id],
  ai_base_not_found: ['aiBaseId', channelValidation.aiBaseNotFound.id],
  inventory_not_found: ['inventoryId', channelValidation.inventoryNotFound.id],
};

/** The field errors a failure leaves on its form: the server's own, else the refused field's. */
function failureFieldErrors({ kind, fields }: ChannelSettingsFailure): Record<string, string> {
  if (fields && Object.keys(fields).length > 0) return fields;
  const [field, id] = fieldOfFailure[kind] ?? [];
  return field && id ? { [field]: id } : {};
}

/** Whether only a new access token brings the channel back (the token form stays open). */
export const waitsForToken = (channel: Channel) =>
  channel.status === 'needs_attention' && (tokenAttentionReasons as readonly (string | null)[]).includes(channel.attentionReason);

/** The answering form as chosen: the inventory '' for none. */
export type AnsweringValues = { aiBaseId: string; inventoryId: string };

const answeringInputOf = (values: AnsweringValues) => ({
  aiBaseId: values.aiBaseId,
  inventoryId: values.inventoryId === '' ? null : values.inventoryId,
});
export const answeringErrorsOf = (values: AnsweringValues) => fieldErrorsOf(channelAnsweringSchema.safeParse(answeringInputOf(values)));
export const tokenErrorsOf = (accessToken: string) => fieldErrorsOf(replaceAccessTokenSchema.safeParse({ accessToken }));
/** The retention field as typed ('' or '7.5' are refused with the range's message, as the server does). */
const retentionInputOf = (retentionDays: string) => ({ retentionDays: retentionDays.trim() === '' ? Number.NaN : Number(retentionDays) });
export const retentionErrorsOf = (retentionDays: string) =>
  fieldErrorsOf(channelRetentionSchema.safeParse(retentionInputOf(retentionDays)));

export type ChannelSettingsContext = {
  channel: Channel;
  /** The answering form's values as last submitted (the channel's own until then). */
  answering: AnsweringValues;
  /** The retention days as last typed (the channel's own until then). */
  retentionDays: string;
  /** The access token as last submitted, until it is accepted (then forgotten). */
  accessToken: string;
  /** Field → message id (the view translates it). */
  fieldErrors: Record<string, string>;
  /** The last call's failure, while it is shown. */
  failure: ChannelSettingsFailure | null;
  /** The new verify token with the callback URL, while it is shown (once). */
  rotated: ChannelWebhookSetup | null;
  /** What the last call saved, for the view to confirm it (null once another action starts). */
  saved: 'token' | 'answering' | 'retention' | null;
};

export type ChannelSettingsEvent =
  | { type: 'REPLACE_TOKEN' }
  | { type: 'ROTATE_VERIFY_TOKEN' }
  | { type: 'CHANGE_ANSWERING' }
  | { type: 'CHANGE_RETENTION' }
  | { type: 'SUBMIT_RETENTION'; retentionDays: string }
  | { type: 'CANCEL' }
  | { type: 'SUBMIT_TOKEN'; accessToken: string }
  | { type: 'CONFIRM' }
  | { type: 'SUBMIT_ANSWERING'; values: AnsweringValues }
  /** From the rotation's failure: ask again. */
  | { type: 'RETRY' }
  /** The new verify token was pasted in Meta's settings: it is not shown again. */
  | { type: 'FINISH' };

const tokenOf = ({ event }: { event: ChannelSettingsEvent }) => {
  assertEvent(event, 'SUBMIT_TOKEN');
  return { accessToken: event.accessToken };
};
const answeringOf = ({ event }: { event: ChannelSettingsEvent }) => {
  assertEvent(event, 'SUBMIT_ANSWERING');
  return { values: event.values };
};
const retentionOf = ({ event }: { event: ChannelSettingsEvent }) => {
  assertEvent(event, 'SUBMIT_RETENTION');
  return { retentionDays: event.retentionDays };
};
const valuesOfChannel = (channel: Channel): AnsweringValues => ({
  aiBaseId: channel.aiBaseId ?? '',
  inventoryId: channel.inventoryId ?? '',
});

export const channelSettingsMachine = setup({
  types: {
    context: {} as ChannelSettingsContext,
    events: {} as ChannelSettingsEvent,
    input: {} as { channel: Channel },
    tags: {} as 'editing' | 'saving' | 'failed',
  },
  actors: {
    // PUT /api/v1/channels/:id/token; rejects with a ChannelSettingsFailure. Provided by src/features/channels.
    replaceToken: fromPromise<Channel, { id: string; accessToken: string }>(async () => {
      throw new Error('replaceToken is not provided');
    }),
    // POST /api/v1/channels/:id/verify-token.
    rotateVerifyToken: fromPromise<ChannelWebhookSetup, { id: string }>(async () => {
      throw new Error('rotateVerifyToken is not provided');
    }),
    // PUT /api/v1/channels/:id/answering.
    changeAnswering: fromPromise<Channel, { id: string } & ChannelAnswering>(async () => {
      throw new Error('changeAnswering is not provided');
    }),
    // PUT /api/v1/channels/:id/retention.
    changeRetention: fromPromise<Channel, { id: string; retentionDays: number }>(async () => {
      throw new Error('changeRetention is not provided');
    }),
  },
  guards: {
    waitsForToken: ({ context }) => waitsForToken(context.channel),
    isTokenValid: (_, { accessToken }: { accessToken: string }) => Object.keys(tokenErrorsOf(accessToken)).length === 0,
    isAnsweringValid: (_, { values }: { values: AnsweringValues }) => Object.keys(answeringErrorsOf(values)).length === 0,
    isRetentionValid: (_, { retentionDays }: { retentionDays: string }) => Object.keys(retentionErrorsOf(retentionDays)).length === 0,
  },
  actions: {
    rememberToken: assign((_, { accessToken }: { accessToken: string }) => ({
      accessToken,
      fieldErrors: tokenErrorsOf(accessToken),
      failure: null,
    })),
    rememberAnswering: assign((_, { values }: { values: AnsweringValues }) => ({
      answering: values,
      fieldErrors: answeringErrorsOf(values),
      failure: null,
    })),
    rememberRetention: assign((_, { retentionDays }: { retentionDays: string }) => ({
      retentionDays,
      fieldErrors: retentionErrorsOf(retentionDays),
      failure: null,
    })),
    rememberFailure: assign((_, { error }: Failed) => {
      const failure = channelSettingsFailureOf(error);
      return { failure, fieldErrors: failureFieldErrors(failure) };
    }),
    // Saved: the token typed is of no further use here; the form starts from the channel next time.
    rememberChannel: assign((_, channel: Channel) => ({
      channel,
      accessToken: '',
      answering: valuesOfChannel(channel),
      retentionDays: String(channel.retentionDays),
      fieldErrors: {},
      failure: null,
    })),
    rememberSaved: assign((_, saved: 'token' | 'answering' | 'retention') => ({ saved })),
    clearSaved: assign({ saved: null }),
    rememberRotated: assign((_, rotated: ChannelWebhookSetup) => ({ rotated, channel: rotated.channel, failure: null })),
    forgetRotated: assign({ rotated: null }),
    reset: assign(({ context }) => ({
      accessToken: '',
      answering: valuesOfChannel(context.channel),
      retentionDays: String(context.channel.retentionDays),
      fieldErrors: {},
      failure: null,
    })),
    // Provided by src/: the page's header shows the channel as it now is.
    announceChannel: (_, _channel: Channel) => {},
  },
}).createMachine({
  id: 'channelSettings',
  initial: 'idle',
  context: ({ input }) => ({
    channel: input.channel,
    answering: valuesOfChannel(input.channel),
    retentionDays: String(input.channel.retentionDays),
    accessToken: '',
    fieldErrors: {},
    failure: null,
    rotated: null,
    saved: null,
  }),
  states: {
    idle: {
      always: { guard: 'waitsForToken', target: 'token' },
      on: {
        REPLACE_TOKEN: { target: 'token', actions: 'clearSaved' },
        ROTATE_VERIFY_TOKEN: { target: 'rotation', actions: 'clearSaved' },
        CHANGE_ANSWERING: { target: 'answering', actions: 'clearSaved' },
        CHANGE_RETENTION: { target: 'retention', actions: 'clearSaved' },
      },
    },
    token: {
      initial: 'editing',
      states: {
        editing: {
          tags: 'editing',
          on: {
            SUBMIT_TOKEN: [
              { guard: { type: 'isTokenValid', params: tokenOf }, target: 'checking', actions: { type: 'rememberToken', params: tokenOf } },
              { actions: { type: 'rememberToken', params: tokenOf } },
            ],
            // A channel waiting for its token keeps the form: there is nothing else to do for it.
            CANCEL: { guard: ({ context }) => !waitsForToken(context.channel), target: '#channelSettings.idle', actions: 'reset' },
          },
        },
        // The server checks the token against the number with Meta before it keeps it.
        checking: {
          tags: 'saving',
          invoke: {
            id: 'replaceToken',
            src: 'replaceToken',
            input: ({ context }) => ({ id: context.channel.id, accessToken: context.accessToken.trim() }),
            onDone: {
              target: '#channelSettings.idle',
              actions: [
                { type: 'rememberChannel', params: ({ event }) => event.output },
                { type: 'rememberSaved', params: 'token' },
                { type: 'announceChannel', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'failed', actions: { type: 'rememberFailure', params: failed } },
          },
        },
        // Told, the form open again with the token typed.
        failed: {
          tags: ['editing', 'failed'],
          on: {
            SUBMIT_TOKEN: [
              { guard: { type: 'isTokenValid', params: tokenOf }, target: 'checking', actions: { type: 'rememberToken', params: tokenOf } },
              { target: 'editing', actions: { type: 'rememberToken', params: tokenOf } },
            ],
            CANCEL: { guard: ({ context }) => !waitsForToken(context.channel), target: '#channelSettings.idle', actions: 'reset' },
          },
        },
      },
    },
    rotation: {
      initial: 'confirming',
      states: {
        // The old token stops verifying: asked first.
        confirming: {
          on: { CONFIRM: 'rotating', CANCEL: { target: '#channelSettings.idle', actions: 'reset' } },
        },
        rotating: {
          tags: 'saving',
          invoke: {
            id: 'rotateVerifyToken',
            src: 'rotateVerifyToken',
            input: ({ context }) => ({ id: context.channel.id }),
            onDone: {
              target: 'shown',
              actions: [
                { type: 'rememberRotated', params: ({ event }) => event.output },
                { type: 'announceChannel', params: ({ event }) => event.output.channel },
              ],
            },
            onError: { target: 'failed', actions: { type: 'rememberFailure', params: failed } },
          },
        },
        failed: {
          tags: 'failed',
          on: { RETRY: 'rotating', CANCEL: { target: '#channelSettings.idle', actions: 'reset' } },
        },
        // The new verify token and the callback URL, with the reminder to paste them in Meta: shown this once.
        shown: {
          on: { FINISH: { target: '#channelSettings.idle', actions: 'forgetRotated' } },
        },
      },
    },
    answering: {
      initial: 'editing',
      states: {
        editing: {
          tags: 'editing',
          on: {
            SUBMIT_ANSWERING: [
              {
                guard: { type: 'isAnsweringValid', params: answeringOf },
                target: 'saving',
                actions: { type: 'rememberAnswering', params: answeringOf },
              },
              { actions: { type: 'rememberAnswering', params: answeringOf } },
            ],
            CANCEL: { target: '#channelSettings.idle', actions: 'reset' },
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'changeAnswering',
            src: 'changeAnswering',
            input: ({ context }) => ({ id: context.channel.id, ...channelAnsweringSchema.parse(answeringInputOf(context.answering)) }),
            onDone: {
              target: '#channelSettings.idle',
              actions: [
                { type: 'rememberChannel', params: ({ event }) => event.output },
                { type: 'rememberSaved', params: 'answering' },
                { type: 'announceChannel', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'failed', actions: { type: 'rememberFailure', params: failed } },
          },
        },
        failed: {
          tags: ['editing', 'failed'],
          on: {
            SUBMIT_ANSWERING: [
              {
                guard: { type: 'isAnsweringValid', params: answeringOf },
                target: 'saving',
                actions: { type: 'rememberAnswering', params: answeringOf },
              },
              { target: 'editing', actions: { type: 'rememberAnswering', params: answeringOf } },
            ],
            CANCEL: { target: '#channelSettings.idle', actions: 'reset' },
          },
        },
      },
    },
    retention: {
      initial: 'editing',
      states: {
        editing: {
          tags: 'editing',
          on: {
            SUBMIT_RETENTION: [
              {
                guard: { type: 'isRetentionValid', params: retentionOf },
                target: 'saving',
                actions: { type: 'rememberRetention', params: retentionOf },
              },
              { actions: { type: 'rememberRetention', params: retentionOf } },
            ],
            CANCEL: { target: '#channelSettings.idle', actions: 'reset' },
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'changeRetention',
            src: 'changeRetention',
            input: ({ context }) => ({ id: context.channel.id, ...channelRetentionSchema.parse(retentionInputOf(context.retentionDays)) }),
            onDone: {
              target: '#channelSettings.idle',
              actions: [
                { type: 'rememberChannel', params: ({ event }) => event.output },
                { type: 'rememberSaved', params: 'retention' },
                { type: 'announceChannel', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'failed', actions: { type: 'rememberFailure', params: failed } },
          },
        },
        failed: {
          tags: ['editing', 'failed'],
          on: {
            SUBMIT_RETENTION: [
              {
                guard: { type: 'isRetentionValid', params: retentionOf },
                target: 'saving',
                actions: { type: 'rememberRetention', params: retentionOf },
              },
              { target: 'editing', actions: { type: 'rememberRetention', params: retentionOf } },
            ],
            CANCEL: { target: '#channelSettings.idle', actions: 'reset' },
          },
        },
      },
    },
  },
});
