// The dashboard. Until the results and AI use arrive (the dashboard issue), it says what to
// configure first and leads there: products (the inventories) and AI (the AI bases).
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { useLang } from '../../../i18n/use-lang';
import { PageFrame } from '../../../layouts/page-frame';
import { Card } from '../../../ui/card';
import { Notice } from '../../../ui/notice';
import { PrimaryLink } from '../../../ui/primary-link';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

export function DashboardPage() {
  const lang = useLang();
  return (
    <PageFrame title={<Trans>Dashboard</Trans>}>
      <Notice variant="info">
        <Trans>Configure your first AI base and inventory to see your results here.</Trans>
      </Notice>
      <Cards>
        <Card
          title={<Trans>Configure products</Trans>}
          description={<Trans>Link your Shopify store and your WhatsApp catalog, and keep them in sync.</Trans>}
          footer={
            <PrimaryLink>
              <Link to="/$lang/inventories" params={{ lang }}>
                <Trans>Go to inventories</Trans>
              </Link>
            </PrimaryLink>
          }
        />
        <Card
          title={<Trans>Configure AI</Trans>}
          description={<Trans>Set up the AI base that answers your shoppers.</Trans>}
          footer={
            <PrimaryLink>
              <Link to="/$lang/ia-bases" params={{ lang }}>
                <Trans>Go to AI bases</Trans>
              </Link>
            </PrimaryLink>
          }
        />
      </Cards>
    </PageFrame>
  );
}
