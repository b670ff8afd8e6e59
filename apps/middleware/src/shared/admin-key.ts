import { unauthorized } from '@actuate/service-kit';
import type { FastifyRequest } from 'fastify';
import { safeEqual } from './signing.ts';

/** A preHandler requiring the operator API key in `x-api-key` (compared in constant time). */
export function requireAdminKey(adminKey: string) {
  return async (request: FastifyRequest) => {
    const header = request.headers['x-api-key'];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value || !safeEqual(value, adminKey)) {
      throw unauthorized('invalid-api-key', 'Send the middleware admin key in x-api-key.');
    }
  };
}
