// The shopper pages' services in the browser: the cart in local storage, checkout and page events
// through the product API, and the way out to the store's checkout.
import type { Locale } from '../../../../domain/locales';
import type { ShopServices } from '../shop-services';
import { loadStoredCart, storeCart } from './cart-storage';
import { reportPageSeen } from './report-page-seen';
import { startCheckout } from './start-checkout';

export function browserShopServices(apiBaseUrl: string, locale: Locale): ShopServices {
  return {
    loadCart: loadStoredCart,
    saveCart: storeCart,
    checkout: (publicId, request) => startCheckout(apiBaseUrl, locale, publicId, request),
    go: (url) => window.location.assign(url),
    pageSeen: (publicId, kind, cartId) => reportPageSeen(apiBaseUrl, locale, publicId, kind, cartId),
  };
}
