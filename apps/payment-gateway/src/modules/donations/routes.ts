import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { authenticatedContext, shopperContext } from '../../shared/context.ts';
import { answerIdempotently } from '../../shared/http.ts';
import type { IdempotencyService } from '../idempotency/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import { sessionDataBodySchema } from '../sessions/models.ts';
import {
  donationCampaignsRequestSchema,
  donationRequestSchema,
  sessionDonationRequestSchema,
} from './models.ts';
import type { DonationService } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function donationMerchantRoutes(
  app: ServiceApp,
  deps: { donations: DonationService; merchants: MerchantService; idempotency: IdempotencyService },
) {
  app.post(
    '/donationCampaigns',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Donation campaigns in a currency',
        body: donationCampaignsRequestSchema,
      },
    },
    async (request) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return deps.donations.campaigns(context, request.body);
    },
  );

  app.post(
    '/donations',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Donate with an authorised payment’s method',
        body: donationRequestSchema,
      },
    },
    async (request, reply) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return answerIdempotently(deps.idempotency, request, reply, 200, () =>
        deps.donations.donate(context, request.body),
      );
    },
  );
}

/** The widget's session calls, as adyen-web 6 makes them after a session's payment. */
export function donationSessionRoutes(app: ServiceApp, deps: { donations: DonationService }) {
  app.post(
    '/v1/sessions/:id/donationCampaigns',
    {
      schema: {
        tags: ['client'],
        summary: 'Donation campaigns after a session’s payment',
        params: idParams,
        body: sessionDataBodySchema,
      },
    },
    async (request) =>
      deps.donations.sessionCampaigns(shopperContext(request), request.params.id, request.body.sessionData),
  );

  app.post(
    '/v1/sessions/:id/donations',
    {
      schema: {
        tags: ['client'],
        summary: 'A donation after a session’s payment',
        params: idParams,
        body: sessionDonationRequestSchema,
      },
    },
    async (request) => deps.donations.sessionDonate(shopperContext(request), request.params.id, request.body),
  );
}
