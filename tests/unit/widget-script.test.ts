// @vitest-environment happy-dom
// The website widget's script (widget/widget.ts) on a page: the button labelled in the page's
// language, the panel it opens with the greeting, the hours and 'Continue on WhatsApp' to the
// merchant's number with a message ready; the keyboard (focus into the panel, kept there, Escape
// gives it back to the button); the text colour that reads on the merchant's colour. The script in
// a real browser on foreign pages (hostile CSS, a strict CSP) is tests/e2e/widget-on-a-site.spec.ts.
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PublicWidget } from '@/domain/widget';
import { WIDGET_VISITOR_ID_PATTERN } from '@/domain/widget-chat-limits';
import { mountWidget, textColorOn, type ChatConnection } from '@/widget/widget';
import { whatsappLink } from '@/widget/widget-handoff';
import { publicWidget } from '../fixtures/public-widget';

const settings = publicWidget({
  look: { color: '#1F6FEB', position: 'left' },
  greetings: { en: 'Hi! Looking for a gift?', pt: 'Oi! Procurando um presente?', es: '¡Hola! ¿Buscas un regalo?' },
});

const ORIGIN = 'https://catalyst.example';
/** A page without network: the panel's code never comes. */
const offline: ChatConnection = { origin: ORIGIN, fetch: () => Promise.reject(new TypeError('Failed to fetch')), storage: null };

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

/** A Catalyst server handing out `ref`, recording what it was asked, and apart what the page reported (its events' kinds). */
function handingOut(ref: string, storage = new MemoryStorage()) {
  const asked: { url: string; init: RequestInit }[] = [];
  const reported: string[] = [];
  const connection: ChatConnection = {
    origin: ORIGIN,
    storage,
    fetch: ((url: string, init: RequestInit) => {
      if (url === `${ORIGIN}/api/v1/widget-sites/w1/events`) {
        expect(init).toMatchObject({
          method: 'POST',
          credentials: 'omit',
          keepalive: true,
          headers: { 'content-type': 'application/json' },
        });
        reported.push((JSON.parse(init.body as string) as { kind: string }).kind);
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      asked.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ ref }), { status: 200, headers: { 'content-type': 'application/json' } }));
    }) as typeof fetch,
  };
  return { asked, reported, connection, storage };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

/** The widget's parts, each looked up when read: the panel's exist once it was first opened. */
const parts = (host: HTMLElement) => {
  const root = host.shadowRoot!;
  return {
    root,
    get launcher() {
      return root.querySelector<HTMLButtonElement>('.launcher')!;
    },
    get panel() {
      return root.querySelector<HTMLElement>('[role="dialog"]')!;
    },
    get close() {
      return root.querySelector<HTMLButtonElement>('.close')!;
    },
    get whatsapp() {
      return root.querySelector<HTMLAnchorElement>('.whatsapp')!;
    },
  };
};
/** The widget with its panel opened once (and left open). */
const opened = (host: HTMLElement) => {
  const widget = parts(host);
  widget.launcher.click();
  return widget;
};
const key = (target: HTMLElement, init: KeyboardEventInit) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));

describe('on a page', () => {
  test('a labelled button opens the panel: the greeting and Continue on WhatsApp with a message ready, in the page’s language', () => {
    const host = mountWidget(settings, 'pt-BR', offline);
    const widget = parts(host);
    const { launcher, root } = widget;
    expect(host.isConnected).toBe(true);
    expect(host.className).toBe('left');
    expect(launcher.getAttribute('aria-label')).toBe('Fale com a gente');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    // A page view draws the button alone; the panel is built when it first opens.
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    launcher.click();
    const { panel, whatsapp } = widget;
    expect([launcher.getAttribute('aria-expanded'), panel.hidden, launcher.getAttribute('aria-controls')]).toEqual([
      'true',
      false,
      panel.id,
    ]);
    expect(root.querySelector('#title')!.textContent).toBe('Fale com a gente');
    expect(root.querySelector('.greeting')!.textContent).toBe('Oi! Procurando um presente?');
    expect(whatsapp.textContent).toBe('Continuar no WhatsApp');
    expect(whatsapp.href).toBe(whatsappLink('https://wa.me/5511940000001', 'Olá! Vim pelo site de vocês.'));
    expect(whatsapp.href).toBe('https://wa.me/5511940000001?text=Ol%C3%A1!%20Vim%20pelo%20site%20de%20voc%C3%AAs.');
    expect([whatsapp.target, whatsapp.rel]).toEqual(['_blank', 'noopener']);
  });

  test('a page in another language, or none, is answered in English; Spanish in Spanish', () => {
    expect(parts(mountWidget(settings, 'fr', offline)).launcher.getAttribute('aria-label')).toBe('Chat with us');
    document.body.replaceChildren();
    expect(opened(mountWidget(settings, 'es-MX', offline)).root.querySelector('.greeting')!.textContent).toBe('¡Hola! ¿Buscas un regalo?');
  });

  test('outside the hours it says so, and when someone answers', () => {
    const closed = { ...settings, open: false, openingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '18:00' } };
    const texts = [...opened(mountWidget(closed as PublicWidget, 'en', offline)).root.querySelectorAll('.hours')].map((p) => p.textContent);
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
    expect(opened(mountWidget(everyDay as PublicWidget, 'pt', offline)).root.querySelector('.hours')!.textContent).toBe(
      'Atendemos todos os dias, das 09:00 às 18:00.',
    );
  });
});

