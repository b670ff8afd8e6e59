import { defineConfig } from 'vitest/config';

/**
 * The widget's browser tests: Chromium (playwright-core, Debian's /usr/bin/chromium) against the real
 * payment gateway and the widget's demo page, both started by the tests. A step of `npm test`; by hand:
 *   npx vitest run -c system-tests/vitest.widget-browser.config.ts
 */
export default defineConfig({
  test: {
    name: 'widget-browser',
    include: ['system-tests/widget-browser/**/*.browser.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    env: { TEST_DB: 'pglite' },
  },
});
