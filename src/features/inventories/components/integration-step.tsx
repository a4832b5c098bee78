// Step 1, Integration: the Shopify store — its type, write-only token, admin address and storefront,
// the optional (write-only) API secret key of its app, which lets its order webhooks reach Catalyst,
// and the two optional checkout fields — with 'Check connection', which shows the store's name and
// currency or why the store refused.
import type { RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import styled from 'styled-components';
import { ecommerceTypes, type EcommerceType, type PeerFailureReason, type StoreCheck } from '@/domain/inventory';
import type { IntegrationDraft } from '@/machines/inventory-wizard';
import { Button } from '@/src/ui/button';
import { Select } from '@/src/ui/select';
import { TextField } from '@/src/ui/text-field';
import { ecommerceTypeNames, useInventoryFieldError } from '../inventory-messages';
import { orderPollInterval } from '../order-poll-interval';
import { InventoryWizardCheckResult } from './inventory-wizard-check-result';
import { StepSection } from '@/src/ui/step-section';

const Fields = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Check = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  justify-items: start;
`;

/** What the store check found, with named placeholders for the translators. */
function StoreFound({ name, currency }: StoreCheck) {
  return (
    <Trans>
      Store: {name}. Currency: {currency}.
    </Trans>
  );
}

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  draft: IntegrationDraft;
  errors: Record<string, string>;
  /** The stored token as the API shows it (`shpat_…1a2b`), or null when none is stored. */
  tokenHint: string | null;
  /** Whether an API secret key is stored (the API never sends it back). */
  apiSecretSet: boolean;
  storeCheck: StoreCheck | null;
  refusal: PeerFailureReason | null;
  checkUnanswered: boolean;
  checking: boolean;
  /** Saving: the fields wait for the answer. */
  disabled: boolean;
  onEdit: (values: Partial<IntegrationDraft>) => void;
  onCheck: () => void;
};

export function IntegrationStep({
  headingRef,
  draft,
  errors,
  tokenHint,
  apiSecretSet,
  storeCheck,
  refusal,
  checkUnanswered,
  checking,
  disabled,
  onEdit,
  onCheck,
}: Props) {
  const { t, i18n } = useLingui();
  const error = useInventoryFieldError(errors);
  // The server's polling interval (runtime config): this step shows before the inventory exists.
  const interval = orderPollInterval(i18n, useRouter().options.context.runtimeConfig.orderPollSeconds);
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>1. Integration</Trans>}
      description={<Trans>Link the store that takes your orders. Catalyst reads its products and prices; it changes nothing in it.</Trans>}
    >
      <Fields disabled={disabled}>
        <TextField
          label={t`Inventory name`}
          name="name"
          required
          autoComplete="off"
          value={draft.name}
          error={error('name')}
          onChange={(event) => onEdit({ name: event.target.value })}
        />
        <Select
          label={t`E-commerce type`}
          name="ecommerceType"
          required
          placeholder={t`Choose a platform`}
          value={draft.ecommerceType}
          error={error('ecommerceType')}
          options={ecommerceTypes.map((value) => ({ value, label: i18n._(ecommerceTypeNames[value]) }))}
          onChange={(event) => onEdit({ ecommerceType: event.target.value as EcommerceType | '' })}
        />
        <TextField
          // Write-only: never filled from the server, so a password field that browsers do not offer to save.
          type="password"
          autoComplete="off"
          spellCheck={false}
          label={t`Shopify API token`}
          name="shopifyToken"
          required={!tokenHint}
          placeholder={tokenHint ?? 'shpat_…'}
          hint={
            tokenHint
              ? t`A token is saved (${tokenHint}). Leave this empty to keep it, or paste a new one.`
              : t`The Admin API access token of your store's custom app. It starts with shpat_.`
          }
          value={draft.shopifyToken}
          error={error('shopifyToken')}
          onChange={(event) => onEdit({ shopifyToken: event.target.value })}
        />
        <TextField
          type="url"
          inputMode="url"
          autoComplete="off"
          label={t`Shopify API URL`}
          name="shopifyUrl"
          required
          placeholder="https://your-store.myshopify.com"
          hint={t`Your store's admin address, like https://your-store.myshopify.com.`}
          value={draft.shopifyUrl}
          error={error('shopifyUrl')}
          onChange={(event) => onEdit({ shopifyUrl: event.target.value })}
        />
        <TextField
          // Write-only, as the token.
          type="password"
          autoComplete="off"
          spellCheck={false}
          label={t`Shopify API secret key (optional)`}
          name="shopifyApiSecret"
          placeholder={apiSecretSet ? '••••••••' : 'shpss_…'}
          hint={
            apiSecretSet
              ? t`An API secret key is saved. Leave this empty to keep it, or paste a new one.`
              : t`From the same app's API credentials. With it, your store tells Catalyst of new orders and shipments as they happen; without it, Catalyst checks for them ${interval}.`
          }
          value={draft.shopifyApiSecret ?? ''}
          error={error('shopifyApiSecret')}
          onChange={(event) => onEdit({ shopifyApiSecret: event.target.value })}
        />
        <Check>
          <Button variant="secondary" loading={checking} onClick={onCheck}>
            <Trans>Check connection</Trans>
          </Button>
          <div aria-live="polite">
            <InventoryWizardCheckResult
              checking={checking}
              refusal={refusal}
              unanswered={checkUnanswered}
              foundTitle={<Trans>The connection works.</Trans>}
              found={storeCheck && <StoreFound {...storeCheck} />}
            />
          </div>
        </Check>
        <TextField
          type="url"
          inputMode="url"
          autoComplete="off"
          label={t`Website`}
          name="website"
          required
          placeholder="https://your-store.com"
          hint={t`The storefront where shoppers check out, like https://your-store.com.`}
          value={draft.website}
          error={error('website')}
          onChange={(event) => onEdit({ website: event.target.value })}
        />
        <TextField
          autoComplete="off"
          label={t`Additional checkout URL parameters (optional)`}
          name="checkoutParams"
          placeholder="utm_source=whatsapp&utm_medium=chat"
          hint={t`Added to every checkout link Catalyst makes, as name=value pairs joined by &.`}
          value={draft.checkoutParams}
          error={error('checkoutParams')}
          onChange={(event) => onEdit({ checkoutParams: event.target.value })}
        />
        <TextField
          type="url"
          inputMode="url"
          autoComplete="off"
          label={t`Base tracking URL (optional)`}
          name="trackingUrl"
          placeholder="https://track.example.com/click"
          hint={t`If you track clicks, the address checkout links pass through first.`}
          value={draft.trackingUrl}
          error={error('trackingUrl')}
          onChange={(event) => onEdit({ trackingUrl: event.target.value })}
        />
      </Fields>
    </StepSection>
  );
}
