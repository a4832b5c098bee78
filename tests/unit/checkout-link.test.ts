// The checkout link builder (domain/checkout-link.ts) as the shopper's page and the inventory
// screen's preview rely on it: the Shopify cart permalink's shape, variant ids from gids, the same
// variant merged, unsellable lines left out and reported, our `ref` and cart attribute winning over
// the merchant's, hostile merchant parameters kept as values (never a new parameter, fragment, host
// or path), and each rule of the tracking URL. Results are parsed with `new URL`, not compared as text.
import { describe, expect, test } from 'vitest';
import {
  checkoutLink,
  checkoutLinkPreview,
  numericVariantId,
  overriddenCheckoutParams,
  type CheckoutLinkInput,
} from '@/domain/checkout-link';
import { normaliseCheckoutParams, normaliseTrackingUrl } from '@/domain/inventory';

const base: CheckoutLinkInput = {
  website: 'https://loja.example.com',
  lines: [{ variantId: '111', quantity: 2 }],
  attributionCode: 'catab12cd34ef',
  cartId: 'k7Qp2x',
};

/** The link for `change`, which must be built; with its URLs parsed. */
function built(change: Partial<CheckoutLinkInput> = {}) {
  const result = checkoutLink({ ...base, ...change });
  if (!result.ok) throw new Error(`no link: ${result.reason}`);
  return { ...result, link: new URL(result.url), checkout: new URL(result.checkoutUrl) };
}

describe('the cart permalink', () => {
  test('{website}/cart/{variant}:{qty},… on the store’s host, with ref and the cart attribute, and no fragment', () => {
    const { link, checkout, url, checkoutUrl, tracked, leftOut } = built({
      lines: [
        { variantId: '111', quantity: 2 },
        { variantId: '222', quantity: 1 },
      ],
    });
    expect(url).toBe(checkoutUrl);
    expect(tracked).toBe(false);
    expect(leftOut).toEqual([]);
    expect(link.protocol).toBe('https:');
    expect(link.host).toBe('loja.example.com');
    expect(link.pathname).toBe('/cart/111:2,222:1');
    expect([...checkout.searchParams]).toEqual([
      ['ref', 'catab12cd34ef'],
      ['attributes[catalyst_cart]', 'k7Qp2x'],
    ]);
    expect(link.hash).toBe('');
  });

  test('variant ids become numbers: a ProductVariant gid, a number, leading zeros', () => {
    expect(numericVariantId('gid://shopify/ProductVariant/44012345678901')).toBe('44012345678901');
    expect(numericVariantId(' 0042 ')).toBe('42');
    expect(numericVariantId(7)).toBe('7');
    for (const bad of [
      'gid://shopify/Product/1',
      'gid://shopify/ProductVariant/',
      'abc',
      '',
      '1.5',
      '-3',
      '0',
      '12a',
      '1/../2',
      0,
      -1,
      1.5,
      NaN,
    ]) {
      expect(numericVariantId(bad), String(bad)).toBeNull();
    }
    const { link } = built({
      lines: [
        { variantId: 'gid://shopify/ProductVariant/123', quantity: 1 },
        { variantId: 456, quantity: 3 },
      ],
    });
    expect(link.pathname).toBe('/cart/123:1,456:3');
  });

  test('the same variant twice is one line, its quantities added, where it first appeared', () => {
    const { link } = built({
      lines: [
        { variantId: '123', quantity: 1 },
        { variantId: '9', quantity: 1 },
        { variantId: 'gid://shopify/ProductVariant/123', quantity: 2 },
        { variantId: 123, quantity: 4 },
      ],
    });
    expect(link.pathname).toBe('/cart/123:7,9:1');
  });

  test('lines the store cannot sell are left out and reported; the rest still check out', () => {
    const lines = [
      { variantId: 'not-a-variant', quantity: 1 },
      { variantId: '5', quantity: 1 },
      { variantId: 'gid://shopify/Product/5', quantity: 1 },
      { variantId: '6', quantity: 0 },
      { variantId: '7', quantity: -2 },
      { variantId: '8', quantity: 1.5 },
      { variantId: '9', quantity: Number.NaN },
    ];
    const { link, leftOut } = built({ lines });
    expect(link.pathname).toBe('/cart/5:1');
    expect(leftOut).toEqual([
      { line: lines[0], reason: 'variant_id_invalid' },
      { line: lines[2], reason: 'variant_id_invalid' },
      { line: lines[3], reason: 'quantity_invalid' },
      { line: lines[4], reason: 'quantity_invalid' },
      { line: lines[5], reason: 'quantity_invalid' },
      { line: lines[6], reason: 'quantity_invalid' },
    ]);
  });

  test('no sellable line, or no website: no link, and why', () => {
    const none = checkoutLink({ ...base, lines: [{ variantId: 'x', quantity: 1 }] });
    expect(none).toEqual({
      ok: false,
      reason: 'no_lines',
      leftOut: [{ line: { variantId: 'x', quantity: 1 }, reason: 'variant_id_invalid' }],
    });
    expect(checkoutLink({ ...base, lines: [] })).toMatchObject({ ok: false, reason: 'no_lines' });
    for (const website of ['', 'loja.example.com', 'javascript:alert(1)', 'ftp://loja.example.com']) {
      expect(checkoutLink({ ...base, website }), website).toMatchObject({ ok: false, reason: 'website_invalid' });
    }
  });

  test('only the website’s origin counts: a trailing slash, a path, a query or a fragment on it are dropped', () => {
    for (const website of [
      'https://loja.example.com/',
      'https://loja.example.com/collections/all/',
      'https://loja.example.com/pages/x?preview=1#top',
    ]) {
      const { link } = built({ website });
      expect(link.origin, website).toBe('https://loja.example.com');
      expect(link.pathname, website).toBe('/cart/111:2');
      expect(link.searchParams.has('preview'), website).toBe(false);
      expect(link.hash, website).toBe('');
    }
    // A port stays (the demo store on loopback).
    expect(built({ website: 'http://127.0.0.1:4321/' }).link.origin).toBe('http://127.0.0.1:4321');
  });
});

