import type { ServiceApp } from './app.ts';
import { ConfigError } from './config.ts';

export interface RunOptions {
  name: string;
  port: number;
  host: string;
  /** Builds the app; everything it opens must close in the app's onClose hooks. */
  build(): Promise<ServiceApp>;
}

/**
 * Start-up for `src/index.ts`: build, listen, and on SIGINT/SIGTERM stop taking requests, let the
 * running ones finish, close jobs and the database, then exit. A bad configuration exits with its message.
 */
export async function runService(options: RunOptions): Promise<void> {
  let app: ServiceApp;
  try {
    app = await options.build();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, `${options.name} shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: options.port, host: options.host });
}
