import { defineConfig } from 'vitest/config';

// Browser journeys across every app: one stack for the whole run (global setup), Chromium per file.
export default defineConfig({
  test: {
    name: 'browser',
    include: ['e2e/src/**/*.e2e.ts'],
    globalSetup: ['e2e/src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default: too short for a page or a job on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
  },
});
