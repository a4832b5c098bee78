// The contacts' vocabulary (domain/contact.ts) as the contact store, the screens and the one template
// sender rely on it: numbers as typed read to E.164 with their country, consent moved only by the
// rules of applyConsentEvent (opt-out wins; a claim never undoes the shopper's own opt-out), templates
// allowed by category, stop words read in three languages without catching shopping talk, the opt-in
// buttons, and the API's schemas.
import { describe, expect, test } from 'vitest';
import {
  applyConsentEvent,
  consentButtonPurpose,
  consentButtons,
  consentChangeEvents,
  consentHistoryRecords,
  consentRefusal,
  contactConsentChangeSchema,
  contactDetailSchema,
  contactListQuerySchema,
  contactValidation,
  contactValidationMessages,
  isOptOutMessage,
  languageForCountry,
  mayReceive,
  noConsent,
  optOutConfirmations,
  updateContactSchema,
  BUTTON_TITLE_MAX,
  CONSENT_NOTE_MAX,
  CONTACT_NAME_MAX,
  type ConsentEvent,
  type ConsentSource,
  type ContactConsent,
  type OptInSource,
} from '@/domain/contact';
import { createContactSchema, phoneFromWhatsappId, readContactPhone, type CountryCode } from '@/domain/contact-phone';
import { locales } from '@/domain/locales';

describe('numbers', () => {
  const valid: [typed: string, country: CountryCode | undefined, e164: string, numberCountry: string][] = [
    // Brazil: area code in brackets, spaces, the trunk 0, a carrier code, the +55, WhatsApp's digits.
    ['(11) 98765-4321', 'BR', '+5511987654321', 'BR'],
    ['11 98765 4321', 'BR', '+5511987654321', 'BR'],
    ['011 98765-4321', 'BR', '+5511987654321', 'BR'],
    ['0 21 11 98765-4321', 'BR', '+5511987654321', 'BR'],
    ['+55 (11) 9 8765-4321', 'BR', '+5511987654321', 'BR'],
    ['5511987654321', 'BR', '+5511987654321', 'BR'],
    ['(21) 3456-7890', 'BR', '+552134567890', 'BR'],
    // United States (and Canada on +1).
    ['(415) 555-2671', 'US', '+14155552671', 'US'],
    ['1-415-555-2671', 'US', '+14155552671', 'US'],
    ['415.555.2671', 'US', '+14155552671', 'US'],
    ['+1 204 234 5678', 'BR', '+12042345678', 'CA'],
    // Spain.
    ['612 34 56 78', 'ES', '+34612345678', 'ES'],
    ['0034 612 34 56 78', 'ES', '+34612345678', 'ES'],
    ['+34 612345678', 'BR', '+34612345678', 'ES'],
    // Mexico, with the old mobile forms WhatsApp still writes.
    ['55 1234 5678', 'MX', '+525512345678', 'MX'],
    ['(55) 1234-5678', 'MX', '+525512345678', 'MX'],
    ['+52 1 55 1234 5678', undefined, '+525512345678', 'MX'],
    ['044 55 1234 5678', 'MX', '+525512345678', 'MX'],
    // Any country when the + is written, with no default at all.
    ['+351 912 345 678', undefined, '+351912345678', 'PT'],
  ];
  test.each(valid)('%s read in %s is %s (%s)', (typed, country, e164, numberCountry) => {
    expect(readContactPhone(typed, country)).toEqual({ ok: true, phone: e164, country: numberCountry });
  });

  const invalid: [typed: string, country: CountryCode | undefined][] = [
    ['123', 'BR'],
    ['abc', 'BR'],
    // A Brazilian mobile of before the ninth digit, and digits no Brazilian number starts with.
    ['(11) 8765-4321', 'BR'],
    ['+55 11 0000-0000', 'BR'],
    ['+1 555 555 5555', 'US'],
    // A national number with no country to read it in.
    ['612 34 56 78', undefined],
    // A switchboard's extension, a number of no country, and something far too long.
    ['+55 11 98765-4321 ext 2', 'BR'],
    ['+800 1234 5678', undefined],
    ['+55 11 98765-4321 '.repeat(3), 'BR'],
  ];
  test.each(invalid)('%s read in %s is refused as invalid', (typed, country) => {
    expect(readContactPhone(typed, country)).toEqual({ ok: false, error: contactValidation.phoneInvalid });
  });

  test('an empty number is refused as missing', () => {
    expect(readContactPhone('   ', 'BR')).toEqual({ ok: false, error: contactValidation.phoneRequired });
  });

  test("a WhatsApp id reads as the contact's number: Brazil's ninth digit restored, Mexico's old 1 dropped", () => {
    expect(phoneFromWhatsappId('5511987654321')).toBe('+5511987654321');
    expect(phoneFromWhatsappId('551187654321')).toBe('+5511987654321');
    expect(phoneFromWhatsappId('552134567890')).toBe('+552134567890');
    expect(phoneFromWhatsappId('5215512345678')).toBe('+525512345678');
    expect(phoneFromWhatsappId('14155552671')).toBe('+14155552671');
    expect(phoneFromWhatsappId('+14155552671')).toBeNull();
    expect(phoneFromWhatsappId('15555555555')).toBeNull();
  });

  test("a contact's language defaults to its country's", () => {
    expect(['BR', 'PT', 'MX', 'ES', 'AR', 'US', 'GB', 'FR'].map(languageForCountry)).toEqual([
      'pt',
      'pt',
      'es',
      'es',
      'es',
      'en',
      'en',
      'en',
    ]);
  });
});

