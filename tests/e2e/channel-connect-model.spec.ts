// The channel-connect machine's model-based test through the real UI: the covering paths of
// tests/model/channel-connect-model.ts (derived from the production machine), each run on
// /en/channels in Chromium against the real server, the Auth emulator and the e2e server's loopback
// WhatsApp Cloud API (tests/e2e/fixtures/e2e-peers.ts: a number of this spec's own, since a number
// connects once across all accounts). The connect is held while the panel says it is checking, then
// let through: what is typed decides what the Cloud API says (the number's real token connects it, a
// wrong one is refused, an id no number has is not found), or its connection is dropped (unknown).
// The server's own field refusal is the real server's answer to a request changed in flight, as an
// SPA built before the server's rules would send it. Once Done is chosen, the channel's read is held
// the same way while the steps say so, then let through or dropped (the list keeps it as connected).
// One merchant of its own, with one active AI base, and one page per worker; each path starts with
// the merchant owning no channel.
import { expect, test, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { channelCheckRefusals, channelValidationMessages } from '@/domain/channel';
import {
  channelConnectMachine,
  emptyConnectValues,
  type ChannelConnectContext,
  type ChannelConnectFailure,
  type ChannelConnectFailureKind,
  type ChannelConnectValues,
} from '@/machines/channel-connect';
import { channelConnectPathName, channelConnectTestModel } from '../model/channel-connect-model';
import { coverageOf, coveringPaths, describeCoverage, eachEvent, testPath, type ModelPath } from '../model/model-harness';
import { e2ePeers } from './fixtures/e2e-peers';
import { HeldRoutes } from './fixtures/held-routes';
import { signInDirectly } from './fixtures/emulator-users';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';

const model = channelConnectTestModel();
// The few model paths that together reach every state and take every transition (the logic level runs them all).
const paths = coveringPaths(channelConnectMachine, model);
const passed: ModelPath[] = [];

type ModelEvent = EventObject & {
  values?: ChannelConnectValues;
  error?: ChannelConnectFailure;
};
const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const snapshotAt = (path: ModelPath, index: number) => (index < 0 ? path.initial : path.steps[index]!.state);
const contextAt = (path: ModelPath, index: number) => snapshotAt(path, index).context as ChannelConnectContext;
const isConnectAnswer = (event: ModelEvent) => event.type.endsWith('.actor.connect');

// ---- The world: what the Cloud API says is decided by what is typed. ----

/** A token of Meta's shape that no number takes. */
const WRONG_TOKEN = `EAAG${'W7rongT0ken'.repeat(12)}`;
/** A phone number id no number of the Cloud API has. */
const UNKNOWN_NUMBER_ID = '106540352299999';
/** What the request changed in flight carries instead of the number's id: the server's schema refuses it. */
const REFUSED_NUMBER_ID = 'not-a-number';

/** What a connect answer needs of the values typed before it: the number's own token, a wrong one, an unknown id; null: any. */
type Need = 'number' | 'wrongToken' | 'unknownNumber' | null;
const needs: Partial<Record<ChannelConnectFailureKind | 'done', Need>> = {
  done: 'number',
  token_invalid: 'wrongToken',
  number_not_found: 'unknownNumber',
  // Changed in flight (invalid) or dropped (unknown): what was typed does not matter.
  invalid: null,
  unknown: null,
};

/** What the connect answers after the SUBMIT at `index` (until the next SUBMIT: a retry sends the same values) need. */
function needAfter(path: ModelPath, index: number): Need {
  const events = eventsOf(path);
  let wanted: Need = null;
  for (let i = index + 1; i < events.length && events[i]!.type !== 'SUBMIT'; i++) {
    const event = events[i]!;
    if (!isConnectAnswer(event)) continue;
    const kind = event.error ? event.error.kind : 'done';
    if (!(kind in needs)) throw new Error(`No world here makes the connect answer ${kind} (step ${i + 1})`);
    const need = needs[kind]!;
    if (need !== null && wanted !== null && need !== wanted)
      throw new Error(`The connects after step ${index + 1} need ${wanted} and ${need}`);
    wanted = need ?? wanted;
  }
  return wanted;
}

/** The form as the merchant types it for a need: the ids and the token pasted with spaces around them. */
function typedFor(need: Need, aiBaseId: string): ChannelConnectValues {
  const number = e2ePeers().whatsapp.channelModelNumber;
  return {
    phoneNumberId: ` ${need === 'unknownNumber' ? UNKNOWN_NUMBER_ID : number.phoneNumberId} `,
    wabaId: number.wabaId,
    accessToken: ` ${need === 'wrongToken' ? WRONG_TOKEN : number.accessToken} `,
    appSecret: number.appSecret,
    aiBaseId,
    inventoryId: '',
  };
}

type World = {
  page: Page;
  merchant: Merchant;
  aiBaseId: string;
  connect: HeldRoutes;
  /** The channel's read once Done is chosen (GET /api/v1/channels/:id). */
  read: HeldRoutes;
  /** What the merchant typed last (submitted): what the form must still show. */
  typed: ChannelConnectValues;
};

// ---- The screen. ----

const messageOf = (id: string) =>
  channelValidationMessages.get(id)?.message ?? Object.values(channelCheckRefusals).find((refusal) => refusal.id === id)?.message ?? id;
/** What the failure notice says for each kind (src/features/channels/channel-messages.ts, in English). */
const failureTexts: Record<ChannelConnectFailureKind, string> = {
  invalid: 'Some details were refused. Check them and try again.',
  token_invalid: channelCheckRefusals.tokenInvalid.message,
  number_not_found: channelCheckRefusals.numberNotFound.message,
  unreachable: 'WhatsApp did not answer, so the number could not be checked. Try again in a moment.',
  already_connected: messageOf('channel.already_connected'),
  ai_base_not_active: messageOf('channel.ai_base_not_active'),
  ai_base_not_found: messageOf('channel.ai_base_not_found'),
  inventory_not_found: messageOf('channel.inventory_not_found'),
  unknown: 'Something went wrong on our side, or the connection dropped. Try again.',
};

const main = (page: Page) => page.getByRole('main');
const panelTitle = (page: Page) => main(page).getByRole('heading', { name: 'Connect a WhatsApp number' });
const textField = (page: Page, name: string) => main(page).getByRole('textbox', { name, exact: true });
// The token and the app secret are password fields (write-only, no textbox role): found by name.
const secretField = (page: Page, name: 'accessToken' | 'appSecret') => main(page).locator(`input[name=${name}]`);
const aiBaseSelect = (page: Page) => main(page).getByRole('combobox', { name: 'AI base' });
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });

