import type { SalesPlatform } from '@/domain/lead-requests';

/** Sales platforms by their product names (not translated); `other` is labelled by the form. */
export const platformNames: Record<Exclude<SalesPlatform, 'other'>, string> = {
  shopify: 'Shopify',
  vtex: 'VTEX',
  yampi: 'Yampi',
  nuvemshop: 'Nuvemshop',
  woocommerce: 'WooCommerce',
  tray: 'Tray',
  magento: 'Magento',
  wix: 'Wix',
  loja_integrada: 'Loja Integrada',
  vnda: 'VNDA',
  bagy: 'Bagy',
};
