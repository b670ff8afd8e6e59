import { defineConfig } from 'vitest/config';

// Every *.test.ts runs on the embedded database (PGlite). Integration suites (*.int.test.ts) run a
// second time on PostgreSQL when TEST_DATABASE_URL is set; the test helpers read TEST_DB to choose.
const include = ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'pglite', include, env: { TEST_DB: 'pglite' } } },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgres',
                include: ['packages/*/src/**/*.int.test.ts', 'apps/*/src/**/*.int.test.ts'],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
