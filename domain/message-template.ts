// WhatsApp message templates: the only messages Catalyst may send first. The vocabulary Meta uses
// (categories, statuses, quality, the languages we offer), the editor's draft with Meta's rules
// checked field by field, and the translations to and from the Graph API: the body of
// POST /{waba-id}/message_templates, an entry of GET /{waba-id}/message_templates, the `template`
// object of a /messages send, and Meta's refusal of a submission mapped to the field it names.
// Shared by the template-editor machine, the templates screen, the API and the sender.
// Validation messages are message ids (templateValidation); zod/mini: the editor's chunk loads this.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import type { Locale } from './locales';
import { storableText } from './storable-values';

/** Meta's template categories. AUTHENTICATION templates (one-time codes) are listed, never made here. */
export const templateCategories = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

/** The categories the editor makes. */
export const draftCategories = ['MARKETING', 'UTILITY'] as const satisfies readonly TemplateCategory[];
export type DraftCategory = (typeof draftCategories)[number];

/**
 * A template's status at Meta. Only APPROVED can be sent. `IN_APPEAL`: the merchant contests a
 * rejection; `PENDING_DELETION`: deleted, still delivering what was already sent.
 */
export const templateStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'PENDING_DELETION'] as const;
export type TemplateStatus = (typeof templateStatuses)[number];

/** Meta's quality rating of a template, from shoppers' reactions; UNKNOWN until it has one. */
export const templateQualities = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export type TemplateQuality = (typeof templateQualities)[number];

/** The languages we offer, as Meta codes them. Each language of a template is reviewed and sent on its own. */
export const templateLanguages = ['pt_BR', 'en_US', 'es'] as const;
export type TemplateLanguage = (typeof templateLanguages)[number];

export const templateLanguageLocales: Readonly<Record<TemplateLanguage, Locale>> = { pt_BR: 'pt', en_US: 'en', es: 'es' };
export const localeTemplateLanguages: Readonly<Record<Locale, TemplateLanguage>> = { pt: 'pt_BR', en: 'en_US', es: 'es' };

export function isTemplateLanguage(value: unknown): value is TemplateLanguage {
  return (templateLanguages as readonly unknown[]).includes(value);
}

/** Meta's status as ours. Anything else (DELETED, ARCHIVED, LIMIT_EXCEEDED, a new one) reads DISABLED: never sendable. */
export function templateStatusOf(meta: unknown): TemplateStatus {
  return (templateStatuses as readonly unknown[]).includes(meta) ? (meta as TemplateStatus) : 'DISABLED';
}

/** Meta's `quality_score` (`{ score: 'GREEN' }`) or a bare score as ours; anything else is UNKNOWN. */
export function templateQualityOf(meta: unknown): TemplateQuality {
  const score = typeof meta === 'object' && meta !== null && 'score' in meta ? meta.score : meta;
  return (templateQualities as readonly unknown[]).includes(score) ? (score as TemplateQuality) : 'UNKNOWN';
}

/** Meta's category as ours; an unknown one reads MARKETING, the category whose consent is hardest to get. */
export function templateCategoryOf(meta: unknown): TemplateCategory {
  return (templateCategories as readonly unknown[]).includes(meta) ? (meta as TemplateCategory) : 'MARKETING';
}

/**
 * Meta's limits (Template components reference of the WhatsApp Business Management API).
 * Lengths are counted in UTF-16 units, as a browser's input counts them: an emoji counts two,
 * which can only make us stricter than Meta.
 */
export const TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  headerVariables: 1,
  body: 1024,
  footer: 60,
  buttons: 10,
  urlButtons: 2,
  phoneButtons: 1,
  copyCodeButtons: 1,
  buttonText: 25,
  url: 2000,
  phoneNumber: 20,
  /** The example (and every sent value) of a copy-code button. */
  copyCode: 15,
} as const;

/** Meta's rule for a template's name: lowercase letters, digits and underscores. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]+$/;

/**
 * A NAMED parameter (Meta's `parameter_format: NAMED`): lowercase letters, digits and underscores.
 * We also ask for a leading letter, so that a name never reads as a positional `{{1}}`.
 */
export const VARIABLE_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/**
 * Meta numbers a button's variable `{{1}}` whatever the template's format, so a button variable
 * has a fixed name here: a list read back from Meta then names it as the draft did. The link of the
 * first URL button ends in `{{url_suffix_1}}`, of the second in `{{url_suffix_2}}`; a copy-code
 * button's code is the value of `coupon_code` (the body may show it too).
 */
export const urlSuffixVariable = (urlButtonNumber: number) => `url_suffix_${urlButtonNumber}`;
export const COUPON_CODE_VARIABLE = 'coupon_code';

