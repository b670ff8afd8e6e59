import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/**
 * What every service call knows about the request it serves. Apps extend it with who is calling
 * (user, buyer, company, currency, locale); services take it as their first argument.
 */
export interface RequestContext {
  requestId: string;
  log: FastifyBaseLogger;
  /** One clock reading per request, so every rule in it sees the same "now". */
  now: Date;
}

export const baseContext = (request: FastifyRequest): RequestContext => ({
  requestId: request.id,
  log: request.log,
  now: new Date(),
});
