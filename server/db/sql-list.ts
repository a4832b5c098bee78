// A SQL list of string literals for CHECK constraints over a domain's fixed values (trusted constants only).
import { sql } from 'drizzle-orm';

export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
