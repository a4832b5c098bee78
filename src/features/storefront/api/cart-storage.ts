// The shopper's cart of an inventory in the browser's local storage, so it survives a reload and a
// return the next day. Storage can be refused (private mode, full, blocked): the cart then lives
// as long as the page, and nothing fails.
const key = (publicId: string) => `catalyst-cart:${publicId}`;

export function loadStoredCart(publicId: string): string | null {
  try {
    return localStorage.getItem(key(publicId));
  } catch {
    return null;
  }
}

export function storeCart(publicId: string, value: string): void {
  try {
    localStorage.setItem(key(publicId), value);
  } catch {
    // Not kept past this page; the shopper can still check out.
  }
}
