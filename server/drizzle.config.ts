import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema: `pnpm --filter @portal/server db:generate`.
// No database connection is needed for generating; migrations are applied by the server at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
