// The loopback Meta catalog (tests/fixtures/meta-catalog-server.ts) speaks Graph's protocol as the
// inventory sync will meet it: catalog reads, cursor paging, field selection, items_batch with its
// asynchronous status, the 5000-request limit, Graph's auth and throttling errors with the usage
// header. And its data: the demo catalog's deliberate differences from the store, and the large
// generated catalog. All through real HTTP with fetch.
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_CATALOG_ID,
  META_GRAPH_VERSION,
  demoCatalog,
  demoCatalogItems,
  generatedCatalogItems,
  startMetaCatalogServer,
  type FixtureCatalogItem,
  type MetaCatalogServer,
  type MetaCatalogServerOptions,
  type StoreVariant,
} from '../fixtures/meta-catalog-server';

const CATALOG_ID = '2345678901234567';

let server: MetaCatalogServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: MetaCatalogServerOptions = {}): Promise<MetaCatalogServer> {
  server = await startMetaCatalogServer(options);
  return server;
}

type GraphAnswer = { status: number; body: Record<string, unknown>; headers: Headers };

/** A Graph call with the fixture's token in the Authorization header (or none/another when given). */
async function graph(fixture: MetaCatalogServer, path: string, init: RequestInit & { token?: string | null } = {}): Promise<GraphAnswer> {
  const { token = fixture.accessToken, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  const url = path.startsWith('http') ? path : `${fixture.graphUrl}${path}`;
  const response = await fetch(url, { ...rest, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

type GraphErrorBody = { message: string; type: string; code: number; error_subcode?: number; is_transient?: boolean; fbtrace_id: string };
const errorOf = (answer: GraphAnswer) => answer.body.error as GraphErrorBody;

type Usage = Record<
  string,
  { type: string; call_count: number; total_cputime: number; total_time: number; estimated_time_to_regain_access: number }[]
>;
const usageOf = (answer: GraphAnswer) => JSON.parse(answer.headers.get('x-business-use-case-usage') ?? 'null') as Usage;

type ProductsPage = {
  data: Record<string, unknown>[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
};

const item = (retailerId: string, overrides: Partial<FixtureCatalogItem> = {}): FixtureCatalogItem => ({
  retailerId,
  name: `Item ${retailerId}`,
  priceMinor: 2990,
  currency: 'BRL',
  availability: 'in stock',
  imageUrl: `https://loja.example/images/${retailerId}.jpg`,
  url: `https://loja.example/products/${retailerId}`,
  reviewStatus: 'approved',
  ...overrides,
});

async function postBatch(fixture: MetaCatalogServer, catalogId: string, requests: unknown[], extra: Record<string, unknown> = {}) {
  return graph(fixture, `/${catalogId}/items_batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ item_type: 'PRODUCT_ITEM', requests, ...extra }),
  });
}

/** Polls check_batch_request_status over HTTP until the batch says finished. */
async function finishedStatus(fixture: MetaCatalogServer, catalogId: string, handle: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await graph(
      fixture,
      `/${catalogId}/check_batch_request_status?handle=${encodeURIComponent(handle)}&load_ids_of_invalid_requests=true`,
    );
    expect(answer.status).toBe(200);
    const [status] = answer.body.data as Record<string, unknown>[];
    if (status?.status === 'finished') return status;
    expect(status?.status).toBe('started');
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error(`batch ${handle} never finished`);
}

describe('catalog node', () => {
  it('answers the catalog with its name and product count, under any version prefix or none', async () => {
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja da Ana', items: [item('A'), item('B'), item('C')] } } });
    const answer = await graph(fixture, `/${CATALOG_ID}?fields=id,name,product_count,vertical`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: CATALOG_ID, name: 'Loja da Ana', product_count: 3, vertical: 'commerce' });
    expect(answer.headers.get('facebook-api-version')).toBe(META_GRAPH_VERSION);

    const bare = await graph(fixture, `${fixture.origin}/${CATALOG_ID}?fields=name`);
    expect(bare.body).toEqual({ name: 'Loja da Ana', id: CATALOG_ID });
    const older = await graph(fixture, `${fixture.origin}/v19.0/${CATALOG_ID}?fields=product_count`);
    expect(older.body).toEqual({ product_count: 3, id: CATALOG_ID });
    expect(fixture.graphUrl).toBe(`${fixture.origin}/v21.0`);
  });

  it('serves the demo catalog when given no catalogs', async () => {
    const fixture = await start();
    const answer = await graph(fixture, `/${DEMO_CATALOG_ID}?fields=name,product_count`);
    expect(answer.body.product_count).toBe(demoCatalogItems().length);
    expect(fixture.catalog(DEMO_CATALOG_ID).map((entry) => entry.retailerId)).toEqual(demoCatalogItems().map((entry) => entry.retailerId));
  });

  it('answers an unknown catalog id with GraphMethodException code 100, subcode 33', async () => {
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items: [] } } });
    const answer = await graph(fixture, '/123?fields=id,name');
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({
      message:
        "Unsupported get request. Object with ID '123' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api",
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    });
    expect(errorOf(answer).fbtrace_id).toMatch(/^A[\w-]{22}$/);
    expect(answer.headers.get('x-fb-trace-id')).toBe(errorOf(answer).fbtrace_id);
  });

  it('refuses a wrong token with code 190 and a missing one with code 104, and takes access_token in the query', async () => {
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items: [] } } });
    const wrong = await graph(fixture, `/${CATALOG_ID}`, { token: 'EAAGnotthetoken' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toMatchObject({
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    });
    expect(wrong.headers.get('www-authenticate')).toContain('invalid_token');

    const missing = await graph(fixture, `/${CATALOG_ID}`, { token: null });
    expect(missing.status).toBe(400);
    expect(errorOf(missing)).toMatchObject({ type: 'OAuthException', code: 104 });

    const inQuery = await graph(fixture, `/${CATALOG_ID}?access_token=${encodeURIComponent(fixture.accessToken)}`, { token: null });
    expect(inQuery.status).toBe(200);
    expect(fixture.accessToken).toMatch(/^EAAG\w{150,}$/);
  });
});

describe('products edge', () => {
  it('walks every item exactly once with next links and after cursors, both ways', async () => {
    const items = generatedCatalogItems(237, 7);
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Grande', items } } });
    const seen: string[] = [];
    let url: string | undefined = `${fixture.graphUrl}/${CATALOG_ID}/products?fields=retailer_id&limit=50`;
    let pages = 0;
    while (url) {
      const answer = await graph(fixture, url);
      expect(answer.status).toBe(200);
      const page = answer.body as ProductsPage;
      seen.push(...page.data.map((entry) => String(entry.retailer_id)));
      expect(page.paging?.previous === undefined).toBe(pages === 0);
      if (page.paging?.next) expect(new URL(page.paging.next).origin).toBe(fixture.origin);
      url = page.paging?.next;
      pages++;
    }
    expect(pages).toBe(5);
    expect(seen).toEqual(items.map((entry) => entry.retailerId));

    // The same walk by hand: the after cursor of each page, asked with the token in the query.
    const byCursor: string[] = [];
    let after: string | undefined;
    for (;;) {
      const query = new URLSearchParams({ fields: 'retailer_id', limit: '100', access_token: fixture.accessToken });
      if (after) query.set('after', after);
      const answer = await graph(fixture, `/${CATALOG_ID}/products?${query}`, { token: null });
      const page = answer.body as ProductsPage;
      byCursor.push(...page.data.map((entry) => String(entry.retailer_id)));
      if (page.paging?.next) expect(new URL(page.paging.next).searchParams.get('access_token')).toBe(fixture.accessToken);
      if (!page.paging?.next) break;
      after = page.paging.cursors.after;
    }
    expect(byCursor).toEqual(seen);
    expect(new Set(byCursor).size).toBe(237);
  });

  it('pages by 25 by default and by 100 at most, and answers an empty catalog with no paging', async () => {
    const fixture = await start({
      catalogs: { [CATALOG_ID]: { name: 'Grande', items: generatedCatalogItems(300) }, '3456789012345678': { name: 'Vazio', items: [] } },
    });
    expect(((await graph(fixture, `/${CATALOG_ID}/products`)).body as ProductsPage).data).toHaveLength(25);
    const big = (await graph(fixture, `/${CATALOG_ID}/products?limit=5000`)).body as ProductsPage;
    expect(big.data).toHaveLength(100);
    expect(new URL(big.paging!.next!).searchParams.get('limit')).toBe('100');
    expect((await graph(fixture, '/3456789012345678/products')).body).toEqual({ data: [] });
  });

  it('keeps walking while items are deleted behind and ahead of the cursor', async () => {
    const items = Array.from({ length: 10 }, (_, index) => item(`SKU-${index}`));
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items } }, batchDelayMs: 0 });
    const first = (await graph(fixture, `/${CATALOG_ID}/products?fields=retailer_id&limit=4`)).body as ProductsPage;
    // SKU-3 holds the cursor; SKU-1 is behind it, SKU-6 ahead.
    await postBatch(
      fixture,
      CATALOG_ID,
      ['SKU-3', 'SKU-1', 'SKU-6'].map((id) => ({ method: 'DELETE', data: { id } })),
    );
    await fixture.batchesSettled();
    const rest: string[] = [];
    let next = first.paging?.next;
    while (next) {
      const page = (await graph(fixture, next)).body as ProductsPage;
      rest.push(...page.data.map((entry) => String(entry.retailer_id)));
      next = page.paging?.next;
    }
    expect(rest).toEqual(['SKU-4', 'SKU-5', 'SKU-7', 'SKU-8', 'SKU-9']);
  });

  it('returns only the asked fields, plus id, with prices as Meta displays them', async () => {
    const items = [
      item('shopify_BR_7512345678901_42345678901234', { priceMinor: 2990, salePriceMinor: 2490, inventory: 7 }),
      item('42345678901299', { priceMinor: 123456, availability: 'out of stock', reviewStatus: 'rejected' }),
      item('SKU-USD', { priceMinor: 2990, currency: 'USD' }),
    ];
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items } } });
    const narrow = (await graph(fixture, `/${CATALOG_ID}/products?fields=retailer_id,price`)).body as ProductsPage;
    for (const entry of narrow.data) expect(Object.keys(entry).sort()).toEqual(['id', 'price', 'retailer_id']);
    expect(narrow.data.map((entry) => entry.price)).toEqual(['R$29.90', 'R$1,234.56', '$29.90']);

    const fields = 'id,retailer_id,name,description,price,currency,sale_price,availability,image_url,url,review_status,inventory';
    const wide = (await graph(fixture, `/${CATALOG_ID}/products?fields=${fields}`)).body as ProductsPage;
    expect(wide.data[0]).toMatchObject({
      retailer_id: 'shopify_BR_7512345678901_42345678901234',
      price: 'R$29.90',
      sale_price: 'R$24.90',
      currency: 'BRL',
      availability: 'in stock',
      review_status: 'approved',
      inventory: 7,
      image_url: items[0]!.imageUrl,
      url: items[0]!.url,
    });
    expect(wide.data[0]!.id).toMatch(/^\d{16}$/);
    expect(wide.data[1]).not.toHaveProperty('sale_price');
    expect(wide.data[1]).toMatchObject({ availability: 'out of stock', review_status: 'rejected' });

    const local = (await graph(fixture, `/${CATALOG_ID}/products?fields=price&locale=pt_BR`)).body as ProductsPage;
    expect(local.data[1]!.price).toBe('R$\u00a01.234,56');

    const unknown = await graph(fixture, `/${CATALOG_ID}/products?fields=retailer_id,stock_level`);
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (stock_level) on node type (ProductItem)',
    });
    const inherited = await graph(fixture, `/${CATALOG_ID}?fields=name,constructor`);
    expect(errorOf(inherited).message).toContain('(constructor) on node type (ProductCatalog)');
  });

  it('filters by retailer id and counts with summary', async () => {
    const items = generatedCatalogItems(60);
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items } } });
    const wanted = [items[4]!.retailerId, items[40]!.retailerId];
    const filter = JSON.stringify({ retailer_id: { is_any: wanted } });
    const answer = (await graph(fixture, `/${CATALOG_ID}/products?fields=retailer_id&summary=true&filter=${encodeURIComponent(filter)}`))
      .body;
    expect((answer as ProductsPage).data.map((entry) => entry.retailer_id)).toEqual(wanted);
    expect(answer.summary).toEqual({ total_count: 2 });
  });
});

describe('items_batch', () => {
  it('applies price and availability updates after a delay and reports the bad requests as finished with errors', async () => {
    const items = [item('SKU-1'), item('SKU-2', { availability: 'out of stock' }), item('SKU-3')];
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items } }, batchDelayMs: 30 });
    const answer = await postBatch(
      fixture,
      CATALOG_ID,
      [
        { method: 'UPDATE', data: { id: 'SKU-1', price: '34.90 BRL' } },
        { method: 'UPDATE', data: { id: 'SKU-2', availability: 'in stock', inventory: 12 } },
        { method: 'UPDATE', data: { id: 'SKU-404', price: '10.00 BRL' } },
        { method: 'UPDATE', data: { id: 'SKU-3', price: '34,90' } },
        { method: 'UPDATE', data: { id: 'SKU-3', availability: 'maybe' } },
      ],
      { allow_upsert: false },
    );
    expect(answer.status).toBe(200);
    const receipt = answer.body as { handles: string[]; validation_status: { retailer_id: string; errors: { message: string }[] }[] };
    expect(receipt.handles).toHaveLength(1);
    expect(receipt.validation_status.map((entry) => entry.retailer_id)).toEqual(['SKU-3', 'SKU-3']);
    // Nothing lands before the delay.
    expect(fixture.catalog(CATALOG_ID)[0]!.priceMinor).toBe(2990);

    const status = await finishedStatus(fixture, CATALOG_ID, receipt.handles[0]!);
    expect(status.errors_total_count).toBe(3);
    const errors = status.errors as { line: number; id: string; message: string }[];
    expect(errors.map((error) => [error.line, error.id])).toEqual([
      [2, 'SKU-404'],
      [3, 'SKU-3'],
      [4, 'SKU-3'],
    ]);
    for (const error of errors)
      expect(error.message).toMatch(
        new RegExp(`^Invalid value: Value passed at position ${error.line} \\(id=${error.id}\\) is invalid: "`),
      );
    expect(errors[0]!.message).toContain('No item with retailer id SKU-404 exists'); // allow_upsert: false
    expect(errors[1]!.message).toContain("Invalid price '34,90'");
    expect(errors[2]!.message).toContain("Invalid availability 'maybe'");
    expect(status.ids_of_invalid_requests).toEqual(['SKU-404', 'SKU-3']);

    const read = (await graph(fixture, `/${CATALOG_ID}/products?fields=retailer_id,price,availability,inventory`)).body as ProductsPage;
    expect(read.data.map(({ retailer_id, price, availability }) => [retailer_id, price, availability])).toEqual([
      ['SKU-1', 'R$34.90', 'in stock'],
      ['SKU-2', 'R$29.90', 'in stock'],
      ['SKU-3', 'R$29.90', 'in stock'],
    ]);
    expect(read.data[1]!.inventory).toBe(12);
  });

  it('takes form-encoded requests, creates with upsert, refuses a create without required fields, and deletes', async () => {
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items: [item('SKU-1'), item('SKU-2')] } }, batchDelayMs: 0 });
    const form = new URLSearchParams({
      item_type: 'PRODUCT_ITEM',
      requests: JSON.stringify([
        {
          method: 'UPDATE',
          data: {
            id: 'SKU-NEW',
            title: 'Vela Aromática',
            price: '19.90 BRL',
            availability: 'preorder',
            link: 'https://loja.example/vela',
            image_link: 'https://loja.example/vela.jpg',
          },
        },
        { method: 'CREATE', data: { id: 'SKU-HALF', price: '9.90 BRL' } },
        { method: 'DELETE', data: { id: 'SKU-2' } },
      ]),
    });
    const answer = await graph(fixture, `/${CATALOG_ID}/items_batch`, { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    const status = await finishedStatus(fixture, CATALOG_ID, (answer.body.handles as string[])[0]!);
    expect(status.errors).toEqual([
      {
        line: 1,
        id: 'SKU-HALF',
        message:
          'Invalid value: Value passed at position 1 (id=SKU-HALF) is invalid: "You cannot create a EntProductItem without required field Title"',
      },
    ]);
    const after = fixture.catalog(CATALOG_ID);
    expect(after.map((entry) => entry.retailerId)).toEqual(['SKU-1', 'SKU-NEW']);
    expect(after[1]).toMatchObject({ name: 'Vela Aromática', priceMinor: 1990, currency: 'BRL', availability: 'preorder' });
  });

  it('refuses more than 5000 requests in one call and takes exactly 5000', async () => {
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items: [item('SKU-1')] } }, batchDelayMs: 0 });
    const update = { method: 'UPDATE', data: { id: 'SKU-1', price: '11.00 BRL' } };
    const tooMany = await postBatch(
      fixture,
      CATALOG_ID,
      Array.from({ length: 5001 }, () => update),
    );
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany)).toMatchObject({ type: 'OAuthException', code: 100 });
    expect(errorOf(tooMany).message).toContain('5000');
    await fixture.batchesSettled();
    expect(fixture.catalog(CATALOG_ID)[0]!.priceMinor).toBe(2990);

    const enough = await postBatch(
      fixture,
      CATALOG_ID,
      Array.from({ length: 5000 }, () => update),
    );
    expect(enough.status).toBe(200);
    await fixture.batchesSettled();
    expect(fixture.catalog(CATALOG_ID)[0]!.priceMinor).toBe(1100);
  });

  it('refuses a call without item_type or with requests that are not an array, and an unknown handle', async () => {
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items: [] } } });
    const noType = await graph(fixture, `/${CATALOG_ID}/items_batch`, { method: 'POST', body: new URLSearchParams({ requests: '[]' }) });
    expect(errorOf(noType)).toMatchObject({ code: 100, message: '(#100) The parameter item_type is required' });
    const notArray = await graph(fixture, `/${CATALOG_ID}/items_batch`, {
      method: 'POST',
      body: new URLSearchParams({ item_type: 'PRODUCT_ITEM', requests: '{"a":1}' }),
    });
    expect(errorOf(notArray)).toMatchObject({ code: 100, message: '(#100) param requests must be an array.' });
    const unknown = await graph(fixture, `/${CATALOG_ID}/check_batch_request_status?handle=AcNotAHandle`);
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).code).toBe(100);
  });
});

