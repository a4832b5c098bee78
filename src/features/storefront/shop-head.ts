// The <head> tags of a shopper's page: its title and description in the page's language and, on
// the catalog, the Open Graph card WhatsApp shows when the link is pasted into a chat (the store's
// name, a product's image, a line of text). Cart and problem pages are not for search engines.
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { localeTags, locales } from '@/domain/locales';
import { SHOP_IMAGE_SIZES, shopImageSrcSet } from './image-sizes';
import type { ShopPageData } from './shop-page-data';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The head's HTML; `path` is the page's path (no query: a cart's lines stay out of the card). */
export function shopHead(i18n: I18n, data: ShopPageData, siteUrl: string, path: string): string {
  const url = siteUrl + path;
  if (data.page !== 'catalog') {
    const title = data.page === 'cart' ? i18n._(msg`Your cart at ${data.storeName}`) : i18n._(msg`This link does not open a catalog`);
    return `<title>${escapeHtml(title)}</title>${meta('name', 'robots', 'noindex')}`;
  }
  const count = data.products.length;
  const title = i18n._(msg`${data.storeName} — catalog`);
  const description = i18n._(
    msg`${plural(count, { one: '# product', other: '# products' })} from ${data.storeName}: choose, add to the cart and check out on the store.`,
  );
  const image = data.products.find((product) => product.imageUrl)?.imageUrl;
  const pathAfterLang = path.split('/').slice(2).join('/');
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...locales.map(
      (lang) => `<link rel="alternate" hreflang="${localeTags[lang]}" href="${escapeHtml(`${siteUrl}/${lang}/${pathAfterLang}`)}">`,
    ),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', data.storeName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', localeTags[data.locale].replace('-', '_')),
    ...(image
      ? [meta('property', 'og:image', image), meta('name', 'twitter:card', 'summary_large_image')]
      : [meta('name', 'twitter:card', 'summary')]),
    // The first product image is what a phone paints first: fetch it before the stylesheet asks, at the size its card will.
    ...(image ? [preloadImage(image)] : []),
  ].join('');
}

/** The first card's image preloaded as the card will ask for it (the same srcset and sizes: one download). */
function preloadImage(image: string): string {
  const srcSet = shopImageSrcSet(image);
  const sizes = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(SHOP_IMAGE_SIZES.card)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image)}"${sizes} fetchpriority="high">`;
}
