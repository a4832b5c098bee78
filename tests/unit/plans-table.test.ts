// The plan table the API serves and the landing page prices (domain/plans.ts), against the
// product's price list.
import { describe, expect, test } from 'vitest';
import { localeCurrency, planIds, planList, planPrice, plans } from '@/domain/plans';

describe('plans', () => {
  test('five plans, cheapest first', () => {
    expect(planList.map((plan) => [plan.id, plan.name])).toEqual([
      ['basic', 'Basic'],
      ['start', 'Start'],
      ['lite', 'Lite'],
      ['premium_plus', 'Premium+'],
      ['enterprise', 'Enterprise'],
    ]);
  });

  test('prices per month and per extra query, in cents', () => {
    const table = planIds.map((id) => [
      id,
      plans[id].prices.USD.monthlyCents,
      plans[id].prices.USD.extraQueryCents,
      plans[id].prices.BRL.monthlyCents,
      plans[id].prices.BRL.extraQueryCents,
    ]);
    expect(table).toEqual([
      ['basic', 34900, 88, 69900, 175],
      ['start', 49900, 63, 99900, 125],
      ['lite', 84900, 55, 159900, 106],
      ['premium_plus', 174900, 45, 349900, 87],
      ['enterprise', 299900, 35, 599900, 75],
    ]);
  });

  test('English and Spanish price in dollars, Portuguese in reais', () => {
    expect(localeCurrency).toEqual({ en: 'USD', es: 'USD', pt: 'BRL' });
    expect(planPrice('lite', 'pt')).toEqual({ currency: 'BRL', monthlyCents: 159900, extraQueryCents: 106 });
    expect(planPrice('lite', 'es')).toEqual({ currency: 'USD', monthlyCents: 84900, extraQueryCents: 55 });
  });

  test('limits: AI bases, trainings, queries ("up to" or "more than") and media types', () => {
    expect(planIds.map((id) => plans[id].limits)).toEqual([
      { aiBases: 1, trainingsPerMonth: 2, queriesPerMonth: { bound: 'up_to', count: 1000 }, mediaTypes: ['text'] },
      { aiBases: 2, trainingsPerMonth: 4, queriesPerMonth: { bound: 'up_to', count: 2500 }, mediaTypes: ['text', 'vision'] },
      { aiBases: 3, trainingsPerMonth: 8, queriesPerMonth: { bound: 'up_to', count: 5000 }, mediaTypes: ['text', 'vision', 'file'] },
      {
        aiBases: 5,
        trainingsPerMonth: 16,
        queriesPerMonth: { bound: 'up_to', count: 10000 },
        mediaTypes: ['text', 'vision', 'file', 'voice'],
      },
      {
        aiBases: 10,
        trainingsPerMonth: 30,
        queriesPerMonth: { bound: 'more_than', count: 20000 },
        mediaTypes: ['text', 'vision', 'file', 'voice'],
      },
    ]);
  });
});
