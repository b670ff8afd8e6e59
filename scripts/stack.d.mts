import type { Writable } from 'node:stream';

export declare const ROOT: string;
export interface AppEntry {
  name: string;
  port: number;
  portVariable: string;
  urlVariable: string;
  color: string;
  next?: boolean;
}
export declare const APPS: AppEntry[];
export declare function resolvePorts(
  overrides?: Record<string, number>,
  env?: Record<string, string | undefined>,
): Record<string, number>;
export declare function serviceUrls(ports: Record<string, number>, host?: string): Record<string, string>;
export declare function buildStorefrontIfStale(log?: (message: string) => void): void;
export declare function buildCheckoutIfStale(): void;
export declare function buildServersIfStale(): void;
/** `built`: apps/<app>/dist/index.js on node; `tsx`: the TypeScript sources (default unless ACTUATE_SERVERS=built). */
export type ServerRuntime = 'built' | 'tsx';
export interface AppLaunchOptions {
  ports: Record<string, number>;
  dataDir: string;
  seed?: boolean;
  env?: Record<string, string>;
  host?: string;
  /** The run's storefront keys (storefrontKeys()), the same for every app of one stack. */
  keys?: Record<string, Record<string, string>>;
  /** How the Fastify apps run (default: tsx, or built when ACTUATE_SERVERS=built). */
  servers?: ServerRuntime;
  /** DATABASE_URL per app name (startAppDatabases); an app without one runs on PGlite in dataDir. */
  databaseUrls?: Record<string, string>;
}
export declare function appLaunch(
  app: AppEntry,
  options: AppLaunchOptions,
): { name: string; cwd: string; command: string; env: Record<string, string | undefined> };
export declare function startStack(options: {
  ports: Record<string, number>;
  dataDir: string;
  seed?: boolean;
  env?: Record<string, string>;
  outputStream?: Writable;
  host?: string;
  /** Names of the apps to start (default: all six). */
  apps?: string[];
  /** How the Fastify apps run (default: tsx, or built when ACTUATE_SERVERS=built). */
  servers?: ServerRuntime;
  /** DATABASE_URL per app name (startAppDatabases); an app without one runs on PGlite in dataDir. */
  databaseUrls?: Record<string, string>;
}): {
  urls: Record<string, string>;
  /** The mail catcher's page (started with the middleware). */
  mailUrl: string | undefined;
  result: Promise<unknown>;
  stop(): Promise<void>;
};
/** The apps with a database of their own, and its name on a shared server. */
export declare const DATABASES: { app: string; database: string }[];
export interface AppDatabases {
  /** DATABASE_URL per app name. */
  databaseUrls: Record<string, string>;
  port: number;
  stop(): void;
}
export declare function startAppDatabases(options: {
  dataDir: string;
  ports: Record<string, number>;
  log?: (message: string) => void;
}): Promise<
  | { databaseUrls: Record<string, string>; port: number; stop(): void; unavailable?: undefined }
  | { unavailable: string }
>;
export declare function waitUntilReady(urls: Record<string, string>, timeoutMs?: number): Promise<void>;
export declare function storefrontKeys(): Record<string, Record<string, string>>;
