// The account-time-zone machine (machines/account-time-zone.ts) at logic level: the model's paths
// (tests/model/account-time-zone-model.ts, derived from the production machine) run on it with
// promise doubles for its two calls, checking in every state what the settings card relies on (the
// tags, what is asked, what is chosen, the announcement of a save); then what the model abstracts:
// the browser's zone offered while the account has none, a zone no runtime knows refused before any
// call, the server's refusal at the field, a failed save tried again with the same zone.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { dashboardValidation } from '@/domain/dashboard';
import { accountTimeZoneMachine, timeZoneFailureOf, type TimeZoneFailure } from '@/machines/account-time-zone';
import {
  abstractAccountTimeZoneContext,
  accountTimeZonePathName,
  accountTimeZoneTestModel,
  ACCOUNT_ZONE,
  BROWSER_ZONE,
  CHOSEN_ZONE,
  UNKNOWN_ZONE,
} from './account-time-zone-model';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { flush, PromiseWorld } from './promise-world';

const refusedHere = { timeZone: dashboardValidation.timeZoneInvalid.id };

function startRealActor() {
  const world = new PromiseWorld();
  const announced: string[] = [];
  /** The zone the merchant last chose, or the one the machine last loaded or saved. */
  const expected = { chosen: BROWSER_ZONE };
  const logic = accountTimeZoneMachine.provide({
    actors: {
      loadTimeZone: world.actor<string | null, unknown>('loadTimeZone'),
      saveTimeZone: world.actor<string, { timeZone: string }>('saveTimeZone'),
    },
    actions: { announceSaved: (_, timeZone) => void announced.push(timeZone) },
  });
  const actor = createActor(logic, { input: { browserZone: BROWSER_ZONE } });
  actor.start();
  return { actor, world, announced, expected };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const tagsOf = ({ actor }: Run) => (['loading', 'saving', 'failed'] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
const tagsByState: Record<string, string[]> = { loading: ['loading'], loadFailed: ['failed'], saving: ['saving'], failed: ['failed'] };

const stateChecks: Record<string, (run: Run) => void> = {
  accountTimeZone: (run) => {
    expect(tagsOf(run)).toEqual(tagsByState[String(run.actor.getSnapshot().value)] ?? []);
    // The select shows what was chosen last (or loaded, or saved); field errors name the zone only.
    expect(context(run).chosen).toBe(run.expected.chosen);
    for (const field of Object.keys(context(run).fieldErrors)) expect(field).toBe('timeZone');
  },
  'accountTimeZone.loading': (run) => expect(run.world.isPending('loadTimeZone')).toBe(true),
  'accountTimeZone.loadFailed': (run) => expect(run.world.isPending()).toBe(false),
  'accountTimeZone.editing': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).failure).toBeNull();
  },
  // Only a known zone is sent, as chosen.
  'accountTimeZone.saving': (run) => {
    expect(run.world.pendingInput('saveTimeZone')).toEqual({ timeZone: run.expected.chosen });
    expect(context(run).fieldErrors).toEqual({});
  },
  'accountTimeZone.saved': (run) => {
    expect(context(run).accountZone).toBe(context(run).chosen);
    expect(run.announced.at(-1)).toBe(context(run).accountZone);
    expect(context(run)).toMatchObject({ fieldErrors: {}, failure: null });
  },
  // A refused zone is said at the field; any other failure is said above it.
  'accountTimeZone.failed': (run) => {
    const { failure, fieldErrors } = context(run);
    expect(failure).not.toBeNull();
    expect(Object.keys(fieldErrors).length > 0).toBe(failure!.kind === 'invalid');
  },
};

describeModelBasedTests({
  name: 'account-time-zone',
  machine: accountTimeZoneMachine,
  model: accountTimeZoneTestModel(),
  start: startRealActor,
  perform: (run, event) => {
    if (event.type === 'CHOOSE') run.expected.chosen = (event as EventObject & { timeZone: string }).timeZone;
    if (event.type === 'xstate.done.actor.loadTimeZone') {
      run.expected.chosen = ((event as EventObject & { output: string | null }).output ?? BROWSER_ZONE) as string;
    }
    if (event.type === 'xstate.done.actor.saveTimeZone') run.expected.chosen = (event as EventObject & { output: string }).output;
    return settleOrSend(run, event);
  },
  stateChecks,
  contextOf: abstractAccountTimeZoneContext as (context: never) => unknown,
  pathName: accountTimeZonePathName,
});

async function loaded(accountZone: string | null) {
  const run = startRealActor();
  run.world.settle({ type: 'xstate.done.actor.loadTimeZone', output: accountZone } as never);
  await flush();
  return run;
}
const failSave = async (run: Run, error: unknown) => {
  run.world.settle({ type: 'xstate.error.actor.saveTimeZone', error } as never);
  await flush();
};