export const templateValidation = {
  nameRequired: /*i18n*/ { id: 'template.name_required', message: 'Give the template a name.' },
  nameInvalid: /*i18n*/ {
    id: 'template.name_invalid',
    message: 'Use only lowercase letters, digits and underscores, like order_confirmation.',
  },
  nameTooLong: /*i18n*/ { id: 'template.name_too_long', message: 'A template name has at most 512 characters.' },
  categoryInvalid: /*i18n*/ { id: 'template.category_invalid', message: 'Choose marketing or utility.' },
  languagesRequired: /*i18n*/ { id: 'template.languages_required', message: 'Choose at least one language.' },
  variablesDiffer: /*i18n*/ {
    id: 'template.variables_differ',
    message: 'Use the same variables in every language of the template, so one set of values fills each of them.',
  },
  headerTextRequired: /*i18n*/ { id: 'template.header_text_required', message: 'Write the header, or choose no header.' },
  headerTooLong: /*i18n*/ { id: 'template.header_too_long', message: 'A header has at most 60 characters.' },
  headerOneVariable: /*i18n*/ { id: 'template.header_one_variable', message: 'A header can have one variable at most.' },
  headerPlainText: /*i18n*/ {
    id: 'template.header_plain_text',
    message: 'A header is one line of plain text: no line breaks, tabs, runs of spaces, emoji or formatting marks (* _ ~ `).',
  },
  imageUrlInvalid: /*i18n*/ {
    id: 'template.image_url_invalid',
    message: 'Enter the full address of a JPEG or PNG image, starting with https://.',
  },
  bodyRequired: /*i18n*/ { id: 'template.body_required', message: 'Write the message.' },
  bodyTooLong: /*i18n*/ { id: 'template.body_too_long', message: 'The message has at most 1,024 characters.' },
  variableMalformed: /*i18n*/ {
    id: 'template.variable_malformed',
    message:
      'A variable is a name between double braces, made of lowercase letters, digits and underscores and starting with a letter, like first_name.',
  },
  variableRepeated: /*i18n*/ { id: 'template.variable_repeated', message: 'Use each variable once in the message.' },
  variableAtEdge: /*i18n*/ {
    id: 'template.variable_at_edge',
    message: 'The message cannot start or end with a variable: write some words before and after it.',
  },
  variablesAdjacent: /*i18n*/ { id: 'template.variables_adjacent', message: 'Write some words between two variables.' },
  tooManyVariables: /*i18n*/ {
    id: 'template.too_many_variables',
    message: 'Too many variables for so few words: write at least two words per variable, plus one.',
  },
  footerTooLong: /*i18n*/ { id: 'template.footer_too_long', message: 'A footer has at most 60 characters.' },
  footerNoVariables: /*i18n*/ { id: 'template.footer_no_variables', message: 'A footer cannot have variables.' },
  tooManyButtons: /*i18n*/ { id: 'template.too_many_buttons', message: 'A template has at most 10 buttons.' },
  tooManyUrlButtons: /*i18n*/ { id: 'template.too_many_url_buttons', message: 'A template has at most 2 link buttons.' },
  tooManyPhoneButtons: /*i18n*/ { id: 'template.too_many_phone_buttons', message: 'A template has one call button at most.' },
  tooManyCopyCodeButtons: /*i18n*/ {
    id: 'template.too_many_copy_code_buttons',
    message: 'A template has one copy-code button at most.',
  },
  quickRepliesApart: /*i18n*/ {
    id: 'template.quick_replies_apart',
    message: 'Keep the quick replies together, all before or all after the other buttons.',
  },
  copyCodeMarketingOnly: /*i18n*/ {
    id: 'template.copy_code_marketing_only',
    message: 'A copy-code button belongs in a marketing template.',
  },
  buttonTextRequired: /*i18n*/ { id: 'template.button_text_required', message: 'Write the button’s text.' },
  buttonTextTooLong: /*i18n*/ { id: 'template.button_text_too_long', message: 'A button’s text has at most 25 characters.' },
  buttonTextRepeated: /*i18n*/ { id: 'template.button_text_repeated', message: 'Two buttons cannot have the same text.' },
  urlInvalid: /*i18n*/ { id: 'template.url_invalid', message: 'Enter a full address, like https://your-store.com/orders.' },
  urlTooLong: /*i18n*/ { id: 'template.url_too_long', message: 'A link has at most 2,000 characters.' },
  urlVariable: /*i18n*/ {
    id: 'template.url_variable',
    message: 'A link can end with one variable after its address: url_suffix_1 on the first link button, url_suffix_2 on the second.',
  },
  phoneNumberInvalid: /*i18n*/ {
    id: 'template.phone_number_invalid',
    message: 'Enter the number with its country code, digits only, like +5511912345678.',
  },
  exampleRequired: /*i18n*/ { id: 'template.example_required', message: 'Give an example for this variable: Meta reviews it.' },
  exampleInvalid: /*i18n*/ {
    id: 'template.example_invalid',
    message: 'An example is one line: no line breaks, tabs or runs of more than four spaces.',
  },
  couponCodeTooLong: /*i18n*/ { id: 'template.coupon_code_too_long', message: 'A coupon code has at most 15 characters.' },
  urlSuffixInvalid: /*i18n*/ { id: 'template.url_suffix_invalid', message: 'The end of a link cannot contain spaces.' },
  tooLong: /*i18n*/ { id: 'template.too_long', message: 'This field is too long' },
  unstorable: /*i18n*/ {
    id: 'template.unstorable',
    message: 'This field has characters that cannot be saved (a control character or half an emoji).',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Meta's refusals of a submission, by what they name. */
export const templateRefusalMessages = {
  nameTaken: /*i18n*/ {
    id: 'template.refusal.name_taken',
    message: 'Your WhatsApp account already has a template with this name in this language. Choose another name.',
  },
  nameBeingDeleted: /*i18n*/ {
    id: 'template.refusal.name_being_deleted',
    message: 'A template with this name is being deleted at Meta, which keeps the name for weeks. Choose another name.',
  },
  templateLimit: /*i18n*/ {
    id: 'template.refusal.template_limit',
    message: 'Your WhatsApp account has as many templates as Meta allows. Delete the ones you no longer use.',
  },
  header: /*i18n*/ { id: 'template.refusal.header', message: 'Meta refused the header.' },
  body: /*i18n*/ { id: 'template.refusal.body', message: 'Meta refused the message.' },
  footer: /*i18n*/ { id: 'template.refusal.footer', message: 'Meta refused the footer.' },
  buttons: /*i18n*/ { id: 'template.refusal.buttons', message: 'Meta refused the buttons.' },
  tooLong: /*i18n*/ { id: 'template.refusal.too_long', message: 'Meta found a field longer than it allows.' },
  general: /*i18n*/ { id: 'template.refusal.general', message: 'Meta refused the template.' },
  /** Not Meta's: the example image is not uploaded to Meta yet (its Resumable Upload is still to build). */
  imageHeaderUnavailable: /*i18n*/ {
    id: 'template.refusal.image_header_unavailable',
    message: 'Image headers cannot be sent to Meta yet. Choose a text header or none.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Each message by its id, so a view can translate an id (`undefined`: not one of ours). */
export const templateValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  [...Object.values(templateValidation), ...Object.values(templateRefusalMessages)].map((descriptor) => [descriptor.id, descriptor]),
);

const v = templateValidation;
const L = TEMPLATE_LIMITS;

// ---------------------------------------------------------------------------------------------
// The draft: its schema (the API's body) and its types.

const storable = () => storableText(v.unstorable.id);
/** A text trimmed, normalised, bounded well past Meta's limit: the exact limits are the issues' business. */
const draftText = (bound: number) => storable().check(z.trim(), z.maxLength(bound, { error: v.tooLong.id }));

const headerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({ type: z.literal('text'), text: draftText(L.headerText * 4) }),
  /** An example image: the editor's preview shows it, the server uploads it to Meta for review and sends it by default. */
  z.strictObject({ type: z.literal('image'), url: draftText(L.url) }),
]);

const buttonSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('quick_reply'), text: draftText(L.buttonText * 4) }),
  z.strictObject({ type: z.literal('url'), text: draftText(L.buttonText * 4), url: draftText(L.url * 2) }),
  z.strictObject({ type: z.literal('phone_number'), text: draftText(L.buttonText * 4), phoneNumber: draftText(L.phoneNumber * 4) }),
  /** WhatsApp writes the button's text itself; the code is the value of `coupon_code`. */
  z.strictObject({ type: z.literal('copy_code') }),
]);

