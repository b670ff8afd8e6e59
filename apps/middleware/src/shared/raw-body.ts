/**
 * JSON parsing that keeps the raw body text, for routes whose signature covers the exact bytes.
 * Register it inside an encapsulated plugin so only that plugin's routes use it.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body exactly as received (set for routes under `keepRawJsonBody`). */
    rawBody?: string;
  }
}

export function keepRawJsonBody(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    try {
      done(null, text.length === 0 ? undefined : JSON.parse(text));
    } catch (error) {
      const parseError = error instanceof Error ? error : new SyntaxError(String(error));
      Object.assign(parseError, { statusCode: 400 });
      done(parseError, undefined);
    }
  });
}
