// An inventory's two public links — the catalog shoppers browse and their cart summary — each in a
// read-only field with a copy button (ui/copy-field), and a line on using them in a chat flow.
// Shown by the wizard's conclusion and by the inventory screen.
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { BlockDescription } from '@/src/ui/block-title';
import { CopyField } from '@/src/ui/copy-field';
import { useLang } from '@/src/i18n/use-lang';

const Links = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The catalog access and cart summary addresses of an inventory, in the page's language. */
export function usePublicLinks(publicId: string) {
  const { siteUrl } = useRouter().options.context;
  const lang = useLang();
  const catalog = `${siteUrl.replace(/\/+$/, '')}/${lang}/c/${encodeURIComponent(publicId)}`;
  return { catalog, cart: `${catalog}/cart` };
}

export function InventoryWizardLinks({ publicId }: { publicId: string }) {
  const { t } = useLingui();
  const links = usePublicLinks(publicId);
  return (
    <Links>
      <CopyField label={t`Catalog access URL`} name="catalogUrl" value={links.catalog} />
      <CopyField label={t`Cart summary URL`} name="cartUrl" value={links.cart} />
      <BlockDescription>
        <Trans>
          Use these links in your chat flows: send the catalog link so shoppers can browse your products, and the cart summary link so they
          can review their cart and check out on your store.
        </Trans>
      </BlockDescription>
    </Links>
  );
}
