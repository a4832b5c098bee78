// @vitest-environment happy-dom
// CATALYST FILTER in the widget's panel (widget/widget-filter.ts): the matching (words without accents,
// a price range typed as shoppers type it, a colour or size from the variants' titles, in stock only),
// and on a page: the finder read once when opened, what it finds, and the picks going into 'Continue
// on WhatsApp''s message ('Eu gostaria de: …', before the code) and into the cart summary link. The
// server's answer, and its refusal to sites not listed, are tests/server/widget-filter.test.ts's.
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PublicCatalog } from '@/domain/storefront';
import { mountWidget, type ChatConnection } from '@/widget/widget';
import { publicWidget, WIDGET_LINK_REF } from '../fixtures/public-widget';
import { findVariants, minorOf, optionValues, type FilterQuery } from '@/widget/widget-filter';
import { whatsappLink } from '@/widget/widget-handoff';

const variant = (lineId: string, title: string, priceMinor: number | null, available = true) => ({ lineId, title, priceMinor, available });
const catalog: PublicCatalog = {
  publicId: 'inv1',
  storeName: 'Loja Ana',
  currency: 'BRL',
  lastSyncedAt: '2026-12-01T10:00:00.000Z',
  products: [
    {
      id: 'p1',
      title: 'Camiseta Básica',
      imageUrl: 'https://cdn.example.com/camiseta.jpg',
      productType: 'Camisetas',
      variants: [
        variant('CAM-P-VERM', 'P / Vermelho', 4990),
        variant('CAM-M-VERM', 'M / Vermelho', 5490, false),
        variant('CAM-M-AZUL', 'M / Azul', 5490),
      ],
    },
    { id: 'p2', title: 'Calção de Banho', imageUrl: null, productType: null, variants: [variant('CAL-VERM', 'Vermelho', 25_990)] },
    { id: 'p3', title: 'Boné', imageUrl: null, productType: 'Acessórios', variants: [variant('BON', '', null)] },
  ],
};
const query = (partial: Partial<FilterQuery>): FilterQuery => ({
  text: '',
  minMinor: null,
  maxMinor: null,
  option: '',
  inStockOnly: false,
  ...partial,
});
const names = (partial: Partial<FilterQuery>) => findVariants(catalog, query(partial)).map((found) => found.name);

describe('what the finder finds', () => {
  test('words in any case and without accents, in the title, the variant or the type', () => {
    expect(names({ text: 'calcao' })).toEqual(['Calção de Banho — Vermelho']);
    expect(names({ text: 'CAMISETA azul' })).toEqual(['Camiseta Básica — M / Azul']);
    expect(names({ text: 'acessorios' })).toEqual(['Boné']);
    expect(names({ text: 'bicicleta' })).toEqual([]);
  });

  test('a price range (unknown prices out once one is set), a colour or size, in stock only', () => {
    expect(names({ maxMinor: 20_000 })).toEqual([
      'Camiseta Básica — P / Vermelho',
      'Camiseta Básica — M / Vermelho',
      'Camiseta Básica — M / Azul',
    ]);
    expect(names({ minMinor: 5_000, maxMinor: 30_000 })).toEqual([
      'Camiseta Básica — M / Vermelho',
      'Camiseta Básica — M / Azul',
      'Calção de Banho — Vermelho',
    ]);
    expect(names({ option: 'vermelho', maxMinor: 20_000, inStockOnly: true })).toEqual(['Camiseta Básica — P / Vermelho']);
    expect(names({ option: 'M' })).toEqual(['Camiseta Básica — M / Vermelho', 'Camiseta Básica — M / Azul']);
  });

  test('at most the limit, in the catalog’s order', () => {
    expect(findVariants(catalog, query({}), 2).map((found) => found.variant.lineId)).toEqual(['CAM-P-VERM', 'CAM-M-VERM']);
  });

  test('the option values once each, in the page’s language’s order', () => {
    expect(optionValues(catalog, 'pt')).toEqual(['Azul', 'M', 'P', 'Vermelho']);
  });

  test('an amount as shoppers type it, in the currency’s minor units; anything else is no bound', () => {
    expect([minorOf('200', 'BRL'), minorOf('199,90', 'BRL'), minorOf('1.299,90', 'BRL'), minorOf('1,299.90', 'USD')]).toEqual([
      20_000, 19_990, 129_990, 129_990,
    ]);
    expect([minorOf('1500', 'JPY'), minorOf('', 'BRL'), minorOf('abc', 'BRL'), minorOf('-5', 'BRL')]).toEqual([1500, null, null, null]);
  });
});

const settings = publicWidget({ filterCatalogId: 'inv1' });
const ORIGIN = 'https://catalyst.example';

