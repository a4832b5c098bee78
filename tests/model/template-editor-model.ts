// The template-editor test model, derived mechanically from the production machine for its two
// starts — a new template (blank) and a rejected one loaded to edit — with sample payloads where
// its guards need data: what a merchant types, the server's and Meta's answers to a submission,
// and Meta's review as it is read again. The draft's content is abstracted to what tells the
// flow's states apart (valid or not, the languages, the errors shown, Meta's refusal).
import type { EventObject } from 'xstate';
import type { TemplateDraft, TemplateRecord, TemplateStatus } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import {
  draftErrorsOf,
  templateEditorMachine,
  type TemplateEditorContext,
  type TemplateEditorFailure,
  type TemplateEditorInput,
} from '@/machines/template-editor';
import { createTestModelFor, type EventSamples, type ModelPath, type TestModel } from './model-harness';

export const CHANNEL_ID = '00000000-0000-4000-8000-000000000031';
export const REJECTED_NAME = 'order_update';

/** A new template started from a ready-made draft (valid as it comes), in the page's language. */
export const newTemplateInput: TemplateEditorInput = {
  channelId: CHANNEL_ID,
  name: null,
  startFrom: readyMadeTemplate('order_shipped').draft,
  language: 'pt_BR',
};
export const rejectedTemplateInput: TemplateEditorInput = {
  channelId: CHANNEL_ID,
  name: REJECTED_NAME,
  startFrom: null,
  language: 'pt_BR',
};

/** A body with a variable, and the example Meta asks for it. */
export const VALID_BODY = 'Oi, {{first_name}}! Seu pedido já está a caminho e deve chegar nesta semana.';

/** A record of REJECTED_NAME in pt_BR, as the server answers it. */
export function record(status: TemplateStatus, overrides: Partial<TemplateRecord> = {}): TemplateRecord {
  return {
    metaId: '1234567890',
    name: REJECTED_NAME,
    language: 'pt_BR',
    category: 'UTILITY',
    status,
    quality: 'UNKNOWN',
    rejectedReason: status === 'REJECTED' ? 'INVALID_FORMAT' : null,
    parameterFormat: 'NAMED',
    content: { header: { type: 'none' }, body: VALID_BODY, footer: '', buttons: [], examples: { first_name: 'Ana' } },
    unsupported: [],
    channelId: CHANNEL_ID,
    pausedUntil: status === 'PAUSED' ? '2026-11-29T09:00:00.000Z' : null,
    attention: null,
    updatedAt: '2026-11-29T06:00:00.000Z',
    ...overrides,
  };
}

const done = (id: string, output: TemplateRecord[]) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, failure: TemplateEditorFailure) => ({ type: `xstate.error.actor.${id}`, error: failure });

/** Every way a submission fails: our rules checked again on the server, Meta's refusals (at a field, or of the whole), silence. */
export const submitFailures: TemplateEditorFailure[] = [
  { kind: 'invalid', fields: { name: 'template.name_invalid' } },
  { kind: 'refused', field: 'name', messageId: 'template.refusal.name_taken', metaMessage: 'Já existe conteúdo neste idioma.' },
  { kind: 'refused', field: null, metaMessage: 'Limite de modelos atingido.' },
  { kind: 'channel_needs_attention' },
  { kind: 'unreachable' },
  { kind: 'unknown' },
];

