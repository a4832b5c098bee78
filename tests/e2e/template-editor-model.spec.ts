// The template-editor machine's model-based test through the real UI: a covering set of the paths of
// tests/model/template-editor-model.ts (derived from the production machine, both starts) on /en/templates
// in Chromium, against the real server, the Auth emulator and the e2e server's loopback WhatsApp Cloud
// API, on a number of this spec's own with no callback URL (Catalyst hears of Meta's reviews when it
// reads Meta again). Each template call is held while the screen says it is in flight, then let through,
// changed in flight (the server's field refusal, as an older SPA would send it) or dropped. What an
// answer needs is the world the path starts in (`Start`): a name of its own (the fixture's review
// approves it, or rejects `test_reject`), Meta's approved sample `hello_world` (as it is, or changed),
// a name whose French version Meta rejected, a template Meta rejected to load, a name nobody has; Meta's
// pause is its webhook, built and signed by the fixture's code. A new template starts from a draft kept
// in the browser (a name is a WhatsApp account's once). The screen is checked against the production
// machine run on what the view sent and the server answered; each step must take the model step's
// transition. Only the paths a world here answers are run: the last test proves they cover the machine.
// The review's poll runs on Playwright's page clock. One merchant, one number, one page.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import { getNextSnapshot, initialTransition, type EventObject, type SnapshotFrom } from 'xstate';
import {
  templateLanguages,
  templateValidationMessages,
  toGraphTemplate,
  type TemplateContent,
  type TemplateDraft,
  type TemplateLanguage,
  type TemplateRecord,
  type TemplateStatus,
} from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import {
  draftErrorsOf,
  REVIEW_POLL_MS,
  reviewOutcomeOf,
  templateEditorMachine,
  type ReviewOutcome,
  type TemplateEditorFailure,
  type TemplateEditorFailureKind,
  type TemplateEditorInput,
} from '@/machines/template-editor';
import { templateStatusUpdate } from '@/tests/fixtures/whatsapp/account-webhooks';
import { metaWebhookJson, postWebhook } from '@/tests/fixtures/whatsapp/webhook-delivery';
import { coverageOf, coveringPaths, describeCoverage, eachEvent, testPath, type ModelPath } from '../model/model-harness';
import { templateEditorPathName, templateEditorTestModel } from '../model/template-editor-model';
import { e2ePeers } from './fixtures/e2e-peers';
import { signInDirectly } from './fixtures/emulator-users';
import { HeldRoutes } from './fixtures/held-routes';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';
import { labelsOf } from './fixtures/chained-walks';

type EditorSnapshot = SnapshotFrom<typeof templateEditorMachine>;
type ModelEvent = EventObject & { output?: TemplateRecord[]; error?: TemplateEditorFailure } & Record<string, unknown>;

const machine = templateEditorMachine;
const model = templateEditorTestModel();
const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);

// ---- Which answers a world makes. ----

/** An answer of the server as the world makes it. */
type Answer = 'loaded' | 'missing' | 'pending' | 'approved' | 'rejected' | 'paused' | 'invalid' | 'refusedWhole' | 'dropped';
type Call = 'load' | 'submit' | 'read';
const callOf = (event: EventObject): Call | null =>
  event.type.endsWith('.actor.loadTemplate')
    ? 'load'
    : event.type.endsWith('.actor.submitTemplate')
      ? 'submit'
      : event.type.endsWith('.actor.readTemplate')
        ? 'read'
        : null;

/** What a model answer is, for the world to make it (null: no world here makes it). */
function answerOf(event: ModelEvent): Answer | null {
  const call = callOf(event);
  if (!call) return null;
  if (event.output) return call === 'load' ? 'loaded' : reviewOutcomeOf(event.output);
  const failure = event.error!;
  if (failure.kind === 'unknown') return 'dropped';
  if (call === 'load') return failure.kind === 'not_found' ? 'missing' : null;
  if (call === 'read') return null;
  if (failure.kind === 'invalid') return 'invalid';
  if (failure.kind === 'refused' && failure.field === null) return 'refusedWhole';
  // Meta refusing the token or at a field, or not answering: no world here makes it.
  return null;
}

/** What exists before a path, for its answers. */
type Start =
  /** A new template under a name of its own: the fixture's review approves it. */
  | 'fresh'
  /** The same with `test_reject` in its name: the fixture's review rejects it. */
  | 'rejectedOnReview'
  /** Meta's sample `hello_world` as Meta approved it in each language: submitted as it is, it is approved at once. */
  | 'sample'
  /** `hello_world` with its English message changed: Meta edits an approved template once a day. */
  | 'sampleChanged'
  /** A name of its own whose French version (made at Meta) Meta rejected: its records say rejected. */
  | 'frenchRejected'
  /** A template Meta rejected (UTILITY with an offer in its text), to load. */
  | 'rejectedAtMeta'
  /** A name neither Meta nor Catalyst has, to load. */
  | 'unknownName';

