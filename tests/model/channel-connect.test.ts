// The channel-connect machine at logic level: the model's paths (derived from the production machine)
// run on it with a promise double for the connect, checking in every state what a merchant relies on
// — nothing typed is lost through a failure, the connect gets the trimmed values, the secrets and the
// verify token do not outlive the connect, the list gets the channel as it is once the steps are
// done — then the rules the model does not spell out.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { channelCheckRefusals, channelValidation, type Channel, type ChannelWebhookSetup, type ConnectChannel } from '@/domain/channel';
import {
  channelConnectFailureOf,
  channelConnectMachine,
  connectFieldOrder,
  emptyConnectValues,
  type ChannelConnectFailure,
  type ChannelConnectValues,
} from '@/machines/channel-connect';
import {
  channelConnectPathName,
  channelConnectTestModel,
  expectedConnectInput,
  sampleAnswer,
  SAMPLE_ACCESS_TOKEN,
  typedValues,
  verifiedChannel,
} from './channel-connect-model';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { flush, PromiseWorld } from './promise-world';

const model = channelConnectTestModel();

function startRealActor() {
  const world = new PromiseWorld();
  /** The channels the provided action announced to the list. */
  const announced: Channel[] = [];
  /** The values of the last SUBMIT: what the merchant typed. */
  const typed = { last: null as ChannelConnectValues | null };
  const logic = channelConnectMachine.provide({
    actors: {
      connect: world.actor<ChannelWebhookSetup, ConnectChannel>('connect'),
      readChannel: world.actor<Channel, { id: string }>('readChannel'),
    },
    actions: { announceConnected: (_, channel) => void announced.push(channel) },
  });
  const actor = createActor(logic);
  actor.start();
  return { actor, world, announced, typed };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const tagsOf = ({ actor }: Run) => (['editing', 'saving', 'failed', 'finishing'] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
const tagsByState: Record<string, string[]> = { details: ['editing'], checking: ['saving'], failure: ['failed'], finishing: ['finishing'] };

/** The effects a merchant relies on in each state. */
const stateChecks: Record<string, (run: Run) => void> = {
  channelConnect: (run) => {
    const value = String(run.actor.getSnapshot().value);
    expect(tagsOf(run)).toEqual(tagsByState[value] ?? []);
    // Field errors only name fields of the form.
    for (const field of Object.keys(context(run).fieldErrors)) expect(connectFieldOrder).toContain(field);
    // Nothing typed is lost: the machine holds the last values submitted (the secrets dropped once saved).
    const { last } = run.typed;
    if (last && ['details', 'checking', 'failure'].includes(value)) expect(context(run).values).toEqual(last);
    if (last && ['connected', 'finishing', 'done'].includes(value))
      expect(context(run).values).toEqual({ ...last, accessToken: '', appSecret: '' });
  },
  'channelConnect.details': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).failure).toBeNull();
  },
  // Only valid values reach the server, trimmed, with no inventory as null.
  'channelConnect.checking': (run) => {
    expect(run.world.pendingInput('connect')).toEqual(expectedConnectInput);
    expect(context(run).fieldErrors).toEqual({});
  },
  'channelConnect.failure': (run) => {
    expect(context(run).failure?.kind).toBeDefined();
    expect(context(run).fieldErrors).toEqual({});
  },
  'channelConnect.connected': (run) => {
    expect(context(run).connected).toEqual(sampleAnswer);
    expect(run.announced).toEqual([sampleAnswer.channel]);
    expect(JSON.stringify(context(run).values)).not.toContain(SAMPLE_ACCESS_TOKEN);
  },
  // The channel is read again, by its id, the steps still shown.
  'channelConnect.finishing': (run) => {
    expect(run.world.pendingInput('readChannel')).toEqual({ id: sampleAnswer.channel.id });
    expect(context(run).connected).toEqual(sampleAnswer);
  },
  // Shown once: the verify token is gone with the steps. The list has the channel as read again (its
  // webhook verified by Meta meanwhile), or, unread, as connected.
  'channelConnect.done': (run) => {
    expect(context(run).connected).toBeNull();
    expect(run.actor.getSnapshot().status).toBe('done');
    const read = run.world.calls.some((call) => call.src === 'readChannel');
    expect(read).toBe(true);
    expect([[sampleAnswer.channel, verifiedChannel], [sampleAnswer.channel]]).toContainEqual(run.announced);
  },
};

describeModelBasedTests({
  name: 'channel-connect',
  machine: channelConnectMachine,
  model,
  start: startRealActor,
  perform: (run, event) => {
    if (event.type === 'SUBMIT') run.typed.last = (event as EventObject & { values: ChannelConnectValues }).values;
    return settleOrSend(run, event);
  },
  stateChecks,
  pathName: channelConnectPathName,
});

async function submitted(values: ChannelConnectValues) {
  const run = startRealActor();
  run.actor.send({ type: 'SUBMIT', values });
  await flush();
  return run;
}
const fail = async (run: Run, error: unknown) => {
  run.world.settle({ type: 'xstate.error.actor.connect', error } as never);
  await flush();
};

