import { PreSubmitWebhookBody, PreSubmitWebhookPayload } from '@actuate/contracts';
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { UpstreamError } from '../../clients/http.ts';
import { problems } from '../../shared/responses.ts';
import { type PreSubmitService, refuse } from './service.ts';

export const PRE_SUBMIT_PATH = '/webhooks/presubmit';

/** The answer on the wire (OrderCloud reads the lowercase `body`). */
const PreSubmitAnswer = z.object({ proceed: z.boolean(), body: PreSubmitWebhookBody });

/** The pre-submit webhook (register inside the `X-oc-hash` scope). */
export function preSubmitRoutes(app: ServiceApp, service: PreSubmitService): void {
  app.post(
    PRE_SUBMIT_PATH,
    {
      schema: {
        tags: ['pre-submit'],
        summary: 'Pre-hook of order submission: {proceed, body:{Status, Message}}',
        description:
          'Refuses (proceed false, Status Failure, a buyer-facing Message and its stable Code, e.g. `creditHold`) on credit hold, terms or privacy version not accepted, a purchase order without customer reference, a card payment not authorised for the total. Signed with `X-oc-hash`.',
        body: PreSubmitWebhookPayload,
        response: { 200: PreSubmitAnswer, ...problems(400, 401) },
      },
    },
    async (request) => {
      try {
        return await service.check(request.body);
      } catch (error) {
        // The platform or a dependency is down: refuse, so nothing is submitted unchecked.
        if (error instanceof UpstreamError) {
          request.log.warn({ err: error }, 'pre-submit check could not run');
          return refuse('unavailable');
        }
        throw error;
      }
    },
  );
}