const EDITS = new Set(['SET_NAME', 'SET_CATEGORY', 'ADD_LANGUAGE', 'REMOVE_LANGUAGE', 'SET_HEADER', 'SET_BODY', 'SET_FOOTER']);
const isEdit = (event: EventObject) => EDITS.has(event.type) || /^(ADD|SET|REMOVE)_(BUTTON|EXAMPLE)$/.test(event.type);

/** The world a path needs, or null when none here makes its answers (the path is left out). */
function startOf(path: ModelPath): Start | null {
  const events = eventsOf(path);
  // The view removes the language it shows (its tab's button): the machine may remove another.
  const removesHidden = path.steps.some((step, index) => {
    const event = events[index]!;
    const shown = (index === 0 ? path.initial : path.steps[index - 1]!.state).context.language;
    return event.type === 'REMOVE_LANGUAGE' && event.language !== shown && step.transitions.length > 0;
  });
  if (removesHidden) return null;
  // A button changed or removed is one the start gave each of its languages (the model's drafts have none).
  const startLanguages = Object.keys(path.initial.context.draft.languages);
  const lost = (index: number) =>
    events.slice(0, index).some((event) => event.type === 'REMOVE_BUTTON' || event.type === 'REMOVE_LANGUAGE');
  const noButton = events.some((event, index) => {
    if (event.type !== 'SET_BUTTON' && event.type !== 'REMOVE_BUTTON') return false;
    const shown = (index === 0 ? path.initial : path.steps[index - 1]!.state).context.language;
    return event.index !== 0 || !startLanguages.includes(shown) || lost(index);
  });
  if (noButton) return null;
  const answers = events.flatMap((event, index) => (callOf(event) ? [{ index, call: callOf(event)!, answer: answerOf(event) }] : []));
  if (answers.some((each) => each.answer === null)) return null;
  // A dropped call never reached the server; a request changed in flight was refused before Meta: neither changes the world.
  const kept = answers.filter((each) => each.answer !== 'dropped' && each.answer !== 'invalid');
  if (path.initial.context.name !== null) {
    const loaded = kept.filter((each) => each.call === 'load');
    if (loaded.some((each) => each.answer === 'missing')) return kept.length === 1 ? 'unknownName' : null;
    if (loaded.length === 0) return 'unknownName';
    return inReviewThenOne(kept.slice(1), ['paused']) ? 'rejectedAtMeta' : null;
  }
  const first = kept[0];
  if (!first) return 'fresh';
  const editedBefore = (index: number) => events.slice(0, index).some(isEdit);
  switch (first.answer) {
    case 'pending':
      if (!inReviewThenOne(kept, ['approved', 'rejected', 'paused'])) return null;
      return kept.some((each) => each.answer === 'rejected') ? 'rejectedOnReview' : 'fresh';
    case 'approved':
      return kept.length === 1 && !editedBefore(first.index) ? 'sample' : null;
    case 'rejected':
      // Submitted again unchanged, its languages are left in review and the French one still says rejected.
      return kept.every((each) => each.answer === 'rejected') && !editedBefore(kept.at(-1)!.index) ? 'frenchRejected' : null;
    case 'refusedWhole':
      return kept.every((each) => each.answer === 'refusedWhole') && !events.some((event) => event.type === 'SET_NAME')
        ? 'sampleChanged'
        : null;
    default:
      return null;
  }
}

/** A submission answered 'in review', then reads: in review, and at most one outcome (of `outcomes`), the last answer. */
function inReviewThenOne(kept: { call: Call; answer: Answer | null }[], outcomes: Answer[]): boolean {
  const [submitted, ...reads] = kept;
  if (!submitted) return true;
  if (submitted.call !== 'submit' || submitted.answer !== 'pending' || reads.some((each) => each.call !== 'read')) return false;
  const decided = reads.filter((each) => each.answer !== 'pending');
  if (decided.length === 0) return true;
  return decided.length === 1 && reads.at(-1) === decided[0] && outcomes.includes(decided[0]!.answer!);
}

// The model's paths a world here answers, and a few of them that still reach every state and take every transition.
const answerable = model.paths.filter((path) => startOf(path) !== null);
const paths = coveringPaths(machine, { ...model, paths: answerable });
const passed: ModelPath[] = [];

