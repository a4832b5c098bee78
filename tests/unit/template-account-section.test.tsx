// @vitest-environment happy-dom
// The line under a number on /templates says what its list holds from Meta (src/features/templates/
// templates-from-meta.ts): when its templates were last read whole ('Refresh'), when Meta's word on
// one of them came after that (a submission's answer, a review) — a number whose templates were
// submitted here and approved never said 'not read from Meta yet' again — and 'not read' only when
// nothing from Meta is there.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TemplateAccount, TemplateRecord } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { TemplateAccountSection } from '@/src/features/templates/components/template-account-section';
import { templatesFromMeta } from '@/src/features/templates/templates-from-meta';
import { renderInLang } from './support/render-in-lang';

afterEach(cleanup);

const CHANNEL = '00000000-0000-4000-8000-000000000081';

const record = (name: string, updatedAt: string): TemplateRecord => ({
  metaId: name,
  name,
  language: 'pt_BR',
  category: 'MARKETING',
  status: 'APPROVED',
  quality: 'GREEN',
  rejectedReason: null,
  parameterFormat: 'NAMED',
  content: readyMadeTemplate('order_confirmation').draft.languages.pt_BR!,
  unsupported: [],
  channelId: CHANNEL,
  pausedUntil: null,
  attention: null,
  updatedAt,
});

/** Submitted here, approved by Meta's review: never refreshed. */
const approved: TemplateAccount = {
  channelId: CHANNEL,
  displayPhoneNumber: '+55 11 93456-7890',
  wabaId: '102290129340398',
  refreshedAt: null,
  templates: [record('cart_reminder_1', '2026-11-27T10:00:00.000Z'), record('cart_reminder_2', '2026-11-27T10:05:00.000Z')],
};

async function show(account: TemplateAccount, lang: 'en' | 'pt' = 'pt') {
  await renderInLang(() => <TemplateAccountSection initial={account} />, {
    lang,
    routes: ['templates', 'channels/$id'],
    context: { api: {} },
  });
  return screen.findByRole('status');
}

describe('what a number’s templates hold from Meta', () => {
  it('templates submitted here and approved: the moment Meta’s last word came, not “not read yet”', async () => {
    expect(templatesFromMeta(approved)).toEqual({ kind: 'updated', at: '2026-11-27T10:05:00.000Z' });
    const status = await show(approved);
    expect(status.textContent).toMatch(/^Atualizados pela Meta em /);
    expect(status.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-27T10:05:00.000Z');
    expect(status.textContent).not.toContain('Ainda não lidos da Meta.');
  });

  it('read whole by Refresh: its moment; a review after it: that one', async () => {
    const refreshed = { ...approved, refreshedAt: '2026-11-27T11:00:00.000Z' };
    expect(templatesFromMeta(refreshed)).toEqual({ kind: 'read', at: '2026-11-27T11:00:00.000Z' });
    expect((await show(refreshed, 'en')).textContent).toMatch(/^Read from Meta /);
    cleanup();
    const reviewed = { ...refreshed, templates: [...refreshed.templates, record('promo', '2026-11-27T12:00:00.000Z')] };
    expect(templatesFromMeta(reviewed)).toEqual({ kind: 'updated', at: '2026-11-27T12:00:00.000Z' });
  });

  it('nothing from Meta yet: says so', async () => {
    const none = { ...approved, templates: [] };
    expect(templatesFromMeta(none)).toBeNull();
    expect((await show(none)).textContent).toBe('Ainda não lidos da Meta.');
  });
});