/** One language of a template: what a shopper reads, and an example of every variable for Meta's review. */
export const templateContentSchema = z.strictObject({
  header: z._default(headerSchema, { type: 'none' }),
  body: draftText(L.body * 4),
  /** '' when there is none. */
  footer: z._default(draftText(L.footer * 4), ''),
  buttons: z._default(z.array(buttonSchema).check(z.maxLength(L.buttons * 2, { error: v.tooManyButtons.id })), []),
  /** By variable name; names no text uses are ignored. */
  examples: z._default(z.record(z.string().check(z.regex(/^[a-z0-9_]{1,100}$/)), draftText(L.url)), {}),
});
export type TemplateContent = z.infer<typeof templateContentSchema>;
export type TemplateHeader = TemplateContent['header'];
export type TemplateButton = TemplateContent['buttons'][number];

const draftShape = z.strictObject({
  name: draftText(L.name * 2),
  category: z.enum(templateCategories, { error: v.categoryInvalid.id }),
  languages: z.partialRecord(z.enum(templateLanguages), templateContentSchema),
});
export type TemplateDraft = z.infer<typeof draftShape>;

/**
 * The editor's draft as the API takes it (create, edit): the shape, then every issue of
 * templateDraftIssues at its path, its message id as the issue's message.
 */
export const templateDraftSchema = draftShape.check(
  z.superRefine((draft, context) => {
    for (const issue of templateDraftIssues(draft)) {
      const path = issue.field.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      context.addIssue({ code: 'custom', message: issue.message.id, path, input: draft });
    }
  }),
);
export type TemplateDraftInput = z.input<typeof templateDraftSchema>;

// ---------------------------------------------------------------------------------------------
// Variables.

/** A placeholder: `{{name}}` (or Meta's positional `{{1}}` in a template made elsewhere). */
const PLACEHOLDER = /\{\{([a-z0-9_]+)\}\}/g;
/** Anything between double braces, well formed or not. */
const ANY_BRACES = /\{\{(.*?)\}\}/g;

/** The variables of a text, in order of first use, each once. */
export function variablesOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** Every use of a variable in a text, repeats included. */
const usesOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');

/** Whether the text has braces that are not a well-formed named variable. */
function hasMalformedVariable(text: string): boolean {
  for (const match of text.matchAll(ANY_BRACES)) if (!VARIABLE_NAME_PATTERN.test(match[1] ?? '')) return true;
  const rest = text.replace(ANY_BRACES, '');
  return rest.includes('{{') || rest.includes('}}');
}

/** The URL buttons of a content with their number among URL buttons (1, 2). */
const urlButtonsOf = (buttons: readonly TemplateButton[]) =>
  buttons.flatMap((button, index) => (button.type === 'url' ? [{ button, index }] : [])).map((entry, n) => ({ ...entry, number: n + 1 }));

/**
 * Every variable one language of a template needs a value for, in order: the header's, the
 * body's, each link's ending, the copy-code button's code.
 */
export function templateVariables(content: TemplateContent): string[] {
  const names = [
    ...(content.header.type === 'text' ? variablesOf(content.header.text) : []),
    ...variablesOf(content.body),
    ...content.buttons.flatMap((button) => (button.type === 'url' ? variablesOf(button.url) : [])),
    ...(content.buttons.some((button) => button.type === 'copy_code') ? [COUPON_CODE_VARIABLE] : []),
  ];
  return [...new Set(names)];
}

/**
 * A value as it can be sent: Meta refuses a parameter with a line break, a tab or more than four
 * spaces in a row (error 132018), so every run of white space becomes one space, and the ends are trimmed.
 */
export const sendableValue = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

const fillText = (text: string, values: Readonly<Record<string, string | undefined>>) =>
  text.replace(PLACEHOLDER, (placeholder, name: string) => (name in values ? sendableValue(values[name]) : placeholder));

export type FilledButton =
  | { type: 'quick_reply'; text: string }
  | { type: 'url'; text: string; url: string }
  | { type: 'phone_number'; text: string; phoneNumber: string }
  | { type: 'copy_code'; code: string };

/** What a shopper sees: the header (text, or an image's address), the body, the footer, the buttons. */
export type FilledTemplate = {
  header: string | null;
  imageUrl: string | null;
  body: string;
  footer: string | null;
  buttons: FilledButton[];
};

export type TemplateFill = { ok: true; message: FilledTemplate } | { ok: false; missing: string[] };

