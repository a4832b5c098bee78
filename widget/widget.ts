// The website widget: the one <script src="…/widget.js" data-catalyst="{public id}" async> a merchant
// pastes into their site. It reads the widget's settings from the Catalyst server the script came
// from (GET /api/v1/widget-sites/{public id}: answered only to the sites the merchant listed) and
// draws, inside a shadow root (the page's CSS cannot reach in, nor ours out), a labelled button that
// opens a panel with the greeting in the page's language, when someone answers, the chat with the AI
// base (./widget-chat.ts), and 'Continue on WhatsApp' to the merchant's number with a message ready
// to send, ending in its visitor's code (./widget-handoff.ts; on a desktop also as a QR code). The
// page's load draws the button alone; the panel is built when it first opens. What it did (shown,
// opened, a finder search, a click to WhatsApp) is reported for the dashboard (./widget-events.ts).
// Keyboard: the panel keeps the focus while open, Escape closes it and gives the focus back to the
// button. No framework, no global but the build's one namespace (CatalystWidget); a second copy of
// the script on a page does nothing.
import { cartItemsParam } from '@/domain/cart-items';
import type { PublicWidget } from '@/domain/widget';
import { mountChat, type ChatOptions } from './widget-chat';
import { widgetReporter, type WidgetReporter } from './widget-events';
import { mountFilter } from './widget-filter';
import { handoffLink, handoffRef, onDesktop, qrCode } from './widget-handoff';
import { element } from './widget-dom';
import { widgetCss } from './widget-style';
import { pageLocale, widgetStrings, type WidgetStrings } from './widget-strings';

const HOST_TAG = 'catalyst-widget';
const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z"/></svg>';

/** Black or white, whichever reads better on the merchant's colour (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white (1.05 / (L + .05)) against with black ((L + .05) / .05): the larger wins.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** When someone answers, in words: 'We answer Mon, Tue, Wed, Thu, Fri, 09:00–18:00.' */
function hoursText(strings: WidgetStrings, hours: NonNullable<PublicWidget['openingHours']>): string {
  const order = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
  const days =
    hours.days.length === 7 ? strings.everyDay : order.flatMap((day, i) => (hours.days.includes(day) ? [strings.days[i]] : [])).join(', ');
  return strings.hours(days, hours.start, hours.end);
}

/** Where the chat posts and keeps its session: the Catalyst server the script came from, the page's sessionStorage. */
export type ChatConnection = Pick<ChatOptions, 'fetch' | 'storage'> & { origin: string };

/** The page's sessionStorage, or null where the page blocks it. */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Where a panel's parts post and what they show: the widget's settings in the page's language. */
type PanelContext = {
  settings: PublicWidget;
  locale: ReturnType<typeof pageLocale>;
  connection: ChatConnection;
  /** The widget's public API on the Catalyst server: `{sitePath}/messages`, `/catalog`, `/handoffs`, `/events`. */
  sitePath: string;
  report: WidgetReporter;
};

/**
 * The panel: its head, the greeting and hours, the chat, the finder, 'Continue on WhatsApp' (and on a
 * desktop its QR code). Built when the panel first opens, not at the page's load: the host page's
 * main thread then pays for the launcher alone (bench:widget's TBT).
 */
function buildPanel({ settings, locale, connection, sitePath, report }: PanelContext) {
  const strings = widgetStrings[locale];
  const panel = element('section', { id: 'panel', class: 'panel', role: 'dialog', 'aria-labelledby': 'title' });
  panel.hidden = true;
  const head = element('div', { class: 'head' });
  const close = element('button', { type: 'button', class: 'close', 'aria-label': strings.close }, '×');
  head.append(element('h2', { id: 'title' }, strings.title), close);
  const body = element('div', { class: 'body' });
  body.append(element('p', { class: 'greeting' }, settings.greetings[locale]));
  if (!settings.open) body.append(element('p', { class: 'hours' }, strings.closedNow));
  if (settings.openingHours) body.append(element('p', { class: 'hours' }, hoursText(strings, settings.openingHours)));
  const chat = mountChat(body, {
    endpoint: `${sitePath}/messages`,
    strings,
    locale,
    storage: connection.storage,
    storageKey: `catalyst-chat:${settings.publicId}`,
    fetch: connection.fetch,
  });
  // The message 'Continue on WhatsApp' opens with: the prefilled text, the finder's picks, the visitor's code.
  let ref: string | null = null;
  let picks: string[] = [];
  const whatsapp = element('a', { class: 'whatsapp', target: '_blank', rel: 'noopener' });
  whatsapp.innerHTML = CHAT_ICON;
  whatsapp.append(strings.continueOnWhatsapp);
  const filterCatalogId = settings.filterCatalogId;
  if (filterCatalogId)
    mountFilter(body, {
      endpoint: `${sitePath}/catalog`,
      cartPage: (lineIds) =>
        `${connection.origin}/${locale}/c/${encodeURIComponent(filterCatalogId)}/cart?items=${encodeURIComponent(
          cartItemsParam(lineIds.map((retailerId) => ({ retailerId, quantity: 1 }))),
        )}&ref=${encodeURIComponent(settings.linkRef)}`,
      strings,
      locale,
      fetch: connection.fetch,
      onPicks: (names) => {
        picks = names;
        drawLink();
      },
      onSearch: () => report('search'),
    });
  whatsapp.addEventListener('click', () => report('whatsapp'));
  body.append(whatsapp);
  // On a desktop, the same link as a QR code for the phone.
  const qr = onDesktop() ? element('figure', { class: 'qr' }) : null;
  if (qr) body.append(qr);
  function drawLink() {
    const message = picks.length > 0 ? `${strings.prefilled} ${strings.iWouldLike(picks.join(', '))}` : strings.prefilled;
    whatsapp.href = handoffLink(settings.whatsappLink, message, ref);
    qr?.replaceChildren(qrCode(whatsapp.href, strings.continueOnWhatsapp), element('figcaption', {}, strings.scanQr));
  }
  drawLink();
  // The code, asked for once the panel first opens (a page view alone makes none).
  let handoff: Promise<void> | null = null;
  const askHandoff = () =>
    (handoff ??= handoffRef({
      endpoint: `${sitePath}/handoffs`,
      visitorId: chat.visitorId,
      storage: connection.storage,
      storageKey: `catalyst-ref:${settings.publicId}`,
      fetch: connection.fetch,
    }).then((code) => {
      if (!code) return;
      ref = code;
      drawLink();
    }));
  panel.append(head, body);
  return { panel, close, askHandoff };
}