export const templateEditorSamples: EventSamples = {
  SET_NAME: [{ type: 'SET_NAME', name: 'Order Update' }],
  SET_CATEGORY: [{ type: 'SET_CATEGORY', category: 'MARKETING' }],
  ADD_LANGUAGE: [{ type: 'ADD_LANGUAGE', language: 'es' }],
  REMOVE_LANGUAGE: [{ type: 'REMOVE_LANGUAGE', language: 'es' }],
  SHOW_LANGUAGE: [{ type: 'SHOW_LANGUAGE', language: 'pt_BR' }],
  SET_HEADER: [{ type: 'SET_HEADER', header: { type: 'text', text: 'Pedido a caminho' } }],
  SET_BODY: [{ type: 'SET_BODY', body: '{{first_name}}' }],
  SET_FOOTER: [{ type: 'SET_FOOTER', footer: 'Loja Ana' }],
  ADD_BUTTON: [{ type: 'ADD_BUTTON', button: { type: 'quick_reply', text: 'Falar com a loja' } }],
  SET_BUTTON: [{ type: 'SET_BUTTON', index: 0, button: { type: 'quick_reply', text: 'Ver pedido' } }],
  REMOVE_BUTTON: [{ type: 'REMOVE_BUTTON', index: 0 }],
  SET_EXAMPLE: [{ type: 'SET_EXAMPLE', variable: 'first_name', value: 'Ana' }],
  'xstate.done.actor.loadTemplate': [done('loadTemplate', [record('REJECTED')])],
  'xstate.error.actor.loadTemplate': [error('loadTemplate', { kind: 'not_found' }), error('loadTemplate', { kind: 'unknown' })],
  'xstate.done.actor.submitTemplate': [
    done('submitTemplate', [record('PENDING')]),
    done('submitTemplate', [record('APPROVED')]),
    done('submitTemplate', [record('REJECTED')]),
  ],
  'xstate.error.actor.submitTemplate': submitFailures.map((failure) => error('submitTemplate', failure)),
  'xstate.done.actor.readTemplate': [
    done('readTemplate', [record('PENDING')]),
    done('readTemplate', [record('APPROVED')]),
    done('readTemplate', [record('REJECTED')]),
    done('readTemplate', [record('PAUSED')]),
  ],
  'xstate.error.actor.readTemplate': [error('readTemplate', { kind: 'unknown' })],
};

/** What tells the editor's states apart: the draft's validity and languages, what is shown, the template's name and review. */
export const abstractEditor = (context: TemplateEditorContext) => ({
  name: context.name,
  category: context.draft.category,
  languages: Object.keys(context.draft.languages).sort(),
  language: context.language,
  invalid: Object.keys(draftErrorsOf(context.draft)).sort(),
  shown: Object.keys(context.fieldErrors).sort(),
  touchedAll: context.touched === 'all',
  refusal: context.refusal,
  failure: context.failure?.kind ?? null,
  statuses: context.records.map((each) => each.status),
});

/** Both starts, one model: the paths of each begin with its input's context (see inputOf). */
export function templateEditorTestModel(): TestModel {
  const options = { samples: templateEditorSamples, abstractContext: abstractEditor as (context: never) => unknown };
  const created = createTestModelFor(templateEditorMachine, { ...options, input: newTemplateInput });
  const rejected = createTestModelFor(templateEditorMachine, { ...options, input: rejectedTemplateInput });
  return {
    ...created,
    eventTypes: [...new Set([...created.eventTypes, ...rejected.eventTypes])],
    paths: [...created.paths, ...rejected.paths],
  };
}

/** The input a path of the model started with. */
export const inputOf = (path: ModelPath): TemplateEditorInput =>
  (path.initial.context as TemplateEditorContext).name === null ? newTemplateInput : rejectedTemplateInput;

export function templateEditorPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) {
        const failure = e.error as TemplateEditorFailure;
        return `${type}(${failure.kind}${failure.kind === 'refused' ? `@${failure.field ?? 'form'}` : ''})`;
      }
      if ('output' in e) return `${type}(${(e.output as TemplateRecord[]).map((each) => each.status).join(',')})`;
      const payload = Object.entries(e)
        .filter(([key]) => key !== 'type')
        .map(([, value]) => (typeof value === 'string' ? JSON.stringify(value.slice(0, 14)) : JSON.stringify(value).slice(0, 24)));
      return payload.length > 0 ? `${type}(${payload.join(', ')})` : type;
    })
    .join(' → ');
}

/** The draft a rejected record loads as. */
export const loadedDraft: TemplateDraft = {
  name: REJECTED_NAME,
  category: 'UTILITY',
  languages: { pt_BR: record('REJECTED').content },
};
