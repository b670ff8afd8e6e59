import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, pageSecurityHeaders } from './headers';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  const gateway = 'https://pay.example.com';
  const production = directives(contentSecurityPolicy({ paymentGatewayOrigin: gateway, development: false }));

  it('lets only the payment gateway provide frames, and scripts besides our own', () => {
    expect(production.get('frame-src')).toEqual([gateway]);
    expect(production.get('script-src')).toEqual(["'self'", "'unsafe-inline'", gateway]);
    expect(production.get('connect-src')).toEqual(["'self'", gateway]);
  });

  it('forbids plugins, base rewriting and being framed', () => {
    expect(production.get('object-src')).toEqual(["'none'"]);
    expect(production.get('base-uri')).toEqual(["'self'"]);
    expect(production.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows eval only in development', () => {
    const development = directives(
      contentSecurityPolicy({ paymentGatewayOrigin: gateway, development: true }),
    );
    expect(development.get('script-src')).toContain("'unsafe-eval'");
    expect(production.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('limits the Payment Request API to our pages and the gateway', () => {
    const headers = pageSecurityHeaders({ paymentGatewayOrigin: gateway, development: false });
    expect(headers.find((header) => header.key === 'Permissions-Policy')?.value).toContain(
      `payment=(self "${gateway}")`,
    );
  });
});