/** The fields as the form shows them (what the merchant typed, kept through a failure). */
async function expectTyped(page: Page, typed: ChannelConnectValues) {
  await expect(textField(page, 'Phone number ID')).toHaveValue(typed.phoneNumberId);
  await expect(textField(page, 'WhatsApp Business Account ID')).toHaveValue(typed.wabaId);
  await expect(secretField(page, 'accessToken')).toHaveValue(typed.accessToken);
  await expect(secretField(page, 'appSecret')).toHaveValue(typed.appSecret);
  await expect(aiBaseSelect(page)).toHaveValue(typed.aiBaseId);
}

/** What each state looks like on the screen, with the context the merchant sees. */
async function expectScreen(world: World, path: ModelPath, index: number) {
  const { page } = world;
  const state = String(snapshotAt(path, index).value);
  const context = contextAt(path, index);
  // Every refusal here is one the panel explains, or no answer at all: never the generic toast beside it.
  await expect(page.getByText('An unknown error occurred.')).toHaveCount(0);
  switch (state) {
    case 'details':
      await expect(panelTitle(page)).toBeVisible();
      await expect(button(page, 'Connect')).toBeEnabled();
      await expect(textField(page, 'Phone number ID')).toBeEditable();
      await expect(main(page).getByText('The number could not be connected.')).toHaveCount(0);
      await expectTyped(page, world.typed);
      // The field errors (message ids in the machine) in English, at their fields.
      for (const id of Object.values(context.fieldErrors)) await expect(main(page).getByText(messageOf(id))).toBeVisible();
      if (Object.keys(context.fieldErrors).length === 0) await expect(main(page).locator('[aria-invalid=true]')).toHaveCount(0);
      break;
    case 'checking':
      await expect(main(page).getByRole('status').filter({ hasText: 'Checking the number with WhatsApp…' })).toBeVisible();
      await expect(panelTitle(page).locator('xpath=ancestor::*[@aria-busy="true"][1]')).toHaveCount(1);
      await expect(textField(page, 'Phone number ID')).toBeDisabled();
      await expect(button(page, 'Cancel')).toBeDisabled();
      await expectTyped(page, world.typed);
      break;
    case 'failure':
      await expect(main(page).getByText('The number could not be connected.')).toBeVisible();
      await expect(main(page).getByText(failureTexts[context.failure!.kind])).toBeVisible();
      await expect(button(page, 'Try again')).toBeEnabled();
      await expect(button(page, 'Edit the details')).toBeEnabled();
      await expect(button(page, 'Connect')).toHaveCount(0);
      await expect(textField(page, 'Phone number ID')).toBeDisabled();
      await expectTyped(page, world.typed);
      break;
    case 'connected': {
      const number = e2ePeers().whatsapp.channelModelNumber;
      await expect(
        main(page).getByRole('heading', {
          name: `${number.displayPhoneNumber} (${number.verifiedName}) is connected`,
        }),
      ).toBeFocused();
      await expect(main(page).locator('input[name=webhookUrl]')).toHaveValue(/\/webhooks\/whatsapp$/);
      await expect(main(page).locator('input[name=verifyToken]')).toHaveValue(/\S{16,}/);
      await expect(button(page, 'Done')).toBeEnabled();
      break;
    }
    case 'finishing':
      // The steps stay while the channel is read again; Done is busy.
      await expect(main(page).locator('input[name=verifyToken]')).toHaveValue(/\S{16,}/);
      await expect(button(page, 'Done')).toHaveAttribute('aria-busy', 'true');
      await expect(button(page, 'Done')).toBeDisabled();
      break;
    case 'done': {
      // The panel is gone with the verify token; the list shows the number.
      await expect(panelTitle(page)).toHaveCount(0);
      await expect(main(page).locator('input[name=verifyToken]')).toHaveCount(0);
      const list = main(page).getByRole('region', {
        name: 'Connected numbers',
      });
      await expect(list.getByText(e2ePeers().whatsapp.channelModelNumber.displayPhoneNumber)).toBeVisible();
      break;
    }
    default:
      throw new Error(`No screen check for ${state}`);
  }
}

