import { Trans } from '@lingui/react/macro';
import { CardGrid, CardItem, LandingSection } from './landing-section';

export function SolutionsSection() {
  return (
    <LandingSection
      id="solutions"
      title={<Trans>Solutions</Trans>}
      intro={<Trans>Tools that work together on WhatsApp and on your website.</Trans>}
    >
      <CardGrid>
        <CardItem>
          <h3>
            <Trans>Catalog filter</Trans>
          </h3>
          <p>
            <Trans>Customers find the right product in your WhatsApp catalog by size, colour or price.</Trans>
          </p>
        </CardItem>
        <CardItem>
          <h3>
            <Trans>AI personal shopper</Trans>
          </h3>
          <p>
            <Trans>A shopper who knows your store, trained on your catalog and policies, and suggests what to buy.</Trans>
          </p>
        </CardItem>
        <CardItem>
          <h3>
            <Trans>Campaigns</Trans>
          </h3>
          <p>
            <Trans>Send segmented WhatsApp campaigns and see the sales each one brings.</Trans>
          </p>
        </CardItem>
        <CardItem>
          <h3>
            <Trans>Website widget</Trans>
          </h3>
          <p>
            <Trans>The same AI on your website, in a chat widget that continues on WhatsApp.</Trans>
          </p>
        </CardItem>
      </CardGrid>
    </LandingSection>
  );
}
