// The refinement-chat machine's model-based test through the real UI: the paths of
// tests/model/refinement-chat-model.ts, in Chromium against the real server, its built-in answerer
// and the loopback LLM fixture. The chat request is held while the app shows it in flight, then let
// through or dropped. The answers follow from what the merchant did: a blocked term is refused; a
// model the fixture refuses with (busy, down) or no longer lists (retired) gives that failure.
import { expect, test, type Page } from '@playwright/test';
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot } from 'xstate';
import type { Refinement } from '@/domain/ai-base';
import type { ChatAnswer } from '@/domain/refinement-chat';
import { refinementChatMachine, type RefinementChatContext } from '@/machines/refinement-chat';
import { coverageOf, coveringPaths, describeCoverage, type ModelPath } from '../model/model-harness';
import { chatPathName, fixtureModels, refinementChatTestModel } from '../model/refinement-chat-model';
import { signInDirectly } from './fixtures/emulator-users';
import { HeldRoutes } from './fixtures/held-routes';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';

type ModelEvent = { type: string; text?: string; settings?: Refinement; output?: ChatAnswer; error?: { kind: string } };
const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);

/** The knowledge the base learns from: the delivery question's answer is on row 2. */
const KNOWLEDGE_CSV = [
  'Assunto;Pergunta;Resposta',
  'Entrega;Qual é o prazo de entrega?;Os pedidos chegam de 3 a 7 dias úteis após o pagamento.',
  'Trocas;Posso trocar?;Sim, em até 30 dias.',
].join('\n');

/** The only answer the real stack gives to a question asked with these settings (besides a dropped connection). */
function outcomeFor(text: string, settings: Refinement): string {
  if (settings.model === fixtureModels.busy) return 'rate_limited';
  if (settings.model === fixtureModels.down) return 'unavailable';
  if (settings.model === fixtureModels.retired) return 'unknown_model';
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return settings.blockedTerms.some((term) => folded.includes(term.toLowerCase())) ? 'refused' : 'answered';
}

/**
 * The path's snapshots, replayed on the machine: the model merges conversations that differ only
 * in their words (abstractChat), so its own snapshots may hold another path's words.
 */
function replay(path: ModelPath): AnyMachineSnapshot[] {
  let snapshot = getInitialSnapshot(refinementChatMachine, { baseId: 'replay' }) as AnyMachineSnapshot;
  return eventsOf(path).map(
    (event) => (snapshot = getNextSnapshot(refinementChatMachine, snapshot as never, event as never) as AnyMachineSnapshot),
  );
}

/** Whether the real stack can give each answer of the path: the question and settings decide it. */
function realizable(path: ModelPath): boolean {
  const snapshots = replay(path);
  return eventsOf(path).every((event, index) => {
    const settled = event.output?.outcome ?? event.error?.kind;
    if (!settled || settled === 'unknown') return true;
    const before = (index === 0 ? path.initial : snapshots[index - 1]!).context as RefinementChatContext;
    const question = before.exchanges.at(-1);
    return question !== undefined && before.settings !== null && outcomeFor(question.question, before.settings) === settled;
  });
}

const model = refinementChatTestModel();
const realizablePaths = model.paths.filter(realizable);
const covering = coveringPaths(refinementChatMachine, { ...model, paths: realizablePaths });
/**
 * Every transition is not every failure: also the shortest path that meets each sample event
 * (each provider failure, the refusal, each message error) the covering paths leave out.
 */
function withEverySample(chosen: ModelPath[]): ModelPath[] {
  const key = (event: ModelEvent) => JSON.stringify(event);
  const met = new Set(chosen.flatMap((path) => eventsOf(path).map(key)));
  const extra: ModelPath[] = [];
  for (const path of [...realizablePaths].sort((a, b) => a.steps.length - b.steps.length)) {
    const fresh = eventsOf(path)
      .map(key)
      .filter((k) => !met.has(k));
    if (fresh.length === 0) continue;
    extra.push(path);
    for (const k of fresh) met.add(k);
  }
  return [...chosen, ...extra];
}
const paths = withEverySample(covering);
const passed: ModelPath[] = [];

type World = { page: Page; merchant: Merchant; chat: HeldRoutes };

async function trySettings(page: Page, settings: Refinement) {
  const main = page.getByRole('main');
  await main.getByRole('slider', { name: 'Creativity' }).fill(String(settings.creativity));
  await main.getByRole('textbox', { name: 'Blocked themes or terms' }).fill(settings.blockedTerms.join('\n'));
  await main
    .getByRole('combobox', { name: 'Model' })
    .selectOption(settings.model === 'builtin-retrieval' ? { label: 'Built-in answerer (from your knowledge base)' } : settings.model);
}

