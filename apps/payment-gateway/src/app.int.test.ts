import { describeOperationalEndpoints } from '@actuate/service-kit/testing';
import { vi } from 'vitest';
import { APP_NAME, buildApp } from './app.ts';
import { readConfig } from './config.ts';

// Starting a database and the gateway can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

describeOperationalEndpoints(APP_NAME, (database) => buildApp(readConfig({}), { database, logger: false }));
