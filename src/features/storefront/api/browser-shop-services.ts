// The shopper pages' services in the browser: the cart in local storage, checkout and page events
// through the product API, the catalog's whole product list, and the way out to the store's checkout.
import type { Locale } from '@/domain/locales';
import type { ShopServices } from '../shop-services';
import { loadStoredCart, storeCart } from './cart-storage';
import { loadCatalogProducts } from './load-catalog-products';
import { reportPageSeen } from './report-page-seen';
import { startCheckout } from './start-checkout';

export function browserShopServices(apiBaseUrl: string, locale: Locale): ShopServices {
  return {
    loadCart: loadStoredCart,
    saveCart: storeCart,
    checkout: (publicId, request) => startCheckout(apiBaseUrl, locale, publicId, request),
    go: (url) => window.location.assign(url),
    loadProducts: loadCatalogProducts,
    pageSeen: (publicId, kind, cartId) => reportPageSeen(apiBaseUrl, locale, publicId, kind, cartId),
  };
}
