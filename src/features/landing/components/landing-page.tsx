import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { LandingLayout } from './landing-layout';
import { HeroSection } from './hero-section';
import { MaterialRequestPanel } from './material-request-panel';

const LandingSections = lazy(() => import('./landing-sections'));

// Holds the space below the hero while the sections load (a client-side visit; a server-rendered
// page keeps its HTML until they hydrate).
const Pending = styled.div`
  min-height: 100vh;
`;

/**
 * The public landing page at /{lang}/, rendered on the server through the router per language at
 * build time (src/entry-server.tsx). In its static files only its islands hydrate
 * (landing-islands.tsx, src/entry-landing.tsx); the app renders it whole when it navigates here.
 */
export function LandingPage() {
  return (
    <LandingLayout>
      <HeroSection />
      <Suspense fallback={<Pending />}>
        <LandingSections />
      </Suspense>
      <MaterialRequestPanel />
    </LandingLayout>
  );
}
