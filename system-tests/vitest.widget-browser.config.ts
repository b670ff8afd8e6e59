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
    // expect.poll gives up after 1 s by default: too short for a page or a job on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    // Each file starts its own gateway, demo page (free ports) and Chromium, so files run side by side;
    // two at a time keeps a 2-core machine busy while one waits on a page.
    maxWorkers: 2,
    // One retry: in a full CI run the gift-card file once saw no card frame for any of its tests
    // (passing alone and in every other run); the cause is not found yet, see system-tests/README.md.
    retry: 1,
    env: { TEST_DB: 'pglite' },
  },
});
