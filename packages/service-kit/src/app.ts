import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './database.ts';
import { type ErrorFormat, internalError, problemDetailsFormat } from './error-format.ts';
import { HttpError, isHttpError } from './errors.ts';
import { refuseUnsafeText } from './input-guard.ts';
import { serviceLoggerOptions } from './logger.ts';

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface ServiceAppOptions {
  /** App name, used in logs, `/health` and the OpenAPI title. */
  name: string;
  description: string;
  version?: string;
  database?: DatabaseHandle;
  /** Folder of the app's committed migrations; `/ready` reports not ready while any is pending. */
  migrationsFolder?: string;
  errorFormat?: ErrorFormat;
  /** `false` for quiet tests; a level or pino options otherwise. */
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  /** Extra readiness checks (e.g. a dependency the app cannot work without). */
  readinessChecks?: Record<string, () => Promise<void>>;
  /** Tags with descriptions for the OpenAPI document. */
  tags?: { name: string; description: string }[];
}

/**
 * Builds the Fastify instance every server starts from: zod validation and serialisation, OpenAPI at
 * `/docs`, request ids, response compression, `/health` and `/ready`, one error handler that renders every failure in the
 * app's error format, and a guard that refuses NUL and unpaired surrogates in any request text. The app registers its modules on the returned instance.
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<ServiceApp> {
  const errorFormat = options.errorFormat ?? problemDetailsFormat;
  const app = Fastify({
    logger: serviceLoggerOptions(options.logger),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimit ?? 1_048_576,
    return503OnClosing: true,
    // Errors the router raises before any route or hook (a path parameter over 100 characters, a
    // malformed percent-encoding): the app's error format too, without echoing the path.
    frameworkErrors: (error, request, routerReply) => {
      const reply = routerReply as FastifyReply;
      const httpError = new HttpError(
        error.statusCode ?? 400,
        'bad-request',
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path segment is too long.' : 'The URL is not valid.',
      );
      request.log.info({ code: error.code, status: httpError.status }, httpError.message);
      return reply
        .status(httpError.status)
        .type(errorFormat.contentType)
        .send(errorFormat.render(httpError, request));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  refuseUnsafeText(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const httpError = toHttpError(error);
    if (httpError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: httpError.code, status: httpError.status }, httpError.message);
    return reply
      .status(httpError.status)
      .type(errorFormat.contentType)
      .send(errorFormat.render(httpError, request));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new HttpError(
      404,
      'route-not-found',
      `No route ${request.method} ${request.url.split('?')[0]}.`,
    );
    return reply.status(404).type(errorFormat.contentType).send(errorFormat.render(error, request));
  });

  // Every answer over 1 KB to a client that accepts it, brotli before gzip: a catalogue page of JSON
  // shrinks to a fraction on the wire. Quality 4 keeps brotli about as cheap as gzip's default.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `Actuate ${options.name}`,
        description: options.description,
        version: options.version ?? '0.1.0',
      },
      tags: [{ name: 'operations', description: 'Health and readiness' }, ...(options.tags ?? [])],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Probes run every few seconds: log them only when something is wrong.
  app.get(
    '/health',
    { logLevel: 'warn', schema: { tags: ['operations'], summary: 'The process is up' } },
    async () => ({
      status: 'ok',
      service: options.name,
      uptimeSeconds: Math.round(process.uptime()),
    }),
  );

  app.get(
    '/ready',
    {
      logLevel: 'warn',
      schema: { tags: ['operations'], summary: 'The database answers and every migration is applied' },
    },
    async (_request, reply) => {
      const checks: Record<string, string> = {};
      let ready = true;
      const run = async (name: string, check: () => Promise<void>) => {
        try {
          await check();
          checks[name] = 'ok';
        } catch (error) {
          ready = false;
          checks[name] = error instanceof Error ? error.message : String(error);
        }
      };
      const { database, migrationsFolder } = options;
      if (database) {
        await run('database', () => database.ping());
        if (migrationsFolder) {
          await run('migrations', async () => {
            const pending = await database.pendingMigrations(migrationsFolder);
            if (pending > 0) throw new Error(`${pending} migration(s) pending`);
          });
        }
      }
      for (const [name, check] of Object.entries(options.readinessChecks ?? {})) await run(name, check);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
    },
  );

  return app as unknown as ServiceApp;
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Maps anything thrown in a request to the HttpError the client sees. */
export function toHttpError(error: FastifyError | Error): HttpError {
  if (isHttpError(error)) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const validation = fastifyError.validation as unknown as ValidationIssue[];
    const issues = validation.map((issue) => ({
      in: fastifyError.validationContext ?? 'body',
      path:
        issue.params?.issue?.path?.map(String).join('.') ??
        issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ??
        '',
      message: issue.params?.issue?.message ?? issue.message ?? 'invalid',
    }));
    const first = issues[0];
    const where = first ? `${first.in}${first.path ? `.${first.path}` : ''}` : 'request';
    return new HttpError(400, 'validation', `Invalid ${where}: ${first?.message ?? 'invalid value'}`, {
      issues,
    });
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'malformed-json'
        : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported-media-type'
          : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'body-too-large'
            : 'bad-request';
    return new HttpError(status, code, error.message);
  }
  return internalError();
}
