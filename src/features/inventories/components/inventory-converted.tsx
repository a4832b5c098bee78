// What an inventory's links converted, as the sync panel shows it: the value of the store orders
// attributed to the inventory (net of refunds; cancelled ones not counted — domain/inventory.ts's
// ConvertedValue) in the store's currency and the page's language, and how many orders; or that no
// order came from a Catalyst cart yet.
import { Plural, Trans } from '@lingui/react/macro';
import type { ConvertedValue } from '@/domain/inventory';
import { formatMinor } from '@/src/i18n/money';
import { useLang } from '@/src/i18n/use-lang';

export function InventoryConverted({ converted: { orders, valueMinor, currency } }: { converted: ConvertedValue }) {
  const lang = useLang();
  if (orders === 0 || !currency) return <Trans>No orders from Catalyst carts yet</Trans>;
  const value = formatMinor(lang, valueMinor, currency);
  return <Plural value={orders} one={`${value} from # order`} other={`${value} from # orders`} />;
}
