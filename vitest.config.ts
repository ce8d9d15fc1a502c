import { defineConfig } from 'vitest/config';

// One runner for the whole tree: front-end units in happy-dom, server tests in node against a real
// database (PostgreSQL when DATABASE_URL is set, PGlite otherwise), each file on its own database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.{ts,tsx}',
            'shared/build/**/*.test.ts',
            'shell/src/**/*.test.{ts,tsx}',
            'remotes/*/src/**/*.test.{ts,tsx}',
          ],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.mjs'],
          environment: 'node',
          pool: 'forks',
          // Migrates and seeds one database; each file's database is a copy of it.
          globalSetup: ['server/src/test/template-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
