import { baseConfigSchema, loadConfig, portSetting } from '@actuate/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  PORT: portSetting(4100),
  /** Seed the demo world into an empty database at start-up (`npm start` sets it). */
  SEED_DEMO_DATA: z.stringbool().default(false),
});

export type Config = z.output<typeof configSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config =>
  loadConfig('middleware', configSchema, env);