describe('channel-connect machine, beyond the model', () => {
  it('names every required field with its message and sends nothing', async () => {
    const run = await submitted(emptyConnectValues);
    expect(context(run).fieldErrors).toEqual({
      phoneNumberId: channelValidation.phoneNumberIdRequired.id,
      wabaId: channelValidation.wabaIdRequired.id,
      accessToken: channelValidation.accessTokenRequired.id,
      appSecret: channelValidation.appSecretRequired.id,
      aiBaseId: channelValidation.aiBaseRequired.id,
    });
    expect(run.world.isPending()).toBe(false);
    expect(run.actor.getSnapshot().value).toBe('details');
  });

  it('says what is wrong with each malformed value', async () => {
    const run = await submitted({
      ...typedValues,
      phoneNumberId: '+55 11 91234-5678',
      wabaId: 'waba',
      accessToken: 'EAA with spaces in it and more',
      appSecret: 'not-a-secret!',
    });
    expect(context(run).fieldErrors).toEqual({
      phoneNumberId: channelValidation.phoneNumberIdInvalid.id,
      wabaId: channelValidation.wabaIdInvalid.id,
      accessToken: channelValidation.accessTokenInvalid.id,
      appSecret: channelValidation.appSecretInvalid.id,
    });
    expect(run.world.isPending()).toBe(false);
  });

  it('sends no inventory as null', async () => {
    const run = await submitted({ ...typedValues, inventoryId: '' });
    expect(run.world.pendingInput('connect')).toEqual({ ...expectedConnectInput, inventoryId: null });
  });

  it('a refusal points at the field to fix once back in the details; the server’s own field errors win', async () => {
    const pointed: [ChannelConnectFailure, Record<string, string>][] = [
      [{ kind: 'token_invalid' }, { accessToken: channelCheckRefusals.tokenInvalid.id }],
      [{ kind: 'number_not_found' }, { phoneNumberId: channelCheckRefusals.numberNotFound.id }],
      [{ kind: 'already_connected' }, { phoneNumberId: channelValidation.alreadyConnected.id }],
      [{ kind: 'ai_base_not_active' }, { aiBaseId: channelValidation.aiBaseNotActive.id }],
      [{ kind: 'ai_base_not_found' }, { aiBaseId: channelValidation.aiBaseNotFound.id }],
      [{ kind: 'inventory_not_found' }, { inventoryId: channelValidation.inventoryNotFound.id }],
      [{ kind: 'already_connected', fields: { wabaId: 'channel.custom' } }, { wabaId: 'channel.custom' }],
      [{ kind: 'unreachable' }, {}],
      [{ kind: 'unknown' }, {}],
    ];
    for (const [failure, fields] of pointed) {
      const run = await submitted(typedValues);
      await fail(run, failure);
      expect(run.actor.getSnapshot().value).toBe('failure');
      expect(context(run).failure).toEqual(failure);
      run.actor.send({ type: 'EDIT' });
      expect(run.actor.getSnapshot().value).toBe('details');
      expect(context(run)).toMatchObject({ fieldErrors: fields, failure: null, values: typedValues });
      run.actor.stop();
    }
  });

  it('the server’s field errors go straight to the fields; a refusal without fields is told as a failure', async () => {
    const run = await submitted(typedValues);
    await fail(run, { kind: 'invalid', fields: { wabaId: channelValidation.wabaIdInvalid.id } });
    expect(run.actor.getSnapshot().value).toBe('details');
    expect(context(run)).toMatchObject({ fieldErrors: { wabaId: channelValidation.wabaIdInvalid.id }, failure: null });

    run.actor.send({ type: 'SUBMIT', values: typedValues });
    await fail(run, { kind: 'invalid' });
    expect(run.actor.getSnapshot().value).toBe('failure');
  });

  it('Try again sends the same values again', async () => {
    const run = await submitted(typedValues);
    await fail(run, { kind: 'unreachable' });
    run.actor.send({ type: 'RETRY' });
    expect(run.world.pendingInput('connect')).toEqual(expectedConnectInput);
    expect(run.world.calls.filter((call) => call.src === 'connect')).toHaveLength(2);
  });

  it('once the steps are done, the list gets the channel as read again: Meta verified its webhook meanwhile', async () => {
    const run = await submitted(typedValues);
    run.world.settle({ type: 'xstate.done.actor.connect', output: sampleAnswer } as never);
    await flush();
    run.actor.send({ type: 'FINISH' });
    expect(run.actor.getSnapshot().hasTag('finishing')).toBe(true);
    run.world.settle({ type: 'xstate.done.actor.readChannel', output: verifiedChannel } as never);
    await flush();
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.announced.at(-1)).toEqual(verifiedChannel);
  });

  it('reads anything thrown that is not one of its failures as unknown', () => {
    expect(channelConnectFailureOf(new Error('boom'))).toEqual({ kind: 'unknown' });
    expect(channelConnectFailureOf({ kind: 'teapot' })).toEqual({ kind: 'unknown' });
    expect(channelConnectFailureOf(null)).toEqual({ kind: 'unknown' });
    expect(channelConnectFailureOf({ kind: 'token_invalid' })).toEqual({ kind: 'token_invalid' });
  });
});