describe("the merchant's parameters", () => {
  test('added after ours, in their order, repeated names kept', () => {
    const { checkout } = built({ checkoutParams: 'utm_source=whatsapp&utm_medium=chat&tag=a&tag=b&attributes%5Bnote%5D=wa' });
    expect([...checkout.searchParams]).toEqual([
      ['ref', 'catab12cd34ef'],
      ['attributes[catalyst_cart]', 'k7Qp2x'],
      ['utm_source', 'whatsapp'],
      ['utm_medium', 'chat'],
      ['tag', 'a'],
      ['tag', 'b'],
      ['attributes[note]', 'wa'],
    ]);
  });

  test('ours win: a merchant `ref` or `attributes[catalyst_cart]`, encoded or not, is dropped', () => {
    const { checkout } = built({
      checkoutParams: 'ref=theirs&attributes%5Bcatalyst_cart%5D=forged&attributes[catalyst_cart]=forged2&ref=again&keep=1',
    });
    expect(checkout.searchParams.getAll('ref')).toEqual(['catab12cd34ef']);
    expect(checkout.searchParams.getAll('attributes[catalyst_cart]')).toEqual(['k7Qp2x']);
    expect(checkout.searchParams.get('keep')).toBe('1');
    // Even when we have no value of our own to send, a merchant's is not sent in its place.
    const bare = built({ attributionCode: '', checkoutParams: 'ref=theirs&keep=1' }).checkout;
    expect(bare.searchParams.has('ref')).toBe(false);
    expect(bare.searchParams.get('keep')).toBe('1');
  });

  test('which of them ours replace, named once each, for the preview to say', () => {
    expect(overriddenCheckoutParams('ref=a&utm_source=wa&attributes%5Bcatalyst_cart%5D=x&ref=b')).toEqual([
      'ref',
      'attributes[catalyst_cart]',
    ]);
    expect(overriddenCheckoutParams('utm_source=wa&reference=1&attributes[note]=x')).toEqual([]);
    expect(overriddenCheckoutParams('')).toEqual([]);
  });

  test('hostile values, as the wizard stores them, round-trip as values: no new parameter, fragment, host or path', () => {
    const hostile = {
      amp: 'a&ref=forged&b=c',
      hash: '#section?x=1',
      url: 'https://evil.example/cart/1:99?ref=evil#top',
      equals: '==?&=',
      unicode: 'promoção 🛒 ñ 日本',
      percent: '100% %2F %',
      slash: '../../admin',
    };
    // What the integration step saves: the merchant's text, normalised.
    const checkoutParams = normaliseCheckoutParams(new URLSearchParams(hostile).toString())!;
    const { link, checkout } = built({ checkoutParams });
    expect(link.host).toBe('loja.example.com');
    expect(link.pathname).toBe('/cart/111:2');
    expect(link.hash).toBe('');
    expect(checkout.searchParams.getAll('ref')).toEqual(['catab12cd34ef']);
    expect(Object.fromEntries([...checkout.searchParams].slice(2))).toEqual(hostile);
    expect([...checkout.searchParams.keys()]).toEqual(['ref', 'attributes[catalyst_cart]', ...Object.keys(hostile)]);
  });

  test('hostile text as a merchant types it (normalised by the wizard) stays values too', () => {
    const typed = normaliseCheckoutParams('?next=https://evil.example/?a=1#frag&note=café☕&odd=%&@evil.example=1')!;
    const { link } = built({ checkoutParams: typed });
    expect(link.host).toBe('loja.example.com');
    expect(link.pathname).toBe('/cart/111:2');
    expect(link.hash).toBe('');
    expect(link.searchParams.get('next')).toBe('https://evil.example/?a=1#frag');
    expect(link.searchParams.get('note')).toBe('café☕');
    expect(link.searchParams.get('odd')).toBe('%');
    expect(link.searchParams.get('@evil.example')).toBe('1');
  });

  test('our own values are encoded as well (a cart id is never structure)', () => {
    const { link } = built({ cartId: 'a&b=c#d', attributionCode: 'x/y?z' });
    expect(link.searchParams.get('attributes[catalyst_cart]')).toBe('a&b=c#d');
    expect(link.searchParams.get('ref')).toBe('x/y?z');
    expect(link.hash).toBe('');
    expect(link.pathname).toBe('/cart/111:2');
  });
});

