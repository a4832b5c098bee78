// 'Checkout link preview' on the inventory screen: the link 'Go to checkout' would send a shopper to
// for a sample cart of one item, built by the same code as the real one (domain/checkout-link.ts)
// from the inventory's website, attribution code, additional parameters and tracking URL — so the
// merchant sees where their parameters land, which of them ours replace, and how the tracking URL
// carries the checkout link (and how to place it there with the placeholder).
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { CHECKOUT_URL_PLACEHOLDER, checkoutLinkPreview, overriddenCheckoutParams } from '@/domain/checkout-link';
import type { Inventory } from '@/domain/inventory';
import { BlockDescription } from '@/src/ui/block-title';
import { FactsList } from '@/src/ui/facts-list';

const Preview = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Link = styled.code`
  font-family: ui-monospace, monospace;
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

type PreviewedInventory = Pick<Inventory, 'website' | 'attributionCode' | 'checkoutParams' | 'trackingUrl'>;

export function InventoryCheckoutPreview({ inventory }: { inventory: PreviewedInventory }) {
  const preview = checkoutLinkPreview(inventory);
  if (!preview.ok) return null;
  const overridden = overriddenCheckoutParams(inventory.checkoutParams);
  const names = overridden.join(', ');
  const placeholder = CHECKOUT_URL_PLACEHOLDER;
  return (
    <Preview>
      <FactsList>
        <dt>
          <Trans>Checkout link preview</Trans>
        </dt>
        <dd>
          <Link>{preview.url}</Link>
        </dd>
      </FactsList>
      <BlockDescription>
        <Trans>
          The link a cart of one item would check out with: Catalyst adds ref (your attribution code) and the cart's id, then your
          additional parameters.
        </Trans>
      </BlockDescription>
      {overridden.length > 0 && (
        <BlockDescription>
          <Trans>Left out of your parameters, because Catalyst sets them: {names}.</Trans>
        </BlockDescription>
      )}
      {inventory.trackingUrl !== '' &&
        (preview.tracked ? (
          <BlockDescription>
            <Trans>
              It passes through your tracking URL first. To choose where the checkout link goes in it, write {placeholder} in your tracking
              URL; otherwise it is added at the end of a tracking URL ending in =, or as its url parameter.
            </Trans>
          </BlockDescription>
        ) : (
          <BlockDescription>
            <Trans>Your tracking URL cannot carry the checkout link, so shoppers go straight to checkout.</Trans>
          </BlockDescription>
        ))}
    </Preview>
  );
}
