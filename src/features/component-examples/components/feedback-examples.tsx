import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@/src/ui/badge';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { ProgressBar } from '@/src/ui/progress-bar';
import { Skeleton } from '@/src/ui/skeleton';
import { Spinner } from '@/src/ui/spinner';
import { ExampleSection } from './example-section';
import { ExampleState } from './example-state';

/** Showcase of status and feedback components. */
export function FeedbackExamples() {
  const { t } = useLingui();
  const [showTip, setShowTip] = useState(true);

  return (
    <>
      <ExampleSection title={<Trans>Notice</Trans>}>
        <ExampleState caption={<Trans>Info, dismissible</Trans>}>
          {showTip ? (
            <Notice variant="info" title={<Trans>Tip</Trans>} onDismiss={() => setShowTip(false)}>
              <Trans>Add your shipping policy so the agent can answer delivery questions.</Trans>
            </Notice>
          ) : (
            <Button variant="secondary" onClick={() => setShowTip(true)}>
              <Trans>Show the tip again</Trans>
            </Button>
          )}
        </ExampleState>
        <ExampleState caption={<Trans>Positive</Trans>}>
          <Notice variant="positive" title={<Trans>AI base published</Trans>}>
            <Trans>Customers on WhatsApp now get answers from “Summer catalog”.</Trans>
          </Notice>
        </ExampleState>
        <ExampleState caption={<Trans>Warning</Trans>}>
          <Notice variant="warning" title={<Trans>12 products without a price</Trans>}>
            <Trans>The agent will ask customers to wait for a quote on these products.</Trans>
          </Notice>
        </ExampleState>
        <ExampleState caption={<Trans>Negative (announced as an alert)</Trans>}>
          <Notice variant="negative" title={<Trans>Inventory sync failed</Trans>}>
            <Trans>We could not read catalog.xlsx. Check the file and try again.</Trans>
          </Notice>
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Badge</Trans>}>
        <ExampleState caption={<Trans>Variants</Trans>} inline wide>
          <Badge>
            <Trans>Draft</Trans>
          </Badge>
          <Badge variant="primary">
            <Trans>Default inventory</Trans>
          </Badge>
          <Badge variant="accent">
            <Trans>New</Trans>
          </Badge>
          <Badge variant="info">
            <Trans>Training</Trans>
          </Badge>
          <Badge variant="positive">
            <Trans>Published</Trans>
          </Badge>
          <Badge variant="warning">
            <Trans>Low stock</Trans>
          </Badge>
          <Badge variant="negative">
            <Trans>Out of stock</Trans>
          </Badge>
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Progress bar</Trans>}>
        <ExampleState caption={<Trans>In progress</Trans>}>
          <ProgressBar label={<Trans>Training “Summer catalog”</Trans>} value={45} showValue />
        </ExampleState>
        <ExampleState caption={<Trans>Complete</Trans>}>
          <ProgressBar label="catalog.xlsx" value={100} tone="positive" showValue />
        </ExampleState>
        <ExampleState caption={<Trans>Error</Trans>}>
          <ProgressBar label="supplier-photos.zip" value={12} tone="negative" showValue />
        </ExampleState>
        <ExampleState caption={<Trans>Indeterminate, hidden label</Trans>}>
          <ProgressBar label={<Trans>Importing inventory</Trans>} hideLabel />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Spinner</Trans>}>
        <ExampleState caption={<Trans>With a screen-reader label</Trans>} inline>
          <Spinner size={24} label={t`Syncing inventory…`} />
        </ExampleState>
        <ExampleState caption={<Trans>Inside a loading button</Trans>} inline>
          <Button loading>
            <Trans>Syncing</Trans>
          </Button>
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Skeleton</Trans>}>
        <ExampleState caption={<Trans>Text lines</Trans>}>
          <Skeleton lines={3} label={t`Loading AI bases…`} />
        </ExampleState>
        <ExampleState caption={<Trans>Card placeholder</Trans>}>
          <Skeleton block lines={2} />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Empty state</Trans>}>
        <ExampleState caption={<Trans>With action</Trans>}>
          <EmptyState
            headingLevel={3}
            title={<Trans>No AI bases yet</Trans>}
            description={<Trans>Upload your catalog and FAQs, and Catalyst answers customers on WhatsApp for you.</Trans>}
            action={
              <Button>
                <Trans>Create AI base</Trans>
              </Button>
            }
          />
        </ExampleState>
        <ExampleState caption={<Trans>Without action</Trans>}>
          <EmptyState
            headingLevel={3}
            title={<Trans>No products match</Trans>}
            description={<Trans>Try another search or clear the filters.</Trans>}
          />
        </ExampleState>
      </ExampleSection>
    </>
  );
}
