// Contacts: the shoppers an account knows by their WhatsApp number, the merchant's tags on them
// (./contact-tags.ts), and their consent to the messages Catalyst sends first (templates). The
// vocabulary, the consent rules as pure functions, stop-word detection, the opt-in button, and the
// API's shapes, shared by the SPA, the server's contact store and the one template sender.
// Validation messages are message ids (contactValidation).
//
// Consent is kept per purpose (`utility`: order notices; `marketing`: recovery and campaigns), each
// `subscribed`, `not_subscribed` (never asked) or `unsubscribed`, with the source and time of the
// event that set it. The rules of applyConsentEvent:
// - The shopper's own voice is what reaches us from their number through WhatsApp: their
//   conversation (the opt-in button, a marketing template's 'Stop promotions' button), a stop word,
//   Meta's `user_preferences` (marketing stop and resume) and Meta's error 131050. Everything else
//   (the cart page's checkbox, whose number anyone may type; a CSV import; the API; the merchant's
//   screen) is a claim about it. Each of the shopper's stops (a stop word, the 'Stop promotions'
//   button, Meta's) opts out of marketing only: order updates they asked for still come.
// - Opt-out always applies, at once, to the purposes it names, whatever the current state (an
//   opt-out of someone never subscribed is kept, so that no later claim subscribes them), with one
//   exception: an opt-out dated strictly before an opt-in the shopper gave in their own voice is
//   stale (that opt-in is their latest word) and is ignored.
// - An opt-in subscribes a purpose not subscribed yet. One already subscribed keeps its consent
//   (the first stays the proof) unless the new opt-in is in the shopper's own voice and the kept one
//   is a claim: the shopper's word then takes its place. An unsubscribed purpose is subscribed again
//   only by an opt-in dated strictly after the opt-out (an equal time is the opt-out's), and, when
//   the opt-out was in the shopper's own voice, only by an opt-in in their own voice too: the
//   conversation's button or Meta's marketing resume. An import, the API, the cart page or the
//   merchant never override it.
// - A second opt-out keeps the first unless it is in the shopper's own voice and the first was not:
//   it then takes its place (so the claims above stop overriding it), dated at the later of the two.
// zod/mini: the contacts screen's chunk loads this. libphonenumber-js with its `max` metadata (exact
// number patterns, not lengths only): a contact list is a sending list, and a number that cannot exist
// costs a failed send.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { withoutBidiControls } from './bidi-controls';
import { contactTagMessages, contactTagSchema, contactTagsSchema } from './contact-tags';
import { localeSchema } from './locale-schema';
import type { Locale } from './locales';
import { storableText } from './storable-values';

