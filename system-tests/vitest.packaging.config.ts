import { defineConfig } from 'vitest/config';

/**
 * The widget package from its tarball in three fresh projects (system-tests/packaging): packs
 * @actuate/checkout, installs it into a Vite + React app, a Next.js App Router app and a plain HTML
 * page in the OS temp dir, builds them and pays with a card in Chromium against the gateway. A step of
 * `npm test` (`--only packaging`); by hand, after `npm run build -w @actuate/checkout`:
 *   npx vitest run -c system-tests/vitest.packaging.config.ts
 */
export default defineConfig({
  test: {
    name: 'packaging',
    include: ['system-tests/packaging/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 420_000,
    fileParallelism: false,
    env: { TEST_DB: 'pglite' },
  },
});
