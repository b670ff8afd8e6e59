import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig, portSetting } from './config.ts';

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
