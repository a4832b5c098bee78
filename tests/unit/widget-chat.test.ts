// @vitest-environment happy-dom
// The chat in the widget's panel (widget/widget-chat.ts) on a page: the list a screen reader reads as
// answers come, the labelled field and button, 'typing…' while the answer is on its way, the answer's
// product cards (image, title, price in the merchant's currency, 'Add to cart' to the cart page), a
// translated line for each way an answer fails, and the conversation kept for the page session. The
// server is a function here (what it answers is proved in tests/server/widget-chat.test.ts).
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { WidgetChatAnswer } from '@/domain/widget-chat';
import { WIDGET_VISITOR_ID_PATTERN } from '@/domain/widget-chat-limits';
import { priceText } from '@/widget/widget-chat';
import { mountWidget } from '@/widget/widget';
import { publicWidget } from '../fixtures/public-widget';

const settings = publicWidget();
const ORIGIN = 'https://catalyst.example';
const ENDPOINT = `${ORIGIN}/api/v1/widget-sites/w1/messages`;

const answer: WidgetChatAnswer = {
  conversationId: '6f1c1f9e-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  text: 'As camisetas são 100% algodão.',
  cards: [
    {
      title: 'Camiseta Básica — P',
      imageUrl: 'https://cdn.example.com/camiseta.jpg',
      priceMinor: 4990,
      currency: 'BRL',
      cartUrl: `${ORIGIN}/pt/c/inv1/cart?items=CAM-P%3A1`,
    },
  ],
  catalogUrl: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A server the test answers by hand: each chat request waits until the test says what it gets. The
 * handoff code the opened panel asks for and the events it reports (tests/unit/widget-script.test.ts) are answered at once.
 */
function heldServer() {
  const requests: { url: string; init: RequestInit; respond: (response: Response | Error) => void }[] = [];
  const fetcher = ((url: string, init: RequestInit) =>
    url.endsWith('/handoffs')
      ? Promise.resolve(json(200, { ref: 'K7Q2MX' }))
      : url.endsWith('/events')
        ? Promise.resolve(new Response(null, { status: 204 }))
        : new Promise<Response>((resolve, reject) =>
            requests.push({ url, init, respond: (response) => (response instanceof Error ? reject(response) : resolve(response)) }),
          )) as typeof fetch;
  return { requests, fetcher };
}

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

afterEach(() => document.body.replaceChildren());

function chatOn(lang: string, fetcher: typeof fetch, storage = new MemoryStorage()) {
  const host = mountWidget(settings, lang, { origin: ORIGIN, fetch: fetcher, storage });
  const root = host.shadowRoot!;
  root.querySelector<HTMLButtonElement>('.launcher')!.click();
  const input = root.querySelector<HTMLInputElement>('#chat-text')!;
  const send = root.querySelector<HTMLButtonElement>('.send')!;
  const list = root.querySelector<HTMLOListElement>('.messages')!;
  const say = (text: string) => {
    input.value = text;
    root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  };
  const texts = () => [...list.children].map((item) => `${item.className}: ${item.querySelector('p')?.textContent ?? item.textContent}`);
  /** Once the answer (or its failure) is drawn: 'typing…' gone. */
  const settle = () => vi.waitFor(() => expect(root.querySelector('.typing')).toBeNull());
  return { root, input, send, list, say, texts, storage, settle };
}

describe('the chat', () => {
  test('a list read aloud as it changes, a labelled field and a send button, in the page’s language', () => {
    const { root, input, send, list } = chatOn('pt-BR', heldServer().fetcher);
    expect(list.getAttribute('aria-live')).toBe('polite');
    expect(list.getAttribute('aria-label')).toBe('Conversa');
    expect(root.querySelector(`label[for="${input.id}"]`)!.textContent).toBe('Sua mensagem');
    expect(input.maxLength).toBe(500);
    expect(send.textContent).toBe('Enviar');
  });

  test('a message: shown at once, typing while the answer comes, then the answer with its product cards', async () => {
    const server = heldServer();
    const { say, texts, send, input, root, settle } = chatOn('pt', server.fetcher);
    say('  Vocês têm camisetas?  ');
    expect(input.value).toBe('');
    expect(texts()).toEqual(['message shopper: Vocês têm camisetas?', 'message agent typing: Digitando…']);
    expect(send.disabled).toBe(true);
    const [request] = server.requests;
    expect(request!.url).toBe(ENDPOINT);
    expect(request!.init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' } });
    const sent = JSON.parse(request!.init.body as string) as { visitorId: string; conversationId: string | null; text: string };
    expect(sent).toMatchObject({ conversationId: null, text: 'Vocês têm camisetas?' });
    expect(sent.visitorId).toMatch(WIDGET_VISITOR_ID_PATTERN);

    request!.respond(json(200, answer));
    await settle();
    expect(texts()).toEqual(['message shopper: Vocês têm camisetas?', 'message agent: As camisetas são 100% algodão.']);
    expect(send.disabled).toBe(false);
    const card = root.querySelector('.card')!;
    expect(card.querySelector('img')!.getAttribute('src')).toBe('https://cdn.example.com/camiseta.jpg');
    expect(card.querySelector('.card-title')!.textContent).toBe('Camiseta Básica — P');
    expect(card.querySelector('.price')!.textContent).toBe(priceText(4990, 'BRL', 'pt'));
    expect(priceText(4990, 'BRL', 'pt').replace(/\s/g, ' ')).toBe('R$ 49,90');
    const add = card.querySelector<HTMLAnchorElement>('a.add')!;
    expect([add.textContent, add.getAttribute('href'), add.target]).toEqual(['Adicionar ao carrinho', answer.cards[0]!.cartUrl, '_blank']);
    expect(add.getAttribute('aria-label')).toBe('Adicionar Camiseta Básica — P ao carrinho');

    // The next message continues the conversation, from the same visitor.
    say('E o prazo?');
    const next = JSON.parse(server.requests[1]!.init.body as string) as typeof sent;
    expect(next).toEqual({ visitorId: sent.visitorId, conversationId: answer.conversationId, text: 'E o prazo?' });
  });

  test('a blank message sends nothing', () => {
    const server = heldServer();
    const { say, texts } = chatOn('en', server.fetcher);
    say('   ');
    expect(server.requests).toEqual([]);
    expect(texts()).toEqual([]);
  });

  test.each([
    ['no network', new TypeError('Failed to fetch'), 'Your message could not be sent: check your connection and try again.'],
    [
      'the day’s answers given',
      json(429, { error: { code: 'daily_cap_reached', message: '…' } }),
      'The chat has answered all it can for today: continue on WhatsApp and we will answer you there.',
    ],
    [
      'too many messages',
      json(429, { error: { code: 'rate_limited', message: '…' } }),
      'Too many messages at once: wait a moment and send it again.',
    ],
    [
      'nothing answering',
      json(503, { error: { code: 'not_answering', message: '…' } }),
      'The chat cannot answer right now: continue on WhatsApp and we will answer you there.',
    ],
    ['a server failure', new Response('<html>', { status: 502 }), 'Something went wrong with the answer: try again in a moment.'],
  ])('%s: a translated line, and the chat takes the next message', async (_case, response, line) => {
    const server = heldServer();
    const { say, texts, send, settle } = chatOn('en', server.fetcher);
    say('Hello?');
    server.requests[0]!.respond(response);
    await settle();
    expect(texts()).toEqual(['message shopper: Hello?', `message error: ${line}`]);
    expect(send.disabled).toBe(false);
  });

  test('the daily cap’s line in Spanish', async () => {
    const server = heldServer();
    const { say, texts, settle } = chatOn('es', server.fetcher);
    say('Hola');
    server.requests[0]!.respond(json(429, { error: { code: 'daily_cap_reached', message: '…' } }));
    await settle();
    expect(texts()[1]).toBe('message error: El chat ya respondió todo lo que podía hoy: sigue en WhatsApp y te respondemos allí.');
  });

  test('the conversation is kept for the page session: a new page view shows it and continues it as the same visitor', async () => {
    const server = heldServer();
    const first = chatOn('pt', server.fetcher);
    first.say('Vocês têm camisetas?');
    server.requests[0]!.respond(json(200, answer));
    await first.settle();
    const kept = first.texts();
    document.body.replaceChildren();

    const again = chatOn('pt', server.fetcher, first.storage);
    expect(again.texts()).toEqual(kept);
    expect(again.root.querySelector('.card .card-title')!.textContent).toBe('Camiseta Básica — P');
    again.say('E o prazo?');
    const [before, after] = server.requests.map((request) => JSON.parse(request.init.body as string) as { visitorId: string });
    expect(after).toMatchObject({ visitorId: before!.visitorId, conversationId: answer.conversationId });
    // Only the visitor id, the conversation's id and the messages are kept.
    expect(Object.keys(JSON.parse([...first.storage.items.values()][0]!) as object).sort()).toEqual([
      'conversationId',
      'entries',
      'visitorId',
    ]);
  });

  test('Tab keeps the focus in the panel through the field and the button', () => {
    const { root, input, send } = chatOn('en', heldServer().fetcher);
    const close = root.querySelector<HTMLButtonElement>('.close')!;
    const whatsapp = root.querySelector<HTMLAnchorElement>('.whatsapp')!;
    const tab = (shiftKey = false) =>
      (root.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true }));
    expect(root.activeElement).toBe(close);
    tab();
    expect(root.activeElement).toBe(input);
    tab();
    expect(root.activeElement).toBe(send);
    tab();
    expect(root.activeElement).toBe(whatsapp);
    tab();
    expect(root.activeElement).toBe(close);
    tab(true);
    expect(root.activeElement).toBe(whatsapp);
  });
});
