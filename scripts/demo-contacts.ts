// `npm start`'s demo contacts: the shoppers who leave checkouts in the demo store
// (tests/fixtures/shopify/demo-checkouts.ts) as contacts of the demo account, through the product API
// as a merchant adds them: those who agreed to the store's marketing messages with that opt-in (a
// checkout's reminder is a marketing template), the others without, so the Checkouts screen shows
// both reminders and 'skipped: no consent'. Idempotent: a number already a contact is kept as it is
// (a shopper who answered 'PARAR' stays unsubscribed across restarts).
import type { DemoCheckoutShopper } from '../tests/fixtures/shopify/demo-checkouts';
import { demoApiCaller } from './demo-inventory';

/** Adds the shoppers not yet contacts of the demo account; how many were added. */
export async function ensureDemoContacts(
  apiUrl: string,
  account: { email: string; password: string },
  shoppers: readonly DemoCheckoutShopper[],
): Promise<number> {
  const call = await demoApiCaller(apiUrl, account);
  let added = 0;
  for (const shopper of shoppers) {
    try {
      await call('POST', '/contacts', {
        phone: shopper.phone,
        name: shopper.firstName,
        language: 'pt',
        optIn: shopper.marketingConsent ? ['marketing'] : [],
        ...(shopper.marketingConsent ? { note: 'Demo: agreed at the store’s checkout to offers on WhatsApp' } : {}),
      });
      added += 1;
    } catch (error) {
      if (!/ 409 /.test((error as Error).message)) throw error;
    }
  }
  return added;
}
