export {
  API_KEY_HEADER,
  type ApiKeyOptions,
  type ApiKeys,
  apiCallerOf,
  callerOfKey,
  documentApiKey,
  requireApiKey,
  safeEqual,
} from './api-keys.ts';
export { createServiceApp, type ServiceApp, type ServiceAppOptions, toHttpError } from './app.ts';
export {
  baseConfigSchema,
  ConfigError,
  demoSecretIssues,
  isProduction,
  loadConfig,
  optionalSecret,
  portSetting,
  readStartupConfig,
  type SecretSetting,
  secret,
  secretSettings,
} from './config.ts';
export { baseContext, type RequestContext } from './context.ts';
export {
  type Database,
  type DatabaseHandle,
  type DatabaseKind,
  type DatabaseOptions,
  type Executor,
  openDatabase,
  queryRows,
  type Transaction,
} from './database.ts';
export {
  attemptDelivery,
  DELIVERY_TIMEOUT_MS,
  type DeliveryAttempt,
  deliveryQueueOptions,
  isLastAttempt,
} from './delivery.ts';
export { type ErrorFormat, internalError, problemDetailsFormat, statusTitle } from './error-format.ts';
export {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  isHttpError,
  notFound,
  unauthorized,
  unprocessable,
} from './errors.ts';
export { findUnsafeText, refuseUnsafeText, type UnsafeText } from './input-guard.ts';
export { type Job, Jobs, type QueueDefinition, whenBound } from './jobs.ts';
export { err, ok, type Result } from './result.ts';
export { type RunOptions, runService } from './run.ts';
export { type Seeder, seedOnce, seedRuns } from './seed.ts';
export { createService, type Service, type ServiceDefinition } from './service.ts';
