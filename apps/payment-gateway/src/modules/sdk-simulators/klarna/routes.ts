import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { gatewayError } from '../../../shared/errors.ts';
import {
  paymentOfClientToken,
  widgetAuthorizationToken,
} from '../../payments/methods/open-invoice/widget-tokens.ts';

const PATH = '/sdk-simulators/klarna/authorizations';
const body = z.object({ client_token: z.string().min(1).max(4096) });

/**
 * The Klarna side of the widget simulator: when the shopper approves in the authorize dialog, the
 * simulated `Klarna.Payments` asks here for the `authorization_token` of the payment its
 * `client_token` names (both signed by the gateway), as Klarna's servers would issue it.
 */
export function klarnaSimulatorRoutes(app: ServiceApp, deps: { tokenKey: Buffer }) {
  app.options(PATH, async (_request, reply) =>
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'POST, OPTIONS')
      .header('Access-Control-Allow-Headers', 'content-type')
      .status(204)
      .send(),
  );
  app.post(
    PATH,
    {
      // Also a refused body gets CORS, so the widget simulator can read the error.
      onRequest: async (_request, reply) => {
        reply.header('Access-Control-Allow-Origin', '*');
      },
      schema: { tags: ['sandbox'], summary: 'Klarna widget simulator: authorize a payment', body },
    },
    async (request) => {
      const pspReference = paymentOfClientToken(deps.tokenKey, request.body.client_token);
      if (!pspReference) throw gatewayError.unprocessable('14_0413', 'Unknown or tampered client_token.');
      return { authorization_token: widgetAuthorizationToken(deps.tokenKey, pspReference) };
    },
  );
}
