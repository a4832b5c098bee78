// A solution card's way on: the screen that sets up what it waits for first (a primary link), or, once
// it is set up, the screen that opens it (a plain link).
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { Solution } from '@/domain/solutions';
import { useLang } from '@/src/i18n/use-lang';
import { PrimaryLink } from '@/src/ui/primary-link';
import { OpenLink } from '@/src/ui/open-link';

export function SolutionAction({ solution }: { solution: Solution }) {
  const lang = useLang();
  const link = solutionLink(solution, lang);
  if (!link) return null;
  return solution.state === 'set_up' ? <OpenLink>{link}</OpenLink> : <PrimaryLink>{link}</PrimaryLink>;
}

function solutionLink({ id, next, inventoryId }: Solution, lang: string): ReactNode {
  const params = { lang };
  // Recovery and notices are set per inventory: its checkouts, its screen.
  const checkouts = (label: ReactNode) => (
    <Link to="/$lang/checkouts" params={params} search={inventoryId ? { inventory: inventoryId } : {}}>
      {label}
    </Link>
  );
  const inventoryScreen = (label: ReactNode) =>
    inventoryId ? (
      <Link to="/$lang/inventory/$id" params={{ lang, id: inventoryId }}>
        {label}
      </Link>
    ) : (
      <Link to="/$lang/inventories" params={params}>
        {label}
      </Link>
    );
  switch (next) {
    case 'inventory':
      return (
        <Link to="/$lang/inventories" params={params}>
          <Trans>Set up an inventory</Trans>
        </Link>
      );
    case 'ai_base':
      return (
        <Link to="/$lang/ia-bases" params={params}>
          <Trans>Set up an AI base</Trans>
        </Link>
      );
    case 'channel':
      return (
        <Link to="/$lang/channels" params={params}>
          <Trans>Connect a WhatsApp number</Trans>
        </Link>
      );
    case 'campaign':
      return (
        <Link to="/$lang/campaigns/new" params={params}>
          <Trans>Create a campaign</Trans>
        </Link>
      );
    case 'recovery_flow':
      return checkouts(<Trans>Set up cart recovery</Trans>);
    case 'notices':
      return inventoryScreen(<Trans>Set up post-sale notices</Trans>);
    case 'widget':
      return (
        <Link to="/$lang/widget" params={params}>
          <Trans>Set up the website widget</Trans>
        </Link>
      );
    case null:
      break;
  }
  switch (id) {
    case 'catalog_filter':
      return (
        <Link to="/$lang/inventories" params={params}>
          <Trans>Open inventories</Trans>
        </Link>
      );
    case 'ai_shopper':
      return (
        <Link to="/$lang/channels" params={params}>
          <Trans>Open WhatsApp numbers</Trans>
        </Link>
      );
    case 'campaigns':
      return (
        <Link to="/$lang/campaigns" params={params}>
          <Trans>Open campaigns</Trans>
        </Link>
      );
    case 'cart_recovery':
      return checkouts(<Trans>Open checkouts</Trans>);
    case 'post_sale_notices':
      return inventoryScreen(<Trans>Open post-sale notices</Trans>);
    case 'website_widget':
      return (
        <Link to="/$lang/widget" params={params}>
          <Trans>Open the website widget</Trans>
        </Link>
      );
  }
}
