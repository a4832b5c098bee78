// The database's own refusals, as the error handler turns them into answers and log lines
// (server/http/database-errors.ts): real errors of the run's database (PGlite or PostgreSQL).
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { toHttpError } from '@/server/http/error-handler';
import { loggableError } from '@/server/http/database-errors';
import { testDatabase } from './support/test-database';

async function failure(statement: string): Promise<Error> {
  try {
    await (await testDatabase()).db.execute(sql.raw(statement));
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${statement} did not fail`);
}

test("a value the database cannot hold is the client's 400 invalid_value, whatever the data exception", async () => {
  for (const statement of [
    "SELECT 'not-a-uuid'::uuid", // 22P02
    'SELECT 2147483648::int4', // 22003
    "SELECT '2026-02-30'::date", // 22008
    "SELECT E'a\\\\u0000b'::jsonb", // 22P05 / 22P02: NUL in json
  ]) {
    const answer = toHttpError(await failure(statement), 1024);
    expect([answer.statusCode, answer.code], statement).toEqual([400, 'invalid_value']);
  }
});

test('any other failed query is our 500, and its log entry holds codes, not the values it quoted', async () => {
  const error = await failure("SELECT * FROM no_such_table_for_the_visitor_ana_at_loja_com_br WHERE email = 'ana@loja.com.br'");
  expect(toHttpError(error, 1024).statusCode).toBe(500);
  const logged = JSON.stringify(loggableError(error));
  expect(logged).toContain('42P01');
  expect(logged).not.toContain('ana');
});
