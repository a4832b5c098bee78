// The cart page's checkout: 'Send me order updates on WhatsApp' (what the shopper agrees to, and how
// to stop), the number once ticked, and 'Go to checkout'. A plain form posting to the page's own
// address, so it works before the page's JavaScript runs (the server answers with the checkout, or
// the page again with the number's problem at its field); once hydrated it asks the checkout API
// itself and shows a problem without a reload. The number is read on the server only, in the country
// the page names (the page has no room for phone metadata); unticked, the checkout is as without it.
// The field shows once ticked by CSS too (shop.css), so it appears before hydration as well.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  cartCheckoutRequest,
  cartPagePath,
  WHATSAPP_UPDATES_ERROR_FIELD,
  WHATSAPP_UPDATES_FIELD,
  WHATSAPP_UPDATES_PHONE_FIELD,
  type WhatsappUpdatesProblem,
} from '@/domain/cart-checkout-form';
import type { ShopPageData } from '../shop-page-data';
import type { ShopServices } from '../shop-services';
import { CheckoutControls, useCheckout } from './checkout-button';

type CartData = Extract<ShopPageData, { page: 'cart' }>;

export function CartCheckoutForm({
  data,
  services,
  disabledReason,
}: {
  data: CartData;
  services: ShopServices;
  /** Why it cannot be pressed (nothing to buy): the box is not offered then. */
  disabledReason?: ReactNode;
}) {
  const { locale, publicId, cartId, items, ref, currency, lines, updatesCountry: country, posted } = data;
  const { busy, failure, start } = useCheckout(services, publicId, posted?.failure ?? null);
  const [ticked, setTicked] = useState(posted?.ticked ?? false);
  const [problem, setProblem] = useState<WhatsappUpdatesProblem | null>(posted?.problem ?? null);
  const box = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const id = useId();
  // A box ticked before hydration is in the DOM, not yet in the state.
  useEffect(() => {
    if (box.current) setTicked(box.current.checked);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Read from the form: what was typed before hydration counts too.
    const fields = new FormData(event.currentTarget);
    const wants = fields.has(WHATSAPP_UPDATES_FIELD);
    const phone = String(fields.get(WHATSAPP_UPDATES_PHONE_FIELD) ?? '');
    const refused = (found: WhatsappUpdatesProblem) => {
      setProblem(found);
      phoneInput.current?.focus();
    };
    if (wants && phone.trim() === '') return refused('phone_required');
    setProblem(null);
    const request = cartCheckoutRequest(cartId, currency, lines);
    await start(wants ? { ...request, whatsappUpdates: { phone } } : request, (refusal) => {
      if (!refusal.fields[WHATSAPP_UPDATES_ERROR_FIELD]) return false;
      refused('phone_invalid');
      return true;
    });
  }

  const errorId = `${id}-error`;
  const countryName = country?.name;
  const callingCode = country ? `+${country.callingCode}` : '';
  return (
    <form method="post" action={cartPagePath(locale, publicId, cartId, items, ref)} className="shop-checkout-form" onSubmit={submit}>
      {disabledReason ? null : (
        <div className="shop-updates">
          <input
            ref={box}
            id={`${id}-box`}
            className="shop-updates-box"
            type="checkbox"
            name={WHATSAPP_UPDATES_FIELD}
            value="yes"
            defaultChecked={posted?.ticked ?? false}
            aria-describedby={`${id}-terms`}
            onChange={(event) => {
              setTicked(event.target.checked);
              if (!event.target.checked) setProblem(null);
            }}
          />
          <label htmlFor={`${id}-box`} className="shop-updates-label">
            <Trans>Send me order updates on WhatsApp</Trans>
          </label>
          <p id={`${id}-terms`} className="shop-note shop-updates-terms">
            <Trans>
              The store will send your order confirmation and shipping updates to your WhatsApp number. Reply STOP at any time to stop them.
            </Trans>
          </p>
          <div className="shop-field shop-updates-phone" hidden={!ticked}>
            <label htmlFor={`${id}-phone`}>
              <Trans>Your WhatsApp number</Trans>
            </label>
            <input
              ref={phoneInput}
              id={`${id}-phone`}
              type="tel"
              name={WHATSAPP_UPDATES_PHONE_FIELD}
              autoComplete="tel"
              inputMode="tel"
              maxLength={64}
              defaultValue={posted?.phone ?? ''}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${country ? `${id}-hint ` : ''}${errorId}`}
            />
            {country ? (
              <p id={`${id}-hint`} className="shop-note">
                <Trans>
                  With the area code. A number without + and a country code is read as one from {countryName} ({callingCode}).
                </Trans>
              </p>
            ) : null}
            <p id={errorId} role="alert" className="shop-error">
              {problem === 'phone_required' ? (
                <Trans>Write your WhatsApp number to get order updates, or untick the box.</Trans>
              ) : problem === 'phone_invalid' ? (
                <Trans>
                  This is not a valid WhatsApp number. Write it with the area code, and with + and the country code if it is from another
                  country.
                </Trans>
              ) : null}
            </p>
          </div>
        </div>
      )}
      <CheckoutControls busy={busy} failure={failure} disabledReason={disabledReason} />
    </form>
  );
}
