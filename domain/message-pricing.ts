// What Meta charges for one WhatsApp template message Catalyst sends first: a price by template
// category and by the recipient's market (a country, or a regional group of countries such as
// 'Rest of Latin America'), read from Meta's published rate cards. Prices change, so this is a
// dated table: each card takes effect on a UTC day and a message is priced with the card in force
// on its day. When Meta publishes a new card it is ADDED at the end with its date; a card already
// here is never edited, since it prices every message of its period (the dashboard's past costs).
// The sender records each message's cost with `priceOf`; no zod, so the SPA can import it freely.
//
// Amounts are integer millionths of a US dollar ("micros"): Meta prints USD rates to four decimals,
// so every rate is an exact integer here and sums of any number of messages stay exact (summing
// floats drifts after a few messages). These are Meta's list rates: the volume tiers that lower
// utility and authentication rates for large senders, the authentication-international rate, the
// free entry point window (ads) and the cards Meta prints in other currencies (a business billed
// in BRL pays the BRL card, not a conversion of this one) are not modelled here.

import type { TemplateCategory } from './message-template';

/** Meta's pricing markets, named as its rate cards name them. */
export const pricingMarkets = [
  'Argentina',
  'Brazil',
  'Chile',
  'Colombia',
  'Egypt',
  'France',
  'Germany',
  'India',
  'Indonesia',
  'Israel',
  'Italy',
  'Malaysia',
  'Mexico',
  'Netherlands',
  'Nigeria',
  'Pakistan',
  'Peru',
  'Russia',
  'Saudi Arabia',
  'South Africa',
  'Spain',
  'Turkey',
  'United Arab Emirates',
  'United Kingdom',
  'North America',
  'Rest of Africa',
  'Rest of Asia Pacific',
  'Rest of Central & Eastern Europe',
  'Rest of Latin America',
  'Rest of Middle East',
  'Rest of Western Europe',
  'Other',
] as const;
export type PricingMarket = (typeof pricingMarkets)[number];

/** Micros (USD millionths) per US dollar. */
export const MICROS_PER_USD = 1_000_000;

export type CategoryPrices = Readonly<Record<TemplateCategory, number>>;

export type RateCard = {
  /** The UTC day the card takes effect (YYYY-MM-DD); it is in force until the next card's day. */
  effectiveFrom: string;
  /** Whether a utility template delivered inside an open customer service window is free. */
  utilityFreeInServiceWindow: boolean;
  /** ISO 3166-1 alpha-2 code → market, for every country not in 'Other'. */
  countries: Readonly<Record<string, PricingMarket>>;
  /** Micros per delivered message, by market and category. */
  prices: Readonly<Record<PricingMarket, CategoryPrices>>;
};

/** Market by ISO country, from space-separated ISO codes per market (Meta's pricing page lists them). */
function marketsByCountry(groups: Readonly<Partial<Record<PricingMarket, string>>>): Record<string, PricingMarket> {
  const countries: Record<string, PricingMarket> = {};
  for (const [market, codes] of Object.entries(groups) as [PricingMarket, string][]) {
    for (const code of codes.split(' ')) countries[code] = market;
  }
  return countries;
}

