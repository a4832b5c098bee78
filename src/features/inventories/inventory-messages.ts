// The inventory vocabulary in the page's language: why a store or a catalog refused a check (the
// codes of domain/inventory's peerFailureReasons, which the API sends), the e-commerce platforms'
// names, and the validation messages (domain/inventory's inventoryValidation descriptors) by id.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import { inventoryValidationMessages, type EcommerceType, type PeerFailureReason } from '@/domain/inventory';

export const peerFailureMessages: Record<PeerFailureReason, MessageDescriptor> = {
  store_token_invalid: msg`The store refused the token. Check that it is the Admin API access token of this store.`,
  store_scope_missing: msg`The token lacks an access scope Catalyst needs. Give the app the read_products and read_orders scopes, then try again.`,
  store_url_wrong: msg`This address does not answer as a Shopify store. Use the store's admin address, like https://your-store.myshopify.com.`,
  store_unreachable: msg`The store did not answer. Check the address, or try again in a moment.`,
  store_throttled: msg`The store asked us to slow down. Try again in a moment.`,
  catalog_not_found: msg`No catalog with this ID can be seen with Catalyst's access. Check the ID, and that the catalog is shared with Catalyst.`,
  catalog_token_invalid: msg`Meta refused the access Catalyst uses to read catalogs. Try again later, or contact support.`,
  catalog_unreachable: msg`Meta did not answer. Try again in a moment.`,
  catalog_throttled: msg`Meta asked us to slow down. Try again in a moment.`,
};

export const ecommerceTypeNames: Record<EcommerceType, MessageDescriptor> = {
  shopify: msg`Shopify`,
};

/** A field's message in the page's language, from its message id (domain/inventory's validation ids). */
export const useInventoryFieldError = (errors: Record<string, string>) => useTranslatedFieldError(errors, inventoryValidationMessages);
