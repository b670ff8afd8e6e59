import { ConfigError } from '@actuate/service-kit';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_KEY, DEMO_MIDDLEWARE_KEY, DEMO_STOREFRONT_KEY, readConfig } from './config.ts';

const own = {
  PRICE_SERVICE_ADMIN_KEY: 'own-admin-key-0123456789',
  PRICE_SERVICE_STOREFRONT_KEY: 'own-storefront-key-0123456789',
  PRICE_SERVICE_MIDDLEWARE_KEY: 'own-middleware-key-0123456789',
};

describe('price service secrets', () => {
  it('runs the demo on the published keys outside production', () => {
    expect(readConfig({})).toMatchObject({
      PRICE_SERVICE_ADMIN_KEY: DEMO_ADMIN_KEY,
      PRICE_SERVICE_STOREFRONT_KEY: DEMO_STOREFRONT_KEY,
      PRICE_SERVICE_MIDDLEWARE_KEY: DEMO_MIDDLEWARE_KEY,
    });
  });

  it('refuses to start in production with demo or unset keys, naming each', () => {
    let error: unknown;
    try {
      readConfig({ NODE_ENV: 'production', PRICE_SERVICE_ADMIN_KEY: DEMO_ADMIN_KEY });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of Object.keys(own)) expect(message).toContain(name);
    expect(message).not.toContain(DEMO_ADMIN_KEY);
  });

  it('starts in production with keys of its own', () => {
    expect(readConfig({ ...own, NODE_ENV: 'production' })).toMatchObject(own);
  });
});