// The markets of both cards below. Meta's lists name countries, not territories: a territory it
// does not list (Guam, the US Virgin Islands, Bermuda…) is 'Other', as are countries it leaves out
// of every group (South Korea, Estonia, DR Congo…). Zimbabwe joined 'Rest of Africa' on 2025-10-01.
const countriesFrom2025October = marketsByCountry({
  Argentina: 'AR',
  Brazil: 'BR',
  Chile: 'CL',
  Colombia: 'CO',
  Egypt: 'EG',
  France: 'FR',
  Germany: 'DE',
  India: 'IN',
  Indonesia: 'ID',
  Israel: 'IL',
  Italy: 'IT',
  Malaysia: 'MY',
  Mexico: 'MX',
  Netherlands: 'NL',
  Nigeria: 'NG',
  Pakistan: 'PK',
  Peru: 'PE',
  Russia: 'RU',
  'Saudi Arabia': 'SA',
  'South Africa': 'ZA',
  Spain: 'ES',
  Turkey: 'TR',
  'United Arab Emirates': 'AE',
  'United Kingdom': 'GB',
  'North America': 'US CA',
  // Algeria, Angola, Benin, Botswana, Burkina Faso, Burundi, Cameroon, Chad, Republic of the Congo,
  // Eritrea, Ethiopia, Gabon, Gambia, Ghana, Guinea-Bissau, Ivory Coast, Kenya, Lesotho, Liberia,
  // Libya, Madagascar, Malawi, Mali, Mauritania, Morocco, Mozambique, Namibia, Niger, Rwanda,
  // Senegal, Sierra Leone, Somalia, South Sudan, Sudan, Eswatini, Tanzania, Togo, Tunisia, Uganda,
  // Zambia, Zimbabwe.
  'Rest of Africa':
    'DZ AO BJ BW BF BI CM TD CG ER ET GA GM GH GW CI KE LS LR LY MG MW ML MR MA MZ NA NE RW SN SL SO SS SD SZ TZ TG TN UG ZM ZW',
  // Afghanistan, Australia, Bangladesh, Cambodia, China, Hong Kong, Japan, Laos, Mongolia, Nepal, New
  // Zealand, Papua New Guinea, Philippines, Singapore, Sri Lanka, Taiwan, Tajikistan, Thailand,
  // Turkmenistan, Uzbekistan, Vietnam.
  'Rest of Asia Pacific': 'AF AU BD KH CN HK JP LA MN NP NZ PG PH SG LK TW TJ TH TM UZ VN',
  // Albania, Armenia, Azerbaijan, Belarus, Bulgaria, Croatia, Czech Republic, Georgia, Greece,
  // Hungary, Latvia, Lithuania, Moldova, North Macedonia, Poland, Romania, Serbia, Slovakia,
  // Slovenia, Ukraine.
  'Rest of Central & Eastern Europe': 'AL AM AZ BY BG HR CZ GE GR HU LV LT MD MK PL RO RS SK SI UA',
  // Bolivia, Costa Rica, Dominican Republic, Ecuador, El Salvador, Guatemala, Haiti, Honduras,
  // Jamaica, Nicaragua, Panama, Paraguay, Puerto Rico, Uruguay, Venezuela.
  'Rest of Latin America': 'BO CR DO EC SV GT HT HN JM NI PA PY PR UY VE',
  // Bahrain, Iraq, Jordan, Kuwait, Lebanon, Oman, Qatar, Yemen.
  'Rest of Middle East': 'BH IQ JO KW LB OM QA YE',
  // Austria, Belgium, Denmark, Finland, Ireland, Norway, Portugal, Sweden, Switzerland.
  'Rest of Western Europe': 'AT BE DK FI IE NO PT SE CH',
});

/** Micros from Meta's four-decimal USD figures: marketing, then utility and authentication. */
const usd = (marketing: number, utility: number, authentication: number): CategoryPrices => ({
  MARKETING: Math.round(marketing * MICROS_PER_USD),
  UTILITY: Math.round(utility * MICROS_PER_USD),
  AUTHENTICATION: Math.round(authentication * MICROS_PER_USD),
});

// Per-message card effective 2025-10-01 (rate cards change on the first day of a quarter). It is the
// 2026-01-01 card below with the four rates that card changed put back: marketing for India,
// France and Egypt, utility and authentication for North America. Sources, read 2026-11-29: Meta's
// pricing page (developers.facebook.com/documentation/business-messaging/whatsapp/pricing, "rate
// cards"), the changes of 2025-10-01 and 2026-01-01 as Meta announced them to partners (Wati's
// "Message-based pricing" article, DoubleTick's "WhatsApp pricing changes from October 1, 2025"),
// and the earlier figures of those four rates as Meta's previous cards printed them.
const card2025October: RateCard = {
  effectiveFrom: '2025-10-01',
  utilityFreeInServiceWindow: true,
  countries: countriesFrom2025October,
  prices: {
    Argentina: usd(0.0618, 0.026, 0.026),
    Brazil: usd(0.0625, 0.0068, 0.0068),
    Chile: usd(0.0889, 0.02, 0.02),
    Colombia: usd(0.0125, 0.0008, 0.0008),
    Egypt: usd(0.1073, 0.0036, 0.0036),
    France: usd(0.1432, 0.03, 0.03),
    Germany: usd(0.1365, 0.055, 0.055),
    India: usd(0.0107, 0.0014, 0.0014),
    Indonesia: usd(0.0411, 0.025, 0.025),
    Israel: usd(0.0353, 0.0053, 0.0053),
    Italy: usd(0.0691, 0.03, 0.03),
    Malaysia: usd(0.086, 0.014, 0.014),
    Mexico: usd(0.0305, 0.0085, 0.0085),
    Netherlands: usd(0.1597, 0.05, 0.05),
    Nigeria: usd(0.0516, 0.0067, 0.0067),
    Pakistan: usd(0.0473, 0.0054, 0.0054),
    Peru: usd(0.0703, 0.02, 0.02),
    Russia: usd(0.0802, 0.04, 0.04),
    'Saudi Arabia': usd(0.0455, 0.0107, 0.0107),
    'South Africa': usd(0.0379, 0.0076, 0.0076),
    Spain: usd(0.0615, 0.02, 0.02),
    Turkey: usd(0.0109, 0.0053, 0.0053),
    'United Arab Emirates': usd(0.0499, 0.0157, 0.0157),
    'United Kingdom': usd(0.0529, 0.022, 0.022),
    'North America': usd(0.025, 0.004, 0.004),
    'Rest of Africa': usd(0.0225, 0.004, 0.004),
    'Rest of Asia Pacific': usd(0.0732, 0.0113, 0.0113),
    'Rest of Central & Eastern Europe': usd(0.086, 0.0212, 0.0212),
    'Rest of Latin America': usd(0.074, 0.0113, 0.0113),
    'Rest of Middle East': usd(0.0341, 0.0091, 0.0091),
    'Rest of Western Europe': usd(0.0592, 0.0171, 0.0171),
    Other: usd(0.0604, 0.0077, 0.0077),
  },
};

