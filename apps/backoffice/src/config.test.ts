import { ConfigError } from '@actuate/service-kit';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_CALLBACK_SECRET, readConfig } from './config.ts';

const own = {
  BACKOFFICE_API_KEY: 'own-backoffice-key-0123456789',
  ERP_CALLBACK_SECRET: 'own-callback-secret-0123456789',
  MIDDLEWARE_API_KEY: 'own-middleware-key-0123456789',
};

describe('back office secrets', () => {
  it('runs the demo on the published values outside production', () => {
    expect(readConfig({})).toMatchObject({
      BACKOFFICE_API_KEY: DEMO_API_KEY,
      ERP_CALLBACK_SECRET: DEMO_CALLBACK_SECRET,
    });
  });

  it('refuses to start in production with demo or unset secrets, naming each', () => {
    let error: unknown;
    try {
      readConfig({ NODE_ENV: 'production', ERP_CALLBACK_SECRET: DEMO_CALLBACK_SECRET });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('BACKOFFICE_API_KEY');
    expect(message).toContain('ERP_CALLBACK_SECRET');
    expect(message).not.toContain(DEMO_CALLBACK_SECRET);
  });

  it('starts in production with secrets of its own', () => {
    expect(readConfig({ ...own, NODE_ENV: 'production' })).toMatchObject(own);
  });
});
