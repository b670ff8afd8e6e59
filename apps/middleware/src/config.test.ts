import { ConfigError } from '@actuate/service-kit';
import { describe, expect, it } from 'vitest';
import { DEMO_SECRETS, readConfig } from './config.ts';

const SECRET_NAMES = Object.keys(DEMO_SECRETS);

/** A value of this deployment's own for every secret. */
const ownSecrets = Object.fromEntries(
  SECRET_NAMES.map((name) => [
    name,
    name === 'PAYMENT_WEBHOOK_HMAC_KEY' ? 'AB'.repeat(32) : `own-${name.toLowerCase()}-0123456789`,
  ]),
);

const refusal = (env: Record<string, string>) => {
  try {
    readConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
};

describe('middleware secrets', () => {
  it('runs the demo on the published values outside production', () => {
    expect(readConfig({})).toMatchObject(DEMO_SECRETS);
  });

  it('refuses to start in production with the demo defaults, naming every secret and no value', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const name of SECRET_NAMES) expect(message).toContain(name);
    for (const value of Object.values(DEMO_SECRETS)) expect(message).not.toContain(value);
  });

  it('refuses a published demo value set explicitly, and the demo hash key as the subscription key', () => {
    const message = refusal({
      ...ownSecrets,
      NODE_ENV: 'production',
      PAYMENT_WEBHOOK_HMAC_KEY: DEMO_SECRETS.PAYMENT_WEBHOOK_HMAC_KEY.toLowerCase(),
      SUBSCRIPTION_INTEGRATION_HASH_KEY: DEMO_SECRETS.CHECKOUT_INTEGRATION_HASH_KEY,
    });
    expect(message).toContain('PAYMENT_WEBHOOK_HMAC_KEY');
    expect(message).toContain('SUBSCRIPTION_INTEGRATION_HASH_KEY');
    expect(message).not.toContain('PLATFORM_CLIENT_SECRET');
  });

  it('starts in production with secrets of its own', () => {
    expect(readConfig({ ...ownSecrets, NODE_ENV: 'production' })).toMatchObject(ownSecrets);
  });
});
