import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../../testing/index.ts';
import { WIDGET_LOCALES_DIR } from './translations-route.ts';

const gateway = useTestGateway();
const version = (
  JSON.parse(readFileSync(join(WIDGET_LOCALES_DIR, '../../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** As the standalone widget on a merchant's page asks: another origin, no credentials. */
const get = (url: string) =>
  gateway.app.inject({ method: 'GET', url, headers: { origin: 'https://shop.example' } });

describe('checkoutshopper/sdk/<version>/translations', () => {
  it('serves each locale file of this version to any origin, cached for good', async () => {
    for (const locale of ['ar', 'fr-FR', 'zh-TW']) {
      const response = await get(`/checkoutshopper/sdk/${version}/translations/${locale}.json`);
      expect(response.statusCode, locale).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.body).toBe(readFileSync(join(WIDGET_LOCALES_DIR, `${locale}.json`), 'utf8'));
      expect(typeof response.json().payButton).toBe('string');
    }
  });

  it('answers 404 for another version or a locale that is not shipped', async () => {
    for (const url of [
      `/checkoutshopper/sdk/0.0.1/translations/fr-FR.json`,
      `/checkoutshopper/sdk/${version}/translations/xx-XX.json`,
      `/checkoutshopper/sdk/${version}/translations/en-GB.json`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, errorType: 'validation' });
    }
  });

  it('refuses names that are not a locale file', async () => {
    for (const url of [
      `/checkoutshopper/sdk/${version}/translations/..%2Fpackage.json`,
      `/checkoutshopper/sdk/${version}/translations/fr-FR.js`,
      `/checkoutshopper/sdk/latest/translations/fr-FR.json`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});
