// The /templates screen's pure parts: the API's refusals as the template-editor machine's failures
// (Meta's refusal with the field it names, our message id and Meta's words); the URL's search as
// what the screen opens, the route keeping all the schema reads; a new template's draft kept per
// number and read back while it still breaks rules; and which errors no field of the form shows.
import { describe, expect, it } from 'vitest';
import { templateValidation, type TemplateDraft } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { emptyContent, templateEditorFailureOf } from '@/machines/template-editor';
import { ApiError, NetworkError, type ClientErrorCode } from '@/src/api/api-errors';
import { templateExplains, templateFailureFrom } from '@/src/features/templates/api/template-failure';
import { unplacedErrors } from '@/src/features/templates/components/template-form';
import { templateDraftStore } from '@/src/features/templates/template-drafts';
import { templatesSearchSchema, templatesTargetOf } from '@/src/features/templates/template-search';
import { Route } from '@/src/routes/$lang/_app/templates';

const refusal = (status: number, code: ClientErrorCode, message = 'refused', fields?: Record<string, string>) =>
  new ApiError({ status, code, message, ...(fields && { fields }) });

describe('a templates call refused', () => {
  it("is Meta's refusal at the field it names, with our message id and Meta's words", () => {
    const error = refusal(422, 'template_refused', 'The body has too many variables for its length.', {
      'languages.pt_BR.body': 'template.too_many_variables',
    });
    const failure = templateFailureFrom(error);
    expect(failure).toEqual({
      kind: 'refused',
      field: 'languages.pt_BR.body',
      messageId: 'template.too_many_variables',
      metaMessage: 'The body has too many variables for its length.',
    });
    // The machine takes it as it is.
    expect(templateEditorFailureOf(failure)).toBe(failure);
  });

  it("is Meta's refusal of the whole template when it names no field", () => {
    expect(templateFailureFrom(refusal(422, 'template_refused', 'Your account has too many templates.'))).toEqual({
      kind: 'refused',
      field: null,
      metaMessage: 'Your account has too many templates.',
    });
  });

  it('tells apart our rules checked again, a number or template gone, a token refused, Meta not answering, anything else', () => {
    const fields = { name: templateValidation.nameInvalid.id };
    expect(templateFailureFrom(refusal(422, 'validation_failed', 'invalid', fields))).toEqual({ kind: 'invalid', fields });
    expect(templateFailureFrom(refusal(404, 'not_found'))).toEqual({ kind: 'not_found' });
    expect(templateFailureFrom(refusal(409, 'channel_needs_access_token'))).toEqual({ kind: 'channel_needs_attention' });
    expect(templateFailureFrom(refusal(502, 'whatsapp_unreachable'))).toEqual({ kind: 'unreachable' });
    expect(templateFailureFrom(refusal(429, 'whatsapp_throttled'))).toEqual({ kind: 'unreachable' });
    for (const error of [
      refusal(500, 'internal_error'),
      refusal(422, 'validation_failed'),
      new NetworkError(new TypeError('offline')),
      'x',
    ])
      expect(templateFailureFrom(error)).toEqual({ kind: 'unknown' });
  });

  it('is explained by the screen, so no generic toast stands beside it', () => {
    expect([...templateExplains].sort()).toEqual(
      [
        'channel_needs_access_token',
        'not_found',
        'template_refused',
        'validation_failed',
        'whatsapp_throttled',
        'whatsapp_unreachable',
      ].sort(),
    );
  });
});

const channel = '00000000-0000-4000-8000-000000000071';
const validate = Route.options.validateSearch as (search: Record<string, unknown>) => Record<string, unknown>;

