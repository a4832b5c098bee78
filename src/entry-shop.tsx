// The browser's entry of the shopper's pages (the catalog and the cart summary, shop.html): hydrates
// the server's HTML from the page's JSON data block, which also carries its language's messages, so
// nothing else is fetched before the page works. React and Lingui only: the page's JS budget is 80 KB.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { SHOP_DATA_ELEMENT_ID } from '../domain/public-pages';
import type { ShopDocument } from './features/storefront/shop-page-data';
import { ShopPage } from './features/storefront/components/shop-page';
import { browserShopServices } from './features/storefront/api/browser-shop-services';

const block = document.getElementById(SHOP_DATA_ELEMENT_ID);
if (block?.textContent) {
  const { data, apiBaseUrl, messages } = JSON.parse(block.textContent) as ShopDocument;
  const i18n = setupI18n({ locale: data.locale, messages: { [data.locale]: messages } });
  // In a transition, React hydrates in slices and yields to the browser between them, so a phone's
  // main thread is never blocked for the whole page's hydration (Lighthouse's total blocking time).
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <I18nProvider i18n={i18n}>
        <ShopPage data={data} services={browserShopServices(apiBaseUrl, data.locale)} />
      </I18nProvider>,
    );
  });
}
