// @vitest-environment happy-dom
// The website widget's script (widget/widget.ts) on a page: the button labelled in the page's
// language, the panel it opens with the greeting, the hours and 'Continue on WhatsApp' to the
// merchant's number with a message ready; the keyboard (focus into the panel, kept there, Escape
// gives it back to the button); the text colour that reads on the merchant's colour. The script in
// a real browser on foreign pages (hostile CSS, a strict CSP) is tests/e2e/widget-on-a-site.spec.ts.
import { afterEach, describe, expect, test } from 'vitest';
import type { PublicWidget } from '@/domain/widget';
import { mountWidget, textColorOn, whatsappLink } from '@/widget/widget';

const settings: PublicWidget = {
  publicId: 'w1',
  look: { color: '#1F6FEB', position: 'left' },
  greetings: { en: 'Hi! Looking for a gift?', pt: 'Oi! Procurando um presente?', es: '¡Hola! ¿Buscas un regalo?' },
  open: true,
  openingHours: null,
  whatsappNumber: '5511940000001',
  filterCatalogId: null,
};

afterEach(() => document.body.replaceChildren());

const parts = (host: HTMLElement) => {
  const root = host.shadowRoot!;
  return {
    root,
    launcher: root.querySelector<HTMLButtonElement>('.launcher')!,
    panel: root.querySelector<HTMLElement>('[role="dialog"]')!,
    close: root.querySelector<HTMLButtonElement>('.close')!,
    whatsapp: root.querySelector<HTMLAnchorElement>('.whatsapp')!,
  };
};
const key = (target: HTMLElement, init: KeyboardEventInit) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));

describe('on a page', () => {
  test('a labelled button opens the panel: the greeting and Continue on WhatsApp with a message ready, in the page’s language', () => {
    const host = mountWidget(settings, 'pt-BR');
    const { launcher, panel, whatsapp, root } = parts(host);
    expect(host.isConnected).toBe(true);
    expect(host.className).toBe('left');
    expect(launcher.getAttribute('aria-label')).toBe('Fale com a gente');
    expect([launcher.getAttribute('aria-expanded'), panel.hidden]).toEqual(['false', true]);
    launcher.click();
    expect([launcher.getAttribute('aria-expanded'), panel.hidden]).toEqual(['true', false]);
    expect(root.querySelector('#title')!.textContent).toBe('Fale com a gente');
    expect(root.querySelector('.greeting')!.textContent).toBe('Oi! Procurando um presente?');
    expect(whatsapp.textContent).toBe('Continuar no WhatsApp');
    expect(whatsapp.href).toBe(whatsappLink('5511940000001', 'Olá! Vim pelo site de vocês.'));
    expect(whatsapp.href).toBe('https://wa.me/5511940000001?text=Ol%C3%A1!%20Vim%20pelo%20site%20de%20voc%C3%AAs.');
    expect([whatsapp.target, whatsapp.rel]).toEqual(['_blank', 'noopener']);
  });

  test('a page in another language, or none, is answered in English; Spanish in Spanish', () => {
    expect(parts(mountWidget(settings, 'fr')).launcher.getAttribute('aria-label')).toBe('Chat with us');
    document.body.replaceChildren();
    expect(parts(mountWidget(settings, 'es-MX')).root.querySelector('.greeting')!.textContent).toBe('¡Hola! ¿Buscas un regalo?');
  });

  test('outside the hours it says so, and when someone answers', () => {
    const closed = { ...settings, open: false, openingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '18:00' } };
    const texts = [...parts(mountWidget(closed as PublicWidget, 'en')).root.querySelectorAll('.hours')].map((p) => p.textContent);
    expect(texts).toEqual([
      'We are away right now: send your message and we will answer when we are back.',
      'We answer Mon, Tue, Wed, Thu, Fri, 09:00–18:00.',
    ]);
    document.body.replaceChildren();
    const everyDay = {
      ...closed,
      open: true,
      openingHours: { ...closed.openingHours, days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] },
    };
    expect(parts(mountWidget(everyDay as PublicWidget, 'pt')).root.querySelector('.hours')!.textContent).toBe(
      'Atendemos todos os dias, das 09:00 às 18:00.',
    );
  });
});

describe('the keyboard', () => {
  test('opening puts the focus in the panel, Tab keeps it there, Escape closes and gives it back to the button', () => {
    const { launcher, panel, close, whatsapp, root } = parts(mountWidget(settings, 'en'));
    launcher.click();
    expect(root.activeElement).toBe(close);
    // Through the chat's field and button (tests/unit/widget-chat.test.ts) to the last control.
    const [input, send] = [root.querySelector<HTMLInputElement>('#chat-text')!, root.querySelector<HTMLButtonElement>('.send')!];
    key(close, { key: 'Tab' });
    expect(root.activeElement).toBe(input);
    key(input, { key: 'Tab' });
    expect(root.activeElement).toBe(send);
    key(send, { key: 'Tab' });
    expect(root.activeElement).toBe(whatsapp);
    key(whatsapp, { key: 'Tab' });
    expect(root.activeElement).toBe(close);
    key(close, { key: 'Tab', shiftKey: true });
    expect(root.activeElement).toBe(whatsapp);
    key(whatsapp, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
    expect(root.activeElement).toBe(launcher);
    launcher.click();
    close.click();
    expect([panel.hidden, root.activeElement]).toEqual([true, launcher]);
  });
});

describe('the merchant’s colour', () => {
  test.each([
    ['#1F6FEB', '#ffffff'],
    ['#000000', '#ffffff'],
    ['#FFE066', '#000000'],
    ['#FFFFFF', '#000000'],
  ])('on %s the text is %s', (color, text) => expect(textColorOn(color)).toBe(text));
});