// ---- Following a path. ----

async function typeValues(page: Page, values: ChannelConnectValues) {
  await textField(page, 'Phone number ID').fill(values.phoneNumberId);
  await textField(page, 'WhatsApp Business Account ID').fill(values.wabaId);
  await secretField(page, 'accessToken').fill(values.accessToken);
  await secretField(page, 'appSecret').fill(values.appSecret);
  await aiBaseSelect(page).selectOption(values.aiBaseId);
  await main(page).getByRole('combobox', { name: 'Inventory (optional)' }).selectOption(values.inventoryId);
}

/** Performs one model event through the UI or the network. */
async function perform(world: World, path: ModelPath, index: number) {
  const { page, connect, read } = world;
  const event = eventsOf(path)[index]!;
  switch (event.type) {
    case 'SUBMIT': {
      const filledIn = event.values!.phoneNumberId !== '';
      world.typed = filledIn ? typedFor(needAfter(path, index), world.aiBaseId) : emptyConnectValues;
      await typeValues(page, world.typed);
      return button(page, 'Connect').click();
    }
    case 'RETRY':
      return button(page, 'Try again').click();
    case 'EDIT':
      return button(page, 'Edit the details').click();
    case 'FINISH':
      return button(page, 'Done').click();
  }
  if (event.type === 'xstate.done.actor.readChannel') return read.release();
  if (event.type === 'xstate.error.actor.readChannel') return read.drop();
  if (event.error?.kind === 'unknown') return connect.drop();
  if (event.error?.kind === 'invalid') {
    // Changed in flight, then answered by the real server: its schema refuses the number's id.
    const route = await connect.next();
    const body = {
      ...(route.request().postDataJSON() as Record<string, unknown>),
      phoneNumberId: REFUSED_NUMBER_ID,
    };
    const answered = route.request().response();
    await route.continue({ postData: JSON.stringify(body) });
    const answer = await (await answered)!.json();
    expect(answer.error.fields).toEqual(event.error.fields);
    return;
  }
  // The real server answers: it checks the number with the Cloud API and connects it, or says why not.
  return connect.release();
}

