// Named prepared statements for the PGlite thread (./pglite-thread.ts). PGlite's own `query` parses,
// describes and plans its text again on every call (an unnamed statement, six protocol round trips
// into the WebAssembly); the server runs a few dozen texts over and over (a queue's claim, a send's
// read), and under load that parsing and planning was most of what the database thread did beside
// executing (docs/benchmarks.md, "Checkout recovery"). A text seen a second time is prepared under a
// name of its own once; each later call binds and executes it (one protocol message), and PostgreSQL
// keeps its plan as it does for any prepared statement: a generic plan once that is no dearer than a
// custom one, planned again when an analyze of its tables (./pglite-maintenance.ts) changes what it
// knows. The most recently used texts stay prepared, up to `capacity`; the rest are closed.
// Each prepared statement keeps its parsed query and plans in PGlite's WebAssembly memory, which
// never shrinks: the capacity is the server's hot texts (a queue's claim, a send's read, a few dozen
// under a campaign's load) with room to spare, not every text run twice (docs/benchmarks.md, 'Campaigns').
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

type Prepared = {
  name: string;
  /** The statement's parameter types as PostgreSQL inferred them (each value serialized by its type). */
  paramTypes: number[];
  /** Its rows' description (absent: it returns none), put in front of each execution's messages. */
  rows: Messages[number] | undefined;
};

/** PostgreSQL refused a prepared statement whose result's columns changed since (its table was altered). */
const resultTypeChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && String((error as Error).message).includes('cached plan must not change result type');

const joined = (...messages: Uint8Array[]) => {
  const all = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let at = 0;
  for (const message of messages) {
    all.set(message, at);
    at += message.length;
  }
  return all;
};

type Messages = Parameters<typeof parse.parseResults>[0];
const rowsOf = (described: Messages) => described.find((message) => message.name === 'rowDescription');

/** Statements' names, unique in the thread whichever client prepared them. */
let nextName = 1;

export type PreparedStatements = {
  /**
   * Runs `text` with `params` as PGlite's `query` would; the caller holds PGlite's query lock (and its
   * transaction lock, or runs inside a transaction). `inTransaction`: the files are synced at its end.
   */
  query: <T>(text: string, params: readonly unknown[], options: QueryOptions | undefined, inTransaction: boolean) => Promise<Results<T>>;
  /** How many texts are prepared now. */
  size: () => number;
};

export function preparedStatements(client: PGlite, { capacity = 64, remembered = 2_000 } = {}): PreparedStatements {
  /** Prepared texts, least recently used first (a Map keeps its insertion order). */
  const prepared = new Map<string, Prepared>();
  /** Texts run once, not prepared (a text run only once, such as a migration's, never is). */
  const seenOnce = new Set<string>();

  const exec = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string): Promise<Prepared> {
    const name = `catalyst_${nextName++}`;
    const described = await exec(joined(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()));
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rows: rowsOf(described),
    };
    prepared.set(text, statement);
    while (prepared.size > capacity) {
      const [oldest, { name: closing }] = prepared.entries().next().value!;
      prepared.delete(oldest);
      await exec(joined(serialize.close({ type: 'S', name: closing }), serialize.sync()));
    }
    return statement;
  }

  async function execute<T>(statement: Prepared, params: readonly unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.paramTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await exec(joined(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()));
    return parse.parseResults(statement.rows ? [statement.rows, ...messages] : messages, client.parsers, options)[0] as Results<T>;
  }

  /** The text's prepared statement, most recently used now; null while it has been seen only once. */
  async function statementOf(text: string): Promise<Prepared | null> {
    const known = prepared.get(text);
    if (known) {
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= remembered) seenOnce.clear();
      seenOnce.add(text);
      return null;
    }
    seenOnce.delete(text);
    return prepare(text);
  }

  async function forget(text: string) {
    const statement = prepared.get(text);
    if (!statement) return;
    prepared.delete(text);
    await exec(joined(serialize.close({ type: 'S', name: statement.name }), serialize.sync()));
  }

  /**
   * A text run once: PGlite's own way, the unnamed statement (replaced by the next one parsed), its
   * parameter types read before its values are made; a failed parse ends with a Sync as PGlite's does.
   */
  async function runOnce<T>(text: string, params: readonly unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let described;
    try {
      described = await exec(joined(serialize.parse({ text }), serialize.describe({ type: 'S' })));
    } catch (error) {
      await exec(serialize.sync());
      throw error;
    }
    const unnamed = { name: '', paramTypes: parse.parseDescribeStatementResults(described), rows: rowsOf(described) };
    return execute<T>(unnamed, params, options);
  }

  return {
    async query<T>(text: string, params: readonly unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
      let result: Results<T>;
      const statement = await statementOf(text);
      if (!statement) result = await runOnce<T>(text, params, options);
      else {
        try {
          result = await execute<T>(statement, params, options);
        } catch (error) {
          if (!resultTypeChanged(error)) throw error;
          await forget(text);
          // Inside a transaction the refusal aborted it: the caller sees it (the next call prepares afresh).
          if (inTransaction) throw error;
          result = await execute<T>(await prepare(text), params, options);
        }
      }
      if (!inTransaction) await client.syncToFs();
      return result;
    },
    size: () => prepared.size,
  };
}
