// The loopback Shopify store's `discountCodeBasicCreate` (tests/fixtures/shopify/store-discounts.ts)
// through real HTTP: checkout recovery makes single-use codes with it, so the fixture must answer as
// Shopify does — the created node in Shopify's shape, the userErrors of a taken code, a value out
// of range and an end before the start, ACCESS_DENIED without `write_discounts`, a mutation's cost —
// and keep what it made for a test to assert. A code typed at checkout takes its value off the order,
// which Admin GraphQL's `discountCodes` then names.
import { afterEach, describe, expect, test } from 'vitest';
import { startShopifyAdminServer, type ShopifyAdminServer, type ShopifyAdminServerOptions } from '../fixtures/shopify-admin-server';

type GraphqlBody = {
  data?: { discountCodeBasicCreate: { codeDiscountNode: unknown; userErrors: unknown[] } | null } | null;
  errors?: Record<string, unknown>[];
  extensions?: { cost: { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus: { currentlyAvailable: number } } };
};

const MUTATION = `mutation CatalystRecoveryDiscount($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id codeDiscount { ... on DiscountCodeBasic { title status startsAt endsAt usageLimit appliesOncePerCustomer codes(first: 1) { nodes { code } } } } }
    userErrors { field code message }
  }
}`;

/** What checkout recovery sends: 10% off everything, once, for a day. */
const recoveryInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Recovery RECOVER-7Q2X',
  code: 'RECOVER-7Q2X',
  startsAt: '2025-03-01T12:00:00Z',
  endsAt: '2025-03-02T12:00:00Z',
  usageLimit: 1,
  appliesOncePerCustomer: true,
  context: { all: 'ALL' },
  customerGets: { value: { percentage: 0.1 }, items: { all: true } },
  combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
  ...overrides,
});

