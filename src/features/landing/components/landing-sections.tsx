import { useEffect } from 'react';
import { BenefitsSection } from './benefits-section';
import { ContactSection } from './contact-section';
import { FaqSection } from './faq-section';
import { IntegrationsSection } from './integrations-section';
import { PlansSection } from './plans-section';
import { SolutionsSection } from './solutions-section';
import { SuccessCasesSection } from './success-cases-section';

/**
 * Everything below the hero: its own chunk, so the page's first JS is the header and the hero.
 * The server-rendered HTML already shows these sections; React hydrates them once the chunk is in.
 */
export default function LandingSections() {
  useEffect(() => {
    // Arriving with a hash (the login page links to #contact) before these sections existed.
    const target = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    target?.scrollIntoView();
    // The whole page is live now (hydrated, or rendered here): what tests and tools wait for.
    document.documentElement.setAttribute('data-landing-live', '');
    return () => document.documentElement.removeAttribute('data-landing-live');
  }, []);

  return (
    <>
      <BenefitsSection />
      <SolutionsSection />
      <IntegrationsSection />
      <SuccessCasesSection />
      <PlansSection />
      <FaqSection />
      <ContactSection />
    </>
  );
}
