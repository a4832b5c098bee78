// Fuzzing every route of the API from its own OpenAPI document: for each route and method, hostile
// requests generated with fast-check (a fixed seed, so a failure replays) — wrong types, missing and
// unknown fields, NUL, lone surrogates, RTL overrides, emoji, 1 MB strings, huge and negative
// numbers, dates at the edges, malformed and deeply nested JSON, wrong content types, broken
// multipart — with one account's token and another account's ids. What must hold for every answer:
// no 5xx, the API's error shape on every 4xx, no value caught only by the database (`invalid_value`:
// a schema let it through), an answer within 5 s, nothing of the other account.
// A route added to the API is fuzzed without anyone touching this file.
import fc from 'fast-check';

export type FuzzWorld = {
  url: string;
  /** The caller: a merchant with records of their own. */
  token: string;
  staffToken: string;
  /** Another account's ids, by path parameter name (`id`, `fileId`, `uid`): every answer about them must be a refusal. */
  foreignIds: Record<string, string>;
  /** The caller's own ids, by path parameter name: requests about them get past the tenancy check to the writes. */
  ownIds: Record<string, string>;
  /** Text only the other account's records hold: no answer to the caller may contain it. */
  foreignMarkers: string[];
};

type Property = { type?: string; enum?: unknown[]; format?: string; items?: Property };
type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: Record<string, Property>;
  bodyProperties: Record<string, Property> | null;
};

type FuzzRequest = {
  operation: Operation;
  auth: 'caller' | 'staff' | 'none' | 'garbage';
  path: string;
  query: string;
  contentType: string | null;
  body: string | null;
};

export type FuzzFigures = {
  seed: number;
  requests: number;
  /** Answers by status class, per `METHOD /path`. */
  table: Map<string, Record<'2xx' | '3xx' | '4xx' | '5xx', number>>;
  /** What broke a rule, with the request that did it (at most 20). */
  failures: string[];
};

type OpenApiParameter = { in: string; name: string; schema?: Property };
type OpenApiSchema = { type?: string; properties?: Record<string, Property> };
type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> } }>
  >;
};

/** Every operation of the document (HEAD and OPTIONS aside). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  // Deletions last: the caller's own records stay there for every other route to reach.
  const deletionsLast = (a: Operation, b: Operation) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE');
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => {
          const parameters = operation.parameters ?? [];
          const schema = operation.requestBody?.content?.['application/json']?.schema;
          return {
            method: method.toUpperCase(),
            path,
            pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
            queryParams: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
            bodyProperties: schema?.properties ?? (operation.requestBody ? {} : null),
          };
        }),
    )
    .sort(deletionsLast);
}

const MEGABYTE = 'x'.repeat(1024 * 1024);
const hostileText = fc.oneof(
  // What PostgreSQL cannot store: NUL, and halves of surrogate pairs.
  { weight: 5, arbitrary: fc.constantFrom('a\u0000b', '\u0000', 'x\ud800', '\udc00y', 'emoji \ud83d') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u202egpj.exe',
      'شركة \u200f',
      '😀👩🏽‍💻🇧🇷',
      '',
      ' ',
      '\t\n',
      '../../etc/passwd',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '%00%ff',
      '{{7*7}}',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '-000001-01-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '1e309',
      'NaN',
      '-1',
      '2147483648',
      'true',
      'null',
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
}));

/** A value of the declared type, so a request gets past every other field to the hostile one (and to the database). */
function plausible(property: Property): fc.Arbitrary<unknown> {
  if (property.enum?.length) return fc.constantFrom(...property.enum);
  if (property.type === 'integer' || property.type === 'number') return fc.constantFrom(1, 1, 2, 3);
  if (property.type === 'boolean') return fc.boolean();
  if (property.type === 'array') return fc.array(plausible(property.items ?? { type: 'string' }), { maxLength: 2 });
  if (property.format === 'uuid') return fc.uuid();
  if (property.format === 'email') return fc.constant('ana@loja.com.br');
  if (property.format === 'date-time') return fc.constant('2026-01-01T00:00:00Z');
  if (property.format === 'date') return fc.constant('2026-01-01');
  return fc.constantFrom('Loja da Ana', 'ana', 'https://loja.com.br', '+5511987654321', 'pt');
}

