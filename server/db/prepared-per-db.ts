// A statement built once per database handle and prepared there (a named prepared statement on
// PostgreSQL), for the hot reads of functions that take `db` as an argument: drizzle otherwise
// builds a query's SQL text anew on every call (the largest share of the server's own CPU under
// checkout recovery's load, docs/benchmarks.md), and PostgreSQL parses and plans it anew.
import type { Db } from './database';

/** `build` once for each database handle it is asked for; the statement's values are its placeholders. */
export function preparedPerDb<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}
