import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { LandingLayout } from '../../../layouts/landing-layout';
import { HeroSection } from './hero-section';

const LandingSections = lazy(() => import('./landing-sections'));

// Holds the space below the hero while the sections load (a client-side visit; a server-rendered
// page keeps its HTML until they hydrate).
const Pending = styled.div`
  min-height: 100vh;
`;

/** The public landing page at /{lang}/, rendered on the server per language at build time (src/entry-server.tsx). */
export function LandingPage() {
  return (
    <LandingLayout>
      <HeroSection />
      <Suspense fallback={<Pending />}>
        <LandingSections />
      </Suspense>
    </LandingLayout>
  );
}
