// The dashboard's action cards: configure products (the inventories), configure AI (a new AI base) and
// view AI bases, each saying what there is or what is missing ('No inventory yet', '1 AI base in
// configuration'), counted from the answer's sources. A new AI base is offered while the plan has room
// for one (domain/plans' hasRoomForAiBase, as on the AI bases list); at its number, it is shown disabled.
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { Dashboard } from '@/domain/dashboard';
import { hasRoomForAiBase } from '@/domain/plans';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { PrimaryLink } from '@/src/ui/primary-link';
import { VisuallyHidden } from '@/src/ui/visually-hidden';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Status = styled.p`
  margin: 0;
  font-weight: 600;
`;

type Sources = Dashboard['sources'];

function InventoryStatus({ sources }: { sources: Sources }) {
  if (sources.inventories === 0) return <Trans>No inventory yet</Trans>;
  const configuring = sources.inventories - sources.configuredInventories;
  return (
    <>
      <Plural
        value={sources.configuredInventories}
        _0="No inventory configured yet"
        one="# inventory configured"
        other="# inventories configured"
      />
      {configuring > 0 && (
        <>
          {', '}
          <Plural value={configuring} one="# inventory in configuration" other="# inventories in configuration" />
        </>
      )}
    </>
  );
}

function AiBaseStatus({ sources }: { sources: Sources }) {
  if (sources.aiBases === 0) return <Trans>No AI base yet</Trans>;
  if (sources.aiBasesInConfiguration > 0)
    return <Plural value={sources.aiBasesInConfiguration} one="# AI base in configuration" other="# AI bases in configuration" />;
  return <Trans>All your AI bases are configured</Trans>;
}

function AiBaseCount({ sources }: { sources: Sources }) {
  if (sources.aiBases === 0) return <Trans>No AI base yet</Trans>;
  return <Plural value={sources.aiBases} one="You have # AI base" other="You have # AI bases" />;
}

type Props = {
  sources: Sources;
  /** The plan's number of AI bases; null when the account is not known (the server still refuses past it). */
  planAiBases: number | null;
};

export function DashboardActions({ sources, planAiBases }: Props) {
  const lang = useLang();
  const roomForAiBase = planAiBases === null || hasRoomForAiBase(planAiBases, sources.aiBases);
  return (
    <section aria-labelledby="dashboard-next">
      <VisuallyHidden as="h2" id="dashboard-next">
        <Trans>What to configure</Trans>
      </VisuallyHidden>
      <Cards>
        <Card
          headingLevel={3}
          title={<Trans>Configure products</Trans>}
          description={<Trans>Link your Shopify store and your WhatsApp catalog, and keep them in sync.</Trans>}
          footer={
            <PrimaryLink>
              {sources.inventories === 0 ? (
                // Nothing to list yet: straight to the wizard.
                <Link to="/$lang/inventory" params={{ lang }}>
                  <Trans>Configure new inventory</Trans>
                </Link>
              ) : (
                <Link to="/$lang/inventories" params={{ lang }}>
                  <Trans>Go to inventories</Trans>
                </Link>
              )}
            </PrimaryLink>
          }
        >
          <Status>
            <InventoryStatus sources={sources} />
          </Status>
        </Card>
        <Card
          headingLevel={3}
          title={<Trans>Configure AI</Trans>}
          description={<Trans>Set up the AI base that answers your shoppers.</Trans>}
          footer={
            roomForAiBase ? (
              <PrimaryLink>
                <Link to="/$lang/ia-base" params={{ lang }}>
                  <Trans>Configure a new AI base</Trans>
                </Link>
              </PrimaryLink>
            ) : (
              <Button disabled>
                <Trans>Configure a new AI base</Trans>
              </Button>
            )
          }
        >
          <Status>
            <AiBaseStatus sources={sources} />
          </Status>
          {!roomForAiBase && (
            <p>
              <Trans>Upgrade your plan to add more AI Bases.</Trans>
            </p>
          )}
        </Card>
        <Card
          headingLevel={3}
          title={<Trans>View AI bases</Trans>}
          description={<Trans>See your AI bases, train them again and activate them.</Trans>}
          footer={
            <PrimaryLink>
              <Link to="/$lang/ia-bases" params={{ lang }}>
                <Trans>Go to AI bases</Trans>
              </Link>
            </PrimaryLink>
          }
        >
          <Status>
            <AiBaseCount sources={sources} />
          </Status>
        </Card>
      </Cards>
    </section>
  );
}
