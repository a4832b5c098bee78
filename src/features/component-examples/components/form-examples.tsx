import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/src/ui/button';
import { Checkbox } from '@/src/ui/checkbox';
import { PasswordField } from '@/src/ui/password-field';
import { RadioGroup } from '@/src/ui/radio-group';
import { Select } from '@/src/ui/select';
import { Slider } from '@/src/ui/slider';
import { TextField } from '@/src/ui/text-field';
import { ExampleSection } from './example-section';
import { ExampleState } from './example-state';

/** Showcase of buttons and basic form controls, each in its states. */
export function FormExamples() {
  const { t } = useLingui();
  const inventories = [
    { value: 'main', label: t`Main warehouse` },
    { value: 'downtown', label: t`Downtown store` },
    { value: 'online', label: t`Online only` },
  ];
  const tones = [
    { value: 'friendly', label: t`Friendly`, hint: t`Warm replies with emojis where they fit.` },
    { value: 'formal', label: t`Formal`, hint: t`Polite, complete sentences.` },
    { value: 'concise', label: t`Concise`, hint: t`Short answers with prices and links.` },
  ];

  return (
    <>
      <ExampleSection title={<Trans>Button</Trans>}>
        <ExampleState caption={<Trans>Variants</Trans>} inline wide>
          <Button>
            <Trans>Publish AI base</Trans>
          </Button>
          <Button variant="secondary">
            <Trans>Save draft</Trans>
          </Button>
          <Button variant="ghost">
            <Trans>View catalog</Trans>
          </Button>
          <Button variant="danger">
            <Trans>Delete AI base</Trans>
          </Button>
        </ExampleState>
        <ExampleState caption={<Trans>Sizes</Trans>} inline wide>
          <Button size="sm">
            <Trans>Small</Trans>
          </Button>
          <Button size="md">
            <Trans>Medium</Trans>
          </Button>
          <Button size="lg">
            <Trans>Large</Trans>
          </Button>
        </ExampleState>
        <ExampleState caption={<Trans>Focus: tab to it</Trans>} inline>
          <Button variant="secondary">
            <Trans>Add product</Trans>
          </Button>
        </ExampleState>
        <ExampleState caption={<Trans>Disabled</Trans>} inline>
          <Button disabled>
            <Trans>Publish AI base</Trans>
          </Button>
          <Button variant="secondary" disabled>
            <Trans>Save draft</Trans>
          </Button>
        </ExampleState>
        <ExampleState caption={<Trans>Loading</Trans>} inline>
          <Button loading>
            <Trans>Publishing</Trans>
          </Button>
          <Button variant="danger" loading>
            <Trans>Deleting</Trans>
          </Button>
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Text field</Trans>}>
        <ExampleState caption={<Trans>Default</Trans>}>
          <TextField label={<Trans>Business name</Trans>} name="businessName" autoComplete="organization" />
        </ExampleState>
        <ExampleState caption={<Trans>Focus: tab to it</Trans>}>
          <TextField
            label={<Trans>WhatsApp number</Trans>}
            hint={<Trans>Include the country code, e.g. +55 11 91234-5678.</Trans>}
            type="tel"
            autoComplete="tel"
            required
          />
        </ExampleState>
        <ExampleState caption={<Trans>Disabled</Trans>}>
          <TextField label={<Trans>Store ID</Trans>} defaultValue="cat-0042" disabled />
        </ExampleState>
        <ExampleState caption={<Trans>Error</Trans>}>
          <TextField
            label={<Trans>Email</Trans>}
            type="email"
            autoComplete="email"
            defaultValue="maria@"
            error={<Trans>Enter an email address like name@store.com.</Trans>}
          />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Password field</Trans>}>
        <ExampleState caption={<Trans>Default</Trans>}>
          <PasswordField label={<Trans>Password</Trans>} />
        </ExampleState>
        <ExampleState caption={<Trans>Focus: tab to it</Trans>}>
          <PasswordField
            label={<Trans>New password</Trans>}
            hint={<Trans>At least 12 characters.</Trans>}
            autoComplete="new-password"
            required
          />
        </ExampleState>
        <ExampleState caption={<Trans>Disabled</Trans>}>
          <PasswordField label={<Trans>API key</Trans>} defaultValue="sk-catalyst-demo" autoComplete="off" disabled />
        </ExampleState>
        <ExampleState caption={<Trans>Error</Trans>}>
          <PasswordField
            label={<Trans>Confirm password</Trans>}
            defaultValue="summer"
            autoComplete="new-password"
            error={<Trans>The passwords do not match.</Trans>}
          />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Select</Trans>}>
        <ExampleState caption={<Trans>Default</Trans>}>
          <Select label={<Trans>Inventory</Trans>} options={inventories} defaultValue="main" />
        </ExampleState>
        <ExampleState caption={<Trans>Focus: tab to it</Trans>}>
          <Select
            label={<Trans>Inventory for this AI base</Trans>}
            hint={<Trans>The agent only quotes stock from this inventory.</Trans>}
            options={inventories}
            placeholder={t`Choose an inventory`}
            defaultValue=""
          />
        </ExampleState>
        <ExampleState caption={<Trans>Disabled</Trans>}>
          <Select label={<Trans>Currency</Trans>} options={[{ value: 'BRL', label: t`Brazilian real (BRL)` }]} disabled />
        </ExampleState>
        <ExampleState caption={<Trans>Error</Trans>}>
          <Select
            label={<Trans>Source inventory</Trans>}
            options={inventories}
            placeholder={t`Choose an inventory`}
            defaultValue=""
            required
            error={<Trans>Choose an inventory to continue.</Trans>}
          />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Checkbox</Trans>}>
        <ExampleState caption={<Trans>Default</Trans>}>
          <Checkbox label={<Trans>Reply automatically outside business hours</Trans>} defaultChecked />
        </ExampleState>
        <ExampleState caption={<Trans>Focus: tab to it</Trans>}>
          <Checkbox
            label={<Trans>Notify me when stock runs low</Trans>}
            hint={<Trans>We send a WhatsApp message to the store owner.</Trans>}
          />
        </ExampleState>
        <ExampleState caption={<Trans>Disabled</Trans>}>
          <Checkbox label={<Trans>Send order confirmations</Trans>} hint={<Trans>Connect a WhatsApp number first.</Trans>} disabled />
        </ExampleState>
        <ExampleState caption={<Trans>Error</Trans>}>
          <Checkbox
            label={<Trans>I accept the WhatsApp Business terms</Trans>}
            required
            error={<Trans>Accept the terms to connect your number.</Trans>}
          />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Radio group</Trans>}>
        <ExampleState caption={<Trans>Default</Trans>}>
          <RadioGroup legend={<Trans>Reply tone</Trans>} options={tones} defaultValue="friendly" />
        </ExampleState>
        <ExampleState caption={<Trans>Focus: tab to it</Trans>}>
          <RadioGroup
            legend={<Trans>Language of replies</Trans>}
            hint={<Trans>The agent can also follow the customer’s language.</Trans>}
            options={[
              { value: 'auto', label: t`Same as the customer` },
              { value: 'pt', label: t`Portuguese` },
              { value: 'es', label: t`Spanish` },
            ]}
            defaultValue="auto"
          />
        </ExampleState>
        <ExampleState caption={<Trans>Disabled</Trans>}>
          <RadioGroup legend={<Trans>Reply tone (locked by your plan)</Trans>} options={tones} defaultValue="formal" disabled />
        </ExampleState>
        <ExampleState caption={<Trans>Error</Trans>}>
          <RadioGroup
            legend={<Trans>Delivery options</Trans>}
            options={[
              { value: 'pickup', label: t`Store pickup` },
              { value: 'courier', label: t`Courier` },
            ]}
            required
            error={<Trans>Choose how customers receive their orders.</Trans>}
          />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Slider</Trans>}>
        <ExampleState caption={<Trans>Default</Trans>}>
          <Slider
            label={<Trans>Creativity</Trans>}
            defaultValue={40}
            minLabel={<Trans>Less creative</Trans>}
            maxLabel={<Trans>More creative</Trans>}
          />
        </ExampleState>
        <ExampleState caption={<Trans>Focus: tab to it</Trans>}>
          <Slider
            label={<Trans>Reply length</Trans>}
            hint={<Trans>Maximum sentences per reply.</Trans>}
            min={1}
            max={10}
            defaultValue={3}
            minLabel={<Trans>Shorter</Trans>}
            maxLabel={<Trans>Longer</Trans>}
          />
        </ExampleState>
        <ExampleState caption={<Trans>Disabled</Trans>}>
          <Slider
            label={<Trans>Creativity (fixed for price answers)</Trans>}
            defaultValue={0}
            minLabel={<Trans>Less creative</Trans>}
            maxLabel={<Trans>More creative</Trans>}
            disabled
          />
        </ExampleState>
        <ExampleState caption={<Trans>Error</Trans>}>
          <Slider
            label={<Trans>Creativity for product descriptions</Trans>}
            defaultValue={95}
            minLabel={<Trans>Less creative</Trans>}
            maxLabel={<Trans>More creative</Trans>}
            error={<Trans>Above 80 the agent may invent product details. Choose 80 or less.</Trans>}
          />
        </ExampleState>
      </ExampleSection>
    </>
  );
}
