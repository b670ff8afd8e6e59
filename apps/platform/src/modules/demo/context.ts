import type { FastifyBaseLogger } from 'fastify';
import type { PlatformContext } from '../../shared/context.ts';

/** Seeding and start-up wiring act as the marketplace itself (FullAccess), not as a caller. */
export function systemContext(log: FastifyBaseLogger): PlatformContext {
  return {
    requestId: 'platform-start-up',
    log,
    now: new Date(),
    caller: {
      userId: 'platform',
      username: 'platform',
      type: 'admin',
      buyerId: undefined,
      clientId: 'platform',
      roles: new Set(['FullAccess']),
      system: true,
    },
    accessToken: '',
    currency: 'EUR',
    locale: undefined,
  };
}

/** A buyer user's own context, for what only exists through `/me` (personal addresses). */
export function buyerUserContext(
  log: FastifyBaseLogger,
  user: { id: string; username: string; companyId: string; currency: string },
): PlatformContext {
  return {
    ...systemContext(log),
    caller: {
      userId: user.id,
      username: user.username,
      type: 'buyer',
      buyerId: user.companyId,
      clientId: 'platform',
      roles: new Set(['MeAddressAdmin']),
    },
    currency: user.currency,
  };
}