/**
 * One language of a template filled with values (the preview fills it with its examples). Refused,
 * with the variables left empty, unless every variable has a value that is not blank.
 */
export function fillTemplate(content: TemplateContent, values: Readonly<Record<string, string | undefined>>): TemplateFill {
  const missing = templateVariables(content).filter((name) => sendableValue(values[name]) === '');
  if (missing.length > 0) return { ok: false, missing };
  const { header } = content;
  return {
    ok: true,
    message: {
      header: header.type === 'text' ? fillText(header.text, values) : null,
      imageUrl: header.type === 'image' ? header.url : null,
      body: fillText(content.body, values),
      footer: content.footer === '' ? null : content.footer,
      buttons: content.buttons.map((button): FilledButton => {
        switch (button.type) {
          case 'url':
            return { type: 'url', text: button.text, url: fillText(button.url, values) };
          case 'copy_code':
            return { type: 'copy_code', code: sendableValue(values[COUPON_CODE_VARIABLE]) };
          default:
            return button;
        }
      }),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The issues of a draft: Meta's rules, each at its field.

export type TemplateIssue = { field: string; message: MessageDescriptor };

// A header is one line of plain text (the Template components reference: "markdown special
// characters are not supported"; WhatsApp Manager refuses line breaks and emoji there). Runs of
// more than four spaces are refused as in a parameter.
const HEADER_NOT_PLAIN = /[\n\r\t*_~`]| {5}|\p{Extended_Pictographic}/u;
// What may surround a variable and still leave it at the start or end of the body: Meta ignores
// punctuation there ("…is {{total}}." ends with a variable), and we count symbols and emoji alike.
const EDGE_FILLER = /^(?:(?![{}])[\s\p{P}\p{S}]|\u200d|\ufe0f)+|(?:(?![{}])[\s\p{P}\p{S}]|\u200d|\ufe0f)+$/gu;
const WORDISH = /[\p{L}\p{N}]/u;
/** An example (a parameter value) Meta takes: one line, no tab, no more than four spaces in a row (error 132018). */
const exampleIsSendable = (value: string) => !/[\n\r\t]| {5}/.test(value);

/** A link's address before its variable: an http(s) URL with a host, the variable never part of the host. */
function isLinkBase(base: string, hasVariable: boolean): boolean {
  if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(base) || /\s/.test(base)) return false;
  try {
    new URL(base);
  } catch {
    return false;
  }
  return !hasVariable || /^https?:\/\/[^/?#]+[/?#=&]/i.test(base);
}

/**
 * Meta's body rules for variables, as its template review applies them (Template review, and the
 * refusals 2388299 and 2388293): no variable at the very start or end, none next to another, and
 * not too many for the length. Meta publishes no ratio; the one observed and adopted here is at
 * least 2n + 1 words besides n variables (2388293 past it). Words are runs of non-space with a
 * letter or digit in them.
 */
function bodyIssue(body: string): MessageDescriptor | null {
  if (body.trim() === '') return v.bodyRequired;
  if (body.length > L.body) return v.bodyTooLong;
  if (hasMalformedVariable(body)) return v.variableMalformed;
  const uses = usesOf(body);
  if (new Set(uses).size < uses.length) return v.variableRepeated;
  if (uses.length === 0) return null;
  const edges = body.replace(EDGE_FILLER, '');
  if (/^\{\{[a-z0-9_]+\}\}/.test(edges) || /\{\{[a-z0-9_]+\}\}$/.test(edges)) return v.variableAtEdge;
  const between = body.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
  if (between.slice(1, -1).some((part) => !WORDISH.test(part))) return v.variablesAdjacent;
  const words = body
    .replace(PLACEHOLDER, ' ')
    .split(/\s+/)
    .filter((token) => WORDISH.test(token)).length;
  if (words < 2 * uses.length + 1) return v.tooManyVariables;
  return null;
}

function headerIssue(header: TemplateHeader): { field: string; message: MessageDescriptor } | null {
  if (header.type === 'image') return isLinkBase(header.url, false) ? null : { field: 'header.url', message: v.imageUrlInvalid };
  if (header.type === 'none') return null;
  const text = header.text;
  const message =
    text.trim() === ''
      ? v.headerTextRequired
      : text.length > L.headerText
        ? v.headerTooLong
        : hasMalformedVariable(text)
          ? v.variableMalformed
          : usesOf(text).length > L.headerVariables
            ? v.headerOneVariable
            : HEADER_NOT_PLAIN.test(text.replace(PLACEHOLDER, 'x'))
              ? v.headerPlainText
              : null;
  return message && { field: 'header.text', message };
}

function footerIssue(footer: string): MessageDescriptor | null {
  if (footer.length > L.footer) return v.footerTooLong;
  return footer.includes('{{') || footer.includes('}}') ? v.footerNoVariables : null;
}

/** The rules on the set of buttons; the first one broken. */
function buttonsIssue(buttons: readonly TemplateButton[]): MessageDescriptor | null {
  const count = (type: TemplateButton['type']) => buttons.filter((button) => button.type === type).length;
  if (buttons.length > L.buttons) return v.tooManyButtons;
  if (count('url') > L.urlButtons) return v.tooManyUrlButtons;
  if (count('phone_number') > L.phoneButtons) return v.tooManyPhoneButtons;
  if (count('copy_code') > L.copyCodeButtons) return v.tooManyCopyCodeButtons;
  // Meta refuses quick replies interleaved with other buttons: one group of each.
  const kinds = buttons.map((button) => button.type === 'quick_reply');
  const changes = kinds.filter((kind, index) => index > 0 && kind !== kinds[index - 1]).length;
  return changes > 1 ? v.quickRepliesApart : null;
}

function urlIssue(url: string, number: number): MessageDescriptor | null {
  if (url.trim() === '') return v.urlInvalid;
  if (url.length > L.url) return v.urlTooLong;
  const braces = [...url.matchAll(ANY_BRACES)];
  const rest = url.replace(ANY_BRACES, '');
  if (braces.length > 1 || rest.includes('{{') || rest.includes('}}')) return v.urlVariable;
  const variable = braces[0];
  if (variable && (!url.endsWith(variable[0]) || variable[1] !== urlSuffixVariable(number))) return v.urlVariable;
  const base = variable ? url.slice(0, -variable[0].length) : url;
  return isLinkBase(base, variable !== undefined) ? null : v.urlInvalid;
}

function contentIssues(
  content: TemplateContent,
  category: TemplateCategory,
  at: string,
  add: (field: string, message: MessageDescriptor) => void,
) {
  const header = headerIssue(content.header);
  if (header) add(`${at}.${header.field}`, header.message);
  const body = bodyIssue(content.body);
  if (body) add(`${at}.body`, body);
  const footer = footerIssue(content.footer);
  if (footer) add(`${at}.footer`, footer);

  const buttons = buttonsIssue(content.buttons);
  if (buttons) add(`${at}.buttons`, buttons);
  const texts = content.buttons.map((button) => ('text' in button ? button.text.trim() : null));
  const urlNumbers = new Map(urlButtonsOf(content.buttons).map(({ index, number }) => [index, number]));
  content.buttons.forEach((button, index) => {
    const field = `${at}.buttons.${index}`;
    if (button.type === 'copy_code') {
      if (category !== 'MARKETING') add(field, v.copyCodeMarketingOnly);
      return;
    }
    const text = button.text.trim();
    if (text === '') add(`${field}.text`, v.buttonTextRequired);
    else if (button.text.length > L.buttonText) add(`${field}.text`, v.buttonTextTooLong);
    else if (texts.indexOf(text) < index) add(`${field}.text`, v.buttonTextRepeated);
    if (button.type === 'url') {
      const url = urlIssue(button.url, urlNumbers.get(index) ?? 1);
      if (url) add(`${field}.url`, url);
    }
    if (button.type === 'phone_number' && !/^\+?[0-9]{7,19}$/.test(button.phoneNumber)) add(`${field}.phoneNumber`, v.phoneNumberInvalid);
  });

  const suffixes = new Set(urlButtonsOf(content.buttons).map(({ number }) => urlSuffixVariable(number)));
  for (const name of templateVariables(content)) {
    // A malformed name was reported where it is written; its example cannot be asked for by name.
    if (!VARIABLE_NAME_PATTERN.test(name)) continue;
    const example = content.examples[name]?.trim() ?? '';
    const field = `${at}.examples.${name}`;
    if (example === '') add(field, v.exampleRequired);
    else if (!exampleIsSendable(example)) add(field, v.exampleInvalid);
    else if (name === COUPON_CODE_VARIABLE && content.buttons.some((b) => b.type === 'copy_code') && example.length > L.copyCode)
      add(field, v.couponCodeTooLong);
    else if (suffixes.has(name) && /\s/.test(example)) add(field, v.urlSuffixInvalid);
  }
}

/**
 * Every rule the draft breaks, each at its field's path (`name`, `languages.pt_BR.body`,
 * `languages.es.buttons.1.url`, `languages.en_US.examples.first_name`), at most one per field, so
 * a form shows each beside its field. Empty: Meta's published rules pass (its review may still refuse).
 */
export function templateDraftIssues(draft: TemplateDraft): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const add = (field: string, message: MessageDescriptor) => issues.push({ field, message });
  const name = draft.name.trim();
  if (name === '') add('name', v.nameRequired);
  else if (name.length > L.name) add('name', v.nameTooLong);
  else if (!TEMPLATE_NAME_PATTERN.test(name)) add('name', v.nameInvalid);
  if (!(draftCategories as readonly string[]).includes(draft.category)) add('category', v.categoryInvalid);

  const languages = templateLanguages.filter((language) => draft.languages[language] !== undefined);
  if (languages.length === 0) add('languages', v.languagesRequired);
  let reference: string | null = null;
  for (const language of languages) {
    const content = draft.languages[language];
    if (!content) continue;
    contentIssues(content, draft.category, `languages.${language}`, add);
    // Our rule, not Meta's: the sender fills every language from the same values.
    const names = [...templateVariables(content)].sort().join(' ');
    if (reference === null) reference = names;
    else if (names !== reference) add(`languages.${language}`, v.variablesDiffer);
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// To and from the Graph API.

type GraphNamedExample = { param_name: string; example: string };
export type GraphTemplateButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example?: string[] }
  | { type: 'PHONE_NUMBER'; text: string; phone_number: string }
  | { type: 'COPY_CODE'; example: string };
export type GraphTemplateComponent =
  | { type: 'HEADER'; format: 'TEXT'; text: string; example?: { header_text_named_params: GraphNamedExample[] } }
  | { type: 'HEADER'; format: 'IMAGE'; example: { header_handle: string[] } }
  | { type: 'BODY'; text: string; example?: { body_text_named_params: GraphNamedExample[] } }
  | { type: 'FOOTER'; text: string }
  | { type: 'BUTTONS'; buttons: GraphTemplateButton[] };

/** The body of POST /{waba-id}/message_templates (its `components` alone are an edit's body). */
export type GraphTemplateCreate = {
  name: string;
  language: TemplateLanguage;
  category: DraftCategory;
  parameter_format: 'NAMED';
  components: GraphTemplateComponent[];
};

const namedExamples = (names: readonly string[], examples: Readonly<Record<string, string>>): GraphNamedExample[] =>
  names.map((name) => ({ param_name: name, example: examples[name] ?? '' }));

/**
 * One language of a draft as Meta's creation body, NAMED parameters with their examples. A link's
 * variable becomes Meta's `{{1}}`, with the whole example address. An image header needs the handle
 * of the example image uploaded through Meta's Resumable Upload API (`headerHandle`).
 */
export function toGraphTemplate(
  draft: TemplateDraft,
  language: TemplateLanguage,
  options: { headerHandle?: string } = {},
): GraphTemplateCreate {
  const content = draft.languages[language];
  if (!content) throw new Error(`The template has no ${language} version`);
  if (draft.category === 'AUTHENTICATION') throw new Error('Authentication templates are not made here');
  const components: GraphTemplateComponent[] = [];
  const { header, examples } = content;
  if (header.type === 'text') {
    const names = variablesOf(header.text);
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: header.text,
      ...(names.length > 0 ? { example: { header_text_named_params: namedExamples(names, examples) } } : {}),
    });
  } else if (header.type === 'image') {
    if (!options.headerHandle) throw new Error('An image header needs the uploaded example’s handle');
    components.push({ type: 'HEADER', format: 'IMAGE', example: { header_handle: [options.headerHandle] } });
  }
  const bodyNames = variablesOf(content.body);
  components.push({
    type: 'BODY',
    text: content.body,
    ...(bodyNames.length > 0 ? { example: { body_text_named_params: namedExamples(bodyNames, examples) } } : {}),
  });
  if (content.footer !== '') components.push({ type: 'FOOTER', text: content.footer });
  if (content.buttons.length > 0) {
    const buttons = content.buttons.map((button): GraphTemplateButton => {
      switch (button.type) {
        case 'quick_reply':
          return { type: 'QUICK_REPLY', text: button.text };
        case 'phone_number':
          return { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phoneNumber };
        case 'copy_code':
          return { type: 'COPY_CODE', example: examples[COUPON_CODE_VARIABLE] ?? '' };
        case 'url': {
          const [name] = variablesOf(button.url);
          if (name === undefined) return { type: 'URL', text: button.text, url: button.url };
          const base = button.url.slice(0, -`{{${name}}}`.length);
          return { type: 'URL', text: button.text, url: `${base}{{1}}`, example: [`${base}${examples[name] ?? ''}`] };
        }
      }
    });
    components.push({ type: 'BUTTONS', buttons });
  }
  return { name: draft.name, language, category: draft.category, parameter_format: 'NAMED', components };
}

export const parameterFormats = ['NAMED', 'POSITIONAL'] as const;
export type ParameterFormat = (typeof parameterFormats)[number];

/** A template as Catalyst keeps and shows it: one language of one name, as Meta has it. */
export const messageTemplateSchema = z.object({
  /** Meta's id of this name and language. */
  metaId: z.string(),
  name: z.string(),
  /** Meta's code: one of templateLanguages, or another a template made elsewhere uses. */
  language: z.string(),
  category: z.enum(templateCategories),
  status: z.enum(templateStatuses),
  quality: z.enum(templateQualities),
  /** Meta's reason for a rejection (INVALID_FORMAT, PROMOTIONAL, …); null when none. */
  rejectedReason: z.nullable(z.string()),
  parameterFormat: z.enum(parameterFormats),
  content: templateContentSchema,
  /** What Catalyst cannot show or send (`HEADER:VIDEO`, `BUTTON:FLOW`…); empty for what it made. */
  unsupported: z.array(z.string()),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** A template as the API answers it: one language of one name in a channel's WhatsApp Business Account, as Meta has it now. */
export const templateRecordSchema = z.extend(messageTemplateSchema, {
  channelId: z.string(),
  /** PAUSED: when Meta lets it send again (null: not paused, or Meta did not say). */
  pausedUntil: z.nullable(z.string()),
  /** Why the sender stopped using it (Meta refused its parameters, say); null while it sends. */
  attention: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type TemplateRecord = z.infer<typeof templateRecordSchema>;

/** GET /api/v1/templates: each connected number's WhatsApp Business Account with its templates, as Catalyst last read them. */
export const templateAccountSchema = z.object({
  channelId: z.string(),
  displayPhoneNumber: z.string(),
  wabaId: z.string(),
  templates: z.array(templateRecordSchema),
  /** When Catalyst last read them from Meta (null: not yet). */
  refreshedAt: z.nullable(z.string()),
});
export type TemplateAccount = z.infer<typeof templateAccountSchema>;
export const templateListSchema = z.object({ accounts: z.array(templateAccountSchema) });
export type TemplateList = z.infer<typeof templateListSchema>;

/**
 * GET and PUT /api/v1/channels/{channelId}/templates/{name}: the languages of one template. A PUT
 * takes a TemplateDraft (templateDraftSchema) and creates it at Meta, or edits a rejected or paused
 * one. Refusals: 400 `validation_failed` (fields: path -> message id); 422 `template_refused`, Meta's
 * refusal (fields: the path it names -> message id, or none; message: Meta's own words); 404
 * `not_found`; 409 `channel_needs_access_token` (the number's token no longer works); 502
 * `whatsapp_unreachable`, 429 `whatsapp_throttled`.
 */
export const templateRecordsSchema = z.object({ records: z.array(templateRecordSchema) });
export type TemplateRecords = z.infer<typeof templateRecordsSchema>;

const graphText = z.optional(z.string());
const graphExample = z.optional(
  z.object({
    header_text: z.optional(z.array(z.unknown())),
    header_text_named_params: z.optional(z.array(z.object({ param_name: z.string(), example: z.string() }))),
    header_handle: z.optional(z.array(z.string())),
    body_text: z.optional(z.array(z.array(z.string()))),
    body_text_named_params: z.optional(z.array(z.object({ param_name: z.string(), example: z.string() }))),
  }),
);
const graphButtonSchema = z.object({
  type: z.string(),
  text: graphText,
  url: graphText,
  phone_number: graphText,
  example: z.optional(z.union([z.string(), z.array(z.string())])),
});
const graphComponentSchema = z.object({
  type: z.string(),
  format: graphText,
  text: graphText,
  example: graphExample,
  buttons: z.optional(z.array(graphButtonSchema)),
});
/** An entry of GET /{waba-id}/message_templates, read loosely: Meta adds fields. */
const graphTemplateSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  language: z.string(),
  status: z.optional(z.unknown()),
  category: z.optional(z.unknown()),
  quality_score: z.optional(z.unknown()),
  rejected_reason: z.optional(z.nullable(z.string())),
  parameter_format: z.optional(z.string()),
  components: z.optional(z.array(graphComponentSchema)),
});

/** Positional examples (`body_text: [["Ana", "#1042"]]`) by variable name ('1', '2'…). */
function positionalExamples(names: readonly string[], values: readonly unknown[] | undefined, rename = (name: string) => name) {
  const examples: Record<string, string> = {};
  for (const name of names) {
    const value = values?.[Number(name) - 1];
    if (typeof value === 'string') examples[rename(name)] = value;
  }
  return examples;
}

/**
 * An entry of GET /{waba-id}/message_templates as our record; null when it is not one (no id,
 * name or language). A POSITIONAL template keeps its `{{1}}`s as variables named '1', '2'…, its
 * header's as `header_1` (Meta numbers the header on its own). Link endings and copy codes get the
 * fixed names of urlSuffixVariable and COUPON_CODE_VARIABLE.
 */
export function fromGraphTemplate(json: unknown): MessageTemplate | null {
  const parsed = graphTemplateSchema.safeParse(json);
  if (!parsed.success) return null;
  const entry = parsed.data;
  const components = entry.components ?? [];
  const unsupported: string[] = [];
  const examples: Record<string, string> = {};
  let header: TemplateHeader = { type: 'none' };
  let body = '';
  let footer = '';
  const buttons: TemplateButton[] = [];

  const texts = components.map((component) => `${component.text ?? ''} `).join('');
  const named = entry.parameter_format === 'NAMED' || (entry.parameter_format === undefined && /\{\{[a-z]/.test(texts));

  for (const component of components) {
    const type = component.type.toUpperCase();
    if (type === 'HEADER') {
      const format = (component.format ?? '').toUpperCase();
      if (format === 'TEXT') {
        let text = component.text ?? '';
        if (named) for (const p of component.example?.header_text_named_params ?? []) examples[p.param_name] = p.example;
        else {
          Object.assign(
            examples,
            positionalExamples(variablesOf(text), component.example?.header_text, (n) => `header_${n}`),
          );
          text = text.replace(/\{\{(\d+)\}\}/g, '{{header_$1}}');
        }
        header = { type: 'text', text };
      } else if (format === 'IMAGE') {
        // Meta answers with a link to the example it keeps.
        header = { type: 'image', url: component.example?.header_handle?.[0] ?? '' };
      } else unsupported.push(`HEADER:${format}`);
    } else if (type === 'BODY') {
      body = component.text ?? '';
      if (named) for (const p of component.example?.body_text_named_params ?? []) examples[p.param_name] = p.example;
      else Object.assign(examples, positionalExamples(variablesOf(body), component.example?.body_text?.[0]));
    } else if (type === 'FOOTER') {
      footer = component.text ?? '';
    } else if (type === 'BUTTONS') {
      for (const button of component.buttons ?? []) {
        const buttonType = button.type.toUpperCase();
        const text = button.text ?? '';
        const example = button.example;
        if (buttonType === 'QUICK_REPLY') buttons.push({ type: 'quick_reply', text });
        else if (buttonType === 'PHONE_NUMBER') buttons.push({ type: 'phone_number', text, phoneNumber: button.phone_number ?? '' });
        else if (buttonType === 'COPY_CODE') {
          buttons.push({ type: 'copy_code' });
          const code = Array.isArray(example) ? example[0] : example;
          if (code !== undefined) examples[COUPON_CODE_VARIABLE] = code;
        } else if (buttonType === 'URL') {
          const url = button.url ?? '';
          const number = buttons.filter((b) => b.type === 'url').length + 1;
          const variable = /\{\{[^{}]*\}\}$/.exec(url);
          if (!variable) buttons.push({ type: 'url', text, url });
          else {
            const base = url.slice(0, -variable[0].length);
            const name = urlSuffixVariable(number);
            buttons.push({ type: 'url', text, url: `${base}{{${name}}}` });
            const full = Array.isArray(example) ? example[0] : example;
            if (full !== undefined) examples[name] = full.startsWith(base) ? full.slice(base.length) : full;
          }
        } else unsupported.push(`BUTTON:${buttonType}`);
      }
    } else unsupported.push(type);
  }

  const rejected = entry.rejected_reason ?? null;
  return {
    metaId: String(entry.id),
    name: entry.name,
    language: entry.language,
    category: templateCategoryOf(entry.category),
    status: templateStatusOf(entry.status),
    quality: templateQualityOf(entry.quality_score),
    rejectedReason: rejected === null || rejected === 'NONE' ? null : rejected,
    parameterFormat: named ? 'NAMED' : 'POSITIONAL',
    content: { header, body, footer, buttons, examples },
    unsupported,
  };
}

type GraphTextParameter = { type: 'text'; text: string; parameter_name?: string };
export type GraphSendComponent =
  | { type: 'header'; parameters: (GraphTextParameter | { type: 'image'; image: { link: string } })[] }
  | { type: 'body'; parameters: GraphTextParameter[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: [{ type: 'text'; text: string }] }
  | { type: 'button'; sub_type: 'copy_code'; index: string; parameters: [{ type: 'coupon_code'; coupon_code: string }] };

/** The `template` object of a POST /{phone-number-id}/messages send. */
export type GraphTemplateSend = { name: string; language: { code: string }; components: GraphSendComponent[] };

/** What a send needs of a template: the record fits, and so does a draft's language with its name. */
export type SendableTemplate = { name: string; language: string; parameterFormat?: ParameterFormat; content: TemplateContent };

/**
 * The `template` of a send: each variable's value as a parameter (named with `parameter_name`
 * unless the template is POSITIONAL, then in number order), the image header's link
 * (`headerImageUrl`, else the example image), each link's ending and the copy code at their
 * button's index. Values pass through sendableValue. Throws when a value is missing: the sender
 * refuses such a send before (fillTemplate).
 */
export function toGraphSendComponents(
  template: SendableTemplate,
  values: Readonly<Record<string, string | undefined>>,
  options: { headerImageUrl?: string } = {},
): GraphTemplateSend {
  const { content } = template;
  const fill = fillTemplate(content, values);
  if (!fill.ok) throw new Error(`Values missing for ${fill.missing.join(', ')}`);
  const named = (template.parameterFormat ?? 'NAMED') === 'NAMED';
  const parameters = (names: string[]): GraphTextParameter[] =>
    (named ? names : [...names].sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))).map((name) => ({
      type: 'text',
      ...(named ? { parameter_name: name } : {}),
      text: sendableValue(values[name]),
    }));

  const components: GraphSendComponent[] = [];
  const { header } = content;
  if (header.type === 'image') {
    const link = options.headerImageUrl ?? header.url;
    if (link === '') throw new Error('An image header needs an image link');
    components.push({ type: 'header', parameters: [{ type: 'image', image: { link } }] });
  } else if (header.type === 'text' && variablesOf(header.text).length > 0) {
    components.push({ type: 'header', parameters: parameters(variablesOf(header.text)) });
  }
  const bodyNames = variablesOf(content.body);
  if (bodyNames.length > 0) components.push({ type: 'body', parameters: parameters(bodyNames) });
  content.buttons.forEach((button, index) => {
    if (button.type === 'url') {
      const [name] = variablesOf(button.url);
      if (name !== undefined)
        components.push({
          type: 'button',
          sub_type: 'url',
          index: String(index),
          parameters: [{ type: 'text', text: sendableValue(values[name]) }],
        });
    } else if (button.type === 'copy_code') {
      const code = sendableValue(values[COUPON_CODE_VARIABLE]);
      components.push({
        type: 'button',
        sub_type: 'copy_code',
        index: String(index),
        parameters: [{ type: 'coupon_code', coupon_code: code }],
      });
    }
  });
  return { name: template.name, language: { code: template.language }, components };
}

// ---------------------------------------------------------------------------------------------
// Meta's refusal of a submission.

export type TemplateRefusal = {
  /** The field it names, as templateDraftIssues addresses it (`languages.pt_BR.body`); null: the template as a whole. */
  field: string | null;
  message: MessageDescriptor;
  /** Meta's own words, in the token's language, to show beside ours. */
  metaTitle: string | null;
  metaMessage: string | null;
  code: number | null;
  subcode: number | null;
};

const graphErrorSchema = z.object({
  message: z.optional(z.string()),
  code: z.optional(z.number()),
  error_subcode: z.optional(z.number()),
  error_user_title: z.optional(z.string()),
  error_user_msg: z.optional(z.string()),
});

/**
 * Meta's subcodes for a refused submission (Graph error 100 and the 2388xxx family), by field:
 * 2388024 the name exists in this language; 2388023 the name's language is being deleted;
 * 2388019 the account's template limit; 2388047 the header's format; 2388072 the body's format;
 * 2388073 the footer's; 2388293 too many variables for the length; 2388299 a variable at the
 * start or end; 2388040 a field past its length.
 */
const refusalsBySubcode: Record<number, { part: 'name' | 'header' | 'body' | 'footer' | null; message: MessageDescriptor }> = {
  2388024: { part: 'name', message: templateRefusalMessages.nameTaken },
  2388023: { part: 'name', message: templateRefusalMessages.nameBeingDeleted },
  2388019: { part: null, message: templateRefusalMessages.templateLimit },
  2388047: { part: 'header', message: templateRefusalMessages.header },
  2388072: { part: 'body', message: templateRefusalMessages.body },
  2388073: { part: 'footer', message: templateRefusalMessages.footer },
  2388293: { part: 'body', message: templateValidation.tooManyVariables },
  2388299: { part: 'body', message: templateValidation.variableAtEdge },
  2388040: { part: null, message: templateRefusalMessages.tooLong },
};

/**
 * Meta's refusal of POST /{waba-id}/message_templates for one language (`{ error: {…} }` or the
 * error itself) as the field it names and our message: by subcode first, else by the component
 * Meta's words name (header, body, footer, buttons), else the template as a whole.
 */
export function templateRefusalOf(graphError: unknown, language: TemplateLanguage): TemplateRefusal {
  const inner = typeof graphError === 'object' && graphError !== null && 'error' in graphError ? graphError.error : graphError;
  const parsed = graphErrorSchema.safeParse(inner);
  const error = parsed.success ? parsed.data : {};
  const at = (part: string) => `languages.${language}.${part}`;
  const base = {
    metaTitle: error.error_user_title ?? null,
    metaMessage: error.error_user_msg ?? error.message ?? null,
    code: error.code ?? null,
    subcode: error.error_subcode ?? null,
  };
  const known = error.error_subcode === undefined ? undefined : refusalsBySubcode[error.error_subcode];
  if (known) {
    const field = known.part === null ? null : known.part === 'name' ? 'name' : at(known.part);
    return { field, message: known.message, ...base };
  }
  const words = `${error.error_user_title ?? ''} ${error.error_user_msg ?? ''} ${error.message ?? ''}`.toLowerCase();
  const parts = [
    { word: /\bheader\b/, part: 'header', message: templateRefusalMessages.header },
    { word: /\bbody\b/, part: 'body', message: templateRefusalMessages.body },
    { word: /\bfooter\b/, part: 'footer', message: templateRefusalMessages.footer },
    { word: /\bbuttons?\b/, part: 'buttons', message: templateRefusalMessages.buttons },
  ] as const;
  const named = parts.find(({ word }) => word.test(words));
  if (named) return { field: at(named.part), message: named.message, ...base };
  return { field: null, message: templateRefusalMessages.general, ...base };
}
