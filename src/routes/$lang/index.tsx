import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { isLocale } from '@/domain/locales';
import { LandingPage } from '@/src/features/landing/components/landing-page';
import { landingHead } from '@/src/features/landing/landing-head';
import { LeadServicesContext } from '@/src/features/landing/lead-form/lead-services-context';

// The public landing page: rendered on the server at build time, one static file per language,
// which hydrates from an entry of its own (src/entry-landing.tsx). The app shows it through this
// route when it navigates here itself.
export const Route = createFileRoute('/$lang/')({
  head: ({ params, match }) => landingHead(isLocale(params.lang) ? params.lang : 'en', match.context.siteUrl),
  component: LandingRoute,
});

function LandingRoute() {
  const { api } = Route.useRouteContext();
  const services = useMemo(() => ({ api }), [api]);
  return (
    <LeadServicesContext value={services}>
      <LandingPage />
    </LeadServicesContext>
  );
}