const T = (minute: number) => new Date(Date.UTC(2025, 4, 1, 10, minute)).toISOString();
const subscribed = (source: ConsentSource, at: string) => ({ status: 'subscribed', source, at }) as const;
const unsubscribed = (source: ConsentSource, at: string) => ({ status: 'unsubscribed', source, at }) as const;
const consentOf = (utility: ContactConsent['utility'], marketing: ContactConsent['marketing'] = noConsent.marketing): ContactConsent => ({
  utility,
  marketing,
});
const optIn = (source: OptInSource, at: string, purpose: 'utility' | 'marketing' = 'utility'): ConsentEvent => ({
  kind: 'opt_in',
  purpose,
  source,
  at,
});

describe('consent', () => {
  test('an opt-in subscribes a purpose never asked, and only that purpose', () => {
    const change = applyConsentEvent(noConsent, optIn('cart_page', T(0)));
    expect(change).toEqual({ consent: consentOf(subscribed('cart_page', T(0))), effects: { utility: 'subscribed' } });
  });

  test('a purpose already subscribed keeps its first consent, unless the shopper now gives their own', () => {
    const byImport = consentOf(subscribed('csv_import', T(0)));
    expect(applyConsentEvent(byImport, optIn('api', T(5)))).toEqual({ consent: byImport, effects: { utility: 'unchanged' } });
    expect(applyConsentEvent(byImport, optIn('whatsapp_conversation', T(5)))).toEqual({
      consent: consentOf(subscribed('whatsapp_conversation', T(5))),
      effects: { utility: 'subscribed' },
    });
    const byShopper = consentOf(subscribed('whatsapp_conversation', T(0)));
    expect(applyConsentEvent(byShopper, optIn('whatsapp_conversation', T(5))).effects).toEqual({ utility: 'unchanged' });
  });

  test('a stop word (the webhook names marketing) unsubscribes marketing at once, whatever it was; order updates are kept', () => {
    const consent = consentOf(subscribed('cart_page', T(0)), unsubscribed('merchant', T(1)));
    const change = applyConsentEvent(consent, { kind: 'opt_out', purpose: 'marketing', source: 'stop_word', at: T(5) });
    expect(change).toEqual({
      consent: consentOf(subscribed('cart_page', T(0)), unsubscribed('stop_word', T(5))),
      effects: { marketing: 'unsubscribed' },
    });
  });

  test('an opt-out of every purpose (the merchant’s) unsubscribes each at once, whatever it was', () => {
    const consent = consentOf(subscribed('cart_page', T(0)), unsubscribed('api', T(1)));
    const change = applyConsentEvent(consent, { kind: 'opt_out', purpose: 'all', source: 'merchant', at: T(5) });
    expect(change).toEqual({
      consent: consentOf(unsubscribed('merchant', T(5)), unsubscribed('api', T(1))),
      effects: { utility: 'unsubscribed', marketing: 'unchanged' },
    });
  });

  test('an opt-out of someone never subscribed is kept, so a later claim cannot subscribe them', () => {
    const stopped = applyConsentEvent(noConsent, { kind: 'opt_out', purpose: 'marketing', source: 'meta_error_131050', at: T(0) });
    expect(stopped.consent.marketing).toEqual(unsubscribed('meta_error_131050', T(0)));
    expect(stopped.consent.utility).toEqual(noConsent.utility);
    expect(applyConsentEvent(stopped.consent, optIn('csv_import', T(30), 'marketing')).effects).toEqual({
      marketing: 'ignored_shopper_opt_out',
    });
  });

  test('an opt-in dated before (or at) a later opt-out never resubscribes, even in the shopper’s own voice', () => {
    const optedOut = consentOf(unsubscribed('merchant', T(10)));
    for (const source of ['whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'merchant'] as const) {
      expect(applyConsentEvent(optedOut, optIn(source, T(9)))).toEqual({
        consent: optedOut,
        effects: { utility: 'ignored_before_opt_out' },
      });
      expect(applyConsentEvent(optedOut, optIn(source, T(10))).effects).toEqual({ utility: 'ignored_before_opt_out' });
    }
    expect(
      applyConsentEvent(consentOf(noConsent.utility, unsubscribed('stop_word', T(10))), { kind: 'marketing_resume', at: T(9) }).effects,
    ).toEqual({ marketing: 'ignored_before_opt_out' });
  });

  test("no claim (import, API, cart page, merchant) undoes the shopper's own opt-out, however much later", () => {
    const shopperOptOuts = [
      consentOf(unsubscribed('stop_word', T(0))),
      consentOf(unsubscribed('meta_user_preferences', T(0))),
      consentOf(unsubscribed('meta_error_131050', T(0))),
      consentOf(unsubscribed('whatsapp_conversation', T(0))),
    ];
    for (const consent of shopperOptOuts) {
      for (const source of ['cart_page', 'csv_import', 'api', 'merchant'] as const) {
        expect(applyConsentEvent(consent, optIn(source, T(59)))).toEqual({ consent, effects: { utility: 'ignored_shopper_opt_out' } });
      }
    }
  });

  test('the shopper opts in again through their own conversation or Meta’s marketing resume', () => {
    const stopped = consentOf(unsubscribed('stop_word', T(0)), unsubscribed('meta_user_preferences', T(0)));
    const button = applyConsentEvent(stopped, optIn('whatsapp_conversation', T(1)));
    expect(button).toEqual({
      consent: consentOf(subscribed('whatsapp_conversation', T(1)), unsubscribed('meta_user_preferences', T(0))),
      effects: { utility: 'subscribed' },
    });
    const resumed = applyConsentEvent(button.consent, { kind: 'marketing_resume', at: T(2) });
    expect(resumed).toEqual({
      consent: consentOf(subscribed('whatsapp_conversation', T(1)), subscribed('meta_user_preferences', T(2))),
      effects: { marketing: 'subscribed' },
    });
  });

  test('an opt-out by the merchant or the API is undone by any opt-in dated after it', () => {
    for (const source of ['merchant', 'api'] as const) {
      const optedOut = applyConsentEvent(consentOf(subscribed('cart_page', T(0))), {
        kind: 'opt_out',
        purpose: 'utility',
        source,
        at: T(5),
      });
      expect(optedOut.consent.utility).toEqual(unsubscribed(source, T(5)));
      expect(applyConsentEvent(optedOut.consent, optIn('csv_import', T(6)))).toEqual({
        consent: consentOf(subscribed('csv_import', T(6))),
        effects: { utility: 'subscribed' },
      });
    }
  });

  test("the shopper's own opt-out replaces a claimed one (dated at the later of the two); a claimed one never replaces theirs", () => {
    const byMerchant = consentOf(unsubscribed('merchant', T(10)));
    const stopWord = applyConsentEvent(byMerchant, { kind: 'opt_out', purpose: 'all', source: 'stop_word', at: T(5) });
    expect(stopWord.consent).toEqual(consentOf(unsubscribed('stop_word', T(10)), unsubscribed('stop_word', T(5))));
    expect(stopWord.effects).toEqual({ utility: 'unsubscribed', marketing: 'unsubscribed' });
    expect(applyConsentEvent(stopWord.consent, optIn('api', T(30))).effects).toEqual({ utility: 'ignored_shopper_opt_out' });

    const again = applyConsentEvent(stopWord.consent, { kind: 'opt_out', purpose: 'utility', source: 'merchant', at: T(40) });
    expect(again).toEqual({ consent: stopWord.consent, effects: { utility: 'unchanged' } });
  });

  test("an opt-out wins over any claimed consent, even one dated after it; only the shopper's own later opt-in makes it stale", () => {
    const imported = consentOf(subscribed('csv_import', T(20)));
    expect(applyConsentEvent(imported, { kind: 'opt_out', purpose: 'utility', source: 'stop_word', at: T(10) })).toEqual({
      consent: consentOf(unsubscribed('stop_word', T(10))),
      effects: { utility: 'unsubscribed' },
    });
    const tapped = consentOf(subscribed('whatsapp_conversation', T(20)));
    expect(applyConsentEvent(tapped, { kind: 'opt_out', purpose: 'utility', source: 'stop_word', at: T(10) })).toEqual({
      consent: tapped,
      effects: { utility: 'ignored_stale_opt_out' },
    });
    // At the same moment, or later, the opt-out wins.
    expect(applyConsentEvent(tapped, { kind: 'opt_out', purpose: 'utility', source: 'stop_word', at: T(20) }).effects).toEqual({
      utility: 'unsubscribed',
    });
  });

  test('events leave the consent they are given as it was', () => {
    const consent = consentOf(subscribed('cart_page', T(0)));
    const copy = structuredClone(consent);
    applyConsentEvent(consent, { kind: 'opt_out', purpose: 'all', source: 'stop_word', at: T(1) });
    expect(consent).toEqual(copy);
  });

  test('an event whose time is not a date is a programming error', () => {
    expect(() => applyConsentEvent(noConsent, optIn('api', 'yesterday'))).toThrow(RangeError);
    expect(() => applyConsentEvent(noConsent, { kind: 'opt_out', purpose: 'all', source: 'api', at: '' })).toThrow(RangeError);
  });

  test('history records one entry per purpose an event named, with what it did and its note', () => {
    const event: ConsentEvent = { kind: 'opt_out', purpose: 'all', source: 'stop_word', at: T(3) };
    const change = applyConsentEvent(consentOf(subscribed('cart_page', T(0))), event);
    expect(consentHistoryRecords(event, change, 'PARAR')).toEqual([
      { purpose: 'utility', kind: 'opt_out', source: 'stop_word', at: T(3), effect: 'unsubscribed', note: 'PARAR' },
      { purpose: 'marketing', kind: 'opt_out', source: 'stop_word', at: T(3), effect: 'unsubscribed', note: 'PARAR' },
    ]);
    const resume: ConsentEvent = { kind: 'marketing_resume', at: T(4) };
    expect(consentHistoryRecords(resume, applyConsentEvent(change.consent, resume))).toEqual([
      { purpose: 'marketing', kind: 'opt_in', source: 'meta_user_preferences', at: T(4), effect: 'subscribed', note: null },
    ]);
  });

  test('a template goes only where its category’s consent is; authentication templates never', () => {
    const utilityOnly = { consent: consentOf(subscribed('cart_page', T(0)), unsubscribed('stop_word', T(1))) };
    expect(mayReceive(utilityOnly, 'UTILITY')).toBe(true);
    expect(mayReceive(utilityOnly, 'MARKETING')).toBe(false);
    expect(consentRefusal(utilityOnly, 'MARKETING')).toBe('unsubscribed');
    expect(consentRefusal({ consent: noConsent }, 'UTILITY')).toBe('not_subscribed');
    const both = { consent: consentOf(subscribed('cart_page', T(0)), subscribed('whatsapp_conversation', T(0))) };
    expect(mayReceive(both, 'MARKETING')).toBe(true);
    expect(mayReceive(both, 'AUTHENTICATION')).toBe(false);
    expect(consentRefusal(both, 'AUTHENTICATION')).toBe('category_not_sent');
  });
});

describe('stop words', () => {
  const optOuts = [
    // Portuguese.
    'PARAR',
    'parar por favor',
    'Pare',
    'SAIR',
    'sair.',
    'Quero sair da lista',
    'quero sair',
    'Descadastrar',
    'me descadastra pfv',
    'CANCELAR',
    'Por favor, parem de me enviar mensagens de promoção',
    'pode parar de me mandar mensagem',
    'não quero mais',
    'Não quero mais receber mensagens',
    'me tira dessa lista',
    // English.
    'STOP',
    'Stop!!!',
    'stop please',
    'STOP ALL',
    'Unsubscribe',
    'unsubscribe me',
    'How do I unsubscribe?',
    'Please stop texting me',
    'no more messages',
    'remove me from your list',
    "I don't want to receive these messages",
    'cancel',
    'opt out',
    // Spanish.
    'BAJA',
    'baja por favor',
    'Dame de baja',
    'quiero darme de baja',
    'NO MAS',
    'No más',
    'no más mensajes, gracias',
    'No quiero recibir más mensajes',
    'cancelar',
    'dejen de enviarme promociones',
    'Quiero salir de la lista',
  ];
  test.each(optOuts)('%j opts out', (message) => {
    expect(isOptOutMessage(message)).toBe(true);
  });

  const ordinary = [
    // Portuguese.
    'Não quero parar de comprar aqui',
    'Vou sair agora, depois te respondo',
    'Quando vai sair meu pedido?',
    'quero cancelar o pedido',
    'Cancelar a compra',
    'o site parou de funcionar',
    'Não quero mais esse tamanho, tem o M?',
    'Não quero receber o pedido amanhã',
    'Tem essa blusa na cor azul?',
    'Parabéns pelo atendimento, vou voltar a comprar',
    'Oi',
    '',
    'Sim, quero receber atualizações do pedido',
    // English.
    'Can you stop by the store tomorrow?',
    "I can't stop buying here",
    'When does the sale end?',
    'Please cancel my order',
    'No more stock?',
    "Don't stop sending me deals",
    'Yes, order updates',
    // Spanish.
    '¿Cuándo baja el precio?',
    'No quiero esa talla',
    'No, gracias',
    'Voy a salir, luego te escribo',
    'Quiero cancelar mi pedido',
    '¿Tienen envío a Monterrey?',
    // Long messages are not opt-outs, whatever they contain.
    'Oi, eu queria saber se vocês param de vender esse modelo, porque quero sair pra comprar hoje com a minha irmã',
    `STOP ${'a'.repeat(400)}`,
  ];
  test.each(ordinary)('%j does not opt out', (message) => {
    expect(isOptOutMessage(message)).toBe(false);
  });
});

describe('opt-in buttons', () => {
  test('every title fits WhatsApp’s 20 characters, in every language', () => {
    for (const button of Object.values(consentButtons)) {
      for (const locale of locales) {
        expect(button.title[locale].length).toBeGreaterThan(0);
        expect(button.title[locale].length).toBeLessThanOrEqual(BUTTON_TITLE_MAX);
      }
    }
  });

  test('a reply is recognised by its id, and nothing else is', () => {
    expect(consentButtonPurpose(consentButtons.utility.id)).toBe('utility');
    expect(consentButtonPurpose(consentButtons.marketing.id)).toBe('marketing');
    expect(consentButtonPurpose('Quero atualizações')).toBeNull();
    expect(consentButtonPurpose('')).toBeNull();
  });

  test('the prompt names a stop word that works, and neither a button title nor a confirmation is one', () => {
    const stopWords = { pt: 'PARAR', en: 'STOP', es: 'BAJA' } as const;
    for (const locale of locales) {
      for (const button of Object.values(consentButtons)) {
        expect(button.prompt[locale]).toContain(stopWords[locale]);
        expect(isOptOutMessage(button.title[locale])).toBe(false);
      }
      expect(isOptOutMessage(stopWords[locale])).toBe(true);
      expect(isOptOutMessage(optOutConfirmations[locale])).toBe(false);
    }
  });
});

/** Each field's message id for `input` under `schema`, or {} when it passes. */
const fieldErrors = (
  schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) => {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('API schemas', () => {
  test('a new contact’s number is read in the given country; its country and language follow the number', () => {
    expect(
      createContactSchema.parse({
        phone: '(11) 98765-4321',
        country: ' br ',
        name: '  Maria  Silva ',
        optIn: ['marketing', 'utility', 'utility'],
      }),
    ).toEqual({
      phone: '+5511987654321',
      country: 'BR',
      name: 'Maria  Silva',
      language: 'pt',
      optIn: ['utility', 'marketing'],
      note: null,
      tags: [],
    });
    expect(createContactSchema.parse({ phone: '+52 55 1234 5678', country: 'BR', language: 'en', name: '' })).toEqual({
      phone: '+525512345678',
      country: 'MX',
      name: null,
      language: 'en',
      optIn: [],
      note: null,
      tags: [],
    });
  });

  test('a new contact is refused at the field to fix', () => {
    expect(fieldErrors(createContactSchema, { phone: '612 34 56 78' })).toEqual({ phone: contactValidation.phoneInvalid.id });
    expect(fieldErrors(createContactSchema, { phone: '', country: 'BR' })).toEqual({ phone: contactValidation.phoneRequired.id });
    expect(fieldErrors(createContactSchema, { phone: '11987654321', country: 'XX' })).toEqual({
      country: contactValidation.countryInvalid.id,
    });
    expect(fieldErrors(createContactSchema, { phone: '+5511987654321', name: 'a'.repeat(121) })).toEqual({
      name: contactValidation.nameTooLong.id,
    });
    expect(fieldErrors(createContactSchema, { phone: '+5511987654321', name: 'a\u0000b' })).toEqual({
      name: contactValidation.unstorable.id,
    });
    expect(fieldErrors(createContactSchema, { phone: '+5511987654321', language: 'fr' })).toHaveProperty('language');
    expect(fieldErrors(createContactSchema, { phone: '+5511987654321', optIn: ['sms'] })).toHaveProperty(['optIn.0']);
    expect(fieldErrors(createContactSchema, { phone: '+5511987654321', note: 'n'.repeat(501) })).toEqual({
      note: contactValidation.noteTooLong.id,
    });
    expect(fieldErrors(createContactSchema, { phone: '+5511987654321', extra: 1 })).not.toEqual({});
  });

  test('a name loses its bidirectional controls', () => {
    expect(createContactSchema.parse({ phone: '+5511987654321', name: 'Ana\u202egpj.exe' }).name).toBe('Anagpj.exe');
  });

  test('an update changes the name (cleared by null or empty) and the language, never the number', () => {
    expect(updateContactSchema.parse({ name: ' Ana ', language: 'es' })).toEqual({ name: 'Ana', language: 'es' });
    expect(updateContactSchema.parse({ name: '' })).toEqual({ name: null });
    expect(updateContactSchema.parse({ name: null })).toEqual({ name: null });
    expect(updateContactSchema.safeParse({ phone: '+5511987654321' }).success).toBe(false);
  });

  test('a consent change by the merchant becomes events at the time given', () => {
    const optInAll = contactConsentChangeSchema.parse({ action: 'opt_in', purpose: 'all', note: ' signed the form ' });
    expect(optInAll.note).toBe('signed the form');
    expect(consentChangeEvents(optInAll, 'merchant', T(0))).toEqual([
      { kind: 'opt_in', purpose: 'utility', source: 'merchant', at: T(0) },
      { kind: 'opt_in', purpose: 'marketing', source: 'merchant', at: T(0) },
    ]);
    expect(consentChangeEvents({ action: 'opt_out', purpose: 'all' }, 'api', T(1))).toEqual([
      { kind: 'opt_out', purpose: 'all', source: 'api', at: T(1) },
    ]);
    expect(contactConsentChangeSchema.safeParse({ action: 'resubscribe', purpose: 'utility' }).success).toBe(false);
  });

  test('the list query has defaults, reads the page from a query string, and bounds what it takes', () => {
    expect(contactListQuerySchema.parse({})).toEqual({ q: '', page: 1 });
    expect(contactListQuerySchema.parse({ q: ' maria ', purpose: 'marketing', status: 'unsubscribed', page: '3' })).toEqual({
      q: 'maria',
      purpose: 'marketing',
      status: 'unsubscribed',
      page: 3,
    });
    for (const bad of [{ page: '0' }, { page: '1.5' }, { page: 'x' }, { status: 'opted_out' }, { purpose: 'sms' }]) {
      expect(contactListQuerySchema.safeParse(bad).success).toBe(false);
    }
    expect(fieldErrors(contactListQuerySchema, { q: 'q'.repeat(101) })).toEqual({ q: contactValidation.searchTooLong.id });
  });

  test('a contact’s detail carries its consent and history', () => {
    const detail = {
      id: 'c1',
      phone: '+5511987654321',
      country: 'BR',
      name: 'Maria',
      language: 'pt',
      tags: ['vip'],
      consent: consentOf(subscribed('cart_page', T(0))),
      createdAt: T(0),
      updatedAt: T(0),
      history: [
        { id: 'h1', purpose: 'utility', kind: 'opt_in', source: 'cart_page', at: T(0), effect: 'subscribed', note: null, recordedAt: T(0) },
      ],
    };
    expect(contactDetailSchema.parse(detail)).toEqual(detail);
    expect(contactDetailSchema.safeParse({ ...detail, history: [{ ...detail.history[0], effect: 'maybe' }] }).success).toBe(false);
  });

  test('the length messages state the limits in force', () => {
    expect(contactValidation.nameTooLong.message).toContain(`${CONTACT_NAME_MAX} characters`);
    expect(contactValidation.noteTooLong.message).toContain(`${CONSENT_NOTE_MAX} characters`);
  });

  test('every validation message can be found by its id', () => {
    for (const descriptor of Object.values(contactValidation)) expect(contactValidationMessages.get(descriptor.id)).toBe(descriptor);
  });
});