const failureTexts: Record<string, RegExp> = {
  rate_limited: /The AI provider is busy\. Try again in (\d+ seconds|a moment)\./,
  unavailable: /The AI provider did not answer\. Try again in a moment\./,
  unknown_model: /This model is not available\. Choose another one in the Model field\./,
  unknown: /The message could not be sent\./,
};

/** What each state looks like on the screen, with the conversation the merchant sees. */
async function expectScreen(page: Page, value: unknown, context: RefinementChatContext) {
  const main = page.getByRole('main');
  const log = main.getByRole('log', { name: 'Conversation' });
  const send = main.getByRole('button', { name: 'Send', exact: true });
  const agentAnswers = log.locator('[data-outcome]');
  const answered = context.exchanges.filter((exchange) => exchange.answer !== null);
  await expect(agentAnswers).toHaveCount(answered.length);
  for (const [index, exchange] of answered.entries()) {
    const bubble = agentAnswers.nth(index);
    await expect(bubble).toHaveAttribute('data-outcome', exchange.answer!.outcome);
    if (exchange.answer!.outcome === 'answered') {
      // The built-in answerer's passage, cited with its file.
      await expect(bubble).toContainText('3 a 7 dias úteis');
      await expect(bubble.getByText('Sources used (', { exact: false })).toBeVisible();
      await expect(bubble).toContainText('entregas.csv');
    }
    if (exchange.answer!.outcome === 'refused') await expect(bubble.getByText('Refused: blocked term')).toBeVisible();
  }
  const waiting = context.exchanges.at(-1);
  if (waiting && waiting.answer === null) await expect(log.getByText(waiting.question, { exact: true }).last()).toBeVisible();
  if (context.exchanges.length === 0) await expect(log.getByText('Ask what a customer would ask.', { exact: false })).toBeVisible();
  // In English the message is the seed's own text.
  if (context.messageError) await expect(main.getByText(context.messageError, { exact: true })).toBeVisible();
  switch (value) {
    case 'asking':
      await expect(log.getByText('The AI base is answering…')).toBeAttached();
      await expect(send).toBeDisabled();
      break;
    case 'ready':
      await expect(log.getByText('The AI base is answering…')).toHaveCount(0);
      await expect(send).toBeEnabled();
      break;
    case 'failed':
      await expect(main.getByText(failureTexts[context.failure!.kind]!)).toBeVisible();
      await expect(main.getByRole('button', { name: 'Try again' })).toBeEnabled();
      break;
  }
}

async function perform(world: World, event: ModelEvent) {
  const main = world.page.getByRole('main');
  switch (event.type) {
    case 'SEND':
      await trySettings(world.page, event.settings!);
      await main.getByRole('textbox', { name: 'Message' }).fill(event.text!);
      return main.getByRole('button', { name: 'Send', exact: true }).click();
    case 'RETRY':
      return main.getByRole('button', { name: 'Try again' }).click();
    case 'RESTART':
      return main.getByRole('button', { name: 'Restart conversation' }).click();
  }
  if (event.error?.kind === 'unknown') return world.chat.drop();
  return world.chat.release();
}

test.describe('refinement-chat machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });

  for (const path of paths) {
    test(chatPathName(eventsOf(path)) || '(initial)', async ({ page, request }) => {
      const merchant = await newMerchant(request, 'chat');
      const api = merchantApi(request, merchant);
      let base = await api.create({ name: 'Ana' });
      base = await api.saveKnowledge(base);
      // A model the fixture lists no more, saved while it still did: the form still shows it.
      if (eventsOf(path).some((e) => e.settings?.model === fixtureModels.retired)) {
        base = await api.saveRefinement({ ...base, model: fixtureModels.retired });
      }
      await api.uploadKnowledge(base, 'entregas.csv', KNOWLEDGE_CSV);

      await signInDirectly(page, merchant);
      const world: World = { page, merchant, chat: await HeldRoutes.on(page, 'POST', /^\/api\/v1\/ai-bases\/[^/]+\/chat$/) };
      await page.goto(`/en/ia-base/${base.id}`);
      await expect(page.getByRole('main').getByRole('heading', { name: '3. Refinement and test', exact: true })).toBeVisible();
      const events = eventsOf(path);
      const snapshots = replay(path);
      await expectScreen(page, path.initial.value, path.initial.context as RefinementChatContext);
      for (const [index, snapshot] of snapshots.entries()) {
        await perform(world, events[index]!);
        await expectScreen(page, snapshot.value, snapshot.context as RefinementChatContext);
      }
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(refinementChatMachine, { ...model, paths: passed });
    console.log(describeCoverage('refinement-chat', 'UI', coverage, passed.length) + ` (of ${model.paths.length} in the model)`);
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
