// The channel-settings machine (machines/channel-settings.ts) at logic level, with promise doubles for
// its three calls: a channel waiting for a new token opens on the token form and keeps it until a
// token is accepted; a refused token is said at its field with what was typed kept; the verify token
// is rotated only once confirmed, then shown once; the AI base and inventory are saved trimmed to the
// API's shape, their refusals said at their fields; the retention days checked against the range
// before any call, a failure keeping what was typed; the tags the view reads in every state.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { channelCheckRefusals, channelValidation, type Channel, type ChannelWebhookSetup } from '@/domain/channel';
import { channelSettingsMachine, type ChannelSettingsFailure } from '@/machines/channel-settings';
import { sampleChannel, SAMPLE_ACCESS_TOKEN, SAMPLE_BASE_ID, SAMPLE_INVENTORY_ID } from './channel-connect-model';
import { flush, PromiseWorld } from './promise-world';

const OTHER_BASE_ID = '00000000-0000-4000-8000-000000000031';
const needsToken: Channel = { ...sampleChannel, status: 'needs_attention', attentionReason: 'token_invalid' };
const rotatedAnswer: ChannelWebhookSetup = {
  channel: { ...sampleChannel, updatedAt: '2026-11-27T01:00:00.000Z' },
  verifyToken: 'n3wV3rifyT0kenN3wV3rifyT0kenAbCd',
  webhookUrl: 'https://catalyst.example/webhooks/whatsapp',
};

