// A WhatsApp message template on `/templates`: a new one (blank, or a ready-made one), or one Meta
// rejected, edited (`editing`), with Meta's published rules checked at each field as it is typed;
// submitted to Meta through the server (`submitting`); then Meta's review watched until it ends
// (`inReview`): approved, rejected with Meta's reason (edit it and submit again), or paused (until
// when Meta says). Meta's refusal of a submission shows at the field it names. The draft is stored
// on every change (`storeDraft`, supplied by src/) so a reload or a lost connection loses nothing.
// Tags for the view: `loading`, `editing`, `saving`, `reviewing`, `failed`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  templateDraftIssues,
  templateLanguages,
  type DraftCategory,
  type TemplateButton,
  type TemplateContent,
  type TemplateDraft,
  type TemplateHeader,
  type TemplateLanguage,
  type TemplateRecord,
} from '../domain/message-template';
import { failed, failureOf, type Failed } from './failure';

/** A language's content before anything is typed. */
export const emptyContent: TemplateContent = { header: { type: 'none' }, body: '', footer: '', buttons: [], examples: {} };

export const emptyDraft = (language: TemplateLanguage): TemplateDraft => ({
  name: '',
  category: 'UTILITY',
  languages: { [language]: emptyContent },
});

/**
 * Why a call failed, as the flow acts on it: `invalid` carries the server's field → message id
 * (our rules, checked again there); `refused` is Meta's refusal, at a field when it names one
 * (`field`, `messageId`) and in Meta's words (`metaMessage`); the template is not the merchant's
 * (`not_found`); the channel's token no longer works (`channel_needs_attention`); Meta did not
 * answer (`unreachable`); anything else is `unknown`.
 */
export const templateEditorFailureKinds = ['invalid', 'refused', 'not_found', 'channel_needs_attention', 'unreachable', 'unknown'] as const;
export type TemplateEditorFailureKind = (typeof templateEditorFailureKinds)[number];
export type TemplateEditorFailure = {
  kind: TemplateEditorFailureKind;
  /** `invalid`: field path → message id. */
  fields?: Record<string, string>;
  /** `refused`: the field Meta named (null: none), our message id for it, and Meta's own words. */
  field?: string | null;
  messageId?: string;
  metaMessage?: string;
};
export const templateEditorFailureOf = (error: unknown) => failureOf<TemplateEditorFailure>(error, templateEditorFailureKinds);

/** Field path → message id of each rule the draft breaks (domain/message-template's ids). */
export function draftErrorsOf(draft: TemplateDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of templateDraftIssues(draft)) errors[issue.field] ??= issue.message.id!;
  return errors;
}

/** The errors shown: those of the fields touched (all once a submit was tried). */
const shownErrors = (draft: TemplateDraft, touched: readonly string[] | 'all') => {
  const errors = draftErrorsOf(draft);
  if (touched === 'all') return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => touched.some((prefix) => field === prefix || field.startsWith(`${prefix}.`))),
  );
};

/** Meta's review as the records of a name say it: over when every language is approved, or one is rejected or paused. */
export type ReviewOutcome = 'pending' | 'approved' | 'rejected' | 'paused';
export function reviewOutcomeOf(records: readonly TemplateRecord[]): ReviewOutcome {
  if (records.some((record) => record.status === 'REJECTED' || record.status === 'DISABLED')) return 'rejected';
  if (records.some((record) => record.status === 'PAUSED')) return 'paused';
  if (records.length > 0 && records.every((record) => record.status === 'APPROVED')) return 'approved';
  return 'pending';
}

/** How often Meta's review is asked about while it runs (the server hears of it by webhook). */
export const REVIEW_POLL_MS = 5_000;

export type TemplateEditorInput = {
  channelId: string;
  /** A template of the channel's to edit (one Meta rejected or paused), by name; null: a new one. */
  name: string | null;
  /** The draft to start a new one from: a stored one (restored) or a ready-made one; null: blank. */
  startFrom: TemplateDraft | null;
  /** The language a new blank draft starts in (the page's). */
  language: TemplateLanguage;
};

