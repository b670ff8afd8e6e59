import type { FastifyServerOptions } from 'fastify';

/** Request and response headers that carry credentials or signatures. */
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-oc-hash',
  'x-erp-signature',
  'x-hook-key',
  'x-signature',
  'signature',
  'hmacsignature',
];

/**
 * Field names whose values are secrets or card data wherever they appear in a logged object:
 * passwords, tokens, client secrets, API and HMAC keys (both the OAuth/JSON spelling and the
 * OrderCloud PascalCase one), and card fields (the widget's encrypted blobs, raw number and code).
 */
export const SECRET_FIELDS = [
  'password',
  'Password',
  'NewPassword',
  'ExistingPassword',
  'currentPassword',
  'newPassword',
  'token',
  'Token',
  'access_token',
  'AccessToken',
  'accessToken',
  'refresh_token',
  'RefreshToken',
  'refreshToken',
  'id_token',
  'client_secret',
  'ClientSecret',
  'clientSecret',
  'secret',
  'Secret',
  'apiKey',
  'ApiKey',
  'api_key',
  'hmacKey',
  'HmacKey',
  'hmacKeyHex',
  'hashKey',
  'HashKey',
  'authorization',
  'Authorization',
  'cookie',
  'encryptedCardNumber',
  'encryptedExpiryMonth',
  'encryptedExpiryYear',
  'encryptedExpiryDate',
  'encryptedSecurityCode',
  'encryptedBin',
  'encryptedPassword',
  'number',
  'cardNumber',
  'CardNumber',
  'cvc',
  'cvv',
  'securityCode',
];

const path = (prefix: string, name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `${prefix}${prefix && '.'}${name}` : `${prefix}["${name}"]`;

/**
 * Fixed paths pino's `redact` replaces: the secret headers of a request or response object logged
 * as `req`/`res` or as `headers`, and secret fields at the top level, which also covers a child
 * logger's bindings (pino formats only the first child's). Wildcard paths cost about 1 ms a line at
 * the depth needed, so fields deeper down are handled by `redactSecrets` below instead.
 */
export const REDACTED_PATHS = [
  ...SECRET_HEADERS.flatMap((header) =>
    ['req.headers', 'res.headers', 'headers', 'request.headers'].map((prefix) => path(prefix, header)),
  ),
  ...SECRET_FIELDS.map((field) => path('', field)),
];

const SECRET_NAMES = new Set([...SECRET_FIELDS, ...SECRET_HEADERS].map((name) => name.toLowerCase()));
const REDACTED = '[Redacted]';
/** Deeper than any object a service logs; guards against cycles. */
const MAX_DEPTH = 12;

const isPlain = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy of a logged object with the value of every secret field (case-insensitive, at any depth of
 * plain objects and arrays) replaced; the object itself when nothing is secret. Class instances
 * (requests, errors) are left to their serializers.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (!isPlain(value) || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const redacted = redactSecrets(item, depth + 1);
      if (redacted !== item) {
        copy ??= value.slice();
        copy[index] = redacted;
      }
    });
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const redacted = SECRET_NAMES.has(key.toLowerCase()) ? REDACTED : redactSecrets(item, depth + 1);
    if (redacted !== item) {
      copy ??= { ...value };
      copy[key] = redacted;
    }
  }
  return (copy ?? value) as T;
}

/** Query parameters whose values never reach a log line (the URL is logged with each request). */
const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'password',
  'client_secret',
  'code',
]);

/**
 * Paths whose next segment is a secret itself (OrderCloud's password reset carries its verification
 * code in the path): that segment never reaches a log line either.
 */
const SECRET_PATH_PREFIXES = ['/v1/password/reset/'];

function redactPath(path: string): string {
  const lower = path.toLowerCase();
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (!lower.startsWith(prefix)) continue;
    const end = path.indexOf('/', prefix.length);
    return `${path.slice(0, prefix.length)}[Redacted]${end < 0 ? '' : path.slice(end)}`;
  }
  return path;
}

/** The request URL with secret path segments and the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return redactPath(url);
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) ? `${name}=[Redacted]` : pair;
    })
    .join('&');
  return `${redactPath(url.slice(0, question))}?${query}`;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

interface SerialisableRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const redaction = {
  redact: REDACTED_PATHS,
  formatters: {
    log: (object: Record<string, unknown>) => redactSecrets(object),
    bindings: (bindings: Record<string, unknown>) => redactSecrets(bindings),
  },
  serializers: {
    // Fastify's own request fields, with secret query values masked.
    req: (request: SerialisableRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
};

/**
 * JSON lines by default (for log shippers); `LOG_FORMAT=pretty` prints one readable line per event,
 * which `npm start` uses so a person can follow the six apps in one terminal.
 */
function defaultLogger(): LoggerOptions {
  const level = process.env.LOG_LEVEL ?? 'info';
  if (process.env.LOG_FORMAT !== 'pretty') return { level, ...redaction };
  return {
    level,
    ...redaction,
    transport: {
      target: 'pino-pretty',
      options: {
        colorize: true,
        translateTime: 'HH:MM:ss',
        ignore: 'pid,hostname,reqId,req,res,responseTime',
      },
    },
  };
}

/**
 * The logger options of a service: the default above, or the caller's (tests pass a level or a
 * stream) with the same redaction added, so no configuration logs a secret. `false` stays silent.
 */
export function serviceLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === true) return defaultLogger();
  if (logger === false) return false;
  return {
    ...logger,
    redact: logger.redact ?? REDACTED_PATHS,
    formatters: { ...redaction.formatters, ...logger.formatters },
    serializers: { ...redaction.serializers, ...logger.serializers },
  } as LoggerOptions;
}