/** The buckets' clock, still: nothing is restored while a test runs, so costs read exactly. */
const servers: ShopifyAdminServer[] = [];
async function start(options: ShopifyAdminServerOptions = {}) {
  const server = await startShopifyAdminServer({ now: () => 0, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function create(server: ShopifyAdminServer, input: Record<string, unknown>) {
  const response = await fetch(server.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': server.accessToken },
    body: JSON.stringify({ query: MUTATION, variables: { basicCodeDiscount: input } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as GraphqlBody;
}

describe('discountCodeBasicCreate', () => {
  test('makes the code and answers the node in Shopify shape, for a mutation cost of 10', async () => {
    const server = await start();
    const body = await create(server, recoveryInput());
    expect(body.errors).toBeUndefined();
    const node = body.data?.discountCodeBasicCreate?.codeDiscountNode as { id: string };
    expect(body.data).toEqual({
      discountCodeBasicCreate: {
        codeDiscountNode: {
          id: expect.stringMatching(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/),
          codeDiscount: {
            title: 'Recovery RECOVER-7Q2X',
            status: 'EXPIRED', // it ended in March 2025
            startsAt: '2025-03-01T12:00:00Z',
            endsAt: '2025-03-02T12:00:00Z',
            usageLimit: 1,
            appliesOncePerCustomer: true,
            codes: { nodes: [{ code: 'RECOVER-7Q2X' }] },
          },
        },
        userErrors: [],
      },
    });
    expect(body.extensions?.cost).toMatchObject({
      requestedQueryCost: 10,
      actualQueryCost: 10,
      throttleStatus: { currentlyAvailable: 1990 },
    });
    expect(server.discountCodes()).toEqual([
      {
        id: node.id,
        code: 'RECOVER-7Q2X',
        title: 'Recovery RECOVER-7Q2X',
        kind: 'percentage',
        value: 0.1,
        startsAt: '2025-03-01T12:00:00Z',
        endsAt: '2025-03-02T12:00:00Z',
        usageLimit: 1,
        appliesOncePerCustomer: true,
        combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
    ]);
  });

  test('an amount off, the older customerSelection, an offset time and no end: kept as Shopify would', async () => {
    const server = await start();
    const { context: _context, ...withoutContext } = recoveryInput();
    const body = await create(server, {
      ...withoutContext,
      code: 'SAVE15',
      startsAt: '2025-03-01T09:00:00-03:00',
      endsAt: null,
      usageLimit: null,
      appliesOncePerCustomer: false,
      customerSelection: { all: true },
      customerGets: { value: { discountAmount: { amount: '15.00', appliesOnEachItem: false } }, items: { all: true } },
      combinesWith: undefined,
    });
    expect(body.data?.discountCodeBasicCreate?.userErrors).toEqual([]);
    expect(body.data?.discountCodeBasicCreate?.codeDiscountNode).toMatchObject({
      codeDiscount: { status: 'ACTIVE', startsAt: '2025-03-01T12:00:00Z', endsAt: null, usageLimit: null, appliesOncePerCustomer: false },
    });
    expect(server.discountCodes()).toMatchObject([
      { code: 'SAVE15', kind: 'amount', value: '15.00', appliesOnEachItem: false, endsAt: null, usageLimit: null },
    ]);
  });

  test('a start still to come is SCHEDULED', async () => {
    const server = await start();
    const body = await create(server, recoveryInput({ startsAt: '2999-01-01T00:00:00Z', endsAt: null }));
    expect(body.data?.discountCodeBasicCreate?.codeDiscountNode).toMatchObject({ codeDiscount: { status: 'SCHEDULED' } });
  });

  test('a code the store already has, in any case, is TAKEN and makes nothing', async () => {
    const server = await start();
    await create(server, recoveryInput());
    const again = await create(server, recoveryInput({ code: 'recover-7q2x', title: 'Another' }));
    expect(again.data).toEqual({
      discountCodeBasicCreate: {
        codeDiscountNode: null,
        userErrors: [{ field: ['basicCodeDiscount', 'code'], code: 'TAKEN', message: 'Code must be unique. Please try a different code.' }],
      },
    });
    expect(server.discountCodes().map((discount) => discount.title)).toEqual(['Recovery RECOVER-7Q2X']);
  });

  test('a percentage outside 0..1 is VALUE_OUTSIDE_RANGE; 0 and 1 are allowed', async () => {
    const server = await start();
    const percentageError = {
      field: ['basicCodeDiscount', 'customerGets', 'value', 'percentage'],
      code: 'VALUE_OUTSIDE_RANGE',
      message: 'Value must be between 0.0 and 1.0',
    };
    for (const [code, percentage] of [
      ['TEN', 10],
      ['NEGATIVE', -0.1],
    ] as const) {
      const body = await create(server, recoveryInput({ code, customerGets: { value: { percentage }, items: { all: true } } }));
      expect(body.data).toEqual({ discountCodeBasicCreate: { codeDiscountNode: null, userErrors: [percentageError] } });
    }
    for (const [code, percentage] of [
      ['NONE', 0],
      ['ALL', 1],
    ] as const) {
      const body = await create(server, recoveryInput({ code, customerGets: { value: { percentage }, items: { all: true } } }));
      expect(body.data?.discountCodeBasicCreate?.userErrors).toEqual([]);
    }
    expect(server.discountCodes().map((discount) => discount.code)).toEqual(['NONE', 'ALL']);
  });

  test('a negative amount is refused with LESS_THAN_OR_EQUAL_TO on the amount', async () => {
    const server = await start();
    const body = await create(
      server,
      recoveryInput({ customerGets: { value: { discountAmount: { amount: '-5', appliesOnEachItem: false } }, items: { all: true } } }),
    );
    expect(body.data?.discountCodeBasicCreate?.userErrors).toEqual([
      {
        field: ['basicCodeDiscount', 'customerGets', 'value', 'discountAmount', 'amount'],
        code: 'LESS_THAN_OR_EQUAL_TO',
        message: 'Value must be less than or equal to 0',
      },
    ]);
  });

  test('an end before (or at) the start is INVALID on endsAt', async () => {
    const server = await start();
    const endsAtError = { field: ['basicCodeDiscount', 'endsAt'], code: 'INVALID', message: 'Ends at needs to be after starts_at' };
    const before = await create(server, recoveryInput({ endsAt: '2025-02-28T12:00:00Z' }));
    expect(before.data).toEqual({ discountCodeBasicCreate: { codeDiscountNode: null, userErrors: [endsAtError] } });
    const same = await create(server, recoveryInput({ endsAt: '2025-03-01T12:00:00Z' }));
    expect(same.data?.discountCodeBasicCreate?.userErrors).toEqual([endsAtError]);
    expect(server.discountCodes()).toEqual([]);
  });

  test('required fields left out, and both context and customerSelection, are userErrors', async () => {
    const server = await start();
    const body = await create(server, {
      startsAt: '2025-03-01T12:00:00Z',
      context: { all: 'ALL' },
      customerSelection: { all: true },
      customerGets: { value: { percentage: 0.1 }, items: { all: true } },
    });
    expect(body.data?.discountCodeBasicCreate).toEqual({
      codeDiscountNode: null,
      userErrors: [
        { field: ['basicCodeDiscount', 'title'], code: 'BLANK', message: "Title can't be blank" },
        { field: ['basicCodeDiscount', 'code'], code: 'BLANK', message: "Code can't be blank" },
        { field: ['basicCodeDiscount', 'context'], code: 'INVALID', message: 'Only one of context or customerSelection can be provided.' },
      ],
    });
  });

  test('a value the schema lacks is refused before it runs, as graphql-ruby refuses it', async () => {
    const server = await start();
    const body = await create(server, recoveryInput({ context: { all: 'EVERYONE' } }));
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]).toMatchObject({
      message: 'Variable $basicCodeDiscount of type DiscountCodeBasicInput! was provided invalid value',
      extensions: { code: 'INVALID_VARIABLE' },
    });
    expect(server.discountCodes()).toEqual([]);
  });

  test('a token without write_discounts gets ACCESS_DENIED and makes nothing', async () => {
    const server = await start({ scopes: ['read_products', 'read_orders'] });
    const body = await create(server, recoveryInput());
    expect(body.data).toEqual({ discountCodeBasicCreate: null });
    expect(body.errors).toEqual([
      {
        message: 'Access denied for discountCodeBasicCreate field. Required access: `write_discounts` access scope.',
        locations: [{ line: 2, column: 3 }],
        path: ['discountCodeBasicCreate'],
        extensions: {
          code: 'ACCESS_DENIED',
          documentation: 'https://shopify.dev/api/usage/access-scopes',
          requiredAccess: '`write_discounts` access scope.',
        },
      },
    ]);
    expect(server.discountCodes()).toEqual([]);
  });

  test('the default app has write_discounts among its scopes', async () => {
    const server = await start();
    const response = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': server.accessToken },
      body: JSON.stringify({ query: '{ currentAppInstallation { accessScopes { handle } } }' }),
    });
    const body = (await response.json()) as { data: { currentAppInstallation: { accessScopes: { handle: string }[] } } };
    expect(body.data.currentAppInstallation.accessScopes.map((scope) => scope.handle)).toContain('write_discounts');
  });
});

describe('a code used at checkout', () => {
  /** 199.00 in the store, which sells in USD. */
  const IPOD_NANO = 808950810;
  const ORDER_CODES = `query { orders(first: 10) { nodes { id discountCodes totalPriceSet { shopMoney { amount } } } } }`;

  test('the store’s code (in any case) takes its value off the order, another takes nothing; Admin GraphQL names both', async () => {
    const server = await start();
    expect((await create(server, recoveryInput())).data?.discountCodeBasicCreate?.userErrors).toEqual([]);
    const { checkout } = await server.startCheckout({ lines: [{ variantId: IPOD_NANO, quantity: 2 }], phone: '+5511900001401' });
    const { order } = await server.completeCheckout(checkout.token, 'rcabcdefghijkmnpqrstuv', {
      discountCodes: ['recover-7q2x', 'OUTRO-CUPOM', ' '],
    });
    expect(order).toMatchObject({
      checkoutToken: checkout.token,
      totalPrice: '358.20',
      discountCodes: [
        { code: 'recover-7q2x', amount: '39.80', type: 'percentage' },
        { code: 'OUTRO-CUPOM', amount: '0.00', type: 'fixed_amount' },
      ],
    });
    // An amount off, on each item: 15.00 × 2.
    await create(
      server,
      recoveryInput({ code: 'VOLTA-15', customerGets: { value: { discountAmount: { amount: 15, appliesOnEachItem: true } } } }),
    );
    const other = (await server.startCheckout({ lines: [{ variantId: IPOD_NANO, quantity: 2 }] })).checkout;
    const { order: amountOff } = await server.completeCheckout(other.token, null, { discountCodes: ['VOLTA-15'] });
    expect(amountOff).toMatchObject({ totalPrice: '368.00', discountCodes: [{ code: 'VOLTA-15', amount: '30.00', type: 'fixed_amount' }] });
    // None typed: none kept.
    const plain = (await server.startCheckout({ lines: [{ variantId: IPOD_NANO, quantity: 1 }] })).checkout;
    expect((await server.completeCheckout(plain.token, null)).order.discountCodes).toBeUndefined();

    const response = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': server.accessToken },
      body: JSON.stringify({ query: ORDER_CODES }),
    });
    const body = (await response.json()) as {
      data: { orders: { nodes: { id: string; discountCodes: string[]; totalPriceSet: { shopMoney: { amount: string } } }[] } };
      extensions: { cost: { requestedQueryCost: number } };
    };
    expect(body.data.orders.nodes.map((node) => [node.discountCodes, node.totalPriceSet.shopMoney.amount])).toEqual([
      [['recover-7q2x', 'OUTRO-CUPOM'], '358.20'],
      [['VOLTA-15'], '368.00'],
      [[], '199.00'],
    ]);
    // A list of strings is free: 2 + 10 orders of 1.
    expect(body.extensions.cost.requestedQueryCost).toBe(12);
  });
});
