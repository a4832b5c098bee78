// The ready-made templates (domain/ready-made-templates.ts) as the one-click submission relies on
// them: each passes Meta's rules in all three languages, with the same variables everywhere, goes
// to Meta as a valid creation body, and reads filled with its examples without a loose variable.
import { describe, expect, test } from 'vitest';
import {
  fillTemplate,
  templateDraftIssues,
  templateDraftSchema,
  templateLanguages,
  templateVariables,
  toGraphTemplate,
} from '@/domain/message-template';
import { readyMadeTemplate, readyMadeTemplateKeys, readyMadeTemplates } from '@/domain/ready-made-templates';

describe('ready-made templates', () => {
  test('one of each: two notices, three cart reminders, a campaign, with unique names', () => {
    expect(readyMadeTemplates.map((template) => template.key)).toEqual([...readyMadeTemplateKeys]);
    expect(new Set(readyMadeTemplates.map((template) => template.draft.name)).size).toBe(readyMadeTemplates.length);
    expect(readyMadeTemplates.map((template) => template.draft.category)).toEqual([
      'UTILITY',
      'UTILITY',
      'MARKETING',
      'MARKETING',
      'MARKETING',
      'MARKETING',
    ]);
    expect(readyMadeTemplate('order_shipped').draft.name).toBe('order_shipped');
  });

  test.each(readyMadeTemplates.map((template) => [template.key, template] as const))(
    '%s passes Meta’s rules and the API’s schema',
    (_, template) => {
      expect(templateDraftIssues(template.draft)).toEqual([]);
      expect(templateDraftSchema.parse(template.draft)).toEqual(template.draft);
    },
  );

  test.each(readyMadeTemplates.map((template) => [template.key, template] as const))(
    '%s exists in every language, with the same variables, and fills without a loose brace',
    (_, template) => {
      const variables = templateLanguages.map((language) => {
        const content = template.draft.languages[language];
        expect(content, language).toBeDefined();
        if (!content) return '';
        const filled = fillTemplate(content, content.examples);
        expect(filled.ok).toBe(true);
        if (filled.ok) expect(`${filled.message.header ?? ''} ${filled.message.body}`).not.toMatch(/[{}]/);
        expect(toGraphTemplate(template.draft, language).parameter_format).toBe('NAMED');
        return [...templateVariables(content)].sort().join(' ');
      });
      expect(new Set(variables).size).toBe(1);
    },
  );

  test('the notices carry what a shopper needs to know', () => {
    const variables = (key: Parameters<typeof readyMadeTemplate>[0]) => templateVariables(readyMadeTemplate(key).draft.languages.pt_BR!);
    expect(variables('order_confirmation')).toEqual(['first_name', 'order_number', 'order_total', 'order_status_url']);
    expect(variables('order_shipped')).toEqual(['first_name', 'order_number', 'carrier', 'tracking_url']);
    expect(variables('cart_reminder_1')).toEqual(['first_name', 'cart_url']);
    expect(variables('cart_reminder_3')).toEqual(['first_name', 'discount', 'cart_url', 'coupon_code']);
  });

  test('only the last cart reminder has a copy-code button; every marketing one offers a way out', () => {
    for (const template of readyMadeTemplates)
      for (const language of templateLanguages) {
        const buttons = template.draft.languages[language]?.buttons ?? [];
        expect(buttons.some((button) => button.type === 'copy_code')).toBe(template.key === 'cart_reminder_3');
        expect(buttons.some((button) => button.type === 'quick_reply')).toBe(template.draft.category === 'MARKETING');
      }
  });

  test('short messages, no shouting', () => {
    for (const template of readyMadeTemplates)
      for (const language of templateLanguages) {
        const content = template.draft.languages[language];
        const text = `${content?.header.type === 'text' ? content.header.text : ''} ${content?.body ?? ''}`;
        expect(content?.body.length).toBeLessThanOrEqual(320);
        expect(text).not.toMatch(/\b\p{Lu}{3,}\b/u);
        expect(text).not.toMatch(/!!|\?\?/);
      }
  });
});