/** Hostile for the field: mostly a hostile value of its own type (which validation may let through), sometimes any. */
function hostileFor(property: Property | undefined): fc.Arbitrary<unknown> {
  const type = property?.enum ? 'enum' : property?.type;
  if (type === 'string') return fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: hostileValue });
  if (type === 'integer' || type === 'number')
    return fc.oneof({ weight: 3, arbitrary: hostileNumber }, { weight: 1, arbitrary: hostileValue });
  if (type === 'array')
    return fc.oneof(
      { weight: 3, arbitrary: fc.array(hostileFor(property?.items ?? { type: 'string' }), { minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: hostileValue },
    );
  return hostileValue;
}

/**
 * Mostly one hostile (or missing, or extra) field among plausible ones — so a hostile value reaches
 * the code behind validation — and sometimes hostile everywhere.
 */
function objectOf(properties: Record<string, Property>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(properties);
  const plausibleBody = fc.record(
    Object.fromEntries(fields.map(([name, property]) => [name, plausible(property)])) as Record<string, fc.Arbitrary<unknown>>,
  );
  const oneHostile = fc
    .tuple(
      plausibleBody,
      fc.nat(fields.length),
      fc.constantFrom('hostile', 'hostile', 'hostile', 'missing', 'extra'),
      fc.string({ maxLength: 12 }),
    )
    .chain(([body, index, how, extraName]) => {
      const field = fields[index];
      return hostileFor(field?.[1]).map((value) => {
        const copy: Record<string, unknown> = { ...body };
        if (how === 'extra' || field === undefined) copy[extraName || 'extra'] = value;
        else if (how === 'missing') delete copy[field[0]];
        else copy[field[0]] = value;
        return copy;
      });
    });
  const everywhere = fc.record(Object.fromEntries(fields.map(([name]) => [name, hostileValue])) as Record<string, fc.Arbitrary<unknown>>);
  // Sometimes all plausible: the request succeeds, and later ones meet the records it made or changed.
  return fc.oneof({ weight: 4, arbitrary: oneHostile }, { weight: 1, arbitrary: everywhere }, { weight: 1, arbitrary: plausibleBody });
}

function bodyFor(properties: Record<string, Property>): fc.Arbitrary<{ contentType: string | null; body: string | null }> {
  const object = objectOf(properties).map((body) => JSON.stringify(body));
  const malformed = fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    'nul',
    '{"a":1}{"b":2}',
    '\u0000',
    '[]',
    '"text"',
    '0',
    '['.repeat(5000) + ']'.repeat(5000),
    '{"__proto__":{"x":1}}',
  );
  const multipart = fc.constantFrom(
    '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nq;a\r\n',
    'garbage, not multipart',
    '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nq;a\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="b.csv"\r\n\r\nq;a\r\n--b--\r\n',
  );
  return fc.oneof(
    { weight: 9, arbitrary: object.map((body) => ({ contentType: 'application/json', body })) },
    { weight: 2, arbitrary: malformed.map((body) => ({ contentType: 'application/json', body })) },
    { weight: 1, arbitrary: object.map((body) => ({ contentType: 'text/plain', body })) },
    { weight: 1, arbitrary: multipart.map((body) => ({ contentType: 'multipart/form-data; boundary=b', body })) },
    { weight: 1, arbitrary: fc.constant({ contentType: null, body: null }) },
  );
}

