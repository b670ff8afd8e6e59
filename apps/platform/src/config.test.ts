import { ConfigError } from '@actuate/service-kit';
import { describe, expect, it } from 'vitest';
import { DEMO_SECRETS, readConfig } from './config.ts';

const own = {
  MIDDLEWARE_CLIENT_SECRET: 'own-middleware-client-secret-0123456789',
  CHECKOUT_INTEGRATION_HASH_KEY: 'own-checkout-hash-key-0123456789',
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

describe('platform secrets', () => {
  it('runs the demo on the published values outside production', () => {
    expect(readConfig({})).toMatchObject(DEMO_SECRETS);
  });

  it('refuses to start in production with demo or unset secrets, naming each and no value', () => {
    const message = messageOf({ NODE_ENV: 'production' });
    for (const name of Object.keys(DEMO_SECRETS)) expect(message).toContain(name);
    for (const value of Object.values(DEMO_SECRETS)) expect(message).not.toContain(value);
    const subscription = messageOf({
      ...own,
      NODE_ENV: 'production',
      SUBSCRIPTION_INTEGRATION_HASH_KEY: DEMO_SECRETS.CHECKOUT_INTEGRATION_HASH_KEY,
    });
    expect(subscription).toContain('SUBSCRIPTION_INTEGRATION_HASH_KEY');
  });

  it('starts in production with secrets of its own', () => {
    expect(readConfig({ ...own, NODE_ENV: 'production' })).toMatchObject(own);
  });
});
