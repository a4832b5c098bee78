// The shopper's page, rendered by the server and hydrated in the browser from the same
// data: the catalog, the cart summary or a problem. React and Lingui only, with one plain CSS
// file: the page's whole JS budget is 80 KB gzip, react-dom included.
import { useEffect, useRef } from 'react';
import type { ShopPageData } from '../shop-page-data';
import type { ShopServices } from '../shop-services';
import { CartView } from './cart-view';
import { CatalogView } from './catalog-view';
import { ShopProblemView } from './shop-problem-view';
import '../shop.css';

export function ShopPage({ data, services }: { data: ShopPageData; services: ShopServices }) {
  // Reported once after hydration (the ref also holds in StrictMode's second run of effects).
  const seen = useRef(false);
  useEffect(() => {
    if (seen.current) return;
    seen.current = true;
    if (data.page === 'catalog') services.pageSeen(data.publicId, 'access');
    else if (data.page === 'cart') services.pageSeen(data.publicId, 'cart_view', data.cartId ?? undefined);
  }, [data, services]);

  if (data.page === 'catalog') return <CatalogView data={data} services={services} />;
  if (data.page === 'cart') return <CartView data={data} services={services} />;
  return <ShopProblemView data={data} />;
}
