import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { leadRequestBody } from '@/tests/fixtures/lead-request-body';
import { createContactRequestSchema, createMaterialRequestSchema, isHoneypotFilled, leadValidation } from '@/domain/lead-requests';
import { websiteUrl } from '@/domain/lead-form-post';
import { leadValidationMessages } from '@/src/features/landing/lead-form/lead-validation-messages';
import { fieldErrorsOf } from '@/src/features/landing/lead-form/lead-form-errors';
import { emptyLeadForm, type LeadFormValues } from '@/src/features/landing/lead-form/lead-form-values';
import { outcomeOf } from '@/src/features/landing/lead-form/submit-lead-request';
import { toLeadRequest } from '@/src/features/landing/lead-form/to-lead-request';
import { ApiError, NetworkError } from '@/src/api/api-errors';

const contactSchema = createContactRequestSchema(isValidPhoneNumber);
const materialSchema = createMaterialRequestSchema(isValidPhoneNumber);

const valid = leadRequestBody({ email: 'ana@loja.com.br', position: 'E-commerce manager' });

/** `field: message id` for each issue, in order. */
const issues = (schema: typeof contactSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('contact request schema', () => {
  it('accepts a complete request and trims text', () => {
    const result = contactSchema.safeParse({ ...valid, name: '  Ana Souza ', email: ' ana@loja.com.br ' });
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe('Ana Souza');
    expect(result.data?.email).toBe('ana@loja.com.br');
  });

  it('reports one required message per empty field, with the issue texts as message ids', () => {
    const empty = { ...valid, name: ' ', email: '', phone: '', position: '', website: '', platform: '', privacyConsent: false };
    expect(issues(contactSchema, empty)).toEqual([
      `name: ${leadValidation.nameRequired}`,
      `email: ${leadValidation.emailRequired}`,
      `phone: ${leadValidation.phoneRequired}`,
      `position: ${leadValidation.positionRequired}`,
      `website: ${leadValidation.websiteRequired}`,
      `platform: ${leadValidation.platformRequired}`,
      `privacyConsent: ${leadValidation.privacyConsentRequired}`,
    ]);
  });

  it('uses the issue texts the landing page shows', () => {
    expect(Object.values(leadValidation)).toEqual([
      'Name is required',
      'Email is required',
      'The email must be valid',
      'Phone is required',
      'The phone number must be valid',
      'Position is required',
      'Homepage is required',
      'The website must be valid',
      'Platform is required',
      'You must accept the privacy policy',
      'This field is too long',
      'This field has characters that cannot be saved',
    ]);
    // Each text has the Lingui descriptor of the very same English source, so the page translates it.
    for (const text of Object.values(leadValidation)) expect(leadValidationMessages.get(text)?.message).toBe(text);
  });

  it('wants a valid email', () => {
    expect(issues(contactSchema, { ...valid, email: 'ana@' })).toEqual([`email: ${leadValidation.emailInvalid}`]);
  });

  it('wants the phone in E.164 and valid for its country', () => {
    for (const phone of ['(11) 98765-4321', '+55 11 98765-4321', '5511987654321', '+5512345', '+15555555555']) {
      expect(issues(contactSchema, { ...valid, phone }), phone).toEqual([`phone: ${leadValidation.phoneInvalid}`]);
    }
    for (const phone of ['+12015550123', '+525512345678', '+5491123456789', '+34612345678']) {
      expect(issues(contactSchema, { ...valid, phone }), phone).toEqual([]);
    }
  });

  it('runs the phone check it is given (the server passes the same library)', () => {
    const refuseAll = createContactRequestSchema(() => false);
    expect(issues(refuseAll, valid)).toEqual([`phone: ${leadValidation.phoneInvalid}`]);
  });

  it('wants an http(s) website with a real host name', () => {
    for (const website of [
      'loja',
      'https://loja',
      'ftp://loja.com',
      'javascript:alert(1)',
      'https://localhost',
      'https://user:pw@loja.com',
    ]) {
      expect(issues(contactSchema, { ...valid, website }), website).toEqual([`website: ${leadValidation.websiteInvalid}`]);
    }
    for (const website of ['https://loja.com.br', 'http://www.my-store.com/shop?x=1', 'https://tienda.mx/']) {
      expect(issues(contactSchema, { ...valid, website }), website).toEqual([]);
    }
  });

  it('knows the platforms and segments, and the segment is optional', () => {
    expect(issues(contactSchema, { ...valid, platform: 'ebay' })).toEqual([`platform: ${leadValidation.platformRequired}`]);
    expect(issues(contactSchema, { ...valid, segment: undefined })).toEqual([]);
    expect(issues(contactSchema, { ...valid, segment: 'cars' }).map((i) => i.split(':')[0])).toEqual(['segment']);
  });

  it('needs the privacy consent; the WhatsApp consent is a free choice', () => {
    expect(issues(contactSchema, { ...valid, privacyConsent: false })).toEqual([
      `privacyConsent: ${leadValidation.privacyConsentRequired}`,
    ]);
    expect(issues(contactSchema, { ...valid, whatsappConsent: true })).toEqual([]);
  });

  it('needs the page locale', () => {
    expect(issues(contactSchema, { ...valid, locale: 'fr' }).map((i) => i.split(':')[0])).toEqual(['locale']);
  });

  it('caps text lengths', () => {
    expect(issues(contactSchema, { ...valid, name: 'a'.repeat(121) })).toEqual([`name: ${leadValidation.tooLong}`]);
  });

  it('accepts a filled honeypot, so bots learn nothing; the server drops the request', () => {
    const bot = { ...valid, nickname: 'buy now' };
    expect(issues(contactSchema, bot)).toEqual([]);
    expect(isHoneypotFilled(bot)).toBe(true);
    expect(isHoneypotFilled(valid)).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
  });

  it('is the same shape for material requests', () => {
    expect(issues(materialSchema, valid)).toEqual([]);
    expect(issues(materialSchema, { ...valid, name: '' })).toEqual([`name: ${leadValidation.nameRequired}`]);
  });
});

describe('websiteUrl', () => {
  it('adds https:// to a bare domain and leaves URLs alone', () => {
    expect(websiteUrl(' loja.com.br ')).toBe('https://loja.com.br');
    expect(websiteUrl('www.loja.com/path')).toBe('https://www.loja.com/path');
    expect(websiteUrl('http://loja.com')).toBe('http://loja.com');
    expect(websiteUrl('')).toBe('');
  });
});

describe('the form values on the wire', () => {
  const typed: LeadFormValues = {
    ...emptyLeadForm,
    name: 'Ana',
    email: 'ana@loja.com.br',
    position: 'CEO',
    website: 'loja.com.br',
    platform: 'yampi',
    privacyConsent: true,
  };

  it('reads a phone in the page country: Brazil for pt, the US for en, "+" required for es', () => {
    expect(toLeadRequest({ ...typed, phone: '(11) 98765-4321' }, 'pt').phone).toBe('+5511987654321');
    expect(toLeadRequest({ ...typed, phone: '(201) 555-0123' }, 'en').phone).toBe('+12015550123');
    expect(toLeadRequest({ ...typed, phone: '+52 55 1234 5678' }, 'es').phone).toBe('+525512345678');
    expect(toLeadRequest({ ...typed, phone: '55 1234 5678' }, 'es').phone).toBe('55 1234 5678');
  });

  it('sends a full website URL, the locale, and no empty segment', () => {
    const request = toLeadRequest({ ...typed, phone: '11987654321' }, 'pt');
    expect(request).toMatchObject({ website: 'https://loja.com.br', locale: 'pt', segment: undefined, nickname: '' });
    expect(issues(contactSchema, request)).toEqual([]);
  });

  it('gives the first message per field', () => {
    const errors = fieldErrorsOf(contactSchema, toLeadRequest({ ...emptyLeadForm, phone: '12' }, 'es'));
    expect(errors).toEqual({
      name: leadValidation.nameRequired,
      email: leadValidation.emailRequired,
      phone: leadValidation.phoneInvalid,
      position: leadValidation.positionRequired,
      website: leadValidation.websiteRequired,
      platform: leadValidation.platformRequired,
      privacyConsent: leadValidation.privacyConsentRequired,
    });
  });
});

describe('the answer to a submitted request', () => {
  it('puts a 4xx with field messages on the fields it knows', () => {
    const error = new ApiError({
      status: 422,
      code: 'validation_failed',
      message: 'Invalid',
      fields: { email: 'The email must be valid', extra: 'x' },
    });
    expect(outcomeOf(error)).toEqual({ kind: 'invalid', fields: { email: 'The email must be valid' } });
  });

  it('reads 429 as rate limited, with the wait when the error carries it', () => {
    expect(outcomeOf(new ApiError({ status: 429, code: 'rate_limited', message: 'Slow down' }))).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: undefined,
    });
    const withWait = new ApiError({ status: 429, code: 'rate_limited', message: 'Slow down', retryAfterSeconds: 42 });
    expect(outcomeOf(withWait)).toEqual({ kind: 'rate-limited', retryAfterSeconds: 42 });
  });

  it('treats anything else as a failure to send', () => {
    expect(outcomeOf(new ApiError({ status: 404, code: 'not_found', message: 'Not found' }))).toEqual({ kind: 'failed' });
    expect(outcomeOf(new ApiError({ status: 400, code: 'bad_request', message: 'Bad', fields: { unknown: 'x' } }))).toEqual({
      kind: 'failed',
    });
    expect(outcomeOf(new ApiError({ status: 500, code: 'internal_error', message: 'Boom' }))).toEqual({ kind: 'failed' });
    expect(outcomeOf(new NetworkError(new TypeError('offline')))).toEqual({ kind: 'failed' });
  });
});
