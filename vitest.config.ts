import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const SERVER_TESTS = ['server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.mjs'];
/** Files that replace a module with vi.mock: they get a module registry of their own. */
const MOCKING_MODULES = ['server/src/modules/accounts/lockout-race.test.ts'];

const server = {
  environment: 'node' as const,
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Migrates and seeds one database; each file's database is a copy of it.
  globalSetup: ['server/src/test/template-database.ts'],
};

// One runner for the whole tree: front-end units in happy-dom, server tests in node against a real
// database (PostgreSQL when DATABASE_URL is set, PGlite otherwise), each file on its own database.
//
// Time (issue 41): importing the server's or the UI's module graph again for every file was most of
// the run (unit: 104 s → 38 s, server: 705 s → about 320 s), so a worker keeps its modules between
// files (`isolate: false`); a file's state is its own database and its own app instance, never a
// module's. At least two files run at once: a server test mostly waits on its database.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          isolate: false,
        },
      },
      { test: { name: 'server', include: SERVER_TESTS, exclude: MOCKING_MODULES, isolate: false, ...server } },
      { test: { name: 'server-mocks', include: MOCKING_MODULES, isolate: true, ...server } },
    ],
  },
});
