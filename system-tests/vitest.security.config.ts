import { defineConfig } from 'vitest/config';

// `npm run test:security`: the suite that keeps the security holes closed. It starts the apps as real
// processes, so files run one after another. SECURITY_MODE=report runs the larger sizes for bench/security.
export default defineConfig({
  test: {
    name: 'security',
    include: ['system-tests/security/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
