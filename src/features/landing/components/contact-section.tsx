import { Trans } from '@lingui/react/macro';
import { LandingSection } from './landing-section';
import { LandingIsland } from './landing-islands';

/** The contact section: its heading and introduction, and the contact form (an island). */
export function ContactSection() {
  return (
    <LandingSection
      id="contact"
      title={<Trans>Talk to a specialist</Trans>}
      intro={<Trans>Tell us about your store and we will get back to you within one business day.</Trans>}
    >
      <LandingIsland name="contact" />
    </LandingSection>
  );
}