describe('account-time-zone machine, beyond the model', () => {
  it('an account without a zone is offered the browser’s, and saving keeps it on the account', async () => {
    const run = await loaded(null);
    expect(context(run)).toMatchObject({ accountZone: null, chosen: BROWSER_ZONE });
    run.actor.send({ type: 'SAVE' });
    expect(run.world.pendingInput('saveTimeZone')).toEqual({ timeZone: BROWSER_ZONE });
    run.world.settle({ type: 'xstate.done.actor.saveTimeZone', output: BROWSER_ZONE } as never);
    await flush();
    expect(run.actor.getSnapshot().value).toBe('saved');
    expect(context(run).accountZone).toBe(BROWSER_ZONE);
    expect(run.announced).toEqual([BROWSER_ZONE]);
  });

  it('an account with a zone starts on it; choosing another after a save edits again', async () => {
    const run = await loaded(ACCOUNT_ZONE);
    expect(context(run)).toMatchObject({ accountZone: ACCOUNT_ZONE, chosen: ACCOUNT_ZONE });
    run.actor.send({ type: 'CHOOSE', timeZone: CHOSEN_ZONE });
    run.actor.send({ type: 'SAVE' });
    run.world.settle({ type: 'xstate.done.actor.saveTimeZone', output: CHOSEN_ZONE } as never);
    await flush();
    run.actor.send({ type: 'CHOOSE', timeZone: ACCOUNT_ZONE });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(context(run)).toMatchObject({ accountZone: CHOSEN_ZONE, chosen: ACCOUNT_ZONE });
  });

  it('a zone no runtime knows is refused at the field before any call; choosing again clears it', async () => {
    const run = await loaded(null);
    run.actor.send({ type: 'CHOOSE', timeZone: UNKNOWN_ZONE });
    run.actor.send({ type: 'SAVE' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(context(run).fieldErrors).toEqual(refusedHere);
    expect(run.world.isPending()).toBe(false);
    run.actor.send({ type: 'CHOOSE', timeZone: CHOSEN_ZONE });
    expect(context(run).fieldErrors).toEqual({});
  });

  it('the server’s refusal is said at the field (its own message id first); the zone chosen is kept', async () => {
    const run = await loaded(null);
    run.actor.send({ type: 'CHOOSE', timeZone: CHOSEN_ZONE });
    run.actor.send({ type: 'SAVE' });
    await failSave(run, { kind: 'invalid', fields: { timeZone: 'dashboard.some_other_reason' } });
    expect(context(run)).toMatchObject({
      fieldErrors: { timeZone: 'dashboard.some_other_reason' },
      chosen: CHOSEN_ZONE,
      accountZone: null,
    });
    run.actor.send({ type: 'SAVE' });
    await failSave(run, { kind: 'invalid' });
    expect(context(run).fieldErrors).toEqual(refusedHere);
  });

  it('a failed save is tried again with the same zone; a failed load is asked again', async () => {
    const run = await loaded(ACCOUNT_ZONE);
    run.actor.send({ type: 'CHOOSE', timeZone: CHOSEN_ZONE });
    run.actor.send({ type: 'SAVE' });
    await failSave(run, new Error('offline'));
    expect(context(run)).toMatchObject({ failure: { kind: 'unknown' }, fieldErrors: {} });
    run.actor.send({ type: 'SAVE' });
    expect(run.world.calls.filter((call) => call.src === 'saveTimeZone').map((call) => call.input)).toEqual([
      { timeZone: CHOSEN_ZONE },
      { timeZone: CHOSEN_ZONE },
    ]);

    const again = startRealActor();
    again.world.settle({ type: 'xstate.error.actor.loadTimeZone', error: new Error('offline') } as never);
    await flush();
    expect(again.actor.getSnapshot().value).toBe('loadFailed');
    again.actor.send({ type: 'RETRY' });
    expect(again.world.calls.filter((call) => call.src === 'loadTimeZone')).toHaveLength(2);
  });

  it('reads anything thrown that is not one of its failures as unknown', () => {
    const invalid: TimeZoneFailure = { kind: 'invalid', fields: refusedHere };
    expect(timeZoneFailureOf(invalid)).toBe(invalid);
    expect(timeZoneFailureOf(new Error('boom'))).toEqual({ kind: 'unknown' });
    expect(timeZoneFailureOf({ kind: 'teapot' })).toEqual({ kind: 'unknown' });
    expect(timeZoneFailureOf(null)).toEqual({ kind: 'unknown' });
  });
});
