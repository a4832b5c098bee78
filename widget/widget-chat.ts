// The chat in the widget's panel: the shopper's messages and the AI base's answers (a list a screen
// reader reads as they come), a labelled text field and a send button, 'typing…' while the answer is
// on its way, product cards (image, title, price in the merchant's currency, 'Add to cart' to the cart
// summary page), and a translated line when no answer comes (no network, too many messages, the
// day's answers given, nothing answering now). The page keeps the conversation for its session
// (sessionStorage): a random visitor id, the conversation's id and its messages — nothing else.
// Posts to POST /api/v1/widget-sites/{public id}/messages (domain/widget-chat.ts), types only.
import type { WidgetChatAnswer, WidgetProductCard } from '@/domain/widget-chat';
import { WIDGET_CHAT_TEXT_MAX } from '@/domain/widget-chat-limits';
import type { Locale } from '@/domain/locales';
import { element } from './widget-dom';
import type { WidgetStrings } from './widget-strings';

/** A message as the panel shows it and the session keeps it. */
export type ChatEntry =
  | { role: 'shopper'; text: string }
  | { role: 'agent'; text: string; cards: WidgetProductCard[]; catalogUrl: string | null }
  | { role: 'error'; text: string };

type Session = { visitorId: string; conversationId: string | null; entries: ChatEntry[] };

export type ChatOptions = {
  /** The messages endpoint of the widget. */
  endpoint: string;
  strings: WidgetStrings;
  locale: Locale;
  /** Where the page session keeps the conversation (null: nothing kept, as when storage is blocked). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  storageKey: string;
  fetch: typeof fetch;
};

/** A random visitor id (base64url, 22 characters): the page's, never the shopper's. */
export function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const numberLocales: Record<Locale, string> = { en: 'en-US', pt: 'pt-BR', es: 'es' };

/** The digits of `currency`'s minor unit (2 for BRL, 0 for JPY); 2 for a currency Intl does not know. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A price in minor units as the shopper's language writes it in `currency` ('R$ 49,90'); '' when unknown. */
export function priceText(priceMinor: number | null, currency: string | null, locale: Locale): string {
  if (priceMinor === null || !currency) return '';
  try {
    const format = new Intl.NumberFormat(numberLocales[locale], { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(priceMinor / 10 ** digits);
  } catch {
    return '';
  }
}

function readSession(options: ChatOptions): Session {
  try {
    const kept = JSON.parse(options.storage?.getItem(options.storageKey) ?? 'null') as Session | null;
    if (kept && typeof kept.visitorId === 'string' && Array.isArray(kept.entries)) return kept;
  } catch {
    /* a session the page cannot read: a new one */
  }
  return { visitorId: newVisitorId(), conversationId: null, entries: [] };
}

/** An error answer's line, by its code. */
function errorLine(strings: WidgetStrings, status: number, code: string | undefined): string {
  if (code === 'daily_cap_reached') return strings.errorDailyCap;
  if (status === 429) return strings.errorTooMany;
  if (code === 'not_answering') return strings.errorNotAnswering;
  return strings.errorGeneric;
}

/** The chat, drawn into `container`; answers the elements the panel's focus moves through. */
export function mountChat(container: HTMLElement, options: ChatOptions) {
  const { strings } = options;
  const session = readSession(options);
  const keep = () => {
    try {
      options.storage?.setItem(options.storageKey, JSON.stringify(session));
    } catch {
      /* storage full or blocked: the conversation lasts as long as the panel */
    }
  };

  const list = element('ol', { class: 'messages', 'aria-live': 'polite', 'aria-label': strings.messagesLabel });
  const form = element('form', { class: 'composer' });
  const label = element('label', { for: 'chat-text', class: 'sr-only' }, strings.messageLabel);
  const input = element('input', {
    id: 'chat-text',
    type: 'text',
    maxlength: String(WIDGET_CHAT_TEXT_MAX),
    autocomplete: 'off',
    placeholder: strings.messagePlaceholder,
  });
  const send = element('button', { type: 'submit', class: 'send' }, strings.send);
  form.append(label, input, send);
  container.append(list, form);

  function drawEntry(entry: ChatEntry) {
    const item = element('li', { class: `message ${entry.role}` });
    item.append(element('p', {}, entry.text));
    if (entry.role === 'agent') {
      if (entry.cards.length > 0) {
        const cards = element('ul', { class: 'cards' });
        for (const card of entry.cards) {
          const each = element('li', { class: 'card' });
          if (card.imageUrl) each.append(element('img', { src: card.imageUrl, alt: '', loading: 'lazy', width: '64', height: '64' }));
          const about = element('div');
          about.append(element('p', { class: 'card-title' }, card.title));
          const price = priceText(card.priceMinor, card.currency, options.locale);
          if (price) about.append(element('p', { class: 'price' }, price));
          about.append(
            element(
              'a',
              { class: 'add', href: card.cartUrl, target: '_blank', rel: 'noopener', 'aria-label': strings.addToCartNamed(card.title) },
              strings.addToCart,
            ),
          );
          each.append(about);
          cards.append(each);
        }
        item.append(cards);
      }
      if (entry.catalogUrl)
        item.append(element('a', { class: 'catalog', href: entry.catalogUrl, target: '_blank', rel: 'noopener' }, strings.seeCatalog));
    }
    list.append(item);
    list.scrollTop = list.scrollHeight;
  }

  function add(entry: ChatEntry) {
    session.entries.push(entry);
    keep();
    drawEntry(entry);
  }

  for (const entry of session.entries) drawEntry(entry);

  let typing: HTMLLIElement | null = null;
  const setWaiting = (waiting: boolean) => {
    send.disabled = waiting;
    form.setAttribute('aria-busy', String(waiting));
    if (waiting) {
      typing = element('li', { class: 'message agent typing' }, strings.typing);
      list.append(typing);
      list.scrollTop = list.scrollHeight;
    } else {
      typing?.remove();
      typing = null;
    }
  };

  async function ask(text: string): Promise<void> {
    add({ role: 'shopper', text });
    setWaiting(true);
    try {
      let response: Response;
      try {
        response = await options.fetch(options.endpoint, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ visitorId: session.visitorId, conversationId: session.conversationId, text }),
        });
      } catch {
        add({ role: 'error', text: strings.errorNetwork });
        return;
      }
      const body = (await response.json().catch(() => null)) as (WidgetChatAnswer & { error?: { code?: string } }) | null;
      if (!response.ok || !body || body.error) {
        add({ role: 'error', text: errorLine(strings, response.status, body?.error?.code) });
        return;
      }
      session.conversationId = body.conversationId;
      add({ role: 'agent', text: body.text, cards: body.cards ?? [], catalogUrl: body.catalogUrl ?? null });
    } finally {
      setWaiting(false);
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || send.disabled) return;
    input.value = '';
    void ask(text);
  });

  return { input, send, list, ask, visitorId: session.visitorId };
}
