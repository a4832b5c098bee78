// The inventory's vocabulary (domain/inventory.ts) as both the wizard and the API rely on it: the
// seed's messages for missing fields, addresses normalised to origins (`shop.myshopify.com/admin`
// → `https://shop.myshopify.com`), http only for this machine, checkout parameters as pairs,
// catalog ids as numbers, and a token shown only by its kind and last four characters.
import { describe, expect, test } from 'vitest';
import {
  catalogSchema,
  createInventorySchema,
  integrationSchema,
  inventoryValidation,
  isLoopbackOrigin,
  normaliseCheckoutParams,
  normaliseOrigin,
  normaliseTrackingUrl,
  tokenHint,
  type IntegrationInput,
} from '@/domain/inventory';

const filled: IntegrationInput = {
  name: 'Loja Contoso',
  ecommerceType: 'shopify',
  shopifyToken: 'shpat_0123456789abcdef0123456789ab1a2b',
  shopifyUrl: 'contoso.myshopify.com/admin',
  website: 'https://loja.contoso.com.br/',
  checkoutParams: '?utm_source=whatsapp&utm_medium=chat',
  trackingUrl: '',
};

/** Each field's message id for `input`, or {} when it passes. */
const fieldErrors = (input: unknown) => {
  const result = integrationSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('inventory domain', () => {
  test('addresses become https origins; anything else is refused', () => {
    expect(normaliseOrigin('contoso.myshopify.com/admin')).toBe('https://contoso.myshopify.com');
    expect(normaliseOrigin('  HTTPS://Contoso.MyShopify.com/admin/products?x=1 ')).toBe('https://contoso.myshopify.com');
    expect(normaliseOrigin('https://loja.com.br:8443/')).toBe('https://loja.com.br:8443');
    for (const bad of [
      '',
      'contoso',
      'http://contoso.myshopify.com',
      'ftp://x.com',
      'https://user:pw@x.com',
      'https://a b.com',
      'javascript:alert(1)',
    ])
      expect(normaliseOrigin(bad), bad).toBeNull();
    // The demo store runs on this machine over http.
    expect(normaliseOrigin('http://127.0.0.1:4100/admin')).toBe('http://127.0.0.1:4100');
    expect(normaliseOrigin('http://localhost:4100')).toBe('http://localhost:4100');
    expect(isLoopbackOrigin('http://127.0.0.1:4100')).toBe(true);
    expect(isLoopbackOrigin('https://contoso.myshopify.com')).toBe(false);
  });

  test('checkout parameters are name=value pairs; a tracking URL is a whole https URL', () => {
    expect(normaliseCheckoutParams('?utm_source=whatsapp&utm_medium=chat')).toBe('utm_source=whatsapp&utm_medium=chat');
    expect(normaliseCheckoutParams('ref=zap&discount=BEMVINDO10')).toBe('ref=zap&discount=BEMVINDO10');
    expect(normaliseCheckoutParams('')).toBe('');
    for (const bad of ['a=1&&b=2', '=1', 'a=1 b=2', '&']) expect(normaliseCheckoutParams(bad), bad).toBeNull();
    expect(normaliseTrackingUrl('track.example.com/r?to=')).toBe('https://track.example.com/r?to=');
    expect(normaliseTrackingUrl('')).toBe('');
    expect(normaliseTrackingUrl('http://track.example.com/r')).toBeNull();
  });

  test('step 1 normalises what it keeps and answers the seed’s message for each missing field', () => {
    const parsed = integrationSchema.parse(filled);
    expect(parsed).toMatchObject({
      name: 'Loja Contoso',
      shopifyUrl: 'https://contoso.myshopify.com',
      website: 'https://loja.contoso.com.br',
    });
    expect(parsed.checkoutParams).toBe('utm_source=whatsapp&utm_medium=chat');
    expect(fieldErrors({ ...filled, name: '  ', ecommerceType: '', shopifyUrl: '', website: '' })).toEqual({
      name: inventoryValidation.nameRequired.id,
      ecommerceType: inventoryValidation.ecommerceTypeRequired.id,
      shopifyUrl: inventoryValidation.shopifyUrlRequired.id,
      website: inventoryValidation.websiteRequired.id,
    });
    expect(fieldErrors({ ...filled, shopifyUrl: 'http://contoso.myshopify.com', checkoutParams: 'a=1&&b' })).toEqual({
      shopifyUrl: inventoryValidation.addressInvalid.id,
      checkoutParams: inventoryValidation.checkoutParamsInvalid.id,
    });
    // The token may be empty in the schema: the server keeps the stored one, or refuses (tested there).
    expect(fieldErrors({ ...filled, shopifyToken: '' })).toEqual({});
    expect(createInventorySchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(inventoryValidation.nameRequired.id);
  });

  test('a catalog id is a number; a token is shown by its kind and last four characters', () => {
    expect(catalogSchema.parse({ catalogId: ' 1234567890123456 ' }).catalogId).toBe('1234567890123456');
    expect(catalogSchema.safeParse({ catalogId: '' }).error?.issues[0]?.message).toBe(inventoryValidation.catalogIdRequired.id);
    expect(catalogSchema.safeParse({ catalogId: '12ab' }).error?.issues[0]?.message).toBe(inventoryValidation.catalogIdInvalid.id);
    expect(tokenHint('shpat_0123456789abcdef0123456789ab1a2b')).toBe('shpat_…1a2b');
    expect(tokenHint('0123456789abcdef')).toBe('…cdef');
  });
});