describe('Continue on WhatsApp', () => {
  const prefilled = 'Olá! Vim pelo site de vocês.';

  test('opening the panel asks once for the visitor’s code; the message then ends with it, kept for the page session', async () => {
    const server = handingOut('K7Q2MX');
    const widget = parts(mountWidget(settings, 'pt', server.connection));
    const { launcher } = widget;
    // A page view alone asks nothing.
    expect(server.asked).toEqual([]);
    launcher.click();
    const { close, whatsapp } = widget;
    await vi.waitFor(() => expect(whatsapp.href).toBe(whatsappLink('https://wa.me/5511940000001', `${prefilled} (ref K7Q2MX)`)));
    expect(server.asked).toHaveLength(1);
    expect(server.asked[0]!.url).toBe(`${ORIGIN}/api/v1/widget-sites/w1/handoffs`);
    expect(server.asked[0]!.init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' } });
    const { visitorId } = JSON.parse(server.asked[0]!.init.body as string) as { visitorId: string };
    expect(visitorId).toMatch(WIDGET_VISITOR_ID_PATTERN);
    close.click();
    launcher.click();
    expect(server.asked).toHaveLength(1);
    // Reported for the dashboard: shown once, opened twice; a click to WhatsApp (nothing of the visitor is sent).
    whatsapp.addEventListener('click', (event) => event.preventDefault());
    whatsapp.click();
    expect(server.reported).toEqual(['view', 'open', 'open', 'whatsapp']);

    // The next page of the session: the same code, asked of no one.
    document.body.replaceChildren();
    const again = handingOut('ZZZZZZ', server.storage);
    const next = parts(mountWidget(settings, 'pt', again.connection));
    next.launcher.click();
    await vi.waitFor(() => expect(next.whatsapp.href).toContain(encodeURIComponent('(ref K7Q2MX)')));
    expect(again.asked).toEqual([]);
  });

  test('without a code (no network) the link still opens the conversation, the message without one', async () => {
    const { whatsapp } = opened(mountWidget(settings, 'pt', offline));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(whatsapp.href).toBe(whatsappLink('https://wa.me/5511940000001', prefilled));
  });

  test('a click-to-chat address with a query of its own (the demo’s simulated shopper) gets text= after it', () => {
    expect(whatsappLink('http://127.0.0.1:4010/_demo/shopper?phone=5511940000001', 'Oi (ref K7Q2MX)')).toBe(
      'http://127.0.0.1:4010/_demo/shopper?phone=5511940000001&text=Oi%20(ref%20K7Q2MX)',
    );
  });

  test('on a desktop the same link is a QR code for the phone, redrawn with the code; a phone gets none', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(hover: hover) and (pointer: fine)' }));
    // Drawn as the panel opens, before the visitor's code is back; then again with it.
    const { root } = opened(mountWidget(settings, 'en', handingOut('K7Q2MX').connection));
    const code = () => root.querySelector('.qr svg');
    expect(code()!.getAttribute('role')).toBe('img');
    expect(code()!.getAttribute('aria-label')).toBe('Continue on WhatsApp');
    expect(root.querySelector('.qr figcaption')!.textContent).toBe('Or scan this code with your phone’s camera to continue there.');
    const before = code()!.querySelector('path')!.getAttribute('d');
    expect(before).toMatch(/^M/);
    await vi.waitFor(() => expect(code()!.querySelector('path')!.getAttribute('d')).not.toBe(before));

    document.body.replaceChildren();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const phone = opened(mountWidget(settings, 'en', offline));
    expect(phone.whatsapp).not.toBeNull();
    expect(phone.root.querySelector('.qr')).toBeNull();
  });
});

describe('the keyboard', () => {
  test('opening puts the focus in the panel, Tab keeps it there, Escape closes and gives it back to the button', () => {
    const widget = parts(mountWidget(settings, 'en', offline));
    const { launcher, root } = widget;
    launcher.click();
    const { panel, close, whatsapp } = widget;
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
