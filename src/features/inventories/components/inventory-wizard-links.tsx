// An inventory's two public links — the catalog shoppers browse and their cart summary — each in a
// read-only field with a copy button, and a line on using them in a chat flow. Shown by the
// wizard's conclusion and by the inventory screen.
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { BlockDescription } from '../../../ui/block-title';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useLang } from '../../../i18n/use-lang';

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;

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

function CopyField({ label, name, value }: { label: string; name: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const id = `inventory-link-${name}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // No clipboard here (or refused): the address is selected, for the keyboard's copy.
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.focus();
      input?.select();
    }
  };
  return (
    <Row>
      <TextField id={id} label={label} name={name} readOnly value={value} onFocus={(event) => event.target.select()} />
      <Button variant="secondary" onClick={() => void copy()} aria-describedby={id}>
        {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </Button>
    </Row>
  );
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