describe('what the address opens', () => {
  it('is the list without a number, or without a template to open on it', () => {
    expect(templatesTargetOf({})).toEqual({ view: 'list' });
    expect(templatesTargetOf(undefined)).toEqual({ view: 'list' });
    expect(templatesTargetOf({ channel })).toEqual({ view: 'list' });
    expect(templatesTargetOf({ new: 'order_shipped' })).toEqual({ view: 'list' });
  });

  it('is the editor on a new template, blank or ready-made, or on a template of the number by name', () => {
    expect(templatesTargetOf({ channel, new: 'blank' })).toEqual({ view: 'editor', channelId: channel, name: null, readyMade: null });
    expect(templatesTargetOf({ channel, new: 'cart_reminder_3' })).toEqual({
      view: 'editor',
      channelId: channel,
      name: null,
      readyMade: 'cart_reminder_3',
    });
    expect(templatesTargetOf({ channel, name: 'order_confirmation', new: 'blank' })).toEqual({
      view: 'editor',
      channelId: channel,
      name: 'order_confirmation',
      readyMade: null,
    });
  });

  it('drops what is invalid: a number that is no id, a name Meta would not take, a ready-made template that does not exist', () => {
    expect(templatesTargetOf({ channel: 'not-an-id', new: 'blank' })).toEqual({ view: 'list' });
    expect(templatesTargetOf({ channel, name: 'Order Confirmation' })).toEqual({ view: 'list' });
    expect(templatesTargetOf({ channel, name: 'Order Confirmation', new: 'blank' })).toMatchObject({ name: null, readyMade: null });
    expect(templatesTargetOf({ channel, new: 'order_cancelled' })).toEqual({ view: 'list' });
  });

  for (const input of [
    { channel, new: 'order_shipped' },
    { channel, name: 'promo_1', other: 'x' },
    { channel: 7, name: ['a'], new: null },
  ]) {
    it(`is the same from the route's search of ${JSON.stringify(input)}`, () => {
      const kept = validate(input);
      expect(Object.values(kept).every((value) => typeof value === 'string')).toBe(true);
      expect(templatesSearchSchema.parse(kept)).toEqual(templatesSearchSchema.parse(input));
      expect(templatesTargetOf(kept)).toEqual(templatesTargetOf(input));
    });
  }
});

/** A Map-backed Storage, as the browser's behaves for these calls. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe("a new template's draft kept in the browser", () => {
  const halfTyped: TemplateDraft = {
    name: 'Promo',
    category: 'MARKETING',
    languages: { pt_BR: { ...emptyContent, body: '{{first_name}}, olha' }, es: emptyContent },
  };

  it('reads back as it was typed, rules broken and all, per account and number', () => {
    const storage = memoryStorage();
    const here = templateDraftStore(channel, () => storage);
    here.keep('uid-a', null, halfTyped);
    expect(here.read('uid-a', null)).toEqual(halfTyped);
    expect(here.read('uid-b', null)).toBeNull();
    expect(templateDraftStore('00000000-0000-4000-8000-000000000072', () => storage).read('uid-a', null)).toBeNull();
    const readyMade = readyMadeTemplate('order_confirmation').draft;
    here.keep('uid-a', null, readyMade);
    expect(here.read('uid-a', null)).toEqual(readyMade);
  });

  it('is forgotten, and an entry of another shape reads as none', () => {
    const storage = memoryStorage();
    const here = templateDraftStore(channel, () => storage);
    here.keep('uid-a', null, halfTyped);
    here.keep('uid-a', null, null);
    expect(here.read('uid-a', null)).toBeNull();
    storage.setItem(`catalyst.template-draft.${channel}.uid-a.new`, JSON.stringify({ ...halfTyped, category: 'NEWS' }));
    expect(here.read('uid-a', null)).toBeNull();
    storage.setItem(`catalyst.template-draft.${channel}.uid-a.new`, '{not json');
    expect(here.read('uid-a', null)).toBeNull();
  });
});

describe('the errors no field shows', () => {
  const draft: TemplateDraft = {
    name: 'promo',
    category: 'MARKETING',
    languages: { pt_BR: { ...emptyContent, buttons: [{ type: 'url', text: 'Ver', url: '' }] }, en_US: emptyContent },
  };

  it("are none for the template's fields and each present language's", () => {
    const placed = [
      'name',
      'category',
      'languages',
      'languages.pt_BR',
      'languages.pt_BR.header',
      'languages.pt_BR.header.text',
      'languages.pt_BR.header.url',
      'languages.pt_BR.body',
      'languages.pt_BR.footer',
      'languages.pt_BR.buttons',
      'languages.pt_BR.buttons.0',
      'languages.pt_BR.buttons.0.url',
      'languages.en_US.examples.first_name',
    ];
    expect(unplacedErrors(draft, placed)).toEqual([]);
  });

  it('are a path the form has no field for, or a language the draft does not have', () => {
    expect(unplacedErrors(draft, ['languages.es.body', 'languages.pt_BR.body.text', 'parameter_format', 'name'])).toEqual([
      'languages.es.body',
      'languages.pt_BR.body.text',
      'parameter_format',
    ]);
  });
});
