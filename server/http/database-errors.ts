// What a failed query may tell: PostgreSQL's data exceptions that a request's value can still
// cause (a value the schemas let through but a column cannot hold) become the client's 400, and a
// failed query is logged by its codes alone — its message and parameters carry the request's
// values (a visitor's e-mail and phone), which logs never hold.
import { HttpError } from './http-error';

/** SQLSTATE class 22 (data exception) codes a request's value can cause, with what to tell the client. */
const dataExceptions: Record<string, string> = {
  '22P02': 'A value is not in the form its field takes.',
  '22021': 'A text holds a character that cannot be stored.',
  '22P05': 'A text holds a character that cannot be stored.',
  '22003': 'A number is beyond what its field can hold.',
  '22007': 'A date or time is not valid.',
  '22008': 'A date or time is beyond what can be stored.',
};

type DatabaseErrorFields = { code?: unknown; table?: unknown; column?: unknown; constraint?: unknown; routine?: unknown };

/** The PostgreSQL error a query failed with (Drizzle wraps it as `cause`), or null for any other error. */
function databaseErrorOf(error: unknown): (Error & DatabaseErrorFields) | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth++) {
    const code = (current as DatabaseErrorFields).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as Error & DatabaseErrorFields;
  }
  return null;
}

/** A 400 for a data exception a request's value caused; null when the error is not one. */
export function dataExceptionError(error: unknown): HttpError | null {
  const code = databaseErrorOf(error)?.code;
  const message = typeof code === 'string' ? dataExceptions[code] : undefined;
  return message ? new HttpError(400, 'invalid_value', message) : null;
}

/**
 * What the log may hold of an unexpected error: a failed query by its SQLSTATE, table, column,
 * constraint and routine (never its message, SQL parameters or detail, which quote the values);
 * any other error as itself.
 */
export function loggableError(error: unknown): unknown {
  const database = databaseErrorOf(error);
  if (!database) return error;
  const { code, table, column, constraint, routine } = database;
  return { type: 'DatabaseError', code, table, column, constraint, routine };
}
