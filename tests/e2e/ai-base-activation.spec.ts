// The ai-base-activation machine's model-based test through the real UI: paths derived from the
// production machine (tests/model/ai-base-activation-model.ts), each run in Chromium against the
// real API server and Auth emulator with a merchant of its own. The page's API calls are held while
// the app shows them in flight, then let through to the server (done events, and the refusals the
// server really gives: not found, plan limit, incomplete) or their connection dropped (unknown).
import { expect, test, type Page } from '@playwright/test';
import type { AiBase } from '@/domain/ai-base';
import { aiBaseActivationMachine } from '@/machines/ai-base-activation';
import { activationPathName, aiBaseActivationTestModel } from '../model/ai-base-activation-model';
import { coverageOf, coveringPaths, describeCoverage, eachEvent, testPath, type ModelPath } from '../model/model-harness';
import { signInDirectly } from './fixtures/emulator-users';
import { HeldRoutes } from './fixtures/held-routes';
import { merchantApi, newMerchant, setPlan } from './fixtures/merchant-api';

const model = aiBaseActivationTestModel();
const paths = coveringPaths(aiBaseActivationMachine, model);
const passed: ModelPath[] = [];

type ModelEvent = { type: string; output?: AiBase; error?: { kind: string } };
const events = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const has = (path: ModelPath, type: string, kind?: string) =>
  events(path).some((event) => event.type === type && (kind === undefined || event.error?.kind === kind || event.output?.status === kind));

type World = { page: Page; load: HeldRoutes; activate: HeldRoutes; baseId: string };

/** What each state looks like on the screen. */
async function expectScreen(page: Page, state: string) {
  const main = page.getByRole('main');
  const activateButton = main.getByRole('button', { name: 'Activate', exact: true });
  switch (state) {
    case 'loading':
      await expect(main.getByText('Loading the AI base')).toBeAttached();
      break;
    case 'loadFailed':
      await expect(main.getByText('The AI base could not be loaded.')).toBeVisible();
      break;
    case 'notFound':
      await expect(main.getByText('This AI base does not exist (or no longer does).')).toBeVisible();
      break;
    case 'confirming':
      await expect(activateButton).toBeEnabled();
      await expect(main.getByText('Check the summary, then switch the agent on for your WhatsApp customers.')).toBeVisible();
      break;
    case 'activating':
      await expect(activateButton).toBeDisabled();
      break;
    case 'active':
      await expect(main.getByText('Your AI base is active.')).toBeVisible();
      await expect(activateButton).toHaveCount(0);
      break;
    case 'planLimit':
      await expect(main.getByText('Upgrade your plan to add more AI Bases.')).toBeVisible();
      await expect(page.getByText('An unknown error occurred.')).toHaveCount(0); // explained: no generic toast beside it
      break;
    case 'incomplete':
      await expect(main.getByRole('link', { name: 'Complete configuration' })).toBeVisible();
      await expect(page.getByText('An unknown error occurred.')).toHaveCount(0);
      break;
    case 'failed':
      await expect(main.getByText('The AI base could not be activated.')).toBeVisible();
      await expect(main.getByRole('button', { name: 'Try again' })).toBeEnabled();
      break;
    default:
      throw new Error(`No screen check for ${state}`);
  }
}

/** Performs one model event through the UI or the network. */
async function perform(world: World, event: ModelEvent) {
  const main = world.page.getByRole('main');
  if (event.type === 'CONFIRM') await main.getByRole('button', { name: 'Activate', exact: true }).click();
  else if (event.type === 'RETRY') await main.getByRole('button', { name: 'Try again' }).click();
  else {
    const gate = event.type.endsWith('loadBase') ? world.load : world.activate;
    if (event.type.startsWith('xstate.error.') && event.error?.kind === 'unknown') await gate.drop();
    else await gate.release(); // the real server answers: the base, or its refusal
  }
}

test.describe('ai-base-activation machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });
  for (const path of paths) {
    test(activationPathName(events(path)) || '(initial)', async ({ page, request }) => {
      const merchant = await newMerchant(
        request,
        'activation',
        has(path, 'xstate.error.actor.activateBase', 'plan_limit') ? 'start' : 'basic',
      );
      const api = merchantApi(request, merchant);
      let base = await api.create();
      if (!has(path, 'xstate.error.actor.activateBase', 'incomplete')) base = await api.complete(base);
      if (has(path, 'xstate.done.actor.loadBase', 'active')) base = await api.activate(base);
      if (has(path, 'xstate.error.actor.activateBase', 'plan_limit')) {
        // Another base already active, then a downgrade to a plan with room for one.
        const other = await api.complete(await api.create({ name: 'Already active' }));
        await api.activate(other);
        await setPlan(request, merchant, 'basic');
      }
      const baseId = has(path, 'xstate.error.actor.loadBase', 'not_found') ? crypto.randomUUID() : base.id;

      await signInDirectly(page, merchant);
      const world: World = {
        page,
        baseId,
        load: await HeldRoutes.on(page, 'GET', /^\/api\/v1\/ai-bases\/[^/]+$/),
        activate: await HeldRoutes.on(page, 'POST', /^\/api\/v1\/ai-bases\/[^/]+\/activate$/),
      };
      await page.goto(`/en/ia-base/${baseId}/activate`);
      await expectScreen(page, String(path.initial.value));
      await testPath(aiBaseActivationMachine, path, {
        events: eachEvent(path, (step) => perform(world, step.event as ModelEvent)),
        states: { [aiBaseActivationMachine.id]: (state) => expectScreen(page, String(state.value)) },
      });
      // What the screen said is what the server holds.
      if (path.steps.at(-1)?.state.value === 'active') expect((await api.get(base.id)).status).toBe('active');
      if (path.steps.at(-1)?.state.value === 'planLimit') expect((await api.get(base.id)).status).toBe('training');
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(aiBaseActivationMachine, { ...model, paths: passed });
    console.log(describeCoverage('ai-base-activation', 'UI', coverage, passed.length));
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
