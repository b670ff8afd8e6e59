import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_KEYS, parseConfig } from './config';

describe('parseConfig', () => {
  it('has working defaults for local development', () => {
    expect(parseConfig({})).toEqual({
      platformUrl: 'http://localhost:4000',
      middlewareUrl: 'http://localhost:4100',
      priceServiceUrl: 'http://localhost:4200',
      paymentGatewayUrl: 'http://localhost:8080',
      paymentGatewayOrigin: 'http://localhost:8080',
      localizationEnabled: true,
      orderCloudClientId: 'actuate-storefront',
      orderCloudAnonymousClientId: 'actuate-storefront-anonymous',
      priceServiceApiKey: DEMO_KEYS.PRICE_SERVICE_API_KEY,
      middlewareApiKey: DEMO_KEYS.MIDDLEWARE_API_KEY,
    });
  });

  it('reads every variable and normalizes URLs', () => {
    const config = parseConfig({
      PLATFORM_URL: 'https://platform.example.com/api/',
      MIDDLEWARE_URL: 'https://mw.example.com',
      PAYMENT_GATEWAY_URL: 'https://pay.example.com:8443/checkout',
      LOCALIZATION_ENABLED: 'FALSE',
      ORDERCLOUD_CLIENT_ID: 'shop_1',
      ORDERCLOUD_ANONYMOUS_CLIENT_ID: 'shop_anon',
    });
    expect(config.platformUrl).toBe('https://platform.example.com/api');
    expect(config.paymentGatewayOrigin).toBe('https://pay.example.com:8443');
    expect(config.localizationEnabled).toBe(false);
    expect(config.orderCloudClientId).toBe('shop_1');
    expect(config.orderCloudAnonymousClientId).toBe('shop_anon');
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ LOCALIZATION_ENABLED: '', PLATFORM_URL: '  ' }).localizationEnabled).toBe(true);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      parseConfig({
        PLATFORM_URL: 'localhost:4000',
        PAYMENT_GATEWAY_URL: 'ftp://pay',
        MIDDLEWARE_URL: 'http://user:secret@mw',
        LOCALIZATION_ENABLED: 'maybe',
        ORDERCLOUD_CLIENT_ID: 'not valid!',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    expect(issues).toHaveLength(5);
    expect(issues.join('\n')).not.toContain('secret');
  });
});

describe('service keys in production', () => {
  const own = {
    PRICE_SERVICE_API_KEY: 'own-price-key-0123456789',
    MIDDLEWARE_API_KEY: 'own-mw-key-0123456789',
  };

  it('refuses a production server with the demo keys (or none), naming each variable and no value', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', ...DEMO_KEYS }]) {
      let error: unknown;
      try {
        parseConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PRICE_SERVICE_API_KEY');
      expect(message).toContain('MIDDLEWARE_API_KEY');
      for (const value of Object.values(DEMO_KEYS)) expect(message).not.toContain(value);
    }
  });

  it('starts in production with keys of its own; the production build needs none', () => {
    expect(parseConfig({ NODE_ENV: 'production', ...own })).toMatchObject({
      priceServiceApiKey: own.PRICE_SERVICE_API_KEY,
      middlewareApiKey: own.MIDDLEWARE_API_KEY,
    });
    expect(
      parseConfig({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' }).priceServiceApiKey,
    ).toBe(DEMO_KEYS.PRICE_SERVICE_API_KEY);
  });
});
