// The demo audience (tests/fixtures/demo-audience.ts) is what the demo asks for: 300 contacts
// with numbers the product accepts for their country, none shared with another demo shopper, mostly
// Brazilian and Portuguese-speaking, mixed consent, about 60 buyers of the last 60 days (mostly
// Portuguese-speaking) whose orders the demo store dates from its `now`; and exactly one number that
// answers 131050, a few 131049 (tests/fixtures/whatsapp/demo-recipients.ts), both among contacts a
// campaign to 'Portuguese-speaking contacts who bought in the last 60 days' reaches.
import { describe, expect, test } from 'vitest';
import { readContactPhone } from '@/domain/contact-phone';
import { DEMO_AUDIENCE, DEMO_AUDIENCE_SIZE, demoAudience, demoAudienceOrders } from '../fixtures/demo-audience';
import { DEMO_CHECKOUT_SHOPPERS } from '../fixtures/shopify/demo-checkouts';
import { DEMO_SHOPPER } from '../fixtures/whatsapp/demo-shopper';
import { demoOutcomeOf, DEMO_PER_USER_LIMITED, DEMO_STOPPED_MARKETING } from '../fixtures/whatsapp/demo-recipients';

const count = (test: (contact: (typeof DEMO_AUDIENCE)[number]) => boolean) => DEMO_AUDIENCE.filter(test).length;

describe('the demo audience', () => {
  test('300 contacts, the same on every run, each number valid for its country and unique', () => {
    expect(DEMO_AUDIENCE).toHaveLength(DEMO_AUDIENCE_SIZE);
    expect(demoAudience()).toEqual(DEMO_AUDIENCE);
    for (const contact of DEMO_AUDIENCE) {
      const reading = readContactPhone(contact.phone);
      expect(reading, contact.phone).toEqual({ ok: true, phone: contact.phone, country: contact.country });
    }
    const phones = new Set(DEMO_AUDIENCE.map((contact) => contact.phone));
    expect(phones.size).toBe(DEMO_AUDIENCE_SIZE);
    for (const other of [...DEMO_CHECKOUT_SHOPPERS.map((shopper) => shopper.phone), `+${DEMO_SHOPPER.waId}`])
      expect(phones.has(other)).toBe(false);
  });

  test('mostly Brazilian and Portuguese-speaking, with US, Spanish, Mexican and Argentine numbers', () => {
    expect(count((contact) => contact.country === 'BR')).toBeGreaterThan(200);
    for (const country of ['US', 'ES', 'MX', 'AR'] as const) expect(count((contact) => contact.country === country)).toBeGreaterThan(3);
    expect(count((contact) => contact.language === 'pt')).toBeGreaterThan(180);
    expect(count((contact) => contact.language === 'en')).toBeGreaterThan(10);
    expect(count((contact) => contact.language === 'es')).toBeGreaterThan(20);
    expect(new Set(DEMO_AUDIENCE.map((contact) => contact.firstName)).size).toBeGreaterThan(60);
  });

  test('most subscribed to marketing, some never asked, a few unsubscribed', () => {
    const subscribed = count((contact) => contact.consent === 'subscribed');
    const neverAsked = count((contact) => contact.consent === 'never_asked');
    const unsubscribed = count((contact) => contact.consent === 'unsubscribed');
    expect(subscribed).toBeGreaterThan(DEMO_AUDIENCE_SIZE / 2);
    expect(neverAsked).toBeGreaterThan(unsubscribed);
    expect(unsubscribed).toBeGreaterThan(5);
  });

  test('about 60 bought in the last 60 days, mostly Portuguese-speaking; their orders dated from the store’s now', () => {
    const buyers = DEMO_AUDIENCE.filter((contact) => contact.boughtDaysAgo.length > 0);
    expect(buyers.length).toBeGreaterThanOrEqual(45);
    expect(buyers.length).toBeLessThanOrEqual(80);
    expect(buyers.filter((contact) => contact.language === 'pt').length).toBeGreaterThan(buyers.length * 0.7);
    const now = Date.UTC(2026, 0, 15, 12);
    const orders = demoAudienceOrders(now);
    expect(orders).toHaveLength(buyers.reduce((sum, contact) => sum + contact.boughtDaysAgo.length, 0));
    for (const order of orders) {
      expect(order.createdAt).toBeLessThan(now);
      expect(order.createdAt).toBeGreaterThan(now - 60 * 86_400_000);
    }
    expect(orders.map((order) => order.createdAt)).toEqual([...orders.map((order) => order.createdAt)].sort((a, b) => a - b));
    expect(new Set(orders.map((order) => order.phone))).toEqual(new Set(buyers.map((contact) => contact.phone)));
  });

  test('exactly one number answers 131050 and a few 131049, all Portuguese- or Spanish-speaking subscribers the campaign reaches', () => {
    const outcomes = DEMO_AUDIENCE.map((contact) => demoOutcomeOf(contact));
    expect(outcomes.filter((outcome) => outcome.kind === 'failed' && outcome.code === 131050)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'failed' && outcome.code === 131049)).toHaveLength(DEMO_PER_USER_LIMITED.length);
    const stopped = DEMO_AUDIENCE.find((contact) => contact.phone === DEMO_STOPPED_MARKETING)!;
    expect(stopped).toMatchObject({ language: 'pt', consent: 'subscribed' });
    expect(stopped.boughtDaysAgo.length).toBeGreaterThan(0);
    for (const phone of DEMO_PER_USER_LIMITED)
      expect(DEMO_AUDIENCE.find((contact) => contact.phone === phone)).toMatchObject({ consent: 'subscribed' });
    // Most read; some reply; some never open it.
    expect(outcomes.filter((outcome) => outcome.kind === 'read').length).toBeGreaterThan(DEMO_AUDIENCE_SIZE / 2);
    expect(outcomes.filter((outcome) => outcome.kind === 'read' && outcome.reply !== null).length).toBeGreaterThan(20);
    expect(outcomes.filter((outcome) => outcome.kind === 'delivered').length).toBeGreaterThan(10);
  });
});
