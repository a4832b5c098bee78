// The dated WhatsApp price table (domain/message-pricing.ts) as the sender and the dashboard rely
// on it: a message is priced with the card in force on its UTC day (both sides of a card's midnight,
// whatever the offset the instant was written with), countries map to Meta's markets with 'Other'
// for the rest, a utility template inside an open service window is free only on cards that say
// so, and amounts are integer micros whose sums stay exact.
import { describe, expect, test } from 'vitest';
import { templateCategories } from '@/domain/message-template';
import { cardInForce, marketOf, priceOf, pricingMarkets, rateCards, type RateCard } from '@/domain/message-pricing';

const at = (iso: string) => new Date(iso);

describe('the table', () => {
  test('cards are in date order, one per day, and each prices every market and category in integer micros', () => {
    const days = rateCards.map((card) => card.effectiveFrom);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(days.length);
    for (const card of rateCards) {
      expect(card.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const market of pricingMarkets) {
        for (const category of templateCategories) {
          const micros = card.prices[market][category];
          expect(Number.isSafeInteger(micros) && micros > 0, `${card.effectiveFrom} ${market} ${category}`).toBe(true);
        }
      }
      for (const [country, market] of Object.entries(card.countries)) {
        expect(country).toMatch(/^[A-Z]{2}$/);
        expect(pricingMarkets).toContain(market);
      }
    }
  });
});

describe('the card of the message’s day', () => {
  test('the last millisecond of a card’s eve is priced with the old card, its first with the new one', () => {
    const eve = priceOf({ category: 'UTILITY', country: 'US', at: at('2025-12-31T23:59:59.999Z') });
    const day = priceOf({ category: 'UTILITY', country: 'US', at: at('2026-01-01T00:00:00.000Z') });
    expect(eve).toEqual({ amountMicros: 4_000, currency: 'USD', market: 'North America', cardEffectiveFrom: '2025-10-01' });
    expect(day).toEqual({ amountMicros: 3_400, currency: 'USD', market: 'North America', cardEffectiveFrom: '2026-01-01' });
    expect(priceOf({ category: 'MARKETING', country: 'IN', at: at('2025-12-31T23:59:59.999Z') }).amountMicros).toBe(10_700);
    expect(priceOf({ category: 'MARKETING', country: 'IN', at: at('2026-01-01T00:00:00.000Z') }).amountMicros).toBe(11_800);
  });

  test('the day is the UTC day, not the day in the offset the instant was written with', () => {
    // 22:00 in São Paulo on New Year's Eve is already 1 January in UTC; 20:59 is not.
    expect(priceOf({ category: 'UTILITY', country: 'CA', at: at('2025-12-31T22:00:00-03:00') }).cardEffectiveFrom).toBe('2026-01-01');
    expect(priceOf({ category: 'UTILITY', country: 'CA', at: at('2025-12-31T20:59:59-03:00') }).cardEffectiveFrom).toBe('2025-10-01');
  });

  test('a message long after the last card is priced with the last card; one before the first is refused', () => {
    const last = rateCards[rateCards.length - 1]!;
    expect(priceOf({ category: 'MARKETING', country: 'BR', at: at('2031-06-15T12:00:00Z') }).cardEffectiveFrom).toBe(last.effectiveFrom);
    expect(cardInForce(at('2025-09-30T23:59:59.999Z'))).toBeUndefined();
    expect(() => priceOf({ category: 'MARKETING', country: 'BR', at: at('2025-09-30T23:59:59.999Z') })).toThrow(RangeError);
    expect(() => priceOf({ category: 'MARKETING', country: 'BR', at: new Date(Number.NaN) })).toThrow(RangeError);
  });

  test('a card passed in replaces the table: the latest card whose day has come wins, in whatever order given', () => {
    const base = rateCards[0]!;
    const later: RateCard = {
      ...base,
      effectiveFrom: '2027-03-01',
      prices: { ...base.prices, Brazil: { ...base.prices.Brazil, MARKETING: 70_000 } },
    };
    const cards = [later, base];
    expect(priceOf({ category: 'MARKETING', country: 'BR', at: at('2027-02-28T23:59:59Z') }, cards).amountMicros).toBe(62_500);
    expect(priceOf({ category: 'MARKETING', country: 'BR', at: at('2027-03-01T00:00:00Z') }, cards)).toMatchObject({
      amountMicros: 70_000,
      cardEffectiveFrom: '2027-03-01',
    });
  });
});

