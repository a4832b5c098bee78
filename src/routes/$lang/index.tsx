import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../../features/landing/components/landing-page';

export const Route = createFileRoute('/$lang/')({
  component: LandingPage,
});