export type TemplateEditorContext = {
  channelId: string;
  name: string | null;
  draft: TemplateDraft;
  /** The language whose fields and preview are shown. */
  language: TemplateLanguage;
  /** The fields edited so far (path prefixes), or 'all' once a submit was tried: their errors show. */
  touched: string[] | 'all';
  /** Field path → message id. */
  fieldErrors: Record<string, string>;
  /** Meta's refusal in its own words (shown at its field, or above the form when it names none). */
  refusal: { field: string | null; metaMessage: string } | null;
  failure: TemplateEditorFailure | null;
  /** The template's records (one per language) as Meta has them: after loading, after each submit and review check. */
  records: TemplateRecord[];
};

/** What a merchant changes in the shown language (`language` of the context); name and category are the template's. */
export type TemplateEditorEvent =
  | { type: 'SET_NAME'; name: string }
  | { type: 'SET_CATEGORY'; category: DraftCategory }
  | { type: 'ADD_LANGUAGE'; language: TemplateLanguage }
  | { type: 'REMOVE_LANGUAGE'; language: TemplateLanguage }
  | { type: 'SHOW_LANGUAGE'; language: TemplateLanguage }
  | { type: 'SET_HEADER'; header: TemplateHeader }
  | { type: 'SET_BODY'; body: string }
  | { type: 'SET_FOOTER'; footer: string }
  | { type: 'ADD_BUTTON'; button: TemplateButton }
  | { type: 'SET_BUTTON'; index: number; button: TemplateButton }
  | { type: 'REMOVE_BUTTON'; index: number }
  | { type: 'SET_EXAMPLE'; variable: string; value: string }
  | { type: 'SUBMIT' }
  /** From `failure` (and `loadFailed`): the same call again. */
  | { type: 'RETRY' }
  /** From `failure`: back to the form. From `rejected` and `paused`: edit and submit again. */
  | { type: 'EDIT' };

type ContentChange = (content: TemplateContent) => TemplateContent;

/** The draft with the shown language's content changed. */
const withContent = (context: TemplateEditorContext, change: ContentChange): TemplateDraft => {
  const content = context.draft.languages[context.language] ?? emptyContent;
  return { ...context.draft, languages: { ...context.draft.languages, [context.language]: change(content) } };
};

/** An edit: the new draft, the field touched, the errors shown anew, Meta's last refusal forgotten. */
const edited = (context: TemplateEditorContext, draft: TemplateDraft, field: string) => {
  const touched: string[] | 'all' = context.touched === 'all' ? 'all' : [...new Set([...context.touched, field])];
  return { draft, touched, fieldErrors: shownErrors(draft, touched), refusal: null };
};

const contentField = (context: TemplateEditorContext, part: string) => `languages.${context.language}.${part}`;

/** The draft of loaded records: each language's content; the name and category are the records'. */
export function draftOfRecords(records: readonly TemplateRecord[]): TemplateDraft | null {
  const first = records[0];
  if (!first) return null;
  const languages: TemplateDraft['languages'] = {};
  for (const record of records)
    if ((templateLanguages as readonly string[]).includes(record.language)) languages[record.language as TemplateLanguage] = record.content;
  const category: DraftCategory = first.category === 'MARKETING' ? 'MARKETING' : 'UTILITY';
  return { name: first.name, category, languages };
}

