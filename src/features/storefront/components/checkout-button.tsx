// 'Go to checkout' on both pages: asks the server for the checkout link and sends the shopper
// there. Busy while waiting (no second click); on failure a message that says what to do, and
// the cart is left as it was. Lines the store cannot sell are explained on the cart page. A shopper
// who comes back from the store with the back button finds it ready again (the browser may restore
// the page as it left it, busy). The cart page wraps the same controls in a form of its own
// (cart-checkout-form.tsx); the catalog's cart panel uses CheckoutButton.
import { useEffect, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ShopServices } from '../shop-services';

type CheckoutRequest = Parameters<ShopServices['checkout']>[1];

/** Why the checkout API refused: its error code, and a 400's fields by name. */
export type CheckoutRefusal = { code: string; fields: Record<string, string> };

/**
 * 'Go to checkout' in flight: `start` asks for the link and leaves for it, or answers the refusal
 * (shown as `failure` unless `handled` says the page shows it elsewhere, at a field).
 */
export function useCheckout(services: ShopServices, publicId: string, initialFailure: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(initialFailure);
  useEffect(() => {
    const back = (event: Event) => {
      if ((event as PageTransitionEvent).persisted) setBusy(false);
    };
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);

  async function start(request: CheckoutRequest, handled?: (refusal: CheckoutRefusal) => boolean): Promise<void> {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await services.checkout(publicId, request);
      services.go(answer.url); // the page is leaving: it stays busy
    } catch (error) {
      const thrown = error as { code?: string; fields?: Record<string, string> } | null;
      const refusal = { code: thrown?.code ?? 'failed', fields: thrown?.fields ?? {} };
      if (!handled?.(refusal)) setFailure(refusal.code);
      setBusy(false);
    }
  }

  return { busy, failure, setFailure, start };
}

/** The button, why it cannot be pressed, and the failure's message. A submit button when `onClick` is absent. */
export function CheckoutControls({
  busy,
  failure,
  disabledReason,
  onClick,
}: {
  busy: boolean;
  failure: string | null;
  /** Why it cannot be pressed (nothing to buy): shown beside the disabled button. */
  disabledReason?: ReactNode;
  onClick?: () => void;
}) {
  return (
    <div className="shop-checkout">
      <button
        type={onClick ? 'button' : 'submit'}
        className="shop-primary"
        disabled={busy || Boolean(disabledReason)}
        aria-busy={busy}
        onClick={onClick}
      >
        {busy ? <Trans>Opening the checkout…</Trans> : <Trans>Go to checkout</Trans>}
      </button>
      {disabledReason ? <p className="shop-note">{disabledReason}</p> : null}
      <p role="alert" className="shop-error">
        {failure === 'nothing_to_checkout' ? (
          <Trans>None of these items can be bought now: they are sold out or no longer sold. Choose other products in the catalog.</Trans>
        ) : failure === 'rate_limited' ? (
          <Trans>Too many tries from this connection. Wait a minute and try again: your cart is kept.</Trans>
        ) : failure ? (
          <Trans>We could not open the checkout. Check your connection and try again: your cart is kept.</Trans>
        ) : null}
      </p>
    </div>
  );
}

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
  const { busy, failure, start } = useCheckout(services, publicId);
  return <CheckoutControls busy={busy} failure={failure} disabledReason={disabledReason} onClick={() => void start(request())} />;
}
