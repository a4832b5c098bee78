// Product images at the size each place draws them (src/features/storefront/image-sizes.ts): the
// store CDN's resized copies as a srcset with the place's sizes, on the card, the cart summary's
// thumbnail and the first card's preload; an image from a host that does not resize asked for as it is.
import { renderToString } from 'react-dom/server';
import { setupI18n } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import { ShopImage } from '@/src/features/storefront/components/shop-image';
import { resizedImageUrl, SHOP_IMAGE_SIZES, SHOP_IMAGE_WIDTHS, shopImageSrcSet } from '@/src/features/storefront/image-sizes';
import { shopHead } from '@/src/features/storefront/shop-head';
import type { ShopPageData } from '@/src/features/storefront/shop-page-data';

const shopify = 'https://cdn.shopify.com/s/files/1/0612/3485/7911/files/camiseta.jpg?v=1732000000';

describe('the sizes asked of the CDN', () => {
  test("Shopify's CDN and the loopback image server are asked for each width, their own query kept", () => {
    expect(resizedImageUrl(shopify, 320)).toBe(`${shopify}&width=320`);
    expect(resizedImageUrl('http://127.0.0.1:4100/products/meia.png', 160)).toBe('http://127.0.0.1:4100/products/meia.png?width=160');
    // A width already there is replaced, not repeated.
    expect(resizedImageUrl(`${shopify}&width=2048`, 480)).toBe(`${shopify}&width=480`);
    expect(shopImageSrcSet(shopify)).toBe(SHOP_IMAGE_WIDTHS.map((width) => `${shopify}&width=${width} ${width}w`).join(', '));
  });

  test('any other host, or an address that is none, is asked for as it is', () => {
    expect(resizedImageUrl('https://images.example.com/a.jpg', 320)).toBeNull();
    expect(shopImageSrcSet('https://images.example.com/a.jpg')).toBeNull();
    expect(shopImageSrcSet('not a url')).toBeNull();
  });
});

describe('where the images are drawn', () => {
  const imgOf = (html: string) => /<img [^>]*>/.exec(html)?.[0] ?? '';
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');

  test("a card's image: the srcset with the grid's sizes; the src stays for browsers without srcset", () => {
    const tag = imgOf(renderToString(<ShopImage src={shopify} alt="Camiseta" />));
    expect(attribute(tag, 'srcSet')).toBe(shopImageSrcSet(shopify));
    expect(attribute(tag, 'sizes')).toBe(SHOP_IMAGE_SIZES.card);
    expect(attribute(tag, 'src')).toBe(shopify);
  });

  test("the cart summary's thumbnail asks for its own size", () => {
    const tag = imgOf(renderToString(<ShopImage src={shopify} alt="Camiseta" place="thumbnail" />));
    expect(attribute(tag, 'sizes')).toBe('80px');
  });

  test('an image of a host that does not resize has neither', () => {
    const tag = imgOf(renderToString(<ShopImage src="https://images.example.com/a.jpg" alt="A" />));
    expect(tag).not.toContain('srcSet');
    expect(tag).not.toContain('sizes');
  });

  test("the first card's image is preloaded as the card asks for it: one download", () => {
    const data = {
      page: 'catalog',
      publicId: 'k3J9xQ2m',
      locale: 'pt',
      storeName: 'Loja da Ana',
      products: [{ id: 'p1', title: 'Camiseta', imageUrl: shopify, productType: null, variants: [] }],
    } as unknown as ShopPageData;
    const i18n = setupI18n({ locale: 'pt', messages: { pt: {} } });
    const preload =
      /<link rel="preload" as="image"[^>]*>/.exec(shopHead(i18n, data, 'https://catalyst.example', '/pt/c/k3J9xQ2m'))?.[0] ?? '';
    expect(attribute(preload, 'imagesrcset')).toBe(shopImageSrcSet(shopify));
    expect(attribute(preload, 'imagesizes')).toBe(SHOP_IMAGE_SIZES.card);
  });
});