describe('throttling', () => {
  it('reports usage on every call and answers 80009 over the budget, with the time to regain access', async () => {
    const fixture = await start({
      catalogs: { [CATALOG_ID]: { name: 'Loja', items: [item('SKU-1')] } },
      businessId: '998877665544332',
      throttle: { callsPerWindow: 4, windowMs: 90_000 },
    });
    const counts: number[] = [];
    for (let call = 0; call < 4; call++) {
      const answer = await graph(fixture, `/${CATALOG_ID}?fields=name`);
      expect(answer.status).toBe(200);
      const [entry] = usageOf(answer)['998877665544332']!;
      expect(entry).toMatchObject({ type: 'catalog_management', estimated_time_to_regain_access: 0 });
      counts.push(entry!.call_count);
      expect(JSON.parse(answer.headers.get('x-app-usage') ?? 'null')).toMatchObject({ call_count: entry!.call_count });
    }
    expect(counts).toEqual([25, 50, 75, 100]);

    const over = await graph(fixture, `/${CATALOG_ID}/products`);
    expect(over.status).toBe(400);
    expect(errorOf(over)).toMatchObject({ type: 'OAuthException', code: 80009, is_transient: true });
    expect(errorOf(over).message).toMatch(/^\(#80009\) There have been too many calls to this Catalog account/);
    expect(usageOf(over)['998877665544332']![0]).toMatchObject({ call_count: 100, estimated_time_to_regain_access: 2 });

    const batch = await postBatch(fixture, CATALOG_ID, []);
    expect(errorOf(batch)).toMatchObject({ code: 80014, is_transient: true });
    expect(errorOf(batch).message).toMatch(/^\(#80014\) There have been too many calls for the batch uploads to this catalog account/);
    expect(usageOf(batch)['998877665544332']![0]!.type).toBe('catalog_batch');
  });

  it('opens a new window once the old one has passed, and counts each token apart from a wrong one', async () => {
    const fixture = await start({
      catalogs: { [CATALOG_ID]: { name: 'Loja', items: [] } },
      throttle: { callsPerWindow: 1, windowMs: 150, code: 613 },
    });
    expect((await graph(fixture, `/${CATALOG_ID}`)).status).toBe(200);
    expect(errorOf(await graph(fixture, `/${CATALOG_ID}`)).code).toBe(613);
    expect(errorOf(await graph(fixture, `/${CATALOG_ID}`, { token: 'EAAGwrong' })).code).toBe(190);
    await new Promise((done) => setTimeout(done, 200));
    expect((await graph(fixture, `/${CATALOG_ID}`)).status).toBe(200);
  });

  it('forces a throttling code on the next calls when a test asks', async () => {
    const fixture = await start({ catalogs: { [CATALOG_ID]: { name: 'Loja', items: [] } } });
    const expected: Record<number, string> = {
      4: '(#4) Application request limit reached',
      17: '(#17) User request limit reached',
      613: '(#613) Calls to this api have exceeded the rate limit.',
    };
    for (const code of [4, 17, 613] as const) {
      fixture.throttleNext(code, 2, 5);
      for (let call = 0; call < 2; call++) {
        const answer = await graph(fixture, `/${CATALOG_ID}/products`);
        expect(answer.status).toBe(400);
        expect(errorOf(answer)).toMatchObject({ code, message: expected[code], type: 'OAuthException', is_transient: true });
        expect(Object.values(usageOf(answer))[0]![0]).toMatchObject({ call_count: 100, estimated_time_to_regain_access: 5 });
      }
      expect((await graph(fixture, `/${CATALOG_ID}/products`)).status).toBe(200);
    }
    fixture.throttleNext(80014, 1);
    expect(errorOf(await postBatch(fixture, CATALOG_ID, [])).code).toBe(80014);
    expect((await postBatch(fixture, CATALOG_ID, [])).status).toBe(200);
  });
});

describe('catalog data', () => {
  const store: StoreVariant[] = [
    {
      retailerId: 'shopify_BR_1_11',
      name: 'Vestido Linho - P',
      priceMinor: 18990,
      currency: 'BRL',
      available: true,
      imageUrl: 'https://s.example/1.jpg',
      url: 'https://s.example/1',
    },
    { retailerId: 'shopify_BR_1_12', name: 'Vestido Linho - M', priceMinor: 18990, currency: 'BRL', available: true },
    { retailerId: 'shopify_BR_2_21', name: 'Bolsa Palha', priceMinor: 12990, currency: 'BRL', available: false },
    { retailerId: 'shopify_BR_3_31', name: 'Brinco Argola', priceMinor: 4990, currency: 'BRL', available: true },
    { retailerId: 'shopify_BR_4_41', name: 'Sandália Couro', priceMinor: 15990, currency: 'BRL', available: true },
  ];

  it('mirrors the store in the demo catalog except for one difference of each kind a sync must report', () => {
    const { items, differences } = demoCatalog(store);
    const catalog = new Map(items.map((entry) => [entry.retailerId, entry]));
    const variants = new Map(store.map((variant) => [variant.retailerId, variant]));
    const found = {
      catalogOnly: [] as string[],
      priceDiffers: [] as string[],
      availabilityDiffers: [] as string[],
      missingFromCatalog: [] as string[],
    };
    for (const entry of items) {
      const variant = variants.get(entry.retailerId);
      if (!variant) {
        found.catalogOnly.push(entry.retailerId);
        continue;
      }
      if (variant.priceMinor !== entry.priceMinor || variant.currency !== entry.currency) found.priceDiffers.push(entry.retailerId);
      if (variant.available !== (entry.availability === 'in stock')) found.availabilityDiffers.push(entry.retailerId);
      expect(entry.name).toBe(variant.name);
    }
    for (const variant of store) if (!catalog.has(variant.retailerId)) found.missingFromCatalog.push(variant.retailerId);

    expect(found).toEqual(differences);
    for (const kind of Object.values(found)) expect(kind).toHaveLength(1);
    // Four kinds, four different items: no difference hides another.
    expect(new Set(Object.values(found).flat()).size).toBe(4);
    expect(catalog.get('shopify_BR_1_11')!.imageUrl).toBe('https://s.example/1.jpg');
    expect(demoCatalogItems(store)).toEqual(items);
  });

  it('builds the default demo catalog the same way, and needs three variants', () => {
    const { items, differences } = demoCatalog();
    expect(items.map((entry) => entry.retailerId)).toContain(differences.catalogOnly[0]);
    expect(items.map((entry) => entry.retailerId)).not.toContain(differences.missingFromCatalog[0]);
    expect(() => demoCatalog(store.slice(0, 2))).toThrow(/at least 3/);
  });

  it('generates 100,000 items deterministically, with unique ids in all three retailer id forms', () => {
    const first = generatedCatalogItems(100_000);
    const again = generatedCatalogItems(100_000);
    expect(again).toEqual(first);
    expect(generatedCatalogItems(50, 2)).not.toEqual(first.slice(0, 50));

    const forms = { sku: 0, variantId: 0, channel: 0 };
    for (const entry of first) {
      if (/^SKU-[A-Z]+-\d{6}-\S+$/.test(entry.retailerId)) forms.sku++;
      else if (/^\d{14}$/.test(entry.retailerId)) forms.variantId++;
      else if (/^shopify_[A-Z]{2}_\d{13}_\d{14}$/.test(entry.retailerId)) forms.channel++;
      else throw new Error(`unexpected retailer id ${entry.retailerId}`);
    }
    expect(Math.min(forms.sku, forms.variantId, forms.channel)).toBeGreaterThan(30_000);
    expect(new Set(first.map((entry) => entry.retailerId)).size).toBe(100_000);
    expect(new Set(first.map((entry) => entry.id)).size).toBe(100_000);
    const availabilities = new Set(first.map((entry) => entry.availability));
    expect([...availabilities].sort()).toEqual(['available for order', 'discontinued', 'in stock', 'out of stock', 'preorder']);
    expect(new Set(first.map((entry) => entry.reviewStatus)).size).toBe(4);
  });
});
