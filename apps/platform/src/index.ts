import { readStartupConfig, runService } from '@actuate/service-kit';
import { APP_NAME, buildApp } from './app.ts';
import { readConfig } from './config.ts';

const config = readStartupConfig(() => readConfig());
await runService({ name: APP_NAME, port: config.PORT, host: config.HOST, build: () => buildApp(config) });
