// drizzle-kit: `npm run db:generate` writes a SQL migration for schema changes. No database needed.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
