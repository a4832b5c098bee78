// @vitest-environment happy-dom
// The cart page's checkout form (src/features/storefront/components/cart-checkout-form.tsx) as React
// renders it: 'Send me order updates on WhatsApp' above 'Go to checkout' with what the shopper agrees
// to, the number once ticked with the country it is read in, a plain form posting to the page's own
// address (before hydration), and once hydrated: unticked, the checkout exactly as without the box;
// ticked, the number sent with it; a missing or refused number shown at its field with nothing lost.
// English source messages, as Lingui shows them without a catalog.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { CartCheckoutPost } from '@/domain/cart-checkout-form';
import type { CartSummaryLine } from '@/domain/storefront';
import { ShopPage } from '@/src/features/storefront/components/shop-page';
import { shopPageData, type ShopPageData } from '@/src/features/storefront/shop-page-data';
import type { ShopServices } from '@/src/features/storefront/shop-services';

const publicId = 'k3J9xQ2m';
const CHECKOUT_URL = 'https://loja-da-ana.example/cart/111:2?ref=cat&attributes%5Bcatalyst_cart%5D=cart_7Yh2';

const line = (retailerId: string, available = true): CartSummaryLine => ({
  retailerId,
  quantity: 2,
  title: 'Camiseta Básica Azúl',
  variantTitle: 'M / Azul',
  imageUrl: null,
  priceMinor: 6490,
  chosenPriceMinor: null,
  currency: 'BRL',
  available,
  problem: available ? null : 'unavailable',
});

/** A cart page's data as the server makes it: an order's cart (or an items= list), read in Brazil, maybe answering a post. */
function cartPage({
  cartId = 'cart_7Yh2',
  lines = [line('CAM-M-AZ')],
  posted,
}: { cartId?: string | null; lines?: CartSummaryLine[]; posted?: CartCheckoutPost } = {}) {
  return shopPageData('en', {
    page: 'cart',
    publicId,
    items: cartId ? null : lines.map((each) => `${each.retailerId}:${each.quantity}`).join(','),
    summary: { cartId, storeName: 'Loja da Ana', currency: 'BRL', lines, totalMinor: 12980, lastSyncedAt: null },
    whatsappUpdates: { country: 'BR', callingCode: '55' },
    ...(posted ? { posted } : {}),
  });
}

function makeServices(checkout?: ShopServices['checkout']) {
  return {
    loadCart: () => null,
    saveCart: () => undefined,
    checkout: vi.fn<ShopServices['checkout']>(checkout ?? (async () => ({ url: CHECKOUT_URL, leftOut: [] }))),
    go: vi.fn<ShopServices['go']>(),
    pageSeen: vi.fn<ShopServices['pageSeen']>(),
    loadProducts: vi.fn<ShopServices['loadProducts']>(async () => []),
  } satisfies ShopServices;
}

const page = (data: ShopPageData, services: ShopServices) => (
  <I18nProvider i18n={i18n}>
    <ShopPage data={data} services={services} />
  </I18nProvider>
);

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => cleanup());

