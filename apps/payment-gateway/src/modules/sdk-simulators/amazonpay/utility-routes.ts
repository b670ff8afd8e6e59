import { isHttpError, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { shopperContext } from '../../../shared/context.ts';
import { serviceErrorBody } from '../../../shared/errors.ts';
import type { AmazonPayUtility } from './utility.ts';

const sessionReference = {
  checkoutSessionId: z.string().min(1).max(64),
  publicKeyId: z.string().min(1).max(128),
  region: z.enum(['EU', 'UK', 'US']),
};

const signStringBody = z.object({ stringToSign: z.string().min(2).max(16_384) });

const checkoutDetailsBody = z
  .object({
    ...sessionReference,
    getDeliveryAddress: z.boolean().optional(),
    getDeclineFlowUrl: z.boolean().optional(),
  })
  .refine((body) => body.getDeliveryAddress === true || body.getDeclineFlowUrl === true, {
    message: 'Ask for getDeliveryAddress or getDeclineFlowUrl.',
  });

const updateCheckoutSessionBody = z.object({
  ...sessionReference,
  amount: z.object({ currency: z.string().regex(/^[A-Z]{3}$/), value: z.number().int().min(0) }),
  checkoutResultReturnUrl: z.url({ protocol: /^https?$/ }).max(2048),
  chargePermissionType: z.enum(['OneTime', 'Recurring']).optional(),
  recurringMetadata: z.looseObject({}).optional(),
  checkoutCancelUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});

/** `v1/AmazonPayUtility/*` (client key + origin): the widget's three calls of spec §7. */
export function amazonPayUtilityRoutes(app: ServiceApp, deps: { utility: AmazonPayUtility }) {
  app.post(
    '/v1/AmazonPayUtility/signString',
    {
      schema: {
        tags: ['client'],
        summary: 'Amazon Pay: sign a checkout-session payload',
        body: signStringBody,
      },
    },
    async (request) => {
      const context = shopperContext(request);
      return deps.utility.signString(context.merchant.account, request.body.stringToSign);
    },
  );

  app.post(
    '/v1/AmazonPayUtility/getCheckoutDetails',
    {
      schema: {
        tags: ['client'],
        summary: "Amazon Pay: a checkout session's delivery address or decline-flow URL",
        body: checkoutDetailsBody,
      },
    },
    async (request) => {
      const { merchant } = shopperContext(request);
      return request.body.getDeclineFlowUrl
        ? deps.utility.declineFlowUrl(merchant.account, request.body)
        : deps.utility.checkoutDetails(merchant.account, request.body);
    },
  );

  app.post(
    '/v1/AmazonPayUtility/updateCheckoutSession',
    {
      schema: {
        tags: ['client'],
        summary: 'Amazon Pay: set the amount and send the buyer to confirm',
        body: updateCheckoutSessionBody,
      },
    },
    async (request, reply) => {
      const { merchant } = shopperContext(request);
      try {
        return await deps.utility.updateCheckoutSession(merchant.account, request.body);
      } catch (error) {
        if (!isHttpError(error)) throw error;
        // The widget reads `errorMessage` (spec §7); the rest is the gateway's usual error body.
        return reply.status(error.status).send({ ...serviceErrorBody(error), errorMessage: error.message });
      }
    },
  );
}
