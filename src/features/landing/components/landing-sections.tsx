import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { isLocale } from '../../../../domain/locales';
import { useLandingHead } from '../use-landing-head';
import { BenefitsSection } from './benefits-section';
import { ContactSection } from './contact-section';
import { FaqSection } from './faq-section';
import { IntegrationsSection } from './integrations-section';
import { PlansSection } from './plans-section';
import { SolutionsSection } from './solutions-section';
import { SuccessCasesSection } from './success-cases-section';

/**
 * Everything below the hero: its own chunk, so the page's first JS is the header and the hero.
 * The prerendered HTML already shows these sections; the app keeps that HTML on screen until this
 * chunk has rendered (see prerendered-root.ts).
 */
export default function LandingSections() {
  const { i18n } = useLingui();
  // Here rather than in LandingPage to keep it out of the first JS; the prerendered page has the tags already.
  useLandingHead(isLocale(i18n.locale) ? i18n.locale : 'en');

  // Arriving with a hash (the login page links to #contact) before these sections existed.
  useEffect(() => {
    const target = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    target?.scrollIntoView();
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
