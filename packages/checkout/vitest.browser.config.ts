import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests: Chromium (playwright-core, Debian's /usr/bin/chromium) against the real gateway
 * and the demo page, both started by the tests. Run from the repository root:
 *   npx vitest run -c packages/checkout/vitest.browser.config.ts
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'widget-browser',
    include: ['browser-tests/**/*.browser.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    env: { TEST_DB: 'pglite' },
  },
});
