// drizzle-kit: `npm run db:generate` writes a SQL migration for schema changes. No database needed.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each area's tables sit beside its store: server/<area>/*-tables.ts.
  schema: './server/*/*-tables.ts',
  out: './server/db/migrations',
});