export const templateEditorMachine = setup({
  types: {
    input: {} as TemplateEditorInput,
    context: {} as TemplateEditorContext,
    events: {} as TemplateEditorEvent,
    tags: {} as 'loading' | 'editing' | 'saving' | 'reviewing' | 'failed',
  },
  actors: {
    // GET /api/v1/channels/:channelId/templates/:name, provided by src/features/templates.
    loadTemplate: fromPromise<TemplateRecord[], { channelId: string; name: string }>(async () => {
      throw new Error('loadTemplate is not provided');
    }),
    // PUT /api/v1/channels/:channelId/templates/:name: creates or edits at Meta; rejects with a TemplateEditorFailure.
    submitTemplate: fromPromise<TemplateRecord[], { channelId: string; draft: TemplateDraft }>(async () => {
      throw new Error('submitTemplate is not provided');
    }),
    // GET again while Meta reviews.
    readTemplate: fromPromise<TemplateRecord[], { channelId: string; name: string }>(async () => {
      throw new Error('readTemplate is not provided');
    }),
  },
  delays: { reviewPoll: REVIEW_POLL_MS },
  guards: {
    isNew: ({ context }) => context.name === null,
    isValid: ({ context }) => Object.keys(draftErrorsOf(context.draft)).length === 0,
    isNotFound: (_, { error }: Failed) => templateEditorFailureOf(error).kind === 'not_found',
    // The server's field errors, or Meta's refusal naming a field: shown there at once.
    isAtFields: (_, { error }: Failed) => {
      const failure = templateEditorFailureOf(error);
      if (failure.kind === 'invalid') return Object.keys(failure.fields ?? {}).length > 0;
      return failure.kind === 'refused' && !!failure.field && !!failure.messageId;
    },
    isOffered: ({ context, event }) => {
      assertEvent(event, ['ADD_LANGUAGE']);
      return context.draft.languages[event.language] === undefined;
    },
    // The last language stays: a template has at least one.
    isRemovable: ({ context, event }) => {
      assertEvent(event, ['REMOVE_LANGUAGE']);
      const present = templateLanguages.filter((language) => context.draft.languages[language] !== undefined);
      return present.length > 1 && present.includes(event.language);
    },
    isPresent: ({ context, event }) => {
      assertEvent(event, ['SHOW_LANGUAGE']);
      return context.draft.languages[event.language] !== undefined;
    },
    isApproved: (_, records: TemplateRecord[]) => reviewOutcomeOf(records) === 'approved',
    isRejected: (_, records: TemplateRecord[]) => reviewOutcomeOf(records) === 'rejected',
    isPaused: (_, records: TemplateRecord[]) => reviewOutcomeOf(records) === 'paused',
  },
  actions: {
    rememberLoaded: assign(({ context }, records: TemplateRecord[]) => {
      const draft = draftOfRecords(records) ?? context.draft;
      const shown = draft.languages[context.language]
        ? context.language
        : (templateLanguages.find((language) => draft.languages[language]) ?? context.language);
      return { records, draft, language: shown };
    }),
    rememberRecords: assign((_, records: TemplateRecord[]) => ({ records })),
    // Submitted: the name is the template's from now on (an edit, not a new one).
    rememberSubmitted: assign(({ context }, records: TemplateRecord[]) => ({
      records,
      name: context.draft.name.trim(),
      failure: null,
      refusal: null,
    })),
    setName: assign(({ context, event }) => {
      assertEvent(event, 'SET_NAME');
      return edited(context, { ...context.draft, name: event.name }, 'name');
    }),
    setCategory: assign(({ context, event }) => {
      assertEvent(event, 'SET_CATEGORY');
      return edited(context, { ...context.draft, category: event.category }, 'category');
    }),
    addLanguage: assign(({ context, event }) => {
      assertEvent(event, 'ADD_LANGUAGE');
      const draft = { ...context.draft, languages: { ...context.draft.languages, [event.language]: emptyContent } };
      return { ...edited(context, draft, `languages.${event.language}`), language: event.language };
    }),
    removeLanguage: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_LANGUAGE');
      const languages = { ...context.draft.languages };
      delete languages[event.language];
      const language = context.language === event.language ? templateLanguages.find((other) => languages[other])! : context.language;
      return { ...edited(context, { ...context.draft, languages }, 'languages'), language };
    }),
    showLanguage: assign(({ event }) => {
      assertEvent(event, 'SHOW_LANGUAGE');
      return { language: event.language };
    }),
    setHeader: assign(({ context, event }) => {
      assertEvent(event, 'SET_HEADER');
      return edited(
        context,
        withContent(context, (content) => ({ ...content, header: event.header })),
        contentField(context, 'header'),
      );
    }),
    setBody: assign(({ context, event }) => {
      assertEvent(event, 'SET_BODY');
      return edited(
        context,
        withContent(context, (content) => ({ ...content, body: event.body })),
        contentField(context, 'body'),
      );
    }),
    setFooter: assign(({ context, event }) => {
      assertEvent(event, 'SET_FOOTER');
      return edited(
        context,
        withContent(context, (content) => ({ ...content, footer: event.footer })),
        contentField(context, 'footer'),
      );
    }),
    addButton: assign(({ context, event }) => {
      assertEvent(event, 'ADD_BUTTON');
      return edited(
        context,
        withContent(context, (content) => ({ ...content, buttons: [...content.buttons, event.button] })),
        contentField(context, 'buttons'),
      );
    }),
    setButton: assign(({ context, event }) => {
      assertEvent(event, 'SET_BUTTON');
      const change: ContentChange = (content) => ({
        ...content,
        buttons: content.buttons.map((button, index) => (index === event.index ? event.button : button)),
      });
      return edited(context, withContent(context, change), contentField(context, 'buttons'));
    }),
    removeButton: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_BUTTON');
      const change: ContentChange = (content) => ({ ...content, buttons: content.buttons.filter((_, index) => index !== event.index) });
      return edited(context, withContent(context, change), contentField(context, 'buttons'));
    }),
    setExample: assign(({ context, event }) => {
      assertEvent(event, 'SET_EXAMPLE');
      const change: ContentChange = (content) => ({ ...content, examples: { ...content.examples, [event.variable]: event.value } });
      return edited(context, withContent(context, change), contentField(context, `examples.${event.variable}`));
    }),
    showAllErrors: assign(({ context }) => ({ touched: 'all' as const, fieldErrors: shownErrors(context.draft, 'all') })),
    rememberFailure: assign((_, { error }: Failed) => ({ failure: templateEditorFailureOf(error) })),
    // The server's field errors, or Meta's refusal at the field it names.
    showFailureAtFields: assign(({ context }, { error }: Failed) => {
      const failure = templateEditorFailureOf(error);
      if (failure.kind === 'invalid') return { fieldErrors: failure.fields ?? {}, touched: 'all' as const, failure: null };
      return {
        fieldErrors: { ...shownErrors(context.draft, 'all'), [failure.field!]: failure.messageId! },
        touched: 'all' as const,
        refusal: { field: failure.field!, metaMessage: failure.metaMessage ?? '' },
        failure: null,
      };
    }),
    // Meta's refusal that names no field is told above the form, back in it.
    showFailureAboveForm: assign(({ context }) => ({
      refusal: context.failure?.kind === 'refused' ? { field: null, metaMessage: context.failure.metaMessage ?? '' } : null,
      failure: null,
    })),
    clearFailure: assign({ failure: null }),
    // Provided by src/: the draft kept in the browser (under the channel and name), and forgotten once submitted.
    storeDraft: () => {},
    forgetStoredDraft: () => {},
  },
}).createMachine({
  id: 'templateEditor',
  context: ({ input }) => {
    const draft = input.startFrom ?? emptyDraft(input.language);
    const language = draft.languages[input.language]
      ? input.language
      : (templateLanguages.find((other) => draft.languages[other]) ?? input.language);
    return {
      channelId: input.channelId,
      name: input.name,
      draft,
      language,
      touched: [],
      fieldErrors: {},
      refusal: null,
      failure: null,
      records: [],
    };
  },
  initial: 'loading',
  states: {
    // A new template has nothing to load.
    loading: {
      tags: 'loading',
      always: { guard: 'isNew', target: 'editing' },
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        input: ({ context }) => ({ channelId: context.channelId, name: context.name! }),
        onDone: { target: 'editing', actions: { type: 'rememberLoaded', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: failed }, target: 'notFound' },
          { target: 'loadFailed', actions: { type: 'rememberFailure', params: failed } },
        ],
      },
    },
    loadFailed: {
      tags: 'failed',
      on: { RETRY: { target: 'loading', actions: 'clearFailure' } },
    },
    notFound: {},
    editing: {
      tags: 'editing',
      on: {
        // A template's name cannot change once Meta has it.
        SET_NAME: { guard: 'isNew', actions: ['setName', 'storeDraft'] },
        SET_CATEGORY: { actions: ['setCategory', 'storeDraft'] },
        ADD_LANGUAGE: { guard: 'isOffered', actions: ['addLanguage', 'storeDraft'] },
        REMOVE_LANGUAGE: { guard: 'isRemovable', actions: ['removeLanguage', 'storeDraft'] },
        SHOW_LANGUAGE: { guard: 'isPresent', actions: 'showLanguage' },
        SET_HEADER: { actions: ['setHeader', 'storeDraft'] },
        SET_BODY: { actions: ['setBody', 'storeDraft'] },
        SET_FOOTER: { actions: ['setFooter', 'storeDraft'] },
        ADD_BUTTON: { actions: ['addButton', 'storeDraft'] },
        SET_BUTTON: { actions: ['setButton', 'storeDraft'] },
        REMOVE_BUTTON: { actions: ['removeButton', 'storeDraft'] },
        SET_EXAMPLE: { actions: ['setExample', 'storeDraft'] },
        SUBMIT: [{ guard: 'isValid', target: 'submitting', actions: 'showAllErrors' }, { actions: 'showAllErrors' }],
      },
    },
    submitting: {
      tags: 'saving',
      invoke: {
        id: 'submitTemplate',
        src: 'submitTemplate',
        input: ({ context }) => ({ channelId: context.channelId, draft: context.draft }),
        // Meta answers a submission with its status: most wait for review, some are approved at once.
        onDone: [
          {
            guard: { type: 'isApproved', params: ({ event }) => event.output },
            target: 'approved',
            actions: [{ type: 'rememberSubmitted', params: ({ event }) => event.output }, 'forgetStoredDraft'],
          },
          {
            guard: { type: 'isRejected', params: ({ event }) => event.output },
            target: 'rejected',
            actions: [{ type: 'rememberSubmitted', params: ({ event }) => event.output }, 'forgetStoredDraft'],
          },
          { target: 'inReview', actions: [{ type: 'rememberSubmitted', params: ({ event }) => event.output }, 'forgetStoredDraft'] },
        ],
        onError: [
          { guard: { type: 'isAtFields', params: failed }, target: 'editing', actions: { type: 'showFailureAtFields', params: failed } },
          { target: 'failure', actions: { type: 'rememberFailure', params: failed } },
        ],
      },
    },
    failure: {
      tags: 'failed',
      on: {
        RETRY: { target: 'submitting', actions: 'clearFailure' },
        EDIT: { target: 'editing', actions: 'showFailureAboveForm' },
      },
    },
    // Meta reviews (usually minutes, at most a day): asked every REVIEW_POLL_MS while the page is open.
    inReview: {
      tags: 'reviewing',
      initial: 'waiting',
      states: {
        waiting: { after: { reviewPoll: 'asking' } },
        asking: {
          invoke: {
            id: 'readTemplate',
            src: 'readTemplate',
            input: ({ context }) => ({ channelId: context.channelId, name: context.name! }),
            onDone: [
              {
                guard: { type: 'isApproved', params: ({ event }) => event.output },
                target: '#templateEditor.approved',
                actions: { type: 'rememberRecords', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isRejected', params: ({ event }) => event.output },
                target: '#templateEditor.rejected',
                actions: { type: 'rememberRecords', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isPaused', params: ({ event }) => event.output },
                target: '#templateEditor.paused',
                actions: { type: 'rememberRecords', params: ({ event }) => event.output },
              },
              { target: 'waiting', actions: { type: 'rememberRecords', params: ({ event }) => event.output } },
            ],
            // Not heard this time: asked again at the next poll.
            onError: 'waiting',
          },
        },
      },
    },
    approved: { type: 'final' },
    // Meta's reason is in the records; the merchant edits and submits again.
    rejected: { on: { EDIT: 'editing' } },
    // Until when is in the records (pausedUntil).
    paused: { on: { EDIT: 'editing' } },
  },
});
