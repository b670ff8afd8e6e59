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

/** What a secret setting knows about itself: the published demo values production must refuse. */
export interface SecretSetting {
  /** Values published in READMEs and demo data; production refuses every one of them. */
  demo: readonly string[];
  /** True when leaving it unset falls back to a demo value (so production needs it set). */
  required: boolean;
}

/** Every setting made by `secret()` / `optionalSecret()`, looked up by `loadConfig` in production mode. */
export const secretSettings = z.registry<SecretSetting>();

/**
 * A secret (key, password, HMAC key) whose default is its published demo value: the demo runs with zero
 * setup, and in production mode (`NODE_ENV=production`) `loadConfig` refuses to start while it is unset or
 * set to a published demo value.
 */
export function secret(demo: string, schema: z.ZodString) {
  const setting = schema.default(demo);
  setting.register(secretSettings, { demo: [demo], required: true });
  return setting;
}

/**
 * A secret with no default of its own (unset: the app falls back to another secret or generates one);
 * production mode refuses it only when set to one of the published demo values.
 */
export function optionalSecret(schema: z.ZodString, demo: readonly string[] = []) {
  const setting = schema.optional();
  setting.register(secretSettings, { demo, required: false });
  return setting;
}

/** Production mode: the deployment said so. Tests and `npm start` run in development or test mode. */
export const isProduction = (env: Record<string, string | undefined>) => env.NODE_ENV === 'production';

// Case-insensitive: a hex key in lower case is the same key.
const normalise = (value: string) => value.trim().toLowerCase();

/**
 * The secret settings of a schema that production mode refuses, one line each (names only: a value is
 * never echoed). Every published demo value of the app counts, whichever setting it was published for.
 */
export function demoSecretIssues(schema: z.ZodType, env: Record<string, string | undefined>): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  const settings = Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
    const setting = secretSettings.get(field);
    return setting ? [{ name, setting }] : [];
  });
  const published = new Set(settings.flatMap(({ setting }) => setting.demo.map(normalise)));
  const issues: string[] = [];
  for (const { name, setting } of settings) {
    const value = env[name];
    if (value === undefined || value === '') {
      if (setting.required)
        issues.push(
          `${name}: unset; production mode needs your own secret (the default is a published demo value)`,
        );
    } else if (published.has(normalise(value))) {
      issues.push(`${name}: a published demo value; production mode needs your own secret`);
    }
  }
  return issues;
}

/**
 * Reads and validates environment variables. Empty strings count as unset, so `FOO=` in a shell does
 * not override a default with nonsense. In production mode every `secret()` must be set to a value of
 * your own: one error lists every setting still unset or at a published demo value.
 */
export function loadConfig<S extends z.ZodType>(
  app: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(cleaned);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (isProduction(cleaned)) {
    issues.push(...demoSecretIssues(schema, cleaned));
    // The demo world's users all sign in with one published password.
    if (/^(true|1|yes|on)$/i.test(cleaned.SEED_DEMO_DATA ?? '')) {
      issues.push('SEED_DEMO_DATA: the demo world has published passwords; production mode does not seed it');
    }
  }
  if (!parsed.success || issues.length > 0) throw new ConfigError(app, issues);
  return parsed.data;
}

/** A port number from the environment with the app's default. */
export const portSetting = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/**
 * Reads the configuration at start-up: a bad one prints its message (names, never values) and exits
 * with EX_CONFIG instead of a stack trace.
 */
export function readStartupConfig<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
}