/** A Catalyst server answering the catalog with `answer` and the code with K7Q2MX, recording the catalog reads and the searches reported. */
function serving(answer: () => Response) {
  const reads: string[] = [];
  let searches = 0;
  const connection: ChatConnection = {
    origin: ORIGIN,
    storage: null,
    fetch: ((url: string, init?: RequestInit) => {
      if (url.endsWith('/handoffs')) return Promise.resolve(Response.json({ ref: 'K7Q2MX' }));
      if (url.endsWith('/events')) {
        if (init?.body === JSON.stringify({ kind: 'search' })) searches += 1;
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      reads.push(url);
      return Promise.resolve(answer());
    }) as typeof fetch,
  };
  return {
    reads,
    connection,
    get searches() {
      return searches;
    },
  };
}

afterEach(() => document.body.replaceChildren());

describe('on a page', () => {
  test('opened, read once; the filters narrow it; the picks go into the WhatsApp message and the cart link', async () => {
    const server = serving(() => Response.json(catalog));
    const root = mountWidget(settings, 'pt-BR', server.connection).shadowRoot!;
    root.querySelector<HTMLButtonElement>('.launcher')!.click();
    const toggle = root.querySelector<HTMLButtonElement>('.filter-toggle')!;
    expect([toggle.textContent, toggle.getAttribute('aria-expanded')]).toEqual(['Encontrar um produto', 'false']);
    expect(server.reads).toEqual([]);
    toggle.click();
    const status = root.querySelector('.filter-status')!;
    await vi.waitFor(() => expect(status.textContent).toBe('4 produtos'));
    expect(server.reads).toEqual([`${ORIGIN}/api/v1/widget-sites/w1/catalog`]);

    const labelled = (name: string) => {
      const label = [...root.querySelectorAll('label')].find((each) => each.textContent === name)!;
      return root.getElementById(label.htmlFor) as HTMLInputElement & HTMLSelectElement;
    };
    const type = (input: HTMLInputElement | HTMLSelectElement, value: string, event = 'input') => {
      input.value = value;
      input.dispatchEvent(new Event(event));
    };
    type(labelled('Cor ou tamanho'), 'Vermelho', 'change');
    type(labelled('Preço até'), '200');
    expect(status.textContent).toBe('1 produto');
    // Searches are reported as they settle (a choice made, a field left), not per key typed.
    expect(server.searches).toBe(1);
    labelled('Preço até').dispatchEvent(new Event('change'));
    expect(server.searches).toBe(2);
    const found = root.querySelector('.filter-result')!;
    expect(found.querySelector('.card-title')!.textContent).toBe('Camiseta Básica — P / Vermelho');
    expect(found.querySelector('.price')!.textContent!.replace(/\s/g, ' ')).toBe('R$ 49,90');

    const pick = found.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(pick.getAttribute('aria-label')).toBe('Perguntar sobre Camiseta Básica — P / Vermelho no WhatsApp');
    const whatsapp = root.querySelector<HTMLAnchorElement>('.whatsapp')!;
    await vi.waitFor(() => expect(whatsapp.href).toContain('K7Q2MX'));
    pick.click();
    expect(whatsapp.href).toBe(
      whatsappLink(settings.whatsappLink, 'Olá! Vim pelo site de vocês. Eu gostaria de: Camiseta Básica — P / Vermelho. (ref K7Q2MX)'),
    );
    const cart = root.querySelector<HTMLAnchorElement>('.filter-cart')!;
    // With the widget's ref: what it sells counts as the widget's.
    expect([cart.hidden, cart.href]).toEqual([false, `${ORIGIN}/pt/c/inv1/cart?items=CAM-P-VERM%3A1&ref=${WIDGET_LINK_REF}`]);
    pick.click();
    expect(cart.hidden).toBe(true);
    expect(whatsapp.href).toBe(whatsappLink(settings.whatsappLink, 'Olá! Vim pelo site de vocês. (ref K7Q2MX)'));

    // Closed and opened again: the catalog is not read again.
    toggle.click();
    toggle.click();
    expect(server.reads).toHaveLength(1);
  });

  test('a catalog that cannot be read says so, and opening again tries again', async () => {
    let fail = true;
    const server = serving(() => (fail ? new Response('{}', { status: 503 }) : Response.json(catalog)));
    const root = mountWidget(settings, 'en', server.connection).shadowRoot!;
    root.querySelector<HTMLButtonElement>('.launcher')!.click();
    const toggle = root.querySelector<HTMLButtonElement>('.filter-toggle')!;
    toggle.click();
    const status = root.querySelector('.filter-status')!;
    await vi.waitFor(() => expect(status.textContent).toBe('The products could not be loaded: try again in a moment.'));
    fail = false;
    toggle.click();
    toggle.click();
    await vi.waitFor(() => expect(status.textContent).toBe('4 products'));
  });

  test('a widget without the finder shows none', () => {
    const root = mountWidget({ ...settings, filterCatalogId: null }, 'en', serving(() => Response.json(catalog)).connection).shadowRoot!;
    root.querySelector<HTMLButtonElement>('.launcher')!.click();
    expect(root.querySelector('.whatsapp')).not.toBeNull();
    expect(root.querySelector('.filter-toggle')).toBeNull();
  });
});
