// 'Go to checkout' on both pages: asks the server for the checkout link and sends the shopper
// there. Busy while waiting (no second click); on failure a message that says what to do, and
// the cart is left as it was. Lines the store cannot sell are explained on the cart page. A shopper
// who comes back from the store with the back button finds it ready again (the browser may restore
// the page as it left it, busy).
import { useEffect, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ShopServices } from '../shop-services';

type CheckoutRequest = Parameters<ShopServices['checkout']>[1];

export function CheckoutButton({
  services,
  publicId,
  request,
  disabledReason,
}: {
  services: ShopServices;
  publicId: string;
  request(): CheckoutRequest;
  /** Why it cannot be pressed (nothing to buy): shown beside the disabled button. */
  disabledReason?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    const back = (event: Event) => {
      if ((event as PageTransitionEvent).persisted) setBusy(false);
    };
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);

  async function go() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await services.checkout(publicId, request());
      services.go(answer.url); // the page is leaving: it stays busy
    } catch (error) {
      setFailure((error as { code?: string } | null)?.code ?? 'failed');
      setBusy(false);
    }
  }

  return (
    <div className="shop-checkout">
      <button type="button" className="shop-primary" disabled={busy || Boolean(disabledReason)} aria-busy={busy} onClick={go}>
        {busy ? <Trans>Opening the checkout…</Trans> : <Trans>Go to checkout</Trans>}
      </button>
      {disabledReason ? <p className="shop-note">{disabledReason}</p> : null}
      <p role="alert" className="shop-error">
        {failure === 'nothing_to_checkout' ? (
          <Trans>None of these items can be bought now: they are sold out or no longer sold. Choose other products in the catalog.</Trans>
        ) : failure ? (
          <Trans>We could not open the checkout. Check your connection and try again: your cart is kept.</Trans>
        ) : null}
      </p>
    </div>
  );
}
