import { describeOperationalEndpoints } from '@actuate/service-kit/testing';
import { APP_NAME, buildApp } from './app.ts';
import { readConfig } from './config.ts';

describeOperationalEndpoints(APP_NAME, (database) => buildApp(readConfig({}), { database, logger: false }));