describe('the tracking URL', () => {
  const checkoutParams = normaliseCheckoutParams(new URLSearchParams({ utm_source: 'whatsapp', note: 'a&b#c' }).toString())!;

  test('none: the shopper goes straight to the checkout', () => {
    const result = built({ checkoutParams, trackingUrl: '' });
    expect(result.tracked).toBe(false);
    expect(result.url).toBe(result.checkoutUrl);
  });

  test('1. a {checkout_url} placeholder becomes the encoded checkout URL, the rest of the tracking URL kept', () => {
    const trackingUrl = normaliseTrackingUrl('https://t.example/r?to={checkout_url}&src=wa')!;
    const { link, checkoutUrl, tracked } = built({ checkoutParams, trackingUrl });
    expect(tracked).toBe(true);
    expect(link.host).toBe('t.example');
    expect(link.pathname).toBe('/r');
    expect([...link.searchParams]).toEqual([
      ['to', checkoutUrl],
      ['src', 'wa'],
    ]);
    expect(link.hash).toBe('');
    // The checkout URL the tracker forwards to still has every parameter.
    const forwarded = new URL(link.searchParams.get('to')!);
    expect(forwarded.pathname).toBe('/cart/111:2');
    expect(forwarded.searchParams.get('ref')).toBe('catab12cd34ef');
    expect(forwarded.searchParams.get('note')).toBe('a&b#c');
  });

  test('1. the placeholder percent-encoded by normalisation (in a path), each occurrence replaced', () => {
    const trackingUrl = normaliseTrackingUrl('https://t.example/go/{checkout_url}?again={checkout_url}')!;
    expect(trackingUrl).toContain('%7Bcheckout_url%7D');
    const { link, checkoutUrl } = built({ checkoutParams, trackingUrl });
    expect(link.host).toBe('t.example');
    expect(link.pathname).toBe(`/go/${encodeURIComponent(checkoutUrl)}`);
    expect(decodeURIComponent(link.pathname.slice('/go/'.length))).toBe(checkoutUrl);
    expect(link.searchParams.get('again')).toBe(checkoutUrl);
    expect(link.href).not.toMatch(/checkout_url/i);
  });

  test('2. ending with `=`: the encoded checkout URL is appended to it', () => {
    const trackingUrl = normaliseTrackingUrl('https://t.example/r?campaign=wa&u=')!;
    const { link, checkoutUrl, url } = built({ checkoutParams, trackingUrl });
    expect(url).toBe(`https://t.example/r?campaign=wa&u=${encodeURIComponent(checkoutUrl)}`);
    expect([...link.searchParams]).toEqual([
      ['campaign', 'wa'],
      ['u', checkoutUrl],
    ]);
    expect(link.hash).toBe('');
  });

  test('3. otherwise a `url` parameter holds the checkout URL; the tracking URL’s own parameters and fragment stay', () => {
    const trackingUrl = normaliseTrackingUrl('https://t.example/click?campaign=wa&url=stale#from-catalyst')!;
    const { link, checkoutUrl } = built({ checkoutParams, trackingUrl });
    expect(link.host).toBe('t.example');
    expect(link.pathname).toBe('/click');
    expect([...link.searchParams]).toEqual([
      ['campaign', 'wa'],
      ['url', checkoutUrl],
    ]);
    expect(link.hash).toBe('#from-catalyst');
    expect(built({ trackingUrl: 'https://t.example' }).link.searchParams.get('url')).toBe(built().checkoutUrl);
  });

  test('one that is no http(s) URL is not used: the shopper still reaches the checkout', () => {
    for (const trackingUrl of ['not a url', 'javascript:alert(1)//{checkout_url}', 'mailto:x@example.com?body=']) {
      const result = built({ trackingUrl });
      expect(result.tracked, trackingUrl).toBe(false);
      expect(result.url, trackingUrl).toBe(result.checkoutUrl);
    }
  });
});

describe('the inventory screen’s preview', () => {
  test('a one-line sample cart (variant 1, cart SAMPLE) with the inventory’s website, code, parameters and tracking URL', () => {
    const inventory = {
      website: 'https://loja.example.com',
      attributionCode: 'catab12cd34ef',
      checkoutParams: 'utm_source=whatsapp&ref=theirs',
      trackingUrl: '',
    };
    const preview = checkoutLinkPreview(inventory);
    if (!preview.ok) throw new Error(preview.reason);
    const link = new URL(preview.url);
    expect(link.pathname).toBe('/cart/1:1');
    expect([...link.searchParams]).toEqual([
      ['ref', 'catab12cd34ef'],
      ['attributes[catalyst_cart]', 'SAMPLE'],
      ['utm_source', 'whatsapp'],
    ]);
    const tracked = checkoutLinkPreview({ ...inventory, trackingUrl: 'https://t.example/r?u=' });
    expect(tracked.ok && new URL(tracked.url).searchParams.get('u')).toBe(preview.checkoutUrl);
  });
});