// ---- The transitions a snapshot takes (the harness's labels). ----

const labels = labelsOf(machine);
const transitionsOf = (snapshot: EditorSnapshot, event: EventObject) =>
  machine.getTransitionData(snapshot, event as never).map((transition) => labels.get(transition) ?? '?');

// ---- The world. ----

const peers = () => e2ePeers().whatsapp;
const number = () => peers().templateEditorNumber;
const SAMPLE = 'hello_world';
const run = randomBytes(3).toString('hex');

/** A message Meta's review refuses as a utility one: it offers a discount (the fixture's INCORRECT_CATEGORY). */
const OFFER: TemplateContent = {
  header: { type: 'none' },
  body: 'Oi, {{first_name}}! Seu pedido está a caminho, e o próximo tem desconto de boas-vindas.',
  footer: '',
  buttons: [],
  examples: { first_name: 'Ana' },
};
const offered = (name: string): TemplateDraft => ({ name, category: 'UTILITY', languages: { pt_BR: OFFER } });
/** A message written in capitals: Meta's review rejects it (INVALID_FORMAT). */
const SHOUTING: TemplateContent = {
  header: { type: 'none' },
  body: 'VOTRE COMMANDE EST PARTIE AUJOURD HUI ET ARRIVE BIENTOT CHEZ VOUS',
  footer: '',
  buttons: [],
  examples: {},
};

type Plan = {
  start: Start;
  name: string;
  /** A new template's draft, kept in the browser; null: the template is loaded. */
  draft: TemplateDraft | null;
  /** The path changes or removes a button: the start has one in each language. */
  needsButton: boolean;
};

type World = {
  page: Page;
  plan: Plan;
  /** The production machine on this path's events and answers: what the screen must show. */
  snapshot: EditorSnapshot;
  /** GET of the template (load, and the review's reads). */
  reads: HeldRoutes;
  /** PUT of the template (submit). */
  submits: HeldRoutes;
};

let page: Page;
let merchant: Merchant;
let channelId: string;
let webhookUrl: string;
/** hello_world's languages as Catalyst read them from Meta. */
let sample: TemplateDraft;
/** Each path's plan, by its index in `paths`. */
const plans: Plan[] = [];

const headers = () => ({ authorization: `Bearer ${merchant.idToken}` });
/** Where the editor keeps the number's new template's draft (src/features/templates/template-drafts.ts). */
const draftKey = () => `catalyst.template-draft.${channelId}.${merchant.uid}.new`;
const templatePath = (name: string) => `/api/v1/channels/${channelId}/templates/${encodeURIComponent(name)}`;

/** What Meta has (read again whole, as the list's Refresh does): the records of `name`. */
async function refreshed(name: string): Promise<TemplateRecord[]> {
  const answer = await page.request.post(`/api/v1/channels/${channelId}/templates/refresh`, { headers: headers() });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { templates: TemplateRecord[] }).templates.filter((record) => record.name === name);
}

/** Refreshes until Meta's review of `name` says `outcome` (the fixture reviews a few seconds after a submission). */
async function reviewed(name: string, outcome: ReviewOutcome) {
  await expect
    .poll(async () => reviewOutcomeOf(await refreshed(name)), { message: `Meta's review of ${name}`, timeout: 20_000, intervals: [500] })
    .toBe(outcome);
}

