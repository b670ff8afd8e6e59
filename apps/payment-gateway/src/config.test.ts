import { ConfigError } from '@actuate/service-kit';
import { describe, expect, it } from 'vitest';
import {
  DEMO_API_KEY,
  DEMO_CLIENT_KEY,
  DEMO_WEBHOOK_HMAC_KEY,
  readConfig,
  sandboxPagesOn,
} from './config.ts';

const own = {
  PAYMENT_API_KEY: 'live-merchant-api-key-0123456789',
  PAYMENT_CLIENT_KEY: 'live_client_key_0123456789',
  PAYMENT_WEBHOOK_HMAC_KEY: 'AB'.repeat(32),
};

const messageOf = (env: Record<string, string>) => {
  try {
    readConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
};

describe('payment gateway secrets', () => {
  it('runs the demo merchant on the published keys outside production', () => {
    expect(readConfig({})).toMatchObject({
      PAYMENT_API_KEY: DEMO_API_KEY,
      PAYMENT_CLIENT_KEY: DEMO_CLIENT_KEY,
      PAYMENT_WEBHOOK_HMAC_KEY: DEMO_WEBHOOK_HMAC_KEY,
    });
  });

  it('refuses to start in production with the demo merchant’s keys, naming each', () => {
    const message = messageOf({ NODE_ENV: 'production' });
    for (const name of Object.keys(own)) expect(message).toContain(name);
    const explicit = messageOf({
      ...own,
      NODE_ENV: 'production',
      PAYMENT_WEBHOOK_HMAC_KEY: DEMO_WEBHOOK_HMAC_KEY.toLowerCase(),
    });
    expect(explicit).toContain('PAYMENT_WEBHOOK_HMAC_KEY');
    expect(explicit).not.toContain('PAYMENT_API_KEY');
    expect(explicit.toLowerCase()).not.toContain(DEMO_WEBHOOK_HMAC_KEY.toLowerCase());
  });

  it('starts in production with keys of its own', () => {
    expect(readConfig({ ...own, NODE_ENV: 'production' })).toMatchObject(own);
  });

  it('serves the key-less sandbox page in production only when asked for', () => {
    expect(sandboxPagesOn(readConfig({}))).toBe(true);
    expect(sandboxPagesOn(readConfig({ ...own, NODE_ENV: 'production' }))).toBe(false);
    expect(sandboxPagesOn(readConfig({ ...own, NODE_ENV: 'production', SANDBOX_PAGES: 'true' }))).toBe(true);
    expect(sandboxPagesOn(readConfig({ SANDBOX_PAGES: 'false' }))).toBe(false);
  });
});