const box = () => screen.getByRole('checkbox', { name: 'Send me order updates on WhatsApp' }) as HTMLInputElement;
const phoneField = () => document.querySelector<HTMLInputElement>('input[name="phone"]')!;
/** The number's block: hidden (by the attribute React sets) until the box is ticked. */
const phoneBlock = () => phoneField().closest('.shop-updates-phone') as HTMLElement;
const fieldError = () => document.getElementById(phoneField().getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
const checkoutButton = () => screen.getByRole('button', { name: 'Go to checkout' }) as HTMLButtonElement;

describe('the box and its field', () => {
  test('above the checkout button: the box, what the shopper agrees to and how to stop; the number only once ticked', async () => {
    const user = userEvent.setup();
    render(page(cartPage(), makeServices()));
    const form = checkoutButton().closest('form')!;
    const order = [...form.querySelectorAll('input[type="checkbox"], button')];
    expect(order).toEqual([box(), checkoutButton()]);
    expect(box().checked).toBe(false);
    const terms = document.getElementById(box().getAttribute('aria-describedby')!)!;
    expect(terms.textContent).toBe(
      'The store will send your order confirmation and shipping updates to your WhatsApp number. Reply STOP at any time to stop them.',
    );
    expect(phoneBlock().hidden).toBe(true);

    await user.click(box());
    expect(phoneBlock().hidden).toBe(false);
    expect(screen.getByLabelText('Your WhatsApp number')).toBe(phoneField());
    expect(phoneField().type).toBe('tel');
    expect(phoneField().autocomplete).toBe('tel');
    expect(phoneField().value).toBe('');
    expect(phoneBlock().textContent).toContain('A number without + and a country code is read as one from Brazil (+55).');
    await user.click(box());
    expect(phoneBlock().hidden).toBe(true);
  });

  test('a plain form posting to the page’s own address, so it works before hydration: by the order’s cart id, or the items= list', () => {
    const byId = renderToString(page(cartPage(), makeServices()));
    const container = document.createElement('div');
    container.innerHTML = byId;
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(`/en/c/${publicId}/cart?cart=cart_7Yh2`);
    expect(form.querySelector('input[type="checkbox"]')!.getAttribute('name')).toBe('whatsapp_updates');
    expect(form.querySelector('input[type="tel"]')!.getAttribute('name')).toBe('phone');
    expect(form.querySelector('button')!.getAttribute('type')).toBe('submit');

    container.innerHTML = renderToString(page(cartPage({ cartId: null, lines: [line('CAM-M-AZ'), line('BOLSA')] }), makeServices()));
    expect(container.querySelector('form')!.getAttribute('action')).toBe(`/en/c/${publicId}/cart?items=CAM-M-AZ%3A2%2CBOLSA%3A2`);
  });

  test('nothing to buy: no box, the button disabled with the reason', () => {
    render(page(cartPage({ lines: [line('CAM-G-PR', false)] }), makeServices()));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(checkoutButton().disabled).toBe(true);
  });
});

describe('once hydrated', () => {
  test('unticked: the checkout exactly as without the box', async () => {
    const user = userEvent.setup();
    const services = makeServices();
    render(page(cartPage(), services));
    await user.click(box());
    await user.type(phoneField(), '11 98765-4321');
    await user.click(box()); // changed their mind: the number typed is not sent
    await user.click(checkoutButton());
    expect(services.checkout).toHaveBeenCalledWith(publicId, { cartId: 'cart_7Yh2', source: 'items_link' });
    expect(services.go).toHaveBeenCalledWith(CHECKOUT_URL);
  });

  test('ticked with a number: it goes with the checkout request, and the shopper to the link the server built', async () => {
    const user = userEvent.setup();
    const withAttribute = `${CHECKOUT_URL}&attributes%5B_catalyst_whatsapp_updates%5D=%2B5511987654321`;
    const services = makeServices(async () => ({ url: withAttribute, leftOut: [] }));
    render(page(cartPage({ cartId: null, lines: [line('CAM-M-AZ'), line('CAM-G-PR', false)] }), services));
    await user.click(box());
    await user.type(phoneField(), '(11) 98765-4321');
    await user.click(checkoutButton());
    expect(services.checkout).toHaveBeenCalledWith(publicId, {
      source: 'items_link',
      lines: [{ retailerId: 'CAM-M-AZ', quantity: 2, priceMinor: 6490, currency: 'BRL' }],
      whatsappUpdates: { phone: '(11) 98765-4321' },
    });
    expect(services.go).toHaveBeenCalledWith(withAttribute);
  });

  test('ticked without a number: said at the field, no checkout asked', async () => {
    const user = userEvent.setup();
    const services = makeServices();
    render(page(cartPage(), services));
    await user.click(box());
    await user.type(phoneField(), '   ');
    await user.click(checkoutButton());
    expect(services.checkout).not.toHaveBeenCalled();
    expect(fieldError().textContent).toBe('Write your WhatsApp number to get order updates, or untick the box.');
    expect(fieldError().getAttribute('role')).toBe('alert');
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phoneField());
    // Unticking clears it: the checkout goes as without the box.
    await user.click(box());
    await user.click(checkoutButton());
    expect(services.checkout).toHaveBeenCalledWith(publicId, { cartId: 'cart_7Yh2', source: 'items_link' });
  });

  test('a number the server cannot read: a translated message at the field, the number and the cart kept, the button ready', async () => {
    const user = userEvent.setup();
    const services = makeServices(async () =>
      Promise.reject({ code: 'validation_failed', fields: { 'whatsappUpdates.phone': 'contact.phone_invalid' } }),
    );
    render(page(cartPage(), services));
    await user.click(box());
    await user.type(phoneField(), '123');
    await user.click(checkoutButton());
    expect(fieldError().textContent).toBe(
      'This is not a valid WhatsApp number. Write it with the area code, and with + and the country code if it is from another country.',
    );
    expect(phoneField().value).toBe('123');
    expect(box().checked).toBe(true);
    expect(document.activeElement).toBe(phoneField());
    expect(services.go).not.toHaveBeenCalled();
    expect(checkoutButton().disabled).toBe(false);
    // Not the checkout's own failure message: the problem is the number's.
    expect(checkoutButton().parentElement!.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);

    // Corrected, it goes.
    services.checkout.mockResolvedValue({ url: CHECKOUT_URL, leftOut: [] });
    await user.clear(phoneField());
    await user.type(phoneField(), '+55 11 98765-4321');
    await user.click(checkoutButton());
    expect(services.checkout).toHaveBeenLastCalledWith(publicId, {
      cartId: 'cart_7Yh2',
      source: 'items_link',
      whatsappUpdates: { phone: '+55 11 98765-4321' },
    });
    expect(fieldError().textContent).toBe('');
    expect(services.go).toHaveBeenCalledWith(CHECKOUT_URL);
  });
});

