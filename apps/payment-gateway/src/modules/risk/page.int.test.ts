import { describe, expect, it } from 'vitest';
import { DEMO, useTestGateway } from '../../testing/index.ts';

const gateway = useTestGateway();
const pagePath = (clientKey: string, file = 'dfp.1.0.0.html') => `/assets/html/${clientKey}/${file}`;

describe('device-fingerprint page', () => {
  it('serves the page for a known client key: no inline script, strict CSP, framable by its origins only', async () => {
    for (const prefix of ['', '/checkoutshopper']) {
      const response = await gateway.app.inject({ method: 'GET', url: prefix + pagePath(DEMO.clientKey) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain(`frame-ancestors `);
      expect(csp).toContain(DEMO.origin);
      expect(csp).not.toContain('*');
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      // The only script elements: a JSON data block and the hashed script.
      const scripts = [...response.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
      expect(scripts).toHaveLength(2);
      expect(scripts[0]?.[1]).toContain('type="application/json"');
      expect(scripts[1]?.[1]).toMatch(/src="\/assets\/risk\/dfp-[0-9a-f]{16}\.js"/);
      expect(scripts[1]?.[2]).toBe('');
      const script = /src="([^"]+)"/.exec(scripts[1]?.[1] ?? '')?.[1] ?? '';
      const code = await gateway.app.inject({ method: 'GET', url: script });
      expect(code.statusCode).toBe(200);
      expect(code.headers['cache-control']).toContain('immutable');
      expect(code.body).toContain('deviceFingerprint');
      expect(code.body).toContain('SHA-256');
    }
  });

  it('answers 404 in the gateway format for an unknown key, another page or another script', async () => {
    for (const url of [
      pagePath('no_such_client_key'),
      pagePath(DEMO.clientKey, 'dfp.9.9.9.html'),
      pagePath(DEMO.clientKey, 'other.html'),
      '/assets/risk/dfp-0000000000000000.js',
    ]) {
      const response = await gateway.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, errorCode: '000', errorType: expect.any(String) });
    }
  });
});
