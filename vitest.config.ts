import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every *.test.ts runs on the embedded database (PGlite). Integration suites (*.int.test.ts) run a
// second time on PostgreSQL when TEST_DATABASE_URL is set; the test helpers read TEST_DB to choose.
// system-tests/integration holds the suites that start several apps in-process.
const include = [
  'packages/*/src/**/*.test.ts',
  'apps/*/src/**/*.test.ts',
  'system-tests/integration/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const integration = [
  'packages/*/src/**/*.int.test.ts',
  'apps/*/src/**/*.int.test.ts',
  'system-tests/integration/**/*.int.test.ts',
];
// The widget's tests run in a simulated browser (happy-dom) instead.
const widget = 'packages/checkout/src/**/*.test.{ts,tsx}';
const postgres = process.env.TEST_DATABASE_URL;

// Workspace packages export their TypeScript sources under the custom "source" condition
// (packages/checkout/package.json), so tests run on src without building dist first. The rest are Vite's
// default client and server conditions, which setting the list replaces.
export const sourceConditions = {
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
};

export default defineConfig({
  ...sourceConditions,
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: too short for a page or a job on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. Most
    // integration files wait on HTTP, timers and the database rather than the CPU, so two files run
    // side by side even there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `--project 'pglite*'` runs everything on PGlite: the unit tests and the integration suites.
    projects: [
      {
        extends: true,
        test: { name: 'pglite-unit', include, exclude: [widget, ...integration], env: { TEST_DB: 'pglite' } },
      },
      // Integration files share their worker's module cache (isolate: false). Isolated, every file
      // imports its apps again and compiles PGlite's WebAssembly again, which took a third of the
      // step; these files mock no module, and each starts its own apps on its own database.
      {
        extends: true,
        test: { name: 'pglite', include: integration, isolate: false, env: { TEST_DB: 'pglite' } },
      },
      { extends: true, test: { name: 'widget', include: [widget], environment: 'happy-dom' } },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: integration,
                // Browser-driven suites test pages and frames, not the database: one run (PGlite) is enough.
                exclude: ['**/node_modules/**', '**/*.browser.int.test.ts'],
                isolate: false,
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
