import { fileURLToPath } from 'node:url';
import {
  createService,
  type DatabaseHandle,
  type Seeder,
  type ServiceApp,
  seedOnce,
} from '@actuate/service-kit';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

export const DEMO_SEED_KEY = 'demo-world-v1';
export const APP_NAME = 'middleware';
/** Each module adds the seeder that loads its part of the demo world (`@actuate/catalog-data`). */
const demoSeeders: Seeder[] = [];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface BuildOptions {
  /** An already open database (tests); otherwise the config decides. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the middleware on its database: migrations applied, demo data seeded when asked. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<ServiceApp> {
  const { app, database } = await createService({
    name: APP_NAME,
    description:
      'Integration service: OrderCloud checkout integration, pre-submit webhook, payments, ERP and CRM synchronisation.',
    migrationsFolder: MIGRATIONS_FOLDER,
    database: options.database ?? { url: config.DATABASE_URL, dataDir: config.DATA_DIR },
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  if (config.SEED_DEMO_DATA) await seedOnce(database.db, DEMO_SEED_KEY, demoSeeders, app.log);
  return app;
}
