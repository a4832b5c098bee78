// The shopper's cart on the catalog page (domain/shop-cart.ts): adding, quantities, limits, and a
// saved cart read back against today's catalog — unknown lines and unreadable JSON dropped.
import { describe, expect, test } from 'vitest';
import { CART_MAX_LINES, CART_MAX_QUANTITY, cartItemsParam, parseCartItems } from '@/domain/cart-items';
import * as storefront from '@/domain/storefront';
import { canAdd, cartCount, emptyCart, restoreCart, serializeCart, shopCartReducer, type ShopCartAction } from '@/domain/shop-cart';

const run = (...actions: ShopCartAction[]) => actions.reduce(shopCartReducer, emptyCart);
const catalog = new Map([
  ['CAM-P-AZ', { priceMinor: 5990 }],
  ['CAM-M-AZ', { priceMinor: 6490 }],
  ['BOLSA', { priceMinor: null }],
]);
const known = (lineId: string) => catalog.get(lineId);

describe('shopCartReducer', () => {
  test('adds a new line, then adds to it', () => {
    const cart = run(
      { type: 'add', lineId: 'CAM-P-AZ', priceMinor: 5990 },
      { type: 'add', lineId: 'CAM-M-AZ', priceMinor: 6490 },
      { type: 'add', lineId: 'CAM-P-AZ', priceMinor: 5990, quantity: 2 },
    );
    expect(cart.lines).toEqual([
      { lineId: 'CAM-P-AZ', quantity: 3, priceMinor: 5990 },
      { lineId: 'CAM-M-AZ', quantity: 1, priceMinor: 6490 },
    ]);
    expect(cartCount(cart)).toBe(4);
  });

  test('keeps the latest price seen when the same line is added again', () => {
    const cart = run({ type: 'add', lineId: 'CAM-P-AZ', priceMinor: 5990 }, { type: 'add', lineId: 'CAM-P-AZ', priceMinor: 4990 });
    expect(cart.lines).toEqual([{ lineId: 'CAM-P-AZ', quantity: 2, priceMinor: 4990 }]);
  });

  test(`clamps quantities to 1..${CART_MAX_QUANTITY}`, () => {
    const added = run(
      { type: 'add', lineId: 'A', priceMinor: 100, quantity: 998 },
      { type: 'add', lineId: 'A', priceMinor: 100, quantity: 5 },
    );
    expect(added.lines[0]!.quantity).toBe(CART_MAX_QUANTITY);
    expect(shopCartReducer(added, { type: 'setQuantity', lineId: 'A', quantity: 0 }).lines[0]!.quantity).toBe(1);
    expect(shopCartReducer(added, { type: 'setQuantity', lineId: 'A', quantity: -4 }).lines[0]!.quantity).toBe(1);
    expect(shopCartReducer(added, { type: 'setQuantity', lineId: 'A', quantity: 12.7 }).lines[0]!.quantity).toBe(12);
    expect(shopCartReducer(added, { type: 'setQuantity', lineId: 'A', quantity: NaN }).lines[0]!.quantity).toBe(1);
    expect(shopCartReducer(added, { type: 'setQuantity', lineId: 'A', quantity: 5000 }).lines[0]!.quantity).toBe(CART_MAX_QUANTITY);
  });

  test(`holds at most ${CART_MAX_LINES} lines, but a line already in it can still grow`, () => {
    let cart = emptyCart;
    for (let i = 0; i < CART_MAX_LINES; i++) cart = shopCartReducer(cart, { type: 'add', lineId: `SKU-${i}`, priceMinor: 100 });
    expect(cart.lines).toHaveLength(CART_MAX_LINES);
    expect(canAdd(cart, 'SKU-NEW')).toBe(false);
    expect(shopCartReducer(cart, { type: 'add', lineId: 'SKU-NEW', priceMinor: 100 })).toBe(cart);
    expect(canAdd(cart, 'SKU-3')).toBe(true);
    expect(shopCartReducer(cart, { type: 'add', lineId: 'SKU-3', priceMinor: 100 }).lines[3]!.quantity).toBe(2);
  });

  test('removes a line and clears', () => {
    const cart = run(
      { type: 'add', lineId: 'A', priceMinor: 1 },
      { type: 'add', lineId: 'B', priceMinor: 2 },
      { type: 'remove', lineId: 'A' },
    );
    expect(cart.lines.map((line) => line.lineId)).toEqual(['B']);
    expect(shopCartReducer(cart, { type: 'clear' }).lines).toEqual([]);
  });
});

describe('restoreCart', () => {
  test('reads back what serializeCart wrote, at today’s prices', () => {
    const saved = serializeCart({
      lines: [
        { lineId: 'CAM-P-AZ', quantity: 2, priceMinor: 4990 },
        { lineId: 'BOLSA', quantity: 1, priceMinor: null },
      ],
    });
    expect(restoreCart(saved, known).lines).toEqual([
      { lineId: 'CAM-P-AZ', quantity: 2, priceMinor: 5990 },
      { lineId: 'BOLSA', quantity: 1, priceMinor: null },
    ]);
  });

  test('drops lines the catalog no longer has and lines that are not lines; clamps and merges the rest', () => {
    const saved = JSON.stringify({
      lines: [
        { lineId: 'GONE', quantity: 1, priceMinor: 100 },
        { lineId: 'CAM-M-AZ', quantity: 5000, priceMinor: 6490 },
        { lineId: 'CAM-P-AZ', quantity: 0 },
        { lineId: 'CAM-P-AZ', quantity: 2 },
        { lineId: 42, quantity: 1 },
        { lineId: 'CAM-M-AZ', quantity: 'two' },
        null,
        'CAM-P-AZ',
      ],
    });
    expect(restoreCart(saved, known).lines).toEqual([
      { lineId: 'CAM-M-AZ', quantity: CART_MAX_QUANTITY, priceMinor: 6490 },
      { lineId: 'CAM-P-AZ', quantity: 3, priceMinor: 5990 },
    ]);
  });

  test('ignores what is missing or malformed', () => {
    for (const saved of [null, '', '{', 'null', '[]', '{"lines":{}}', '"lines"', '{"lines":null}']) {
      expect(restoreCart(saved, known)).toEqual(emptyCart);
    }
  });

  test(`keeps at most ${CART_MAX_LINES} lines from a saved cart`, () => {
    const lines = Array.from({ length: CART_MAX_LINES + 20 }, (_, i) => ({ lineId: `SKU-${i}`, quantity: 1 }));
    expect(restoreCart(JSON.stringify({ lines }), () => ({ priceMinor: 100 })).lines).toHaveLength(CART_MAX_LINES);
  });
});

describe('cart items (moved to domain/cart-items.ts, re-exported by domain/storefront.ts)', () => {
  test('round-trips through the items= form', () => {
    const lines = [
      { retailerId: 'CAM-P-AZ', quantity: 2 },
      { retailerId: 'shopify:BR:1', quantity: 1 },
    ];
    expect(parseCartItems(cartItemsParam(lines))).toEqual(lines);
  });

  test('is the same as before through domain/storefront.ts', () => {
    expect(storefront.parseCartItems).toBe(parseCartItems);
    expect(storefront.cartItemsParam).toBe(cartItemsParam);
    expect([storefront.CART_MAX_LINES, storefront.CART_MAX_QUANTITY]).toEqual([100, 999]);
  });
});