/** The merchant's channels, as the server holds them. */
async function channelsOf(page: Page, merchant: Merchant) {
  const answer = await page.request.get('/api/v1/channels', { headers: { authorization: `Bearer ${merchant.idToken}` } });
  expect(answer.status()).toBe(200);
  return (
    (await answer.json()) as {
      channels: { id: string; phoneNumberId: string }[];
    }
  ).channels;
}

test.describe('channel-connect machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });
  // One page and one merchant of its own for the worker (not merchant-test's shared one: its active AI
  // base would show on the other specs' screens of that merchant, which expect none).
  let page: Page;
  let merchant: Merchant;
  let aiBaseId: string;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
    page = await context.newPage();
    merchant = await newMerchant(context.request, 'channel-model');
    await signInDirectly(page, merchant);
    // The active AI base that answers on the number: instructions, knowledge and refinement saved, then activated.
    const api = merchantApi(context.request, merchant);
    aiBaseId = (await api.activate(await api.complete(await api.create({ name: 'Assistente Loja Modelo' })))).id;
  });
  test.afterAll(() => page?.context().close());

  for (const path of paths) {
    test(channelConnectPathName(eventsOf(path)) || '(initial)', async () => {
      let world: World | undefined;
      // The number is free again: the merchant owns no channel.
      for (const channel of await channelsOf(page, merchant)) {
        const gone = await page.request.delete(`/api/v1/channels/${channel.id}`, {
          headers: { authorization: `Bearer ${merchant.idToken}` },
        });
        expect(gone.status()).toBe(204);
      }
      try {
        await page.goto('/en/channels');
        await expect(main(page).getByText('No WhatsApp number connected yet')).toBeVisible();
        await main(page).getByRole('button', { name: 'Connect a WhatsApp number' }).first().click();
        await expect(panelTitle(page)).toBeFocused();
        // Held from here: Playwright turns the HTTP cache off while a page routes requests, and the app's start fetches its scripts.
        const connect = await HeldRoutes.on(page, 'POST', /^\/api\/v1\/channels$/, '**/api/v1/**');
        const read = await HeldRoutes.on(page, 'GET', /^\/api\/v1\/channels\/[^/]+$/, '**/api/v1/**');
        world = { page, merchant, aiBaseId, connect, read, typed: emptyConnectValues };
        await expectScreen(world, path, -1);
        await testPath(channelConnectMachine, path, {
          events: eachEvent(path, (step) => perform(world!, path, path.steps.indexOf(step))),
          states: {
            [channelConnectMachine.id]: (state) =>
              expectScreen(
                world!,
                path,
                path.steps.findIndex((step) => step.state === state),
              ),
          },
        });
        // What the screen said is what the server holds: the number connected, or nothing.
        const last = String(snapshotAt(path, path.steps.length - 1).value);
        const connected = (await channelsOf(page, merchant)).map((channel) => channel.phoneNumberId);
        expect(connected).toEqual(
          ['connected', 'finishing', 'done'].includes(last) ? [e2ePeers().whatsapp.channelModelNumber.phoneNumberId] : [],
        );
      } finally {
        // A connect the path ends in (checking) is forgotten with the page's routes.
        while (world && world.connect.heldCount > 0) await world.connect.discard();
        while (world && world.read.heldCount > 0) await world.read.discard();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(channelConnectMachine, {
      ...model,
      paths: passed,
    });
    console.log(describeCoverage('channel-connect', 'UI', coverage, passed.length) + ` (of ${model.paths.length} in the model)`);
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
