import type { ReactNode } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AiBase, AiBaseStatus } from '@/domain/ai-base';
import { hasRoomForAiBase } from '@/domain/plans';
import { PageFrame } from '@/src/ui/page-frame';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { useLang } from '@/src/i18n/use-lang';
import { statusSectionTitles } from '../ai-base-messages';
import { AiBaseCard } from './ai-base-card';
import { PrimaryLink } from '@/src/ui/primary-link';

const listRoute = getRouteApi('/$lang/_app/ia-bases');
const appRoute = getRouteApi('/$lang/_app');

/** The list's sections, in this order; a status without bases has none. */
const sectionOrder: readonly AiBaseStatus[] = ['active', 'training', 'inactive'];

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.colors.primary};
`;

function Section({ title, bases, id }: { title: ReactNode; bases: AiBase[]; id: string }) {
  if (bases.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <SectionTitle id={id}>{title}</SectionTitle>
      <Grid>
        {bases.map((base) => (
          <li key={base.id}>
            <AiBaseCard base={base} />
          </li>
        ))}
      </Grid>
    </section>
  );
}

/** `/ia-bases`: the merchant's AI bases by status, and a new one while the plan has room. */
export function AiBasesPage() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const bases = listRoute.useLoaderData();
  const account = appRoute.useLoaderData();
  // Without the account (it failed to load) the server still enforces the limit.
  const atCap = account !== null && account !== undefined && !hasRoomForAiBase(account.limits.aiBases, bases.length);

  // At the plan's cap the action stays in place, disabled, with the notice saying why.
  const newBase = atCap ? (
    <Button disabled>
      <Trans>New AI base</Trans>
    </Button>
  ) : (
    <PrimaryLink>
      <Link to="/$lang/ia-base" params={{ lang }}>
        <Trans>New AI base</Trans>
      </Link>
    </PrimaryLink>
  );

  return (
    <PageFrame title={<Trans>AI Bases</Trans>} actions={newBase}>
      {atCap && (
        <Notice variant="warning" title={t`Upgrade your plan to add more AI Bases.`}>
          <Plural value={account.limits.aiBases} one="Your plan includes # AI base." other="Your plan includes # AI bases." />
        </Notice>
      )}
      {bases.length === 0 ? (
        <EmptyState
          title={<Trans>No AI bases yet</Trans>}
          description={<Trans>Configure your first AI base to start selling with AI on WhatsApp.</Trans>}
          action={newBase}
        />
      ) : (
        <Sections>
          {sectionOrder.map((status) => (
            <Section
              key={status}
              id={`${status}-bases`}
              title={i18n._(statusSectionTitles[status])}
              bases={bases.filter((b) => b.status === status)}
            />
          ))}
        </Sections>
      )}
    </PageFrame>
  );
}
