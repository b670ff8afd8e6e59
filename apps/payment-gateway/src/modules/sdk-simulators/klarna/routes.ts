import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { gatewayError } from '../../../shared/errors.ts';
import {
  paymentOfClientToken,
  widgetAuthorizationToken,
} from '../../payments/methods/open-invoice/widget-tokens.ts';
import { registerPublicSimulatorApi } from '../public-api.ts';

const API = '/sdk-simulators/klarna';
const body = z.object({ client_token: z.string().min(1).max(4096) });

/**
 * The Klarna side of the widget simulator: when the shopper approves in the authorize dialog, the
 * simulated `Klarna.Payments` asks here for the `authorization_token` of the payment its
 * `client_token` names (both signed by the gateway), as Klarna's servers would issue it.
 */
export function klarnaSimulatorRoutes(app: ServiceApp, deps: { tokenKey: Buffer }) {
  return registerPublicSimulatorApi(app, API, (scope) => {
    scope.post(
      `${API}/authorizations`,
      {
        schema: { tags: ['sandbox'], summary: 'Klarna widget simulator: authorize a payment', body },
      },
      async (request) => {
        const pspReference = paymentOfClientToken(deps.tokenKey, request.body.client_token);
        if (!pspReference) throw gatewayError.unprocessable('14_0413', 'Unknown or tampered client_token.');
        return { authorization_token: widgetAuthorizationToken(deps.tokenKey, pspReference) };
      },
    );
  });
}
