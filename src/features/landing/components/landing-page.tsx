import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { LandingLayout } from '../../../layouts/landing-layout';
import { HeroSection } from './hero-section';

const LandingSections = lazy(() => import('./landing-sections'));

// Holds the space below the hero while the sections load; the marker keeps a prerendered page on
// screen until they are there (prerendered-root.ts).
const Pending = styled.div`
  min-height: 100vh;
`;

/** The public landing page at /{lang}/, prerendered per language at build time (scripts/prerender.ts). */
export function LandingPage() {
  return (
    <LandingLayout>
      <HeroSection />
      <Suspense fallback={<Pending data-prerender-pending="" />}>
        <LandingSections />
      </Suspense>
    </LandingLayout>
  );
}
