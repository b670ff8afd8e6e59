import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../../testing/index.ts';

const gateway = useTestGateway();

/** As an `<img>` on another site asks: no Origin, no client key. */
const imageRequest = (url: string) =>
  gateway.app.inject({
    method: 'GET',
    url,
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
  });

describe('images/logos', () => {
  it('serves a method’s and an issuer’s logo as SVG, also under /checkoutshopper', async () => {
    for (const [url, name] of [
      ['/images/logos/pix.svg', 'pix'],
      ['/checkoutshopper/images/logos/boletobancario.svg', 'boletobanc'],
      ['/images/logos/dragonpay_ebanking/BDO.svg', 'BDO'],
    ] as const) {
      const response = await imageRequest(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('image/svg+xml');
      expect(response.body, url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(response.body, url).toContain(`>${name}</text>`);
    }
  });

  it('refuses file names outside letters, digits, dashes and underscores', async () => {
    for (const url of [
      '/images/logos/pix.png',
      '/images/logos/%3Cscript%3E.svg',
      '/images/logos/a/b/c.svg',
    ]) {
      expect((await imageRequest(url)).statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('images/components', () => {
  it('serves the official widget’s icons, drawn or neutral, for .svg and .gif names', async () => {
    for (const url of [
      '/checkoutshopper/images/components/success.gif',
      '/images/components/arrow_down.svg',
      '/images/components/paypal_fastlane_black.svg',
    ]) {
      const response = await imageRequest(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('image/svg+xml');
      expect(response.body, url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    const success = await imageRequest('/images/components/success.svg');
    const unknown = await imageRequest('/images/components/paypal_fastlane_black.svg');
    expect(success.body).not.toBe(unknown.body);
  });

  it('refuses other names', async () => {
    for (const url of ['/images/components/x.exe', '/images/components/%2E%2E%2Fa.svg']) {
      expect((await imageRequest(url)).statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});
