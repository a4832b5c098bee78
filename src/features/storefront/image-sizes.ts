// The sizes a product image is asked for, so a phone does not download a desktop's picture: a
// `srcset` of the store CDN's own resized copies (Shopify's CDN, and the fixtures' loopback image
// server, answer `?width=N` with an image N pixels wide) and the `sizes` each place draws it at (the
// catalog grid's card, the cart summary's thumbnail; shop.css). An image from any other host is
// asked for as it is: its host may not resize. No imports: the shopper's page loads it.

/** The widths asked for: a card's at 1×–3× on a phone and 1×–2.5× on a desktop. */
export const SHOP_IMAGE_WIDTHS = [160, 240, 320, 480, 640] as const;

/** How wide each place draws its image, in CSS pixels (shop.css: the grid's columns, the summary's 5rem). */
export const SHOP_IMAGE_SIZES = {
  card: '(min-width: 48rem) 240px, (min-width: 36rem) 180px, 46vw',
  thumbnail: '80px',
} as const;

const RESIZING_HOSTS = new Set(['cdn.shopify.com', '127.0.0.1', 'localhost', '[::1]']);

/** The image at `width` pixels wide, on a host that resizes; null for any other host or an address that is none. */
export function resizedImageUrl(src: string, width: number): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (!RESIZING_HOSTS.has(url.hostname)) return null;
  url.searchParams.set('width', String(width));
  return url.href;
}

/** The `srcset` of an image's resized copies; null where its host does not resize. */
export function shopImageSrcSet(src: string): string | null {
  const copies = SHOP_IMAGE_WIDTHS.map((width) => {
    const url = resizedImageUrl(src, width);
    return url && `${url} ${width}w`;
  });
  return copies.every(Boolean) ? copies.join(', ') : null;
}
