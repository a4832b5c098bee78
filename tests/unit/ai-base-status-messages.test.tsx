// An AI base's status is said in three places, each with its own message: the list's section
// headings (a group of bases: pt "Ativas"), a card's badge and a summary's "Status" line (one
// base: pt "Ativa"). They once shared one message, and a merchant read "Ativas" on a single
// base's badge. Checked over the compiled catalogs, as the app loads them.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from 'styled-components';
import { aiBaseStatuses, type AiBase, type AiBaseStatus } from '@/domain/ai-base';
import { locales, type Locale } from '@/domain/locales';
import { statusBadgeNames, statusSectionTitles, statusValueNames } from '@/src/features/ai-bases/ai-base-messages';
import { AiBaseSummary } from '@/src/features/ai-bases/components/ai-base-summary';
import { theme } from '@/src/ui/theme';

const catalogs = {} as Record<Locale, Messages>;
let i18n: I18n;

beforeAll(async () => {
  for (const locale of locales) catalogs[locale] = (await import(`../../locales/${locale}/messages.po`)).messages as Messages;
  i18n = setupI18n({ locale: 'en', messages: catalogs });
});

function say(locale: Locale, descriptor: MessageDescriptor): string {
  i18n.activate(locale);
  return i18n._(descriptor);
}

const places = { section: statusSectionTitles, badge: statusBadgeNames, summary: statusValueNames };

const expected: Record<Locale, Record<keyof typeof places, Record<AiBaseStatus, string>>> = {
  en: {
    section: { active: 'Active', training: 'In configuration', inactive: 'Deactivated' },
    badge: { active: 'Active', training: 'In configuration', inactive: 'Deactivated' },
    summary: { active: 'Active', training: 'In configuration', inactive: 'Deactivated' },
  },
  pt: {
    section: { active: 'Ativas', training: 'Em configuração', inactive: 'Desativadas' },
    badge: { active: 'Ativa', training: 'Em configuração', inactive: 'Desativada' },
    summary: { active: 'Ativa', training: 'Em configuração', inactive: 'Desativada' },
  },
  es: {
    section: { active: 'Activas', training: 'En configuración', inactive: 'Desactivadas' },
    badge: { active: 'Activa', training: 'En configuración', inactive: 'Desactivada' },
    summary: { active: 'Activa', training: 'En configuración', inactive: 'Desactivada' },
  },
};

describe('AI base status messages', () => {
  it('are three messages per status, one per place, none shared', () => {
    for (const status of aiBaseStatuses) {
      const ids = Object.values(places).map((names) => names[status].id);
      expect(new Set(ids).size, status).toBe(ids.length);
    }
  });

  it('each has its own entry in every compiled catalog (no fallback to the English text)', () => {
    for (const locale of locales) {
      for (const [place, names] of Object.entries(places)) {
        for (const status of aiBaseStatuses) expect(catalogs[locale], `${locale} ${place} ${status}`).toHaveProperty([names[status].id]);
      }
    }
  });

  for (const locale of locales) {
    it(`reads as one base's status on a badge and in a summary, and as a group in a section heading (${locale})`, () => {
      for (const [place, names] of Object.entries(places) as [keyof typeof places, Record<AiBaseStatus, MessageDescriptor>][]) {
        for (const status of aiBaseStatuses) expect(say(locale, names[status]), `${place} ${status}`).toBe(expected[locale][place][status]);
      }
    });
  }

  it("the badge of one active base says 'Ativa' in Portuguese, not the section's 'Ativas'", () => {
    expect(say('pt', statusBadgeNames.active)).toBe('Ativa');
    expect(say('pt', statusSectionTitles.active)).toBe('Ativas');
  });
});

describe('AiBaseSummary', () => {
  const base: AiBase = {
    id: 'b1',
    name: 'Ana, vendedora',
    function: 'seller',
    language: 'pt_br',
    voiceTone: 'friendly',
    personalized: true,
    instructions: '',
    expectedInputs: '',
    blockedTerms: [],
    creativity: 3,
    model: 'builtin-retrieval',
    status: 'active',
    step: 'refinement',
    progress: 100,
    channels: ['whatsapp'],
    version: 3,
    canRevert: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  function render(locale: Locale, status: AiBaseStatus) {
    i18n.activate(locale);
    return renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <AiBaseSummary base={{ ...base, status }} />
        </ThemeProvider>
      </I18nProvider>,
    );
  }

  it("shows one active base's status as 'Ativa' (pt) and 'Activa' (es)", () => {
    expect(render('pt', 'active')).toMatch(/<dt>Status<\/dt><dd>Ativa<\/dd>/);
    expect(render('es', 'active')).toMatch(/<dt>Estado<\/dt><dd>Activa<\/dd>/);
    expect(render('pt', 'inactive')).toMatch(/<dd>Desativada<\/dd>/);
  });
});
