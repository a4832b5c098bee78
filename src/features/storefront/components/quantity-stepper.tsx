// How many of a cart line: − and + buttons and a number field clamped to 1..999. The field keeps
// what is being typed (even empty) until it loses focus, then shows the clamped quantity.
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CART_MAX_QUANTITY } from '@/domain/cart-items';
import { clampQuantity } from '@/domain/shop-cart';

export function QuantityStepper({ name, quantity, onChange }: { name: string; quantity: number; onChange(quantity: number): void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="shop-stepper">
      <button type="button" className="shop-step" aria-label={t`Fewer of ${name}`} onClick={() => onChange(clampQuantity(quantity - 1))}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={CART_MAX_QUANTITY}
        aria-label={t`Quantity of ${name}`}
        value={draft ?? quantity}
        onChange={(event) => {
          setDraft(event.target.value);
          const typed = parseInt(event.target.value, 10);
          if (!Number.isNaN(typed)) onChange(clampQuantity(typed));
        }}
        onBlur={() => setDraft(null)}
      />
      <button type="button" className="shop-step" aria-label={t`More of ${name}`} onClick={() => onChange(clampQuantity(quantity + 1))}>
        +
      </button>
    </div>
  );
}
