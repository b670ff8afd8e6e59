import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  baseConfigSchema,
  ConfigError,
  demoSecretIssues,
  loadConfig,
  optionalSecret,
  portSetting,
  secret,
} from './config.ts';

const schema = baseConfigSchema.extend({ PORT: portSetting(4200), FLAG: z.stringbool().default(false) });

describe('loadConfig', () => {
  it('applies defaults', () => {
    expect(loadConfig('app', schema, {})).toMatchObject({
      PORT: 4200,
      DATA_DIR: '.data',
      FLAG: false,
      HOST: '0.0.0.0',
    });
  });

  it('reads and coerces values, treating empty strings as unset', () => {
    expect(loadConfig('app', schema, { PORT: '5000', FLAG: 'true', DATA_DIR: '' })).toMatchObject({
      PORT: 5000,
      FLAG: true,
      DATA_DIR: '.data',
    });
  });

  it('names every bad setting in one clear message', () => {
    try {
      loadConfig('price-service', schema, { PORT: 'eighty', DATABASE_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('Invalid configuration for price-service');
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
    }
  });
});

describe('secret settings in production mode', () => {
  const secrets = baseConfigSchema.extend({
    PORT: portSetting(4200),
    API_KEY: secret('demo-api-key-0123456789', z.string().min(16)),
    HMAC_KEY: secret('44782DEF547AAA06', z.string().regex(/^[0-9a-fA-F]+$/)),
    EXTRA_KEY: optionalSecret(z.string().min(16), ['demo-api-key-0123456789']),
  });

  it('defaults to the demo values outside production (zero setup)', () => {
    expect(loadConfig('app', secrets, {})).toMatchObject({
      API_KEY: 'demo-api-key-0123456789',
      HMAC_KEY: '44782DEF547AAA06',
    });
    expect(loadConfig('app', secrets, { NODE_ENV: 'test' }).API_KEY).toBe('demo-api-key-0123456789');
  });

  it('refuses to start with unset or demo secrets, naming every variable and no value', () => {
    let error: unknown;
    try {
      loadConfig('app', secrets, {
        NODE_ENV: 'production',
        HMAC_KEY: '44782def547aaa06',
        EXTRA_KEY: 'demo-api-key-0123456789',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message, issues } = error as ConfigError;
    expect(issues).toHaveLength(3);
    for (const name of ['API_KEY', 'HMAC_KEY', 'EXTRA_KEY']) expect(message).toContain(name);
    expect(message).not.toMatch(/demo-api-key|44782/i);
  });

  it('lists bad values and demo secrets in one message', () => {
    expect(() => loadConfig('app', secrets, { NODE_ENV: 'production', PORT: 'eighty' })).toThrow(
      /PORT[\s\S]*API_KEY[\s\S]*HMAC_KEY/,
    );
  });

  it('starts in production with secrets of your own', () => {
    const config = loadConfig('app', secrets, {
      NODE_ENV: 'production',
      API_KEY: 'a-real-key-of-this-deployment',
      HMAC_KEY: 'ABCDEF0123456789',
    });
    expect(config).toMatchObject({ API_KEY: 'a-real-key-of-this-deployment', HMAC_KEY: 'ABCDEF0123456789' });
    expect(config.EXTRA_KEY).toBeUndefined();
  });

  it('refuses to seed the demo world, whose users share a published password', () => {
    const own = { NODE_ENV: 'production', API_KEY: 'a-real-key-of-this-deployment', HMAC_KEY: 'ABCDEF01' };
    expect(() => loadConfig('app', secrets, { ...own, SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA/);
    expect(() => loadConfig('app', secrets, { ...own, SEED_DEMO_DATA: 'false' })).not.toThrow();
    expect(() => loadConfig('app', secrets, { SEED_DEMO_DATA: 'true' })).not.toThrow();
  });

  it('only knows the settings made by secret() as secrets', () => {
    expect(
      demoSecretIssues(secrets, { NODE_ENV: 'production', API_KEY: 'x'.repeat(20), HMAC_KEY: 'AB' }),
    ).toEqual([]);
  });
});