/** What a shopper may agree to receive: `utility` (order confirmation, shipping) and `marketing`. */
export const consentPurposes = ['utility', 'marketing'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

export const consentStatuses = ['subscribed', 'not_subscribed', 'unsubscribed'] as const;
export type ConsentStatus = (typeof consentStatuses)[number];

/** Where a consent event came from. The wire values: add to them, never rename one. */
export const consentSources = [
  'whatsapp_conversation',
  'cart_page',
  'csv_import',
  'api',
  'stop_word',
  'meta_user_preferences',
  'meta_error_131050',
  'merchant',
  // The shopper agreed to the store's text-message marketing at its checkout (Shopify's buyer_accepts_sms_marketing).
  'store_checkout',
  // The merchant asked for a test message on their own number and agreed to receive it there (a claim: an opt-out wins).
  'merchant_test',
] as const;
export type ConsentSource = (typeof consentSources)[number];

/** The sources an opt-in event may carry (Meta's marketing resume is its own event). */
export const optInSources = [
  'whatsapp_conversation',
  'cart_page',
  'csv_import',
  'api',
  'merchant',
  'store_checkout',
  'merchant_test',
] as const satisfies readonly ConsentSource[];
export type OptInSource = (typeof optInSources)[number];

/**
 * The sources an opt-out event may carry. A stop word, the 'Stop promotions' button of a marketing
 * template (`whatsapp_conversation`), Meta's `user_preferences` stop and error 131050 concern
 * marketing only: order updates (utility) still come. A merchant or API opt-out names its purposes.
 */
export const optOutSources = [
  'stop_word',
  'meta_user_preferences',
  'meta_error_131050',
  'whatsapp_conversation',
  'merchant',
  'api',
] as const satisfies readonly ConsentSource[];
export type OptOutSource = (typeof optOutSources)[number];

/** The sources that are the shopper's own voice (see the header): only these undo one another's opt-out. */
export const shopperVoiceSources = [
  'whatsapp_conversation',
  'stop_word',
  'meta_user_preferences',
  'meta_error_131050',
] as const satisfies readonly ConsentSource[];

export const isShopperVoice = (source: ConsentSource | null): boolean =>
  source !== null && (shopperVoiceSources as readonly ConsentSource[]).includes(source);

/** One purpose's consent: its status, and the source and time (ISO) of the event that set it (null: never asked). */
export type PurposeConsent = { status: ConsentStatus; source: ConsentSource | null; at: string | null };
export type ContactConsent = Record<ConsentPurpose, PurposeConsent>;

/** A contact nobody asked yet. */
export const noConsent: ContactConsent = Object.freeze({
  utility: Object.freeze({ status: 'not_subscribed', source: null, at: null }),
  marketing: Object.freeze({ status: 'not_subscribed', source: null, at: null }),
}) as ContactConsent;

/** What happened to a contact's consent; `at`: when it happened (ISO), not when we learnt it. */
export type ConsentEvent =
  | { kind: 'opt_in'; purpose: ConsentPurpose; source: OptInSource; at: string }
  | { kind: 'opt_out'; purpose: ConsentPurpose | 'all'; source: OptOutSource; at: string }
  /** Meta's `user_preferences` webhook with `resume` for marketing messages: the shopper's own opt-in. */
  | { kind: 'marketing_resume'; at: string };

/**
 * What an event did to one purpose: `subscribed` / `unsubscribed` (it changed or, for a stronger
 * opt-out, replaced the state), `unchanged` (already so), or why it was ignored: an opt-in not
 * later than the opt-out, an opt-in that is a claim against the shopper's own opt-out, an opt-out
 * older than the shopper's own later opt-in.
 */
export const consentEffects = [
  'subscribed',
  'unsubscribed',
  'unchanged',
  'ignored_before_opt_out',
  'ignored_shopper_opt_out',
  'ignored_stale_opt_out',
] as const;
export type ConsentEffect = (typeof consentEffects)[number];

export type ConsentChange = {
  consent: ContactConsent;
  /** One entry per purpose the event named. */
  effects: Partial<Record<ConsentPurpose, ConsentEffect>>;
};

function timeOf(at: string): number {
  const time = Date.parse(at);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${at}`);
  return time;
}

function optIn(current: PurposeConsent, source: ConsentSource, at: string): [PurposeConsent, ConsentEffect] {
  const time = timeOf(at);
  if (current.status === 'subscribed') {
    return isShopperVoice(source) && !isShopperVoice(current.source)
      ? [{ status: 'subscribed', source, at }, 'subscribed']
      : [current, 'unchanged'];
  }
  if (current.status === 'unsubscribed') {
    // A state without a time comes from no event: any opt-in is later than it.
    if (current.at !== null && time <= timeOf(current.at)) return [current, 'ignored_before_opt_out'];
    if (isShopperVoice(current.source) && !isShopperVoice(source)) return [current, 'ignored_shopper_opt_out'];
  }
  return [{ status: 'subscribed', source, at }, 'subscribed'];
}

function optOut(current: PurposeConsent, source: ConsentSource, at: string): [PurposeConsent, ConsentEffect] {
  const time = timeOf(at);
  if (current.status === 'unsubscribed') {
    if (isShopperVoice(source) && !isShopperVoice(current.source)) {
      const later = current.at !== null && timeOf(current.at) > time ? current.at : at;
      return [{ status: 'unsubscribed', source, at: later }, 'unsubscribed'];
    }
    return [current, 'unchanged'];
  }
  if (current.status === 'subscribed' && isShopperVoice(current.source) && current.at !== null && time < timeOf(current.at)) {
    return [current, 'ignored_stale_opt_out'];
  }
  return [{ status: 'unsubscribed', source, at }, 'unsubscribed'];
}

/** The consent after `event`, and what it did to each purpose it named (the rules are in this file's header). */
export function applyConsentEvent(consent: ContactConsent, event: ConsentEvent): ConsentChange {
  const next: ContactConsent = { ...consent };
  const effects: Partial<Record<ConsentPurpose, ConsentEffect>> = {};
  const named = event.kind === 'marketing_resume' ? 'marketing' : event.purpose;
  const purposes: readonly ConsentPurpose[] = named === 'all' ? consentPurposes : [named];
  for (const purpose of purposes) {
    const [state, effect] =
      event.kind === 'opt_out'
        ? optOut(consent[purpose], event.source, event.at)
        : optIn(consent[purpose], event.kind === 'marketing_resume' ? 'meta_user_preferences' : event.source, event.at);
    next[purpose] = state;
    effects[purpose] = effect;
  }
  return { consent: next, effects };
}

/** A consent history entry as the server records it for each purpose an event named (id and recordedAt are its own). */
export type ConsentHistoryRecord = {
  purpose: ConsentPurpose;
  kind: 'opt_in' | 'opt_out';
  source: ConsentSource;
  at: string;
  effect: ConsentEffect;
  note: string | null;
};

/** The history entries of an applied event, one per purpose it named, in consentPurposes order. */
export function consentHistoryRecords(event: ConsentEvent, change: ConsentChange, note: string | null = null): ConsentHistoryRecord[] {
  const kind = event.kind === 'opt_out' ? 'opt_out' : 'opt_in';
  const source: ConsentSource = event.kind === 'marketing_resume' ? 'meta_user_preferences' : event.source;
  return consentPurposes.flatMap((purpose) => {
    const effect = change.effects[purpose];
    return effect ? [{ purpose, kind, source, at: event.at, effect, note }] : [];
  });
}

/** Meta's template categories, as the sender checks a contact against them. */
export type TemplateCategoryName = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';

/** The purpose whose consent a template category needs; null: a category Catalyst does not send (authentication). */
export function consentPurposeOf(category: TemplateCategoryName): ConsentPurpose | null {
  return category === 'UTILITY' ? 'utility' : category === 'MARKETING' ? 'marketing' : null;
}

/** Why a contact may not receive a category (the sender's recorded reason); null: they may. */
export type ConsentRefusal = 'category_not_sent' | 'not_subscribed' | 'unsubscribed';

export function consentRefusal(
  contact: { consent: Record<ConsentPurpose, Pick<PurposeConsent, 'status'>> },
  category: TemplateCategoryName,
): ConsentRefusal | null {
  const purpose = consentPurposeOf(category);
  if (purpose === null) return 'category_not_sent';
  const status = contact.consent[purpose].status;
  return status === 'subscribed' ? null : status;
}

/** Whether a template of `category` may go to the contact: UTILITY needs utility consent, MARKETING marketing consent. */
export const mayReceive = (contact: { consent: ContactConsent }, category: TemplateCategoryName): boolean =>
  consentRefusal(contact, category) === null;

// ---------------------------------------------------------------------------------------------
// Stop words.
//
// A message opts out when, read without case, accents and punctuation, and without the words of
// politeness and wanting ('por favor', 'quero', 'please', 'gracias'…), it has at most
// MAX_OPT_OUT_WORDS words left and either
// - is exactly a stop word or phrase ('parar', 'stop', 'baja', 'no más', 'quero sair' → 'sair'), or
// - contains an unambiguous one ('descadastrar', 'unsubscribe', 'darme de baja') not negated just
//   before, or
// - contains a stop verb that is also an everyday word ('sair', 'parar', 'stop', 'cancelar', 'tira')
//   not negated just before, together with a word about messages or lists ('mensagens', 'lista',
//   'enviar', 'promociones'), and no word about shopping ('pedido', 'order', 'carrito', 'entrega').
// So 'quero sair da lista' and 'parem de me enviar promoções' opt out; 'vou sair agora, depois te
// respondo', 'cancelar o pedido' and 'não quero parar de comprar aqui' do not. Whole-message
// 'cancelar' and 'no más' count, as Meta's and carriers' keyword lists do, though they could answer
// something else: an opt-out wrongly read costs a notice, a missed one costs the shopper's trust.

/** At most this many words, beyond politeness and wanting, for a message to be read as an opt-out. */
export const MAX_OPT_OUT_WORDS = 6;

const phrases = (...texts: string[]) => texts.map((text) => text.split(' '));

/** Opt out anywhere in a short message. */
const strongStopPhrases = phrases(
  'unsubscribe',
  'unsub',
  'optout',
  'opt out',
  'stopall',
  'stop all',
  'descadastrar',
  'descadastre',
  'descadastra',
  'descadastrem',
  'descadastro',
  'desinscribir',
  'desinscribirme',
  'desuscribir',
  'desuscribirme',
  'dar de baja',
  'darme de baja',
  'dame de baja',
  'denme de baja',
  'den de baja',
);

/** Opt out as the whole message, or beside a word about messages. */
const standaloneStopPhrases = phrases(
  'stop',
  'cancel',
  'end',
  'quit',
  'no more',
  'parar',
  'pare',
  'parem',
  'sair',
  'cancelar',
  'cancela',
  'cancele',
  'nao quero mais',
  'nao mande mais',
  'nao envie mais',
  'baja',
  'salir',
  'no mas',
  'no quiero mas',
);

/** Opt out only beside a word about messages ('me tira da lista', 'no quiero recibir mensajes'). */
const contextStopPhrases = phrases(
  'remove',
  'leave',
  'dont want',
  'do not want',
  'dont send',
  'do not send',
  'para de',
  'saia',
  'remover',
  'remova',
  'tira',
  'tire',
  'excluir',
  'exclua',
  'nao quero',
  'nao mande',
  'nao envie',
  'eliminar',
  'elimina',
  'borrar',
  'borrame',
  'quitar',
  'quitame',
  'sacar',
  'sacame',
  'deja',
  'dejen',
  'dejar',
  'no quiero',
  'no envien',
  'no manden',
);

const fillerWords = new Set(
  (
    'por favor porfavor porfa pf pfv pfvr pls plz please obrigado obrigada obg brigado valeu gracias thanks thank thx ty ' +
    'ok okay oi ola hola hi hello hey sim si yes eu i im yo me mim my meu minha mi quero queria gostaria quiero quisiera ' +
    'want wanna would like to de da do das dos del la el los las the a o os as e y and agora ahora now ja ya just ' +
    'pode podem puede pueden can could voce voces vc vcs usted ustedes you'
  ).split(' '),
);

const negationWords = new Set(['nao', 'no', 'not', 'dont', 'cant', 'cannot', 'never', 'nunca', 'jamais', 'nem', 'ni']);

const messageWords = new Set(
  (
    'lista listas list mensagem mensagens mensaje mensajes message messages messaging msg msgs sms text texts texting ' +
    'mandar mande manden mandando enviar envie envien enviando envia send sending receber recibir receive receiving ' +
    'notificacao notificacoes notificacion notificaciones notification notifications promocao promocoes promocion ' +
    'promociones promo promos promotion promotions oferta ofertas offer offers marketing propaganda propagandas ' +
    'publicidad spam grupo group whatsapp contato contacto newsletter novidades novedades updates avisos lembretes ' +
    'recordatorios reminders'
  ).split(' '),
);

const shoppingWords = new Set(
  (
    'pedido pedidos compra compras comprar comprei order orders purchase produto produtos producto productos product ' +
    'products item itens carrinho cart carrito pagamento pago payment entrega entregas delivery frete envio shipping ' +
    'tamanho talla size cor color preco precio price estoque stock assinatura reserva boleto pix'
  ).split(' '),
);

/** The message's words: lower case, without accents, apostrophes or punctuation ("Don't!" → ['dont']). */
export function messageWordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

const withoutFillers = (words: readonly string[]) => words.filter((word) => !fillerWords.has(word));
const standaloneCores = new Set([...strongStopPhrases, ...standaloneStopPhrases].map((phrase) => withoutFillers(phrase).join(' ')));

/** Where `phrase` starts in `words` (every occurrence). */
function occurrences(words: readonly string[], phrase: readonly string[]): number[] {
  const found: number[] = [];
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, offset) => words[start + offset] === word)) found.push(start);
  }
  return found;
}

const negatedAt = (words: readonly string[], start: number) =>
  words.slice(Math.max(0, start - 3), start).some((word) => negationWords.has(word));

/** Whether a shopper's message asks to stop receiving messages (the rule is above). */
export function isOptOutMessage(text: string): boolean {
  if (text.length > 300) return false;
  const words = messageWordsOf(text);
  const core = withoutFillers(words);
  if (core.length === 0 || core.length > MAX_OPT_OUT_WORDS) return false;
  if (standaloneCores.has(core.join(' '))) return true;
  for (const phrase of strongStopPhrases) {
    if (occurrences(words, phrase).some((start) => !negatedAt(words, start))) return true;
  }
  if (words.some((word) => shoppingWords.has(word))) return false;
  for (const phrase of [...standaloneStopPhrases, ...contextStopPhrases]) {
    for (const start of occurrences(words, phrase)) {
      if (negatedAt(words, start)) continue;
      const outside = [...words.slice(0, start), ...words.slice(start + phrase.length)];
      if (outside.some((word) => messageWords.has(word))) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The opt-in buttons: quick replies offered in the shopper's conversation (with the cart link), whose
// reply the server recognises by id. Titles fit WhatsApp's 20 characters; the prompt is the
// interactive message's body. Shopper-facing text in the contact's language, not the app's catalogs.

/** WhatsApp's limit on a reply button's title. */
export const BUTTON_TITLE_MAX = 20;

export type ConsentButton = { id: string; title: Record<Locale, string>; prompt: Record<Locale, string> };

export const consentButtons: Record<ConsentPurpose, ConsentButton> = {
  utility: {
    id: 'catalyst_consent_utility',
    title: { pt: 'Quero atualizações', en: 'Yes, order updates', es: 'Sí, quiero avisos' },
    prompt: {
      pt: 'Quer receber aqui no WhatsApp as atualizações do seu pedido, como a confirmação e o envio? Para parar quando quiser, é só responder PARAR.',
      en: 'Would you like your order updates, such as the confirmation and shipping, here on WhatsApp? Reply STOP at any time to stop them.',
      es: '¿Quieres recibir aquí por WhatsApp los avisos de tu pedido, como la confirmación y el envío? Para dejar de recibirlos, responde BAJA cuando quieras.',
    },
  },
  marketing: {
    id: 'catalyst_consent_marketing',
    title: { pt: 'Quero ofertas', en: 'Send me offers', es: 'Quiero ofertas' },
    prompt: {
      pt: 'Quer receber novidades e ofertas da loja aqui no WhatsApp? Para parar quando quiser, é só responder PARAR.',
      en: "Would you like the store's news and offers here on WhatsApp? Reply STOP at any time to stop them.",
      es: '¿Quieres recibir novedades y ofertas de la tienda aquí por WhatsApp? Para dejar de recibirlas, responde BAJA cuando quieras.',
    },
  },
};

/** The purpose a quick reply's id opts in to; null: not one of our consent buttons. */
export function consentButtonPurpose(replyId: string): ConsentPurpose | null {
  return consentPurposes.find((purpose) => consentButtons[purpose].id === replyId) ?? null;
}

// ---------------------------------------------------------------------------------------------
// The stop button: the 'Stop promotions' quick reply every marketing template of Catalyst's library
// carries (./ready-made-templates.ts), titled in the template's language. A tap on it reaches the
// webhook as the button's text (Meta's `button` message): read by that text, in any of the three
// languages, it unsubscribes from marketing only, as a stop word does.

/** The stop button's title in each language, as the templates carry it (within WhatsApp's 25 characters). */
export const stopPromotionsTitles: Record<Locale, string> = {
  pt: 'Parar promoções',
  en: 'Stop promotions',
  es: 'Dar de baja',
};

const stopPromotionsKeys = new Set(Object.values(stopPromotionsTitles).map((title) => messageWordsOf(title).join(' ')));

/** Whether a template's quick reply is a stop button: one of ours by its title (case, accents aside), or a stop phrase. */
export const isStopPromotionsReply = (title: string): boolean =>
  stopPromotionsKeys.has(messageWordsOf(title).join(' ')) || isOptOutMessage(title);

/**
 * What the shopper is told once their opt-out (a stop word, the stop button) is recorded, a reply
 * inside the 24-hour window: promotions and offers stop, order updates still come.
 */
export const optOutConfirmations: Record<Locale, string> = {
  pt: 'Pronto! Você não vai mais receber promoções e ofertas da loja por aqui. As atualizações dos seus pedidos, como a confirmação e o envio, continuam chegando normalmente.',
  en: "Done! You won't get the store's promotions and offers here any more. Updates on your orders, such as the confirmation and shipping, will still come as usual.",
  es: '¡Listo! Ya no recibirás promociones ni ofertas de la tienda por aquí. Los avisos de tus pedidos, como la confirmación y el envío, te seguirán llegando como siempre.',
};

/** What the shopper is told once their tap on a consent button is recorded: thanks, and how to stop. */
export const optInConfirmations: Record<ConsentPurpose, Record<Locale, string>> = {
  utility: {
    pt: 'Combinado! Vamos te avisar por aqui sobre o seu pedido, como a confirmação e o envio. Para parar, é só responder PARAR.',
    en: "Thank you! We'll send your order updates, such as the confirmation and shipping, here. Reply STOP at any time to stop them.",
    es: '¡Gracias! Te avisaremos por aquí sobre tu pedido, como la confirmación y el envío. Para dejar de recibirlos, responde BAJA cuando quieras.',
  },
  marketing: {
    pt: 'Obrigado! Vamos te mandar por aqui as novidades e ofertas da loja. Para parar, é só responder PARAR.',
    en: "Thank you! We'll send you the store's news and offers here. Reply STOP at any time to stop them.",
    es: '¡Gracias! Te enviaremos por aquí las novedades y ofertas de la tienda. Para dejar de recibirlas, responde BAJA cuando quieras.',
  },
};

// ---------------------------------------------------------------------------------------------
// Numbers, names, languages, countries.

export const contactValidation = {
  phoneRequired: /*i18n*/ { id: 'contact.phone_required', message: 'The WhatsApp number is required.' },
  phoneInvalid: /*i18n*/ {
    id: 'contact.phone_invalid',
    message:
      'This is not a valid phone number. Write it with its area code, and with + and the country code if it is from another country.',
  },
  countryInvalid: /*i18n*/ { id: 'contact.country_invalid', message: 'Write the country as its two-letter code, like BR, US, ES or MX.' },
  languageInvalid: /*i18n*/ { id: 'contact.language_invalid', message: 'The language is Portuguese (pt), English (en) or Spanish (es).' },
  nameTooLong: /*i18n*/ { id: 'contact.name_too_long', message: 'The name is too long (120 characters at most).' },
  noteTooLong: /*i18n*/ { id: 'contact.note_too_long', message: 'This note is too long (500 characters at most).' },
  consentSourceRequired: /*i18n*/ {
    id: 'contact.consent_source_required',
    message: 'Say where and how these shoppers agreed to receive messages.',
  },
  consentDateInvalid: /*i18n*/ { id: 'contact.consent_date_invalid', message: 'Give the date the shoppers agreed, like 2025-03-31.' },
  consentDateInFuture: /*i18n*/ { id: 'contact.consent_date_in_future', message: 'The date of consent cannot be in the future.' },
  searchTooLong: /*i18n*/ { id: 'contact.search_too_long', message: 'The search is too long.' },
  unstorable: /*i18n*/ {
    id: 'contact.unstorable',
    message: 'This field has characters that cannot be saved (a control character or half an emoji).',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Each validation message by its id, so a view can translate an id (`undefined`: not one of ours). */
export const contactValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map([
  ...Object.values(contactValidation).map((descriptor) => [descriptor.id, descriptor] as const),
  ...contactTagMessages,
]);

export const CONTACT_NAME_MAX = 120;
export const CONSENT_NOTE_MAX = 500;

const portugueseCountries = new Set(['BR', 'PT', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL']);
const spanishCountries = new Set([
  'ES',
  'MX',
  'AR',
  'BO',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'SV',
  'GQ',
  'GT',
  'HN',
  'NI',
  'PA',
  'PY',
  'PE',
  'PR',
  'UY',
  'VE',
]);

/** The language a contact gets when none is given: their number's country's (pt, es), else English. */
export function languageForCountry(country: string): Locale {
  return portugueseCountries.has(country) ? 'pt' : spanishCountries.has(country) ? 'es' : 'en';
}

/**
 * The language a message to a shopper is written in: the contact's, else the store's locale for them
 * (an order's or checkout's `customer_locale`, `pt-BR`), else their number's country's.
 */
export function shopperLanguage(contactLanguage: Locale | undefined, storeLocale: string | null, country: string): Locale {
  if (contactLanguage) return contactLanguage;
  const fromStore = storeLocale?.slice(0, 2).toLowerCase();
  return fromStore === 'pt' || fromStore === 'en' || fromStore === 'es' ? fromStore : languageForCountry(country);
}

const storable = () => storableText(contactValidation.unstorable.id);

/** A contact's name: trimmed, without bidirectional controls, bounded; empty is no name (null). */
export const contactNameSchema = z.pipe(
  storable().check(z.overwrite(withoutBidiControls), z.trim(), z.maxLength(CONTACT_NAME_MAX, { error: contactValidation.nameTooLong.id })),
  z.transform((name: string) => (name === '' ? null : name)),
);

/** A note on a consent change (how the shopper agreed, why they were removed): trimmed, bounded; empty is none. */
export const consentNoteSchema = z.pipe(
  storable().check(z.trim(), z.maxLength(CONSENT_NOTE_MAX, { error: contactValidation.noteTooLong.id })),
  z.transform((note: string) => (note === '' ? null : note)),
);

/** A list of purposes (a repeat is harmless), as each once in consentPurposes order. */
export const consentPurposeListSchema = z.pipe(
  z.array(z.enum(consentPurposes)).check(z.maxLength(10)),
  z.transform((purposes: ConsentPurpose[]) => consentPurposes.filter((purpose) => purposes.includes(purpose))),
);

/**
 * PATCH /contacts/{id}: the name (null or '' clears it), the language and the tags (the whole set: []
 * clears them; domain/contact-tags.ts). The number is the contact: never changed.
 */
export const updateContactSchema = z.strictObject({
  name: z.optional(z.nullable(contactNameSchema)),
  language: z.optional(localeSchema),
  tags: z.optional(contactTagsSchema),
});
export type UpdateContact = z.output<typeof updateContactSchema>;

/** POST /contacts/{id}/consent: the merchant (or an API caller) opts a contact in or out, with a note of why. */
export const contactConsentChangeSchema = z.strictObject({
  action: z.enum(['opt_in', 'opt_out']),
  purpose: z.enum([...consentPurposes, 'all']),
  note: z.optional(consentNoteSchema),
});
export type ContactConsentChange = z.output<typeof contactConsentChangeSchema>;

/** The events of a consent change made at `at` by `source` (an opt-in of 'all' is one per purpose). */
export function consentChangeEvents(
  change: Pick<ContactConsentChange, 'action' | 'purpose'>,
  source: 'merchant' | 'api',
  at: string,
): ConsentEvent[] {
  if (change.action === 'opt_out') return [{ kind: 'opt_out', purpose: change.purpose, source, at }];
  const purposes = change.purpose === 'all' ? consentPurposes : [change.purpose];
  return purposes.map((purpose) => ({ kind: 'opt_in', purpose, source, at }));
}

export const contactIdParamsSchema = z.strictObject({ id: z.uuid() });

export const CONTACTS_PAGE_SIZE = 50;

/**
 * GET /contacts: `q` searches names and numbers (digits anywhere in the number); `status` filters on
 * `purpose`'s status, or on either purpose's when no purpose is given; `tag`, on contacts with that
 * tag (normalised as tags are kept); pages of CONTACTS_PAGE_SIZE.
 */
export const contactListQuerySchema = z.object({
  q: z._default(storable().check(z.trim(), z.maxLength(100, { error: contactValidation.searchTooLong.id })), ''),
  purpose: z.optional(z.enum(consentPurposes)),
  status: z.optional(z.enum(consentStatuses)),
  tag: z.optional(contactTagSchema),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const purposeConsentSchema = z.object({
  status: z.enum(consentStatuses),
  source: z.nullable(z.enum(consentSources)),
  at: z.nullable(z.string()),
});

export const contactConsentSchema = z.object({ utility: purposeConsentSchema, marketing: purposeConsentSchema });

/** A contact as the API returns it. */
export const contactSchema = z.object({
  id: z.string(),
  phone: z.string(),
  country: z.string(),
  name: z.nullable(z.string().check(z.overwrite(withoutBidiControls))),
  language: localeSchema,
  /** Normalised, once each (domain/contact-tags.ts). */
  tags: z.array(z.string()),
  consent: contactConsentSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** One event of a contact's consent history: what it was, when it happened, what it did, when we recorded it. */
export const consentHistoryEntrySchema = z.object({
  id: z.string(),
  purpose: z.enum(consentPurposes),
  kind: z.enum(['opt_in', 'opt_out']),
  source: z.enum(consentSources),
  at: z.string(),
  effect: z.enum(consentEffects),
  note: z.nullable(z.string()),
  recordedAt: z.string(),
});
export type ConsentHistoryEntry = z.infer<typeof consentHistoryEntrySchema>;

/** GET /contacts/{id}: the contact and its consent history, newest first. */
export const contactDetailSchema = z.extend(contactSchema, { history: z.array(consentHistoryEntrySchema) });
export type ContactDetail = z.infer<typeof contactDetailSchema>;

export const contactListSchema = z.object({
  contacts: z.array(contactSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type ContactList = z.infer<typeof contactListSchema>;
