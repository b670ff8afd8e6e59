import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as OrderCloud accepts them: the SDK sends `Content-Type: application/json` on DELETE
 * and other calls without a body, which Fastify's default parser refuses. An empty body is no body.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      // The kit's error handler reports a 400 SyntaxError as malformed JSON.
      (error as SyntaxError & { statusCode: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });
}