function start(channel: Channel) {
  const world = new PromiseWorld();
  const announced: Channel[] = [];
  const actor = createActor(
    channelSettingsMachine.provide({
      actors: {
        replaceToken: world.actor('replaceToken'),
        rotateVerifyToken: world.actor('rotateVerifyToken'),
        changeAnswering: world.actor('changeAnswering'),
        changeRetention: world.actor('changeRetention'),
      },
      actions: { announceChannel: (_, changed) => void announced.push(changed) },
    }),
    { input: { channel } },
  );
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const tags = () => (['editing', 'saving', 'failed'] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
  const settle = async (event: { type: string; output?: unknown; error?: unknown }) => {
    world.settle(event);
    await flush();
  };
  return { actor, world, announced, state, context, tags, settle };
}

const refused = (src: string, error: ChannelSettingsFailure) => ({ type: `xstate.error.actor.${src}`, error });

describe('a new access token', () => {
  it('a channel whose token Meta refused opens on the token form, which stays until a token is accepted', async () => {
    const run = start(needsToken);
    expect(run.state()).toEqual({ token: 'editing' });
    expect(run.tags()).toEqual(['editing']);
    run.actor.send({ type: 'CANCEL' });
    expect(run.state()).toEqual({ token: 'editing' });

    // Not a token at all: refused here, at the field, before any call.
    run.actor.send({ type: 'SUBMIT_TOKEN', accessToken: 'not a token' });
    expect(run.state()).toEqual({ token: 'editing' });
    expect(run.context().fieldErrors).toEqual({ accessToken: channelValidation.accessTokenInvalid.id });
    expect(run.world.isPending()).toBe(false);

    run.actor.send({ type: 'SUBMIT_TOKEN', accessToken: ` ${SAMPLE_ACCESS_TOKEN} ` });
    expect(run.state()).toEqual({ token: 'checking' });
    expect(run.tags()).toEqual(['saving']);
    expect(run.world.pendingInput('replaceToken')).toEqual({ id: needsToken.id, accessToken: SAMPLE_ACCESS_TOKEN });

    // Meta refuses it: said at the field, the token typed kept, the form still open.
    await run.settle(refused('replaceToken', { kind: 'token_invalid' }));
    expect(run.state()).toEqual({ token: 'failed' });
    expect(run.tags()).toEqual(['editing', 'failed']);
    expect(run.context().fieldErrors).toEqual({ accessToken: channelCheckRefusals.tokenInvalid.id });
    expect(run.context().accessToken).toBe(` ${SAMPLE_ACCESS_TOKEN} `);
    run.actor.send({ type: 'CANCEL' });
    expect(run.state()).toEqual({ token: 'failed' });

    run.actor.send({ type: 'SUBMIT_TOKEN', accessToken: SAMPLE_ACCESS_TOKEN });
    const active = { ...sampleChannel, accessTokenHint: '…9i0j' };
    await run.settle({ type: 'xstate.done.actor.replaceToken', output: active });
    expect(run.state()).toBe('idle');
    expect(run.context()).toMatchObject({ channel: active, accessToken: '', fieldErrors: {}, failure: null, saved: 'token' });
    expect(run.announced).toEqual([active]);
  });

  it('a channel that is fine replaces its token on request, and the form can be left', async () => {
    const run = start(sampleChannel);
    expect(run.state()).toBe('idle');
    expect(run.tags()).toEqual([]);
    run.actor.send({ type: 'REPLACE_TOKEN' });
    run.actor.send({ type: 'SUBMIT_TOKEN', accessToken: SAMPLE_ACCESS_TOKEN });
    await run.settle(refused('replaceToken', { kind: 'unreachable' }));
    expect(run.context().failure).toEqual({ kind: 'unreachable' });
    expect(run.context().fieldErrors).toEqual({});
    run.actor.send({ type: 'CANCEL' });
    expect(run.state()).toBe('idle');
    expect(run.context()).toMatchObject({ accessToken: '', failure: null, fieldErrors: {} });
    expect(run.announced).toEqual([]);
  });
});

describe('a new verify token', () => {
  it('asked for first; rotated, shown once, forgotten when done; a failure can be tried again', async () => {
    const run = start(sampleChannel);
    run.actor.send({ type: 'ROTATE_VERIFY_TOKEN' });
    expect(run.state()).toEqual({ rotation: 'confirming' });
    expect(run.world.isPending()).toBe(false);
    run.actor.send({ type: 'CANCEL' });
    expect(run.state()).toBe('idle');

    run.actor.send({ type: 'ROTATE_VERIFY_TOKEN' });
    run.actor.send({ type: 'CONFIRM' });
    expect(run.tags()).toEqual(['saving']);
    expect(run.world.pendingInput('rotateVerifyToken')).toEqual({ id: sampleChannel.id });
    await run.settle(refused('rotateVerifyToken', { kind: 'unknown' }));
    expect(run.state()).toEqual({ rotation: 'failed' });
    expect(run.tags()).toEqual(['failed']);
    run.actor.send({ type: 'RETRY' });
    await run.settle({ type: 'xstate.done.actor.rotateVerifyToken', output: rotatedAnswer });
    expect(run.state()).toEqual({ rotation: 'shown' });
    expect(run.context().rotated).toEqual(rotatedAnswer);
    expect(run.announced).toEqual([rotatedAnswer.channel]);
    run.actor.send({ type: 'FINISH' });
    expect(run.state()).toBe('idle');
    expect(JSON.stringify(run.actor.getSnapshot().context)).not.toContain(rotatedAnswer.verifyToken);
  });
});

describe('the AI base and inventory', () => {
  it('starts from the channel’s; saves no inventory as null; a refusal is said at its field, what was chosen kept', async () => {
    const run = start(sampleChannel);
    run.actor.send({ type: 'CHANGE_ANSWERING' });
    expect(run.context().answering).toEqual({ aiBaseId: SAMPLE_BASE_ID, inventoryId: SAMPLE_INVENTORY_ID });

    run.actor.send({ type: 'SUBMIT_ANSWERING', values: { aiBaseId: '', inventoryId: '' } });
    expect(run.state()).toEqual({ answering: 'editing' });
    expect(run.context().fieldErrors).toEqual({ aiBaseId: channelValidation.aiBaseRequired.id });

    const chosen = { aiBaseId: OTHER_BASE_ID, inventoryId: '' };
    run.actor.send({ type: 'SUBMIT_ANSWERING', values: chosen });
    expect(run.tags()).toEqual(['saving']);
    expect(run.world.pendingInput('changeAnswering')).toEqual({ id: sampleChannel.id, aiBaseId: OTHER_BASE_ID, inventoryId: null });
    await run.settle(refused('changeAnswering', { kind: 'ai_base_not_active' }));
    expect(run.tags()).toEqual(['editing', 'failed']);
    expect(run.context().fieldErrors).toEqual({ aiBaseId: channelValidation.aiBaseNotActive.id });
    expect(run.context().answering).toEqual(chosen);

    run.actor.send({ type: 'SUBMIT_ANSWERING', values: { aiBaseId: SAMPLE_BASE_ID, inventoryId: '' } });
    const saved = { ...sampleChannel, inventoryId: null };
    await run.settle({ type: 'xstate.done.actor.changeAnswering', output: saved });
    expect(run.state()).toBe('idle');
    expect(run.context().answering).toEqual({ aiBaseId: SAMPLE_BASE_ID, inventoryId: '' });
    expect(run.context().saved).toBe('answering');
    expect(run.announced).toEqual([saved]);
    // The next action starts without the confirmation of the last.
    run.actor.send({ type: 'REPLACE_TOKEN' });
    expect(run.context().saved).toBeNull();
  });

  it('a channel waiting for its AI base is not held on the token form', () => {
    const run = start({ ...sampleChannel, status: 'needs_attention', attentionReason: 'ai_base_inactive' });
    expect(run.state()).toBe('idle');
  });
});

describe('how long conversations are kept', () => {
  it('starts from the channel’s days; outside 7–365, empty or not whole is said at the field without a call; saved as a number', async () => {
    const run = start(sampleChannel);
    run.actor.send({ type: 'CHANGE_RETENTION' });
    expect(run.state()).toEqual({ retention: 'editing' });
    expect(run.context().retentionDays).toBe('90');
    for (const typed of ['6', '366', '', '30.5', 'thirty']) {
      run.actor.send({ type: 'SUBMIT_RETENTION', retentionDays: typed });
      expect(run.state()).toEqual({ retention: 'editing' });
      expect(run.context().fieldErrors).toEqual({ retentionDays: channelValidation.retentionRange.id });
      expect(run.world.isPending()).toBe(false);
    }

    run.actor.send({ type: 'SUBMIT_RETENTION', retentionDays: ' 30 ' });
    expect(run.tags()).toEqual(['saving']);
    expect(run.world.pendingInput('changeRetention')).toEqual({ id: sampleChannel.id, retentionDays: 30 });
    await run.settle(refused('changeRetention', { kind: 'unknown' }));
    expect(run.state()).toEqual({ retention: 'failed' });
    expect(run.tags()).toEqual(['editing', 'failed']);
    expect(run.context().retentionDays).toBe(' 30 ');

    run.actor.send({ type: 'SUBMIT_RETENTION', retentionDays: '30' });
    const saved = { ...sampleChannel, retentionDays: 30 };
    await run.settle({ type: 'xstate.done.actor.changeRetention', output: saved });
    expect(run.state()).toBe('idle');
    expect(run.context()).toMatchObject({ channel: saved, retentionDays: '30', saved: 'retention', fieldErrors: {}, failure: null });
    expect(run.announced).toEqual([saved]);
  });

  it('leaving the form forgets what was typed', () => {
    const run = start(sampleChannel);
    run.actor.send({ type: 'CHANGE_RETENTION' });
    run.actor.send({ type: 'SUBMIT_RETENTION', retentionDays: '400' });
    run.actor.send({ type: 'CANCEL' });
    expect(run.state()).toBe('idle');
    expect(run.context()).toMatchObject({ retentionDays: '90', fieldErrors: {} });
  });
});
