import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_WEBHOOKS, useTestGateway } from '../../testing/index.ts';
import { CHECKOUT_ROOT } from './widget-bundle.ts';
import { CSS_FILE, loadWidgetRelease, SCRIPT_FILE } from './widget-release.ts';

const gateway = useTestGateway(UNREACHABLE_WEBHOOKS);
const { version } = JSON.parse(readFileSync(join(CHECKOUT_ROOT, 'package.json'), 'utf8')) as {
  version: string;
};
const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const get = (url: string) => gateway.app.inject({ url, headers: { origin: 'https://shop.example' } });

describe('checkoutshopper/sdk/<version>/', () => {
  it('serves the standalone script and stylesheet of the package version, cacheable for good by any site', async () => {
    const [script, css, integrity] = await Promise.all([
      get(`/checkoutshopper/sdk/${version}/${SCRIPT_FILE}`),
      get(`/checkoutshopper/sdk/${version}/${CSS_FILE}`),
      get(`/checkoutshopper/sdk/${version}/integrity.json`),
    ]);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('ActuateCheckout');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    for (const response of [script, css, integrity]) {
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    // The hashes a page puts into `integrity` match the bytes served.
    expect(integrity.json()).toEqual({
      version,
      [SCRIPT_FILE]: sha384(script.rawPayload),
      [CSS_FILE]: sha384(css.rawPayload),
    });
    const dist = join(CHECKOUT_ROOT, 'dist');
    if (existsSync(join(dist, 'integrity.json'))) {
      // Built: the very bytes of the package (and its tarball), with the build's own hashes.
      expect(script.rawPayload.equals(readFileSync(join(dist, 'standalone', SCRIPT_FILE)))).toBe(true);
      expect(integrity.json()).toEqual(JSON.parse(readFileSync(join(dist, 'integrity.json'), 'utf8')));
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 404 for another version or an unknown file', async () => {
    for (const url of [
      `/checkoutshopper/sdk/0.9.0/${SCRIPT_FILE}`,
      `/checkoutshopper/sdk/latest/${SCRIPT_FILE}`,
      `/checkoutshopper/sdk/${version}/adyen.js`,
      `/checkoutshopper/sdk/${version}/../package.json`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
    const unknown = await get(`/checkoutshopper/sdk/9.9.9/${SCRIPT_FILE}`);
    expect(unknown.json()).toMatchObject({ status: 404, errorType: expect.any(String) });
  });
});

describe('loadWidgetRelease', () => {
  const root = mkdtempSync(join(tmpdir(), 'widget-release-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('takes dist/standalone when dist/integrity.json is of the package version', async () => {
    writeFileSync(join(root, 'package.json'), JSON.stringify({ version: '2.3.4' }));
    mkdirSync(join(root, 'dist', 'standalone'), { recursive: true });
    writeFileSync(join(root, 'dist', 'standalone', SCRIPT_FILE), 'var ActuateCheckout={};');
    writeFileSync(join(root, 'dist', 'standalone', CSS_FILE), '.adyen-checkout{}');
    writeFileSync(join(root, 'dist', 'integrity.json'), JSON.stringify({ version: '2.3.4' }));
    const release = await loadWidgetRelease(root);
    expect(release).toMatchObject({ version: '2.3.4', origin: 'dist' });
    expect(release.script.toString()).toBe('var ActuateCheckout={};');
    expect(release.integrity.css).toBe(sha384(Buffer.from('.adyen-checkout{}')));
  });

  it('bundles from the sources when dist/ belongs to another version', async () => {
    writeFileSync(join(root, 'package.json'), JSON.stringify({ version: '2.3.5' }));
    const release = await loadWidgetRelease(root);
    expect(release).toMatchObject({ version: '2.3.5', origin: 'sources' });
    expect(release.script.toString()).toContain('ActuateCheckout');
  });
});
