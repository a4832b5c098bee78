import { createFileRoute } from '@tanstack/react-router';
import { isLocale } from '../../../domain/locales';
import { LandingPage } from '../../features/landing/components/landing-page';
import { landingHead } from '../../features/landing/landing-head';

// The public landing page: rendered on the server at build time, one static file per language.
export const Route = createFileRoute('/$lang/')({
  head: ({ params, match }) => landingHead(isLocale(params.lang) ? params.lang : 'en', match.context.siteUrl),
  component: LandingPage,
});
