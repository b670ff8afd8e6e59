/*
 * Response security headers (docs/architecture.md §3).
 *
 * - `staticSecurityHeaders` do not depend on configuration; next.config.ts sends them on every route.
 * - `pageSecurityHeaders` (Content-Security-Policy, Permissions-Policy) name the payment gateway, whose
 *   URL is run-time configuration, so the proxy sets them on every page response. (Headers from next.config.ts are fixed at build time and
 *   take precedence over headers the proxy sets, so the page policy must not be set there.)
 * - `dataContentSecurityPolicy` is for the JSON route handlers, which the proxy does not see.
 *
 * The payment gateway is the only origin besides our own that may provide frames (secured card
 * fields, 3-D Secure challenge) and scripts (the checkout widget), and that the page may connect and
 * post forms to. `'unsafe-inline'` in script-src is needed because Next.js bootstraps the App Router
 * with inline scripts when pages are not rendered with a per-request nonce.
 */

export interface ContentSecurityPolicyOptions {
  /** Origin of the payment gateway, e.g. `http://localhost:8080`. */
  readonly paymentGatewayOrigin: string;
  /** Development needs `'unsafe-eval'` (React's error overlays) and the dev server's websocket. */
  readonly development: boolean;
}

export function contentSecurityPolicy({
  paymentGatewayOrigin: gateway,
  development,
}: ContentSecurityPolicyOptions) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'", gateway, ...(development ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', gateway],
    'font-src': ["'self'"],
    'connect-src': ["'self'", gateway, ...(development ? ['ws:', 'wss:'] : [])],
    'frame-src': [gateway],
    'form-action': ["'self'", gateway],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** For responses that are data, not documents. */
export const dataContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

export const staticSecurityHeaders: readonly { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
];

/** Headers for page responses (set by the proxy at run time). */
export function pageSecurityHeaders(
  options: ContentSecurityPolicyOptions,
): readonly { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    // Only our pages and the gateway's frames (wallets) may use the Payment Request API.
    {
      key: 'Permissions-Policy',
      value: `camera=(), microphone=(), geolocation=(), usb=(), payment=(self "${options.paymentGatewayOrigin}")`,
    },
  ];
}
