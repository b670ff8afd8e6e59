import { z } from 'zod';

/** Settings every server has; an app extends this schema with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; without it the app runs on embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Root folder for embedded databases; each app keeps `<DATA_DIR>/<app>`. */
  DATA_DIR: z.string().min(1).default('.data'),
});

export class ConfigError extends Error {
  constructor(
    readonly app: string,
    readonly issues: string[],
  ) {
    super(`Invalid configuration for ${app}:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates environment variables. Empty strings count as unset, so `FOO=` in a shell does
 * not override a default with nonsense.
 */
export function loadConfig<S extends z.ZodType>(
  app: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      app,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/** A port number from the environment with the app's default. */
export const portSetting = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
