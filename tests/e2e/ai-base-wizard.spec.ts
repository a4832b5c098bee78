// The ai-base-wizard machine's model-based test through the real UI: the paths of
// tests/model/ai-base-wizard-model.ts, in Chromium against the real server and Auth emulator, one
// merchant each. API calls are held while the app shows them in flight, then let through or
// dropped. Refusals come from the world changing as another tab would change it (a base saved
// elsewhere: 409; created elsewhere: the plan's limit, a name taken); a reload keeps the draft.
import { expect, test, type Page } from '@playwright/test';
import { aiBaseValidationMessages, wizardSteps, type AiBase } from '@/domain/ai-base';
import {
  aiBaseWizardMachine,
  unsavedStepOf,
  type InstructionsDraft,
  type LoadedBase,
  type RefinementDraft,
  type WizardContext,
} from '@/machines/ai-base-wizard';
import { aiBaseWizardTestModel, wizardPathName } from '../model/ai-base-wizard-model';
import { coverageOf, coveringPaths, describeCoverage, eachEvent, testPath, type ModelPath } from '../model/model-harness';
import { signInDirectly } from './fixtures/emulator-users';
import { HeldRoutes } from './fixtures/held-routes';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';

type ModelEvent = { type: string; output?: AiBase | LoadedBase; error?: { kind: string }; values?: Record<string, unknown> };
const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const contextBefore = (path: ModelPath, index: number) =>
  (index === 0 ? path.initial : path.steps[index - 1]!.state).context as WizardContext;