// Per-message card effective 2026-01-01: Meta's USD rate card "effective January 1, 2026" (the CSV
// linked from the pricing page above), read 2026-11-29 from a transcription of it and checked
// against partners' copies of the same card (TalkAll's Brazil table of January 2026, the Twilio
// WhatsApp pricing CSV for the Middle East and Malaysia, the AED card of 2026-10-01 for the
// rates it did not change).
const card2026January: RateCard = {
  effectiveFrom: '2026-01-01',
  utilityFreeInServiceWindow: true,
  countries: countriesFrom2025October,
  prices: {
    ...card2025October.prices,
    Egypt: usd(0.0644, 0.0036, 0.0036),
    France: usd(0.0859, 0.03, 0.03),
    India: usd(0.0118, 0.0014, 0.0014),
    'North America': usd(0.025, 0.0034, 0.0034),
  },
};

/** Meta's rate cards, oldest first. Add a card at the end; never edit one. */
export const rateCards: readonly RateCard[] = [card2025October, card2026January];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of an instant, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError('utcDay: invalid date');
  return at.toISOString().slice(0, 10);
}

/** The card in force on `at`'s UTC day, or undefined before the first card. */
export function cardInForce(at: Date, cards: readonly RateCard[] = rateCards): RateCard | undefined {
  const day = utcDay(at);
  let inForce: RateCard | undefined;
  for (const card of cards) {
    if (!ISO_DAY.test(card.effectiveFrom)) throw new RangeError(`rate card date ${card.effectiveFrom} is not YYYY-MM-DD`);
    // Same-length ISO days compare as strings.
    if (card.effectiveFrom <= day && (!inForce || card.effectiveFrom > inForce.effectiveFrom)) inForce = card;
  }
  return inForce;
}

/** The market of an ISO 3166-1 alpha-2 country (any case) on a card; unknown or missing → 'Other'. */
export function marketOf(country: string | null | undefined, card: RateCard): PricingMarket {
  if (!country) return 'Other';
  return card.countries[country.trim().toUpperCase()] ?? 'Other';
}

export type MessagePriceInput = {
  category: TemplateCategory;
  /** The recipient's ISO 3166-1 alpha-2 country (from their number's calling code). */
  country: string | null | undefined;
  /** When the message was delivered (Meta charges delivered messages). */
  at: Date;
  /** Whether a customer service window with the recipient was open when it was delivered. */
  inServiceWindow?: boolean;
};

export type MessagePrice = {
  amountMicros: number;
  currency: 'USD';
  market: PricingMarket;
  cardEffectiveFrom: string;
};

/**
 * What Meta charges for one delivered template message, with the card in force on its UTC day.
 * Throws a RangeError before the first card (no message Catalyst sends is that old).
 */
export function priceOf(input: MessagePriceInput, cards: readonly RateCard[] = rateCards): MessagePrice {
  const card = cardInForce(input.at, cards);
  if (!card) throw new RangeError(`no WhatsApp rate card in force on ${utcDay(input.at)}`);
  const market = marketOf(input.country, card);
  const free = input.category === 'UTILITY' && input.inServiceWindow === true && card.utilityFreeInServiceWindow;
  return { amountMicros: free ? 0 : card.prices[market][input.category], currency: 'USD', market, cardEffectiveFrom: card.effectiveFrom };
}
