import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { gatewayError } from '../../../shared/errors.ts';
import {
  type CashAppGrant,
  GRANT_LIFETIME_MS,
  merchantOfClientId,
  signGrant,
} from '../../payments/methods/cashapp/grants.ts';
import { amountSchema } from '../../payments/models.ts';
import { registerPublicSimulatorApi } from '../public-api.ts';
import { testCustomer } from './accounts.ts';

const approvalBody = z.object({
  clientId: z.string().min(1).max(1024),
  cashtag: z.string().min(1).max(64),
  actions: z
    .object({
      payment: z.object({ amount: amountSchema, scopeId: z.string().max(128).optional() }).optional(),
      onFile: z.object({ scopeId: z.string().max(128).optional() }).optional(),
    })
    .refine((actions) => actions.payment || actions.onFile, 'actions needs payment or onFile'),
});

const API = '/sdk-simulators/cashapp';

/**
 * The Cash App side of the simulator: when the shopper approves a customer request in the dialog,
 * the pay kit asks here for the grants. Like Cash App, it knows the merchant only by the `clientId`
 * (signed by the gateway in /paymentMethods), so it needs no client key; the grants it answers are
 * signed, bound to the merchant, amount and customer, and expire after an hour.
 */
export function cashAppSimulatorRoutes(app: ServiceApp, deps: { tokenKey: Buffer; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return registerPublicSimulatorApi(app, API, (scope) => {
    scope.post(
      `${API}/approvals`,
      {
        schema: {
          tags: ['sandbox'],
          summary: 'Cash App Pay simulator: grants for an approved customer request',
          body: approvalBody,
        },
      },
      async (request) => {
        const { clientId, cashtag, actions } = request.body;
        const merchantAccount = merchantOfClientId(deps.tokenKey, clientId);
        if (!merchantAccount) throw gatewayError.unprocessable('14_0413', 'Unknown Cash App Pay clientId.');
        const customer = testCustomer(cashtag);
        if (!customer) throw gatewayError.unprocessable('14_0413', `No sandbox Cash App account ${cashtag}.`);
        const expiresAt = now().getTime() + GRANT_LIFETIME_MS;
        const grant = (action: CashAppGrant['action'], amount?: CashAppGrant['amount']) => ({
          grantId: signGrant(deps.tokenKey, { merchantAccount, action, customer, amount, expiresAt }),
          type: action === 'payment' ? 'ONE_TIME' : 'EXTENDED',
          expiresAt: new Date(expiresAt).toISOString(),
        });
        return {
          customerProfile: { id: customer.id, cashtag: customer.cashtag },
          grants: {
            ...(actions.payment ? { payment: grant('payment', actions.payment.amount) } : {}),
            ...(actions.onFile ? { onFile: grant('onFile') } : {}),
          },
        };
      },
    );
  });
}