/** Draws the widget for `settings` on the page (its button; the panel on the first open); its host element. */
export function mountWidget(
  settings: PublicWidget,
  lang: string | null,
  connection: ChatConnection = { origin: location.origin, fetch: (...args) => fetch(...args), storage: sessionStore() },
): HTMLElement {
  const locale = pageLocale(lang);
  const strings = widgetStrings[locale];
  const host = document.createElement(HOST_TAG);
  host.className = settings.look.position;
  host.style.setProperty('--catalyst-color', settings.look.color);
  host.style.setProperty('--catalyst-on-color', textColorOn(settings.look.color));
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(widgetCss);
  root.adoptedStyleSheets = [sheet];

  const launcher = element('button', { type: 'button', class: 'launcher', 'aria-label': strings.open, 'aria-expanded': 'false' });
  launcher.innerHTML = CHAT_ICON;
  const sitePath = `${connection.origin}/api/v1/widget-sites/${encodeURIComponent(settings.publicId)}`;
  const report = widgetReporter(`${sitePath}/events`, connection.fetch);
  let built: ReturnType<typeof buildPanel> | null = null;
  const opened = () => {
    if (built) return built;
    built = buildPanel({ settings, locale, connection, sitePath, report });
    const { panel } = built;
    launcher.setAttribute('aria-controls', panel.id);
    built.close.addEventListener('click', () => setOpen(false));
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        setOpen(false);
      } else if (event.key === 'Tab') {
        // The focus stays in the open panel: from its last control to its first, and back.
        const controls = [...panel.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input, select')].filter(
          (control) => !control.closest('[hidden]'),
        );
        const at = controls.indexOf(root.activeElement as HTMLElement);
        const next = event.shiftKey ? (at <= 0 ? controls.length - 1 : at - 1) : at === controls.length - 1 ? 0 : at + 1;
        event.preventDefault();
        controls[next]!.focus();
      }
    });
    launcher.before(panel);
    return built;
  };

  const setOpen = (open: boolean) => {
    const { panel, close, askHandoff } = opened();
    if (open) {
      void askHandoff();
      report('open');
    }
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    (open ? close : launcher).focus();
  };
  launcher.addEventListener('click', () => setOpen(!built || built.panel.hidden));
  root.append(launcher);
  document.body.append(host);
  report('view');
  return host;
}

/** The script's own element: the one running, else the first that names a widget. */
function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.catalyst) return current;
  return document.querySelector<HTMLScriptElement>('script[data-catalyst]');
}

/** Reads the settings from the server the script came from and draws the widget; nothing when it may not. */
export async function start(): Promise<void> {
  const script = ownScript();
  const publicId = script?.dataset.catalyst;
  if (!script || !publicId || document.querySelector(HOST_TAG)) return;
  const origin = new URL(script.src, location.href).origin;
  const answer = await fetch(`${origin}/api/v1/widget-sites/${encodeURIComponent(publicId)}`, { credentials: 'omit' });
  // A site not listed, a widget off: the page stays as it was.
  if (!answer.ok) return;
  const settings = (await answer.json()) as PublicWidget;
  // A second copy of the script may have read its settings meanwhile: one widget a page.
  const connection: ChatConnection = { origin, fetch: (...args) => fetch(...args), storage: sessionStore() };
  const draw = () => void (document.querySelector(HOST_TAG) ?? mountWidget(settings, document.documentElement.lang, connection));
  if (document.body) draw();
  else document.addEventListener('DOMContentLoaded', draw, { once: true });
}

void start();