describe('markets', () => {
  const card = rateCards[rateCards.length - 1]!;

  test('countries map to their own market or to Meta’s regional group', () => {
    expect(marketOf('BR', card)).toBe('Brazil');
    expect(marketOf('MX', card)).toBe('Mexico');
    expect(marketOf('ES', card)).toBe('Spain');
    expect(marketOf('US', card)).toBe('North America');
    expect(marketOf('CA', card)).toBe('North America');
    expect(marketOf('UY', card)).toBe('Rest of Latin America');
    expect(marketOf('PR', card)).toBe('Rest of Latin America');
    expect(marketOf('PT', card)).toBe('Rest of Western Europe');
    expect(marketOf('PL', card)).toBe('Rest of Central & Eastern Europe');
    expect(marketOf('QA', card)).toBe('Rest of Middle East');
    expect(marketOf('SG', card)).toBe('Rest of Asia Pacific');
    expect(marketOf('ZW', card)).toBe('Rest of Africa');
  });

  test('a country in no group, an unknown code or no country at all is Other; case and spaces do not matter', () => {
    for (const country of ['KR', 'EE', 'XX', 'BRA', '', null, undefined]) expect(marketOf(country, card)).toBe('Other');
    expect(marketOf(' br ', card)).toBe('Brazil');
    expect(priceOf({ category: 'MARKETING', country: 'XX', at: at('2026-05-01T00:00:00Z') })).toMatchObject({
      market: 'Other',
      amountMicros: 60_400,
    });
  });
});

describe('the customer service window', () => {
  const when = at('2026-03-10T15:00:00Z');

  test('a utility template inside an open window is free; outside it is charged', () => {
    expect(priceOf({ category: 'UTILITY', country: 'BR', at: when, inServiceWindow: true }).amountMicros).toBe(0);
    expect(priceOf({ category: 'UTILITY', country: 'BR', at: when, inServiceWindow: false }).amountMicros).toBe(6_800);
    expect(priceOf({ category: 'UTILITY', country: 'BR', at: when }).amountMicros).toBe(6_800);
  });

  test('marketing and authentication templates are charged inside the window too', () => {
    expect(priceOf({ category: 'MARKETING', country: 'BR', at: when, inServiceWindow: true }).amountMicros).toBe(62_500);
    expect(priceOf({ category: 'AUTHENTICATION', country: 'BR', at: when, inServiceWindow: true }).amountMicros).toBe(6_800);
  });

  test('on a card that charges utility inside the window, the window does not make it free', () => {
    const base = rateCards[0]!;
    const charging: RateCard = { ...base, effectiveFrom: '2027-01-01', utilityFreeInServiceWindow: false };
    const price = priceOf({ category: 'UTILITY', country: 'BR', at: at('2027-01-02T00:00:00Z'), inServiceWindow: true }, [base, charging]);
    expect(price).toMatchObject({ amountMicros: base.prices.Brazil.UTILITY, cardEffectiveFrom: '2027-01-01' });
  });
});

describe('exact sums', () => {
  test('costs add up to the exact number of micros, however many messages', () => {
    const when = at('2026-02-01T10:00:00Z');
    const brazilUtility = Array.from({ length: 1_000 }, () => priceOf({ category: 'UTILITY', country: 'BR', at: when }).amountMicros);
    expect(brazilUtility.reduce((sum, micros) => sum + micros, 0)).toBe(6_800_000);
    const mixed = [
      priceOf({ category: 'MARKETING', country: 'BR', at: when }),
      priceOf({ category: 'MARKETING', country: 'BR', at: when }),
      priceOf({ category: 'MARKETING', country: 'BR', at: when }),
      priceOf({ category: 'UTILITY', country: 'MX', at: when }),
      priceOf({ category: 'UTILITY', country: 'MX', at: when }),
      priceOf({ category: 'UTILITY', country: 'MX', at: when, inServiceWindow: true }),
    ];
    expect(mixed.every((price) => Number.isSafeInteger(price.amountMicros))).toBe(true);
    expect(mixed.reduce((sum, price) => sum + price.amountMicros, 0)).toBe(3 * 62_500 + 2 * 8_500);
  });
});
