// `npm start`'s demo contacts: the shoppers who leave checkouts in the demo store
// (tests/fixtures/shopify/demo-checkouts.ts) as contacts of the demo account, through the product API
// as a merchant adds them: those who agreed to the store's marketing messages with that opt-in (a
// checkout's reminder is a marketing template), the others without, so the Checkouts screen shows
// both reminders and 'skipped: no consent'. Beside them the demo audience (tests/fixtures/demo-audience.ts):
// 300 shoppers in three languages, most agreed to offers, some never asked, a few who agreed and then
// asked the merchant to stop, for a campaign's segment, cost estimate and results. Idempotent: a
// number already a contact is kept as it is (a shopper who answered 'PARAR' stays unsubscribed across
// restarts).
import type { ContactDetail } from '../domain/contact';
import type { DemoAudienceContact } from '../tests/fixtures/demo-audience';
import type { DemoCheckoutShopper } from '../tests/fixtures/shopify/demo-checkouts';
import { demoApiCaller } from './demo-inventory';

/** How many contacts the audience adds at once (the product API on PGlite takes them one after another anyway). */
const AUDIENCE_CONCURRENCY = 8;

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

/**
 * Adds the demo audience's contacts not yet contacts of the demo account, as a merchant adds them on
 * the Contacts screen (with the note of how they agreed); the unsubscribed ones then opted out of
 * marketing by the merchant. How many were added.
 */
export async function ensureDemoAudience(
  apiUrl: string,
  account: { email: string; password: string },
  audience: readonly DemoAudienceContact[],
): Promise<number> {
  const call = await demoApiCaller(apiUrl, account);
  let added = 0;
  const add = async (contact: DemoAudienceContact) => {
    const agreed = contact.consent !== 'never_asked';
    let created: ContactDetail;
    try {
      created = await call<ContactDetail>('POST', '/contacts', {
        phone: contact.phone,
        country: contact.country,
        name: contact.firstName,
        language: contact.language,
        // Buyers agreed to order updates at the store's checkout too.
        optIn: agreed ? (contact.boughtDaysAgo.length > 0 ? ['utility', 'marketing'] : ['marketing']) : [],
        ...(agreed ? { note: 'Demo: agreed to offers on WhatsApp at the store' } : {}),
      });
    } catch (error) {
      if (/ 409 /.test((error as Error).message)) return;
      throw error;
    }
    added += 1;
    if (contact.consent === 'unsubscribed')
      await call('POST', `/contacts/${created.id}/consent`, {
        action: 'opt_out',
        purpose: 'marketing',
        note: 'Demo: asked the store to stop sending offers',
      });
  };
  for (let start = 0; start < audience.length; start += AUDIENCE_CONCURRENCY)
    await Promise.all(audience.slice(start, start + AUDIENCE_CONCURRENCY).map(add));
  return added;
}