function requestFor(operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const pathValue = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(world.foreignIds[name] ?? 'missing') },
      { weight: 3, arbitrary: fc.constant(world.ownIds[name] ?? 'missing') },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: hostileText.filter((text) => text.length < 2000) },
    );
  const path = fc
    .tuple(...operation.pathParams.map(pathValue))
    .map((values) =>
      operation.pathParams.reduce(
        (path, name, index) => path.replace(`{${name}}`, percentEncoded(values[index] as string)),
        operation.path,
      ),
    );
  const query = objectOf(Object.keys(operation.queryParams).length > 0 ? operation.queryParams : {}).map((values) =>
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(
        ([name, value]) => `${percentEncoded(name)}=${percentEncoded(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
      )
      .join('&'),
  );
  const body = operation.bodyProperties === null ? fc.constant({ contentType: null, body: null }) : bodyFor(operation.bodyProperties);
  const auth = fc.constantFrom('caller', 'caller', 'caller', 'caller', 'staff', 'none', 'garbage') as fc.Arbitrary<FuzzRequest['auth']>;
  return fc.record({ operation: fc.constant(operation), auth, path, query, body }).map(({ body, ...rest }) => ({ ...rest, ...body }));
}

/** Generates `requests` requests over every operation (round robin, so each route gets its share) and checks every answer. */
export async function fuzzRoutes(
  world: FuzzWorld,
  operations: Operation[],
  { requests, seed }: { requests: number; seed: number },
): Promise<FuzzFigures> {
  const table: FuzzFigures['table'] = new Map();
  const failures: string[] = [];
  const perOperation = Math.ceil(requests / operations.length);
  let sent = 0;
  for (const [index, operation] of operations.entries()) {
    const samples = fc.sample(requestFor(operation, world), { numRuns: perOperation, seed: seed + index });
    const key = `${operation.method} ${operation.path}`;
    const row = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    table.set(key, row);
    for (const [sample, request] of samples.entries()) {
      if (sent >= requests) break;
      sent++;
      const headers: Record<string, string> = {};
      if (request.auth === 'caller') headers.authorization = `Bearer ${world.token}`;
      if (request.auth === 'staff') headers.authorization = `Bearer ${world.staffToken}`;
      if (request.auth === 'garbage') headers.authorization = 'Bearer not.a.token';
      if (request.contentType) headers['content-type'] = request.contentType;
      const target = `${world.url}${request.path}${request.query ? `?${request.query}` : ''}`;
      let status = 0;
      let text = '';
      try {
        const response = await fetch(target, {
          method: operation.method,
          headers,
          body: request.body ?? undefined,
          // A hung request is aborted and counts as answered nothing; no duration is asserted.
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        text = String(error);
      }
      row[`${Math.min(5, Math.max(2, Math.floor(status / 100)))}xx` as keyof typeof row]++;
      const problems: string[] = [];
      if (status === 0 || status >= 500) problems.push(`answered ${status || 'nothing'}`);
      if (status >= 400 && status < 500 && !hasErrorShape(text)) problems.push(`a ${status} without the error shape`);
      // The database's own refusal is a net, not the check: a value it caught got past a schema.
      if (errorCodeOf(text) === 'invalid_value') problems.push('a value got past the schemas to the database (invalid_value)');
      if (world.foreignMarkers.some((marker) => text.includes(marker))) problems.push("holds the other account's data");
      if (problems.length > 0 && failures.length < 20) {
        failures.push(
          `${key} (seed ${seed + index}, sample ${sample}): ${problems.join(', ')}; ${operation.method} ${target.slice(0, 300)} auth=${request.auth} ` +
            `content-type=${request.contentType} body=${JSON.stringify(request.body?.slice(0, 300))} → ${text.slice(0, 300)}`,
        );
      }
    }
  }
  return { seed, requests: sent, table, failures };
}

/**
 * Percent-encodes any string, a lone surrogate included: as the three bytes UTF-8 would give its
 * code unit (invalid UTF-8, as a hostile client sends it), where encodeURIComponent throws.
 */
function percentEncoded(text: string): string {
  return Array.from(text)
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');
}

function errorCodeOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return undefined;
  }
}

function hasErrorShape(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

/** The table `npm run fuzz` prints: requests by status class per route. */
export function formatTable(figures: FuzzFigures): string {
  const rows = [...figures.table].map(
    ([route, counts]) => `${route.padEnd(52)}${(['2xx', '3xx', '4xx', '5xx'] as const).map((c) => String(counts[c]).padStart(7)).join('')}`,
  );
  return [`${'route'.padEnd(52)}${['2xx', '3xx', '4xx', '5xx'].map((c) => c.padStart(7)).join('')}`, ...rows].join('\n');
}
