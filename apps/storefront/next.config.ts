import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import { parseConfig } from './src/config';
import { dataContentSecurityPolicy, staticSecurityHeaders } from './src/security/headers';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * The widget's TypeScript sources (its package.json "source" export condition), so the storefront builds
 * without a prior `npm run build -w @actuate/checkout`. Turbopack takes no custom conditions, so the
 * package's three entries are aliased one by one.
 */
const checkoutSource = {
  '@actuate/checkout/react': '../../packages/checkout/src/react/index.ts',
  '@actuate/checkout/styles.css': '../../packages/checkout/src/styles/checkout.css',
  '@actuate/checkout': '../../packages/checkout/src/index.ts',
};

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets two builds of one checkout live side by side (parallel browser runs).
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // app/global-not-found.tsx: a 404 page for unmatched URLs, since the root layout is the [locale] segment.
  experimental: { globalNotFound: true },
  turbopack: { resolveAlias: checkoutSource },
  async headers() {
    return [
      // Every response. The pages' Content-Security-Policy is set by src/proxy.ts at run time, because
      // it names the payment gateway (PAYMENT_GATEWAY_URL), and headers set here are fixed at build time.
      { source: '/:path*', headers: [...staticSecurityHeaders] },
      {
        source: '/:handler(health|ready|docs)',
        headers: [{ key: 'Content-Security-Policy', value: dataContentSecurityPolicy }],
      },
    ];
  },
};

/**
 * Fails fast on a bad environment at build and at start (the app reads it again at run time); the
 * production server (`next start`) also refuses the published demo keys, the build needs none.
 */
export default function config(phase: string): NextConfig {
  parseConfig(process.env, phase === PHASE_PRODUCTION_SERVER);
  return withNextIntl(nextConfig);
}