const stateValue = (value: unknown): string =>
  typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${stateValue(v)}`)[0]!;
// A base resumes at its first step not saved (the last one once all three are).
const savedStepsOf = (base: AiBase) => (base.progress === 100 ? wizardSteps.length : wizardSteps.indexOf(base.step));
const stepSaves: Record<string, number> = { saveInstructions: 1, saveKnowledge: 2, saveRefinement: 3 };

/**
 * Whether the real app can follow a path. The model starts every path without a base id and lets
 * any load answer follow; the app loads a new base with no request at all (so no load failure),
 * conflicts only on a saved base, hits the plan's limit only when creating, and after a conflict
 * reloads what the other tab saved (this test makes it save the same step); the restored-draft
 * notice can only be dismissed while it shows.
 */
function realizable(path: ModelPath): boolean {
  const events = eventsOf(path);
  const firstLoad = events.find((e) => e.type.endsWith('.loadBase'));
  const isNewLoad = (e: ModelEvent) => e.type === 'xstate.done.actor.loadBase' && (e.output as LoadedBase).base === null;
  if (events.some((e) => isNewLoad(e) && e !== firstLoad) || (firstLoad && !isNewLoad(firstLoad) && events.some(isNewLoad))) return false;
  let afterConflict: number | null = null;
  for (const [i, e] of events.entries()) {
    const before = contextBefore(path, i);
    if (e.error?.kind === 'conflict') {
      if (before.baseId === null) return false;
      afterConflict = Math.max(savedStepsOf(before.base!), stepSaves[e.type.split('.').at(-1)!]!);
    }
    if (e.error?.kind === 'plan_limit' && before.baseId !== null) return false;
    // A name taken by another base: only a name this base does not have already can be.
    if (e.error?.kind === 'invalid' && before.baseId !== null && before.draft.instructions.name === before.base?.name) return false;
    // The notice (and its Dismiss button) is only there after a draft was restored.
    if (e.type === 'DISMISS_RESTORED' && !before.restored) return false;
    // A saved base's step 1 typed on, then reloaded: set up before the path starts, so only its first load.
    const typedOnStepOne = (e.output as LoadedBase | undefined)?.draft?.step === 'instructions' && (e.output as LoadedBase).base !== null;
    if (e.type === 'xstate.done.actor.loadBase' && typedOnStepOne && e !== firstLoad) return false;
    if (e.type === 'xstate.done.actor.loadBase' && afterConflict !== null && before.failure === 'conflict') {
      // The reload brings back what this browser really stored: the unsaved changes, on their step.
      if (((e.output as LoadedBase).draft?.step ?? null) !== unsavedStepOf(before)) return false;
      const base = (e.output as LoadedBase).base;
      if (!base || base.step !== (['instructions', 'knowledge', 'refinement'] as const)[Math.min(afterConflict, 2)]) return false;
    }
  }
  return true;
}

const model = aiBaseWizardTestModel();
const paths = coveringPaths(aiBaseWizardMachine, { ...model, paths: model.paths.filter(realizable) });
const passed: ModelPath[] = [];

type World = {
  page: Page;
  merchant: Merchant;
  api: ReturnType<typeof merchantApi>;
  baseId: string | null;
  load: HeldRoutes;
  create: HeldRoutes;
  saves: Record<'saveInstructions' | 'saveKnowledge' | 'saveRefinement', HeldRoutes>;
};

const functionLabels = { seller: 'Seller', support: 'Support', qualifier: 'Qualifier', translator: 'Translator' } as const;
const toneLabels = { default: 'Default', friendly: 'Friendly', informal: 'Informal' } as const;
const languageLabels = { pt_br: 'Portuguese (Brazil)', en_us: 'English (US)', es: 'Spanish' } as const;

async function editInstructions(page: Page, values: Partial<InstructionsDraft>) {
  const main = page.getByRole('main');
  if (values.name !== undefined) await main.getByRole('textbox', { name: 'Name of the AI base' }).fill(values.name);
  if (values.function) await main.getByRole('radio', { name: functionLabels[values.function] }).check();
  if (values.language) await main.getByRole('combobox', { name: 'Language' }).selectOption({ label: languageLabels[values.language] });
  if (values.voiceTone) await main.getByRole('radio', { name: toneLabels[values.voiceTone] }).check();
  if (values.personalized !== undefined && values.personalized !== null)
    await main
      .getByRole('radiogroup', { name: 'Personalized base?' })
      .getByRole('radio', { name: values.personalized ? 'Yes' : 'No' })
      .check();
  if (values.instructions !== undefined) await main.getByRole('textbox', { name: 'Instructions' }).fill(values.instructions);
  if (values.expectedInputs !== undefined) await main.getByRole('textbox', { name: 'Expected inputs' }).fill(values.expectedInputs);
}

async function editRefinement(page: Page, values: Partial<RefinementDraft>) {
  const main = page.getByRole('main');
  if (values.creativity !== undefined) await main.getByRole('slider', { name: 'Creativity' }).fill(String(values.creativity));
  if (values.blockedTerms) await main.getByRole('textbox', { name: 'Blocked themes or terms' }).fill(values.blockedTerms.join('\n'));
}

/** What each state looks like on the screen, with the context the merchant sees. */
async function expectScreen(world: World, value: unknown, context: WizardContext) {
  const main = world.page.getByRole('main');
  const state = stateValue(value);
  const heading = (name: string) => expect(main.getByRole('heading', { name, exact: true })).toBeVisible();
  const saveButton = main.getByRole('button', { name: /^Save and (advance|finish)$/ });
  // The stepper marks the step the merchant is on (through a conflict too: the step being saved).
  if (['instructions', 'knowledge', 'refinement', 'conflict'].some((name) => state.startsWith(name))) {
    const stepLabels = { instructions: 'Instructions', knowledge: 'Knowledge base', refinement: 'Refinement and test' } as const;
    await expect(main.getByRole('list', { name: 'AI base configuration steps' }).locator('[aria-current="step"]')).toHaveText(
      `${wizardSteps.indexOf(context.step) + 1}${stepLabels[context.step]}`,
    ); // marker and label
  }
  if (state.startsWith('instructions.')) await heading('1. Instructions');
  if (state.startsWith('knowledge.')) await heading('2. Knowledge base');
  if (state.startsWith('refinement.')) {
    await heading('3. Refinement and test');
    // The fields show the draft (typed, restored or reverted to the saved settings).
    await expect(main.getByRole('slider', { name: 'Creativity' })).toHaveValue(String(context.draft.refinement.creativity));
    await expect(main.getByRole('textbox', { name: 'Blocked themes or terms' })).toHaveValue(
      context.draft.refinement.blockedTerms.join('\n'),
    );
  }
  if (state.endsWith('.saving')) await expect(saveButton).toBeDisabled();
  // Every refusal here is one the screen explains (a conflict, the plan's limit, a taken name, a
  // missing base) or no HTTP answer at all: never the generic red toast beside the explanation.
  await expect(world.page.getByText('An unknown error occurred.')).toHaveCount(0);
  if (state.endsWith('.editing')) await expect(saveButton).toBeEnabled();
  if (state.endsWith('.failed')) {
    await expect(main.getByText('Your changes could not be saved.')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Try again' })).toBeEnabled();
  }
  // No new file while step 2 saves: the wizard moves on after it, which would stop the upload.
  if (state.startsWith('knowledge.')) {
    const choose = main.getByRole('button', { name: 'Choose files' });
    await (state === 'knowledge.saving' ? expect(choose).toBeDisabled() : expect(choose).toBeEnabled());
  }
  if (['instructions', 'knowledge', 'refinement'].some((step) => state.startsWith(step))) {
    await expect(main.getByText('We restored the changes you had not saved yet.')).toHaveCount(context.restored ? 1 : 0);
    // Field errors are message ids: the page shows each one's English text (an id not ours, as sent).
    for (const id of Object.values(context.fieldErrors)) {
      await expect(main.getByText(aiBaseValidationMessages.get(id)?.message ?? id, { exact: true })).toBeVisible();
    }
  }
  switch (state) {
    case 'loading':
      // A new base loads from this browser's storage alone: there is no request to hold.
      if (world.baseId !== null) await expect(main.getByText('Loading the AI base')).toBeAttached();
      break;
    case 'loadFailed':
      await expect(main.getByText('The AI base could not be loaded.')).toBeVisible();
      break;
    case 'notFound':
      await expect(main.getByText('This AI base does not exist (or no longer does).')).toBeVisible();
      break;
    case 'conflict':
      await expect(main.getByText('This AI base was saved in another tab or window.')).toBeVisible();
      break;
    case 'planLimit':
      await expect(main.getByText('Upgrade your plan to add more AI Bases.')).toBeVisible();
      break;
    case 'saved':
      await expect(world.page).toHaveURL(/\/en\/ia-base\/[^/]+\/activate$/);
      break;
  }
}

/** Performs one model event through the UI, the network or the world. */
async function perform(world: World, event: ModelEvent, path: ModelPath, index: number) {
  const { page } = world;
  const main = page.getByRole('main');
  const before = contextBefore(path, index);
  switch (event.type) {
    case 'EDIT_INSTRUCTIONS':
      return editInstructions(page, event.values as Partial<InstructionsDraft>);
    case 'EDIT_REFINEMENT':
      return editRefinement(page, event.values as Partial<RefinementDraft>);
    case 'SAVE':
      return main.getByRole('button', { name: /^Save and (advance|finish)$/ }).click();
    case 'BACK':
      return main.getByRole('button', { name: 'Back', exact: true }).click();
    case 'RETRY':
      return main.getByRole('button', { name: 'Try again' }).click();
    case 'RELOAD':
      return main.getByRole('button', { name: 'Reload' }).click();
    case 'DISMISS_RESTORED':
      return main.getByRole('button', { name: 'Dismiss' }).click();
    case 'REVERT':
      return main.getByRole('button', { name: 'Revert to saved settings' }).click();
  }
  const actor = event.type.split('.').at(-1)! as 'loadBase' | keyof World['saves'];
  if (actor === 'loadBase') {
    if (world.baseId === null) return; // a new base: nothing goes over the network
    if (event.error?.kind === 'unknown') return world.load.drop();
    // Deleted in another tab meanwhile (when the path did not start on a missing base).
    if (event.error?.kind === 'not_found' && index > 0) await world.api.remove(await world.api.get(world.baseId));
    return world.load.release();
  }
  const creating = actor === 'saveInstructions' && before.baseId === null;
  const gate = creating ? world.create : world.saves[actor];
  if (event.error?.kind === 'unknown') return gate.drop();
  if (event.error?.kind === 'conflict') {
    // Another tab saves the same step first.
    const saved = await world.api.get(world.baseId!);
    if (actor === 'saveKnowledge') await world.api.saveKnowledge(saved);
    else if (actor === 'saveRefinement') await world.api.saveRefinement(saved);
    else await world.api.saveInstructions(saved, { instructions: 'Saved in another tab' });
  }
  if (event.error?.kind === 'plan_limit') {
    // The plan's room (2 on Start) filled from another tab.
    await world.api.create({ name: 'Created in another tab' });
    await world.api.create({ name: 'Created in another tab, too' });
  }
  let blocker: AiBase | null = null;
  if (event.error?.kind === 'invalid') blocker = await world.api.create({ name: before.draft.instructions.name });
  await gate.release();
  if (blocker) await world.api.remove(blocker); // the other tab's base goes away again
  if (creating && event.type.startsWith('xstate.done.')) {
    // The new base takes its own address (a fresh load there).
    await expect(page).toHaveURL(/\/en\/ia-base\/[0-9a-f-]{36}$/);
    world.baseId = page.url().split('/').at(-1)!;
    await world.load.release();
  }
}

test.describe('ai-base-wizard machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });

  for (const path of paths) {
    test(wizardPathName(eventsOf(path)) || '(initial)', async ({ page, request }) => {
      const events = eventsOf(path);
      const merchant = await newMerchant(request, 'wizard', 'start'); // room for the bases a path needs
      const api = merchantApi(request, merchant);
      const firstLoad = events.find((e) => e.type.endsWith('.loadBase'));
      const loaded = firstLoad?.type.startsWith('xstate.done.') ? (firstLoad.output as LoadedBase) : null;

      let url = '/en/ia-base';
      let baseId: string | null = null;
      if (firstLoad?.error?.kind === 'not_found') baseId = crypto.randomUUID();
      else if (!loaded || loaded.base) {
        // A saved base at the step the path's first successful load resumes at.
        let base = await api.create();
        const firstBase = events.find((e) => e.type === 'xstate.done.actor.loadBase' && (e.output as LoadedBase).base);
        const at = (firstBase?.output as LoadedBase | undefined)?.base?.step ?? 'knowledge';
        if (at === 'refinement') base = await api.saveKnowledge(base);
        baseId = base.id;
      }
      if (baseId) url = `/en/ia-base/${baseId}`;

      await signInDirectly(page, merchant);
      const world: World = {
        page,
        merchant,
        api,
        baseId,
        load: await HeldRoutes.on(page, 'GET', /^\/api\/v1\/ai-bases\/[^/]+$/),
        create: await HeldRoutes.on(page, 'POST', /^\/api\/v1\/ai-bases$/),
        saves: {
          saveInstructions: await HeldRoutes.on(page, 'PUT', /^\/api\/v1\/ai-bases\/[^/]+\/instructions$/),
          saveKnowledge: await HeldRoutes.on(page, 'PUT', /^\/api\/v1\/ai-bases\/[^/]+\/knowledge$/),
          saveRefinement: await HeldRoutes.on(page, 'PUT', /^\/api\/v1\/ai-bases\/[^/]+\/refinement$/),
        },
      };
      if (loaded?.draft) {
        // What was typed before a reload: typed for real, then the page reloads.
        await page.goto(url);
        if (loaded.base && loaded.draft.step === 'instructions') {
          // Typed on step 1 of a base saved further: back there first.
          await world.load.release();
          await page.getByRole('main').getByRole('button', { name: 'Back', exact: true }).click();
          await page.getByRole('main').getByRole('button', { name: 'Back', exact: true }).click();
          await editInstructions(page, loaded.draft.instructions);
        } else if (loaded.base) {
          await world.load.release();
          await editRefinement(page, loaded.draft.refinement);
        } else {
          await editInstructions(page, loaded.draft.instructions);
        }
        await page.reload();
      } else {
        await page.goto(url);
      }
      await expectScreen(world, path.initial.value, path.initial.context as WizardContext);
      await testPath(aiBaseWizardMachine, path, {
        events: eachEvent(path, (step) => perform(world, step.event as ModelEvent, path, path.steps.indexOf(step))),
        states: { [aiBaseWizardMachine.id]: (state) => expectScreen(world, state.value, state.context as WizardContext) },
      });
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(aiBaseWizardMachine, { ...model, paths: passed });
    console.log(describeCoverage('ai-base-wizard', 'UI', coverage, passed.length) + ` (of ${model.paths.length} in the model)`);
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
