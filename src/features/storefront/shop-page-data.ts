// What a shopper's page renders from, on the server and again in the browser as it hydrates: the
// server's catalog or cart summary with its prices (and a country's name) already written in the
// page's language (the same text on both sides, whatever the browser's Intl says), in the page's JSON
// data block.
import type { CartCheckoutPost } from '@/domain/cart-checkout-form';
import { localeTags, type Locale } from '@/domain/locales';
import type { ShopPageInput, ShopProblem } from '@/domain/public-pages';
import type { CartLineProblem } from '@/domain/storefront';
import type { Messages } from '@lingui/core';
import { productTypesOf } from '@/domain/catalog-filter';
import { formatMinor } from '@/src/i18n/money';

/**
 * How many products the catalog page shows first (and 'Show more' adds), and all its data block
 * carries: the rest come from `…/products.json` once the page is up, so a 2,000-product catalog is
 * not a megabyte of HTML on a phone's slow network.
 */
export const CATALOG_PAGE_SIZE = 48;

export type ShopVariantView = {
  /** The id a cart line names it by (the catalog's retailer id, or the store variant's id). */
  lineId: string;
  /** 'M / Azul'; '' for a product's only variant. */
  title: string;
  priceMinor: number | null;
  /** priceMinor in the page's language and the store's currency; null without a price. */
  priceText: string | null;
  available: boolean;
};

export type ShopProductView = {
  id: string;
  title: string;
  imageUrl: string | null;
  productType: string | null;
  variants: ShopVariantView[];
};

export type ShopCartLineView = {
  retailerId: string;
  quantity: number;
  title: string | null;
  variantTitle: string;
  imageUrl: string | null;
  priceMinor: number | null;
  priceText: string | null;
  /** The price the shopper saw when it differs from today's. */
  chosenPriceText: string | null;
  /** quantity × price, written; null without a price or when it cannot be bought. */
  lineTotalText: string | null;
  available: boolean;
  problem: CartLineProblem | null;
};

export type ShopPageData =
  | {
      page: 'catalog';
      locale: Locale;
      publicId: string;
      storeName: string;
      /** The store's currency (ISO 4217): the browser writes the cart's totals in it. */
      currency: string | null;
      /** On the server, all of them; in the page's data block, the first CATALOG_PAGE_SIZE (see catalogProductsUrl). */
      products: ShopProductView[];
      /** How many products the catalog has: more than `products` holds while the rest is still to load. */
      productCount: number;
      /** The catalog's product types, for the category filter (the same before and after the rest loads). */
      productTypes: string[];
    }
  | {
      page: 'cart';
      locale: Locale;
      publicId: string;
      storeName: string;
      currency: string | null;
      /** The cart's id when it came from a WhatsApp order (`?cart=`), else null. */
      cartId: string | null;
      /** The `items=` value when the cart came in the URL, else null. */
      items: string | null;
      /** The `ref` of the link the page was opened from (one of ours), else null. */
      ref: string | null;
      lines: ShopCartLineView[];
      totalText: string | null;
      /** The country a number for order updates is read in when it has no +: its code, calling code and name in the page's language. */
      updatesCountry: { code: string; callingCode: string; name: string } | null;
      /** The page answering its own plain form (before its JavaScript ran): the box as posted and what went wrong; else null. */
      posted: CartCheckoutPost | null;
    }
  | { page: 'problem'; locale: Locale; publicId: string | null; reason: ShopProblem };

/** Where a catalog page loads its whole product list from: `{ products: ShopProductView[] }`, in the page's language. */
export const catalogProductsUrl = (locale: Locale, publicId: string) => `/${locale}/c/${encodeURIComponent(publicId)}/products.json`;

/** The page's JSON data block: its data, the API's base URL and its language's compiled messages. */
export type ShopDocument = { data: ShopPageData; apiBaseUrl: string; messages: Messages };

const money = (locale: Locale, minor: number | null, currency: string | null) =>
  minor === null || currency === null ? null : formatMinor(locale, minor, currency);

/** The page's data from what the server read, in the page's language. */
export function shopPageData(locale: Locale, input: ShopPageInput): ShopPageData {
  if (input.page === 'problem') return { page: 'problem', locale, publicId: input.publicId, reason: input.reason };
  if (input.page === 'catalog') {
    const { catalog } = input;
    const products = catalog.products.map((product) => ({
      id: product.id,
      title: product.title,
      imageUrl: product.imageUrl,
      productType: product.productType,
      variants: product.variants.map((variant) => ({ ...variant, priceText: money(locale, variant.priceMinor, catalog.currency) })),
    }));
    return {
      page: 'catalog',
      locale,
      publicId: catalog.publicId,
      storeName: catalog.storeName,
      currency: catalog.currency,
      products,
      productCount: products.length,
      productTypes: productTypesOf(products),
    };
  }
  const { summary } = input;
  return {
    page: 'cart',
    locale,
    publicId: input.publicId,
    storeName: summary.storeName,
    currency: summary.currency,
    cartId: summary.cartId,
    items: input.items,
    ref: input.ref ?? null,
    lines: summary.lines.map((line) => {
      const currency = line.currency ?? summary.currency;
      return {
        retailerId: line.retailerId,
        quantity: line.quantity,
        title: line.title,
        variantTitle: line.variantTitle,
        imageUrl: line.imageUrl,
        priceMinor: line.priceMinor,
        priceText: money(locale, line.priceMinor, currency),
        chosenPriceText: money(locale, line.chosenPriceMinor, currency),
        lineTotalText: line.available && line.priceMinor !== null ? money(locale, line.priceMinor * line.quantity, currency) : null,
        available: line.available,
        problem: line.problem,
      };
    }),
    totalText: money(locale, summary.totalMinor, summary.currency),
    updatesCountry: input.whatsappUpdates
      ? {
          code: input.whatsappUpdates.country,
          callingCode: input.whatsappUpdates.callingCode,
          name: regionName(locale, input.whatsappUpdates.country),
        }
      : null,
    posted: input.posted ?? null,
  };
}

/** A country's name in the page's language ('BR' → 'Brasil'); the code itself where Intl knows none. */
function regionName(locale: Locale, country: string): string {
  try {
    return new Intl.DisplayNames([localeTags[locale]], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}
