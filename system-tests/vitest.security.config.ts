import { defineConfig } from 'vitest/config';

// `npm run test:security`: the suite that keeps the security holes closed. It starts the backend apps once as
// real processes (security/support/global-setup.ts), so files run one after another. SECURITY_MODE=report
// runs the larger sizes for bench/security.
export default defineConfig({
  test: {
    name: 'security',
    include: ['system-tests/security/**/*.test.ts'],
    globalSetup: ['system-tests/security/support/global-setup.ts'],
    testTimeout: 900_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
