// The AI base's validation messages: one descriptor each in domain/ai-base, whose id is what the
// schemas' issues and the API's `error.fields` carry and what the SPA translates. Checked over the
// compiled catalogs, as the app loads them.
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  aiBaseValidation,
  aiBaseValidationMessages,
  instructionsSchema,
  refinementSchema,
  MAX_BLOCKED_TERMS,
  type AiBaseFunction,
  type AiBaseLanguage,
  type VoiceTone,
} from '@/domain/ai-base';
import { locales, type Locale } from '@/domain/locales';
import type { InstructionsDraft } from '@/machines/ai-base-wizard';
import { useFieldError } from '@/src/features/ai-bases/use-field-error';

const catalogs = {} as Record<Locale, Messages>;
let i18n: I18n;

beforeAll(async () => {
  for (const locale of locales) catalogs[locale] = (await import(`../../locales/${locale}/messages.po`)).messages as Messages;
  i18n = setupI18n({ locale: 'en', messages: catalogs });
});

const descriptors = Object.values(aiBaseValidation);

/** Each field's first issue message, as the wizard shows them. */
function fieldErrorsOf(schema: typeof instructionsSchema | typeof refinementSchema, value: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('AI base validation messages', () => {
  it('have stable, readable ids, one per message', () => {
    // An id is part of the API (error.fields) and the catalogs' key: renaming one is a breaking change.
    expect(descriptors.map((descriptor) => descriptor.id)).toEqual([
      'ai_base.name_required',
      'ai_base.name_taken',
      'ai_base.function_required',
      'ai_base.language_required',
      'ai_base.voice_tone_required',
      'ai_base.personalized_required',
      'ai_base.too_long',
      'ai_base.too_many_blocked_terms',
      'ai_base.creativity_range',
      'ai_base.unstorable',
    ]);
    expect(aiBaseValidationMessages.size).toBe(descriptors.length);
    for (const descriptor of descriptors) expect(aiBaseValidationMessages.get(descriptor.id)).toBe(descriptor);
  });

  it('are in every compiled catalog, translated in pt and es (no fallback to the English text)', () => {
    for (const descriptor of descriptors) {
      for (const locale of locales) expect(catalogs[locale], `${locale} ${descriptor.id}`).toHaveProperty([descriptor.id]);
      i18n.activate('en');
      expect(i18n._(descriptor)).toBe(descriptor.message);
      for (const locale of ['pt', 'es'] as const) {
        i18n.activate(locale);
        const translated = i18n._({ id: descriptor.id });
        expect(translated.trim(), `${locale} ${descriptor.id}`).not.toBe('');
        expect(translated, `${locale} ${descriptor.id}`).not.toBe(descriptor.id);
        expect(translated, `${locale} ${descriptor.id}`).not.toBe(descriptor.message);
      }
    }
  });

  it("are what the schemas' issues carry: the ids", () => {
    expect(fieldErrorsOf(instructionsSchema, { name: ' ', instructions: '', expectedInputs: '' })).toEqual({
      name: aiBaseValidation.nameRequired.id,
      function: aiBaseValidation.functionRequired.id,
      language: aiBaseValidation.languageRequired.id,
      voiceTone: aiBaseValidation.voiceToneRequired.id,
      personalized: aiBaseValidation.personalizedRequired.id,
    });
    const refinement = { blockedTerms: [], creativity: 3, model: 'builtin-retrieval' };
    expect(fieldErrorsOf(refinementSchema, { ...refinement, creativity: 11 })).toEqual({ creativity: aiBaseValidation.creativityRange.id });
    expect(fieldErrorsOf(refinementSchema, { ...refinement, blockedTerms: ['x'.repeat(101)] })).toEqual({
      blockedTerms: aiBaseValidation.tooLong.id,
    });
    expect(
      fieldErrorsOf(refinementSchema, { ...refinement, blockedTerms: Array.from({ length: MAX_BLOCKED_TERMS + 1 }, (_, i) => `t${i}`) }),
    ).toEqual({
      blockedTerms: aiBaseValidation.tooManyBlockedTerms.id,
    });
  });

  it("show in the page's language; an id the SPA does not know (a newer server's) as sent", () => {
    const errors = { name: aiBaseValidation.nameTaken.id, model: 'ai_base.some_newer_rule' };
    function Errors() {
      const error = useFieldError(errors);
      return (
        <>
          <p>{error('name')}</p>
          <p>{error('model')}</p>
          <p>{error('function') ?? '-'}</p>
        </>
      );
    }
    const render = (locale: Locale) => {
      i18n.activate(locale);
      return renderToStaticMarkup(
        <I18nProvider i18n={i18n}>
          <Errors />
        </I18nProvider>,
      );
    };
    expect(render('en')).toBe('<p>You already have an AI base with this name.</p><p>ai_base.some_newer_rule</p><p>-</p>');
    expect(render('pt')).toBe('<p>Você já tem uma base de IA com este nome.</p><p>ai_base.some_newer_rule</p><p>-</p>');
    expect(render('es')).toBe('<p>Ya tienes una base de IA con este nombre.</p><p>ai_base.some_newer_rule</p><p>-</p>');
  });

  it("the wizard's Instructions draft is the schema's fields, choices widened to empty", () => {
    expectTypeOf<InstructionsDraft>().toEqualTypeOf<{
      name: string;
      function: AiBaseFunction | '';
      language: AiBaseLanguage | '';
      voiceTone: VoiceTone | '';
      personalized: boolean | null;
      instructions: string;
      expectedInputs: string;
    }>();
  });
});
