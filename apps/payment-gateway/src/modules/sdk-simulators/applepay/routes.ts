import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { gatewayError } from '../../../shared/errors.ts';
import { answerPreflight } from '../../../shared/http.ts';
import { mintPaymentToken, verifyMerchantSession } from '../../payments/methods/applepay/tokens.ts';
import { findWalletCard } from '../../payments/methods/applepay/wallet-cards.ts';

const sessionBody = z.object({ merchantSession: z.looseObject({}) });
const tokenBody = z.object({ merchantSession: z.looseObject({}), card: z.string().min(1).max(64) });

/**
 * The device-wallet simulator's server side. Like Apple's servers it trusts no client key: the
 * merchant session the gateway signed (in `v1/applePay/sessions`) is the credential, and it names
 * the page's domain and merchant account. The sheet checks the session when the page completes
 * merchant validation, and asks for the payment token of the chosen test card on Pay.
 */
export function applePaySimulatorRoutes(app: ServiceApp, deps: { tokenKey: Buffer }) {
  const paths = ['/sdk-simulators/applepay/merchant-sessions/check', '/sdk-simulators/applepay/tokens'];
  for (const path of paths)
    app.options(path, { schema: { hide: true } }, async (request, reply) => {
      allowCaller(request, reply);
      return answerPreflight(request, reply, 'POST, OPTIONS');
    });

  const claimsOf = (request: FastifyRequest, reply: FastifyReply, merchantSession: unknown) => {
    const origin = allowCaller(request, reply);
    const now = new Date();
    const claims = verifyMerchantSession(deps.tokenKey, merchantSession, now);
    if (!claims)
      throw gatewayError.unprocessable(
        '000',
        'The merchant session was not signed by this gateway or has expired.',
      );
    if (!origin || new URL(origin).hostname !== claims.domainName)
      throw gatewayError.forbidden('The merchant session was issued for another domain.', '010');
    return { claims, now };
  };

  app.post(
    '/sdk-simulators/applepay/merchant-sessions/check',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Device-wallet simulator: is this merchant session valid for the calling page?',
        body: sessionBody,
      },
    },
    async (request, reply) => {
      const { claims } = claimsOf(request, reply, request.body.merchantSession);
      return { valid: true, displayName: claims.displayName, expiresAt: claims.exp };
    },
  );

  app.post(
    '/sdk-simulators/applepay/tokens',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Device-wallet simulator: the sealed payment token of a test card',
        body: tokenBody,
      },
    },
    async (request, reply) => {
      const { claims, now } = claimsOf(request, reply, request.body.merchantSession);
      const card = findWalletCard(request.body.card);
      if (!card) throw gatewayError.validation(`Unknown wallet test card ${request.body.card}.`);
      return mintPaymentToken(deps.tokenKey, claims.m, card, now);
    },
  );
}

/** CORS for the page that loaded the simulator: any origin may ask; the session decides. */
function allowCaller(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    return origin;
  }
  return undefined;
}