/** A template made at Meta directly (as in WhatsApp Manager): Catalyst knows of it only once it reads Meta. */
async function madeAtMeta(name: string, language: string, content: TemplateContent) {
  const body = { ...toGraphTemplate({ name, category: 'UTILITY', languages: { pt_BR: content } }, 'pt_BR'), language };
  const answer = await page.request.post(`${peers().graphUrl}/${number().wabaId}/message_templates`, {
    headers: { authorization: `Bearer ${number().accessToken}` },
    data: body,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A quick reply in each language, for a path that changes or removes a button. */
function withButtons(draft: TemplateDraft): TemplateDraft {
  const button = { type: 'quick_reply', text: 'Falar com a loja' } as const;
  const languages = Object.fromEntries(
    Object.entries(draft.languages).map(([language, content]) => [language, { ...content, buttons: [button] }]),
  );
  return { ...draft, languages };
}

/** The start's draft of a new template: the model's ready-made one (under the path's name), or hello_world. */
function draftFor(start: Start, name: string): TemplateDraft {
  const base: TemplateDraft =
    start === 'sample' || start === 'sampleChanged' ? structuredClone(sample) : { ...readyMadeTemplate('order_shipped').draft, name };
  if (start === 'sampleChanged')
    base.languages.en_US = { ...base.languages.en_US!, body: 'Welcome! This is the English version, changed after Meta approved it.' };
  return base;
}

/** The plan of path `index`: its start, its template's name and (a new one) its draft. */
function planOf(path: ModelPath, index: number): Plan {
  const start = startOf(path)!;
  const events = eventsOf(path);
  const needsButton = events.some((event) => event.type === 'SET_BUTTON' || event.type === 'REMOVE_BUTTON');
  const own = `model_${run}_${index}`;
  const name =
    start === 'sample' || start === 'sampleChanged'
      ? SAMPLE
      : start === 'rejectedOnReview'
        ? `${own}_test_reject`
        : start === 'rejectedAtMeta'
          ? `order_update_${run}_${index}`
          : own;
  const isNew = path.initial.context.name === null;
  const draft = isNew ? draftFor(start, name) : null;
  return { start, name, draft: draft && needsButton ? withButtons(draft) : draft, needsButton };
}

/** The machine's input for the path's start, as the view gives it on /en. */
const inputOf = (plan: Plan): TemplateEditorInput => ({
  channelId,
  name: plan.draft ? null : plan.name,
  startFrom: plan.draft,
  language: 'en_US',
});

// ---- Answers as the machine hears them. ----

/** A failed answer as the template calls reject (the API's refusals by code, Meta's at the field it names). */
function failureOf(
  status: number,
  body: { error?: { code?: string; message?: string; fields?: Record<string, string> } },
): TemplateEditorFailure {
  const { code, message = '', fields } = body.error ?? {};
  if (status === 404) return { kind: 'not_found' };
  if (code === 'validation_failed' && fields) return { kind: 'invalid', fields };
  if (code === 'template_refused') {
    const [named] = Object.entries(fields ?? {});
    return named
      ? { kind: 'refused', field: named[0], messageId: named[1], metaMessage: message }
      : { kind: 'refused', field: null, metaMessage: message };
  }
  if (code === 'channel_needs_access_token') return { kind: 'channel_needs_attention' };
  if (code === 'whatsapp_unreachable' || code === 'whatsapp_throttled') return { kind: 'unreachable' };
  return { kind: 'unknown' };
}

/** Lets a held call through (changed, when `changed` says) and answers what the machine hears of it. */
async function answered(route: Route, actor: string, changed?: { postData: string }): Promise<ModelEvent> {
  const response = route.request().response();
  await route.continue(changed);
  const answer = (await response)!;
  const body = await answer.json();
  return answer.ok()
    ? { type: `xstate.done.actor.${actor}`, output: (body as { records: TemplateRecord[] }).records }
    : { type: `xstate.error.actor.${actor}`, error: failureOf(answer.status(), body) };
}

/** Meta's pause of the template's first language, as its signed webhook tells Catalyst (the fixture's payload and signature). */
async function pausedByMeta(name: string) {
  const answer = await page.request.get(templatePath(name), { headers: headers() });
  const [first] = ((await answer.json()) as { records: TemplateRecord[] }).records;
  const until = new Date(Date.now() + 3 * 3_600_000).toUTCString();
  const payload = templateStatusUpdate(
    { id: first!.metaId, wabaId: number().wabaId, name, language: first!.language, category: first!.category },
    'PAUSED',
    {
      otherInfo: {
        title: 'FIRST_PAUSE',
        description: `Your WhatsApp message template has been paused for 3 hours until ${until} because it had issues.`,
      },
    },
  );
  const delivery = await postWebhook(webhookUrl, metaWebhookJson(payload), number().appSecret);
  expect(delivery.status, delivery.responseBody).toBe(200);
}

/** Makes the model's answer with the held call: the world made ready, then the real server's answer (or none). */
async function answer(world: World, event: ModelEvent): Promise<ModelEvent> {
  const call = callOf(event)!;
  const actor = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  const held = call === 'submit' ? world.submits : world.reads;
  const kind = answerOf(event)!;
  const route = await held.next();
  // The call is about the template shown, and a submission carries the draft as the editor has it.
  const { context } = world.snapshot;
  const asked = decodeURIComponent(new URL(route.request().url()).pathname.split('/').at(-1)!);
  expect(asked).toBe(call === 'submit' ? context.draft.name.trim() : context.name);
  if (call === 'submit') expect(route.request().postDataJSON()).toEqual(context.draft);
  if (kind === 'dropped') {
    await route.abort('internetdisconnected');
    return { type: `xstate.error.actor.${actor}`, error: { kind: 'unknown' } };
  }
  if (kind === 'invalid') {
    // Changed in flight, then answered by the real server: its rules refuse the name.
    const body = { ...(route.request().postDataJSON() as TemplateDraft), name: 'Order Update' };
    return answered(route, actor, { postData: JSON.stringify(body) });
  }
  if (call === 'read' && (kind === 'approved' || kind === 'rejected')) await reviewed(world.plan.name, kind);
  if (call === 'read' && kind === 'paused') await pausedByMeta(world.plan.name);
  return answered(route, actor);
}

// ---- The screen. ----

const main = (p: Page) => p.getByRole('main');
const button = (p: Page, name: string) => main(p).getByRole('button', { name, exact: true });
const field = (p: Page, name: string) => main(p).getByRole('textbox', { name, exact: true });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const languageNames: Record<TemplateLanguage, string> = { pt_BR: 'Portuguese (Brazil)', en_US: 'English (US)', es: 'Spanish' };
const languageName = (language: string) => languageNames[language as TemplateLanguage] ?? language;
const statusNames: Record<TemplateStatus, string> = {
  PENDING: 'In review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PAUSED: 'Paused',
  DISABLED: 'Disabled',
  IN_APPEAL: 'In appeal',
  PENDING_DELETION: 'Being deleted',
};
/** The failure notice's title (src/features/templates/template-messages.ts, in English). */
const failureTexts: Record<TemplateEditorFailureKind, string> = {
  invalid: 'Some fields were refused. Check them and try again.',
  refused: 'Meta refused the template.',
  not_found: 'This number is no longer connected, or the template no longer exists at Meta.',
  channel_needs_attention: "Meta refused this number's access token. Open the number on the Channels screen and paste a new token.",
  unreachable: 'WhatsApp did not answer. Try again in a moment.',
  unknown: 'Something went wrong on our side, or the connection dropped. Try again.',
};
const outcomeHeadings = { inReview: 'In review', approved: 'Approved', rejected: 'Rejected', paused: 'Paused' } as const;
const metaSaid = (words: string) => `Meta said: “${words}”`;
const messageOf = (id: string) => templateValidationMessages.get(id)?.message ?? id;

async function expectScreen(world: World) {
  const { page: p, snapshot } = world;
  const context = snapshot.context;
  const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
  // Every failure here is one the screen explains itself: never the generic toast beside it.
  await expect(p.getByText('An unknown error occurred.')).toHaveCount(0);
  switch (state) {
    case 'loading':
      await expect(main(p).getByRole('status').filter({ hasText: 'Loading the template' })).toBeAttached();
      return;
    case 'loadFailed':
      await expect(main(p).getByText(`The template could not be loaded. ${failureTexts[context.failure!.kind]}`)).toBeVisible();
      await expect(button(p, 'Try again')).toBeEnabled();
      return;
    case 'notFound':
      await expect(main(p).getByText('This template does not exist at Meta (or no longer does).')).toBeVisible();
      await expect(main(p).getByRole('link', { name: 'Back to templates' })).toBeVisible();
      return;
    case 'editing':
    case 'submitting':
    case 'failure':
      await expectForm(world, state);
      break;
    default:
      await expectReview(world, state as keyof typeof outcomeHeadings);
  }
  // A new template's draft is kept in the browser as it is edited, and forgotten once Meta has the template.
  if (world.plan.draft) {
    const kept = async () => JSON.parse((await p.evaluate((key) => localStorage.getItem(key), draftKey())) ?? 'null') as unknown;
    await expect.poll(kept, { message: 'the draft kept in the browser' }).toEqual(context.name === null ? context.draft : null);
  }
}

/** The form, as the machine's context says it, in each of the states it shows in. */
async function expectForm({ page: p, snapshot }: World, state: 'editing' | 'submitting' | 'failure') {
  const context = snapshot.context;
  const content = context.draft.languages[context.language]!;
  await expect(p.getByRole('heading', { level: 1 })).toHaveText(context.name ?? 'New template');
  const submit = main(p).getByRole('button', { name: 'Submit to Meta for review' });
  const name = field(p, 'Name');
  await expect(name).toHaveValue(context.draft.name);
  await expect(main(p).getByRole('combobox', { name: 'Category' })).toHaveValue(context.draft.category);
  // The languages as tabs, the shown one selected, and its fields.
  const tabs = main(p).getByRole('tab');
  await expect(tabs).toHaveCount(templateLanguages.filter((language) => context.draft.languages[language]).length);
  await expect(main(p).getByRole('tab', { selected: true })).toHaveText(new RegExp(`^${escaped(languageName(context.language))}`));
  await expect(main(p).getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(content.body);
  await expect(field(p, 'Footer')).toHaveValue(content.footer);
  if (content.header.type === 'text') await expect(field(p, 'Header text')).toHaveValue(content.header.text);
  await expect(main(p).getByRole('group', { name: /^Button \d+: / })).toHaveCount(content.buttons.length);
  for (const [at, each] of content.buttons.entries())
    if (each.type !== 'copy_code')
      await expect(
        main(p)
          .getByRole('group', { name: new RegExp(`^Button ${at + 1}: `) })
          .getByRole('textbox', { name: 'Button text' }),
      ).toHaveValue(each.text);
  // Each error shown at its field, or (another language's) said above the tabs.
  const shownHere = (key: string) =>
    key === 'name' || key === 'category' || key === 'languages' || key.startsWith(`languages.${context.language}`);
  for (const [key, id] of Object.entries(context.fieldErrors))
    if (shownHere(key)) await expect(main(p).getByText(messageOf(id), { exact: true }).first()).toBeVisible();
  const elsewhere = Object.keys(context.fieldErrors).some((key) => key.startsWith('languages.') && !shownHere(key));
  await expect(main(p).getByText('Other languages have errors too')).toHaveCount(elsewhere ? 1 : 0);
  if (Object.keys(context.fieldErrors).length === 0) await expect(main(p).locator('[aria-invalid=true]')).toHaveCount(0);
  // Meta's refusal in its words: at its field, or above the form when it names none.
  if (context.refusal?.metaMessage) await expect(main(p).getByText(metaSaid(context.refusal.metaMessage)).first()).toBeVisible();
  // No review outcome in the form's states.
  await expect(button(p, 'Edit and submit again')).toHaveCount(0);
  switch (state) {
    case 'editing':
      await expect(submit).toBeEnabled();
      await expect(button(p, 'Back to the form')).toHaveCount(0);
      if (context.name === null) await expect(name).toBeEditable();
      else await expect(name).toHaveAttribute('readonly', '');
      return;
    case 'submitting':
      await expect(submit).toHaveAttribute('aria-busy', 'true');
      await expect(submit).toBeDisabled();
      await expect(name).toBeDisabled();
      return;
    case 'failure': {
      const failure = context.failure!;
      const notice = main(p)
        .getByRole('alert')
        .filter({ has: p.getByRole('button', { name: 'Back to the form' }) });
      await expect(notice).toContainText(failureTexts[failure.kind]);
      if (failure.kind === 'refused' && failure.metaMessage) await expect(notice).toContainText(metaSaid(failure.metaMessage));
      await expect(notice.getByRole('button', { name: 'Try again' })).toHaveCount(failure.kind === 'refused' ? 0 : 1);
      await expect(submit).toBeDisabled();
      await expect(name).toBeDisabled();
      return;
    }
  }
}

/** Meta's review as the records say it: the outcome's heading (with the keyboard), each language's status. */
async function expectReview({ page: p, snapshot }: World, state: keyof typeof outcomeHeadings) {
  const { records } = snapshot.context;
  await expect(main(p).getByRole('heading', { name: outcomeHeadings[state], exact: true })).toBeFocused();
  await expect(button(p, 'Edit and submit again')).toHaveCount(state === 'rejected' || state === 'paused' ? 1 : 0);
  await expect(main(p).getByRole('button', { name: 'Submit to Meta for review' })).toHaveCount(0);
  const terms = main(p).locator('dt');
  await expect(terms).toHaveText(records.map((record) => languageName(record.language)));
  for (const [at, record] of records.entries()) {
    const detail = main(p).locator('dd').nth(at);
    await expect(detail).toContainText(statusNames[record.status]);
    if (record.status === 'REJECTED' && record.rejectedReason) await expect(detail).toContainText('Meta’s reason:');
    if (record.status === 'PAUSED') await expect(detail).toContainText('Paused until');
  }
}

// ---- Following a path. ----

/** The machine hears one event of the view's: it must take a transition. */
function heard(world: World, event: ModelEvent, heardSoFar: string[]) {
  const taken = transitionsOf(world.snapshot, event);
  expect(taken, `${event.type} is a transition here`).not.toEqual([]);
  heardSoFar.push(...taken);
  world.snapshot = getNextSnapshot(machine, world.snapshot, event as never);
}

/**
 * Performs the model's event through the UI, the clock or the network, and returns the transitions
 * the machine takes on what the view sent: a gesture may take more than one (a quick reply is added,
 * then its text typed).
 */
async function perform(world: World, event: ModelEvent): Promise<string[]> {
  const { page: p } = world;
  const taken: string[] = [];
  const context = () => world.snapshot.context;
  const shown = () => context().draft.languages[context().language]!;
  const send = (sent: ModelEvent) => heard(world, sent, taken);
  if (callOf(event)) {
    send(await answer(world, event));
    return taken;
  }
  if (event.type.startsWith('xstate.after.')) {
    await p.clock.fastForward(REVIEW_POLL_MS);
    send(event);
    return taken;
  }
  switch (event.type) {
    case 'SET_NAME':
      await field(p, 'Name').fill(event.name as string);
      break;
    case 'SET_CATEGORY':
      await main(p)
        .getByRole('combobox', { name: 'Category' })
        .selectOption(event.category as string);
      break;
    case 'ADD_LANGUAGE':
      await button(p, `Add ${languageName(event.language as string)}`).click();
      break;
    case 'REMOVE_LANGUAGE':
      await button(p, `Remove ${languageName(event.language as string)}`).click();
      break;
    case 'SHOW_LANGUAGE':
      await main(p)
        .getByRole('tab', { name: new RegExp(`^${escaped(languageName(event.language as string))}`) })
        .click();
      break;
    case 'SET_HEADER': {
      const header = event.header as TemplateContent['header'];
      if (header.type !== 'text') throw new Error(`No gesture here sets a ${header.type} header`);
      if (shown().header.type !== 'text') {
        await main(p).getByRole('radio', { name: 'Text', exact: true }).check();
        send({ type: 'SET_HEADER', header: { type: 'text', text: '' } });
      }
      await field(p, 'Header text').fill(header.text);
      break;
    }
    case 'SET_BODY':
      await main(p)
        .getByRole('textbox', { name: 'Message', exact: true })
        .fill(event.body as string);
      break;
    case 'SET_FOOTER':
      await field(p, 'Footer').fill(event.footer as string);
      break;
    case 'ADD_BUTTON': {
      const added = event.button as { type: 'quick_reply'; text: string };
      if (added.type !== 'quick_reply') throw new Error(`No gesture here adds a ${added.type} button`);
      const at = shown().buttons.length;
      await button(p, 'Add a quick reply').click();
      send({ type: 'ADD_BUTTON', button: { type: 'quick_reply', text: '' } });
      await main(p)
        .getByRole('group', { name: `Button ${at + 1}: Quick reply` })
        .getByRole('textbox', { name: 'Button text' })
        .fill(added.text);
      send({ type: 'SET_BUTTON', index: at, button: added });
      return taken;
    }
    case 'SET_BUTTON': {
      const changed = event.button as { type: 'quick_reply'; text: string };
      const index = event.index as number;
      expect(shown().buttons[index]?.type, 'the button changed is a quick reply').toBe(changed.type);
      await main(p)
        .getByRole('group', { name: `Button ${index + 1}: Quick reply` })
        .getByRole('textbox', { name: 'Button text' })
        .fill(changed.text);
      break;
    }
    case 'REMOVE_BUTTON':
      await button(p, `Remove button ${(event.index as number) + 1}`).click();
      break;
    case 'SET_EXAMPLE':
      await field(p, `Example of {{${event.variable as string}}}`).fill(event.value as string);
      break;
    case 'SUBMIT':
      await main(p).getByRole('button', { name: 'Submit to Meta for review' }).click();
      break;
    case 'RETRY':
      await button(p, 'Try again').click();
      break;
    case 'EDIT':
      await button(p, world.snapshot.matches('failure') ? 'Back to the form' : 'Edit and submit again').click();
      break;
    default:
      throw new Error(`No gesture for ${event.type}`);
  }
  send(event);
  return taken;
}

/** Opens the path's start: its world made, its draft kept in the browser (a new template), the editor's calls held. */
async function open(plan: Plan): Promise<World> {
  if (plan.draft) await page.evaluate(([key, kept]) => localStorage.setItem(key, kept), [draftKey(), JSON.stringify(plan.draft)] as const);
  // Within the API's URLs: Playwright then leaves the app's scripts alone.
  const at = new RegExp(`^/api/v1/channels/${channelId}/templates/(?!refresh$)[^/]+$`);
  const reads = await HeldRoutes.on(page, 'GET', at, '**/api/v1/**');
  const submits = await HeldRoutes.on(page, 'PUT', at, '**/api/v1/**');
  const search = plan.draft ? `new=blank` : `name=${plan.name}`;
  await page.goto(`/en/templates?channel=${channelId}&${search}`);
  await expect(opened(page, plan)).toBeVisible();
  // Time stands still from here: the review's poll runs when the test moves the clock.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  return { page, plan, snapshot: initialTransition(machine, inputOf(plan))[0], reads, submits };
}

/** What shows once the editor is up: the form of a new template, or the load in flight. */
const opened = (p: Page, plan: Plan) =>
  plan.draft
    ? main(p).getByRole('button', { name: 'Submit to Meta for review' })
    : main(p).getByRole('status').filter({ hasText: 'Loading the template' });

test.describe('template-editor machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
    page = await context.newPage();
    await page.clock.install();
    merchant = await newMerchant(context.request, 'template-model');
    await signInDirectly(page, merchant);
    // The number answers with an active AI base; it connects once, for every path.
    const api = merchantApi(context.request, merchant);
    const base = await api.activate(await api.complete(await api.create({ name: 'Assistente Loja Modelos' })));
    const connected = await context.request.post('/api/v1/channels', {
      headers: headers(),
      data: {
        phoneNumberId: number().phoneNumberId,
        wabaId: number().wabaId,
        accessToken: number().accessToken,
        appSecret: number().appSecret,
        aiBaseId: base.id,
      },
    });
    expect(connected.status(), await connected.text()).toBe(201);
    ({
      channel: { id: channelId },
      webhookUrl,
    } = (await connected.json()) as { channel: { id: string }; webhookUrl: string });

    // Meta's sample, as Catalyst read it: the start of the paths that submit it.
    const records = await refreshed(SAMPLE);
    sample = { name: SAMPLE, category: 'UTILITY', languages: {} };
    for (const record of records)
      if ((templateLanguages as readonly string[]).includes(record.language))
        sample.languages[record.language as TemplateLanguage] = record.content;
    expect(Object.keys(sample.languages).sort()).toEqual(['en_US', 'es', 'pt_BR']);
    expect(draftErrorsOf(sample), 'Meta’s sample breaks none of our rules').toEqual({});
    paths.forEach((path, index) => plans.push(planOf(path, index)));
    // What Meta rejects before the paths start: the templates loaded to edit, the French versions. One wait for all reviews.
    const rejected: string[] = [];
    for (const plan of plans) {
      if (plan.start === 'rejectedAtMeta') {
        const made = await context.request.put(templatePath(plan.name), {
          headers: headers(),
          data: plan.needsButton ? withButtons(offered(plan.name)) : offered(plan.name),
        });
        expect(made.status(), await made.text()).toBe(200);
        rejected.push(plan.name);
      }
      if (plan.start === 'frenchRejected') {
        await madeAtMeta(plan.name, 'fr', SHOUTING);
        rejected.push(plan.name);
      }
    }
    for (const name of rejected) await reviewed(name, 'rejected');
  });
  test.afterAll(async () => {
    // The number is free again, for the worker Playwright starts after a failure.
    if (channelId) expect((await page.request.delete(`/api/v1/channels/${channelId}`, { headers: headers() })).status()).toBe(204);
    await page?.context().close();
  });

  paths.forEach((path, index) => {
    test(`${templateEditorPathName(eventsOf(path))} [${startOf(path)}]`, async () => {
      let world: World | undefined;
      try {
        world = await open(plans[index]!);
        expect(world.snapshot.value, 'the start').toEqual(path.initial.value);
        const current = world;
        await expectScreen(current);
        await testPath(machine, path, {
          events: eachEvent(path, async (step) => {
            const taken = await perform(current, step.event as ModelEvent);
            // The step's transition is the one the machine took on what the view sent; any other is an edit of the same form.
            expect(taken, `${step.event.type}: the model's transition`).toEqual(expect.arrayContaining(step.transitions));
            for (const other of taken.filter((label) => !step.transitions.includes(label)))
              expect(other).toMatch(/^templateEditor\.editing \| (ADD|SET|REMOVE)_/);
            expect(current.snapshot.value).toEqual(step.state.value);
          }),
          states: { [machine.id]: () => expectScreen(current) },
        });
      } finally {
        // A call the path ends in (loading, submitting, asking) is forgotten with the page's routes.
        while (world && world.reads.heldCount > 0) await world.reads.discard();
        while (world && world.submits.heldCount > 0) await world.submits.discard();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.clock.resume();
      }
      passed.push(path);
    });
  });

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(machine, { ...model, paths: passed });
    console.log(
      describeCoverage('template-editor', 'UI', coverage, passed.length) +
        ` (of ${answerable.length} the worlds here answer, ${model.paths.length} in the model)`,
    );
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