describe('before hydration, and the server’s answer to the plain form', () => {
  const roots: Root[] = [];
  beforeAll(() => void Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true }));
  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    document.body.innerHTML = '';
  });

  /** The server's HTML in the page, changed by `before` (what the shopper did before the script ran), then hydrated. */
  async function hydrate(data: ShopPageData, services: ShopServices, before?: (container: HTMLElement) => void) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(data, services));
    document.body.append(container);
    before?.(container);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      roots.push(hydrateRoot(container, page(data, services), { onRecoverableError: (error) => errors.push(error) }));
    });
    const logged = consoleError.mock.calls;
    consoleError.mockRestore();
    return { container, errors, logged };
  }

  test('the page answering a refused number shows the box ticked, the number as typed and the message, and hydrates as it is', async () => {
    const posted: CartCheckoutPost = { ticked: true, phone: '9999', problem: 'phone_invalid', failure: null };
    const { container, errors, logged } = await hydrate(cartPage({ posted }), makeServices());
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(within(container).getByRole('checkbox').getAttribute('checked')).not.toBeNull();
    expect(phoneBlock().hidden).toBe(false);
    expect(phoneField().value).toBe('9999');
    expect(fieldError().textContent).toContain('This is not a valid WhatsApp number.');
    expect(container.textContent).toContain('Camiseta Básica Azúl'); // the cart as it was
  });

  test('a checkout that failed for another reason says so under the button', async () => {
    for (const [failure, text] of [
      ['rate_limited', 'Too many tries from this connection. Wait a minute and try again: your cart is kept.'],
      ['nothing_to_checkout', 'None of these items can be bought now: they are sold out or no longer sold.'],
      ['failed', 'We could not open the checkout. Check your connection and try again: your cart is kept.'],
    ] as const) {
      const posted: CartCheckoutPost = { ticked: false, phone: '', problem: null, failure };
      render(page(cartPage({ posted }), makeServices()));
      expect(checkoutButton().parentElement!.querySelector('[role="alert"]')!.textContent, failure).toContain(text);
      cleanup();
    }
  });

  test('a box ticked and a number typed before hydration are what the checkout sends after it', async () => {
    const services = makeServices();
    const { errors } = await hydrate(cartPage(), services, (container) => {
      container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true;
      container.querySelector<HTMLInputElement>('input[type="tel"]')!.value = '11 98765-4321';
    });
    expect(errors).toEqual([]);
    expect(phoneBlock().hidden).toBe(false);
    const user = userEvent.setup();
    await user.click(checkoutButton());
    expect(services.checkout).toHaveBeenCalledWith(publicId, {
      cartId: 'cart_7Yh2',
      source: 'items_link',
      whatsappUpdates: { phone: '11 98765-4321' },
    });
  });
});
