import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { createServiceApp, type ServiceApp, type ServiceAppOptions } from './app.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { Jobs, type QueueDefinition } from './jobs.ts';

export interface ServiceDefinition extends Omit<ServiceAppOptions, 'database' | 'logger'> {
  migrationsFolder: string;
  /** Where the database is: an open handle (tests), a PostgreSQL URL, or the PGlite data root. */
  database: DatabaseHandle | { url?: string | undefined; dataDir: string };
  logger?: FastifyServerOptions['logger'];
  /** Queues this app works on; omit for an app without background work. */
  queues?: QueueDefinition<never>[];
  jobPollingIntervalSeconds?: number;
}

export interface Service {
  app: ServiceApp;
  database: DatabaseHandle;
  jobs: Jobs | undefined;
}

/**
 * Opens (or adopts) the database, applies the app's migrations, builds the Fastify app and starts its
 * job workers; closing the app stops the workers and closes what this call opened.
 */
export async function createService(definition: ServiceDefinition): Promise<Service> {
  const owned = !('kind' in definition.database);
  const database =
    'kind' in definition.database
      ? definition.database
      : await openDatabase({
          url: definition.database.url,
          dataDir: join(definition.database.dataDir, definition.name),
        });
  try {
    await database.migrate(definition.migrationsFolder);
    const app = await createServiceApp({ ...definition, database });
    const jobs = definition.queues
      ? await Jobs.start(database, {
          log: app.log,
          queues: definition.queues,
          ...(definition.jobPollingIntervalSeconds
            ? { pollingIntervalSeconds: definition.jobPollingIntervalSeconds }
            : {}),
        })
      : undefined;
    app.addHook('onClose', async () => {
      await jobs?.stop();
      if (owned) await database.close();
    });
    return { app, database, jobs };
  } catch (error) {
    if (owned) await database.close();
    throw error;
  }
}
