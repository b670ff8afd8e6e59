import { baseContext, forbidden, type ServiceApp, unauthorized } from '@actuate/service-kit';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { problems, Timestamp } from '../../shared/responses.ts';
import { type BuyerAdmin, JOIN_REQUEST_TTL_DAYS, type JoinRequestService } from './join-requests.ts';
import { Registration } from './routes.ts';

const tags = ['crm'];
const IdParams = z.object({ id: z.uuid() });

const JoinRequest = z.object({
  ID: z.uuid(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Phone: z.string().nullable(),
  CompanyName: z.string().describe('The company name as the registrant typed it'),
  DateCreated: Timestamp,
  ExpiresAt: Timestamp,
});

/** Declining: the reason is shown to the registrant on their registration's status. */
const DeclineBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });

const decided = `Approval and decline are confirmed by the back office's CRM, where the operator may decide too: whichever comes first wins, the other answers 409 (\`join-request-approved\`, \`join-request-declined\`, \`join-request-expired\`). A request expires ${JOIN_REQUEST_TTL_DAYS} days after the registration.`;
const who =
  'Only a buyer administrator (role `BuyerUserAdmin`) of the company the request asks to join, as the platform token says (`Authorization: Bearer <platform token>`): 401 without a valid token, 403 for anyone else, 404 for a request of another company.';

/** The caller's company and roles from their platform token; never from the request. */
async function adminOf(service: JoinRequestService, request: FastifyRequest): Promise<BuyerAdmin> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized('missing-credentials', 'Send the user’s platform Bearer token.');
  const admin = await service.adminOfToken(match[1]);
  if (admin === 'unauthorized') throw unauthorized('invalid-token', 'The platform token is not valid.');
  if (admin === 'forbidden') {
    throw forbidden('not-buyer-admin', 'Only an administrator of the company decides its join requests.');
  }
  return admin;
}

/**
 * Join requests of the caller's company (the storefront's Account → Join requests). `storefront` checks the
 * storefront's service key; the buyer's platform token then decides which company.
 */
export function joinRequestRoutes(
  app: ServiceApp,
  service: JoinRequestService,
  storefront: onRequestHookHandler,
) {
  app.get(
    '/join-requests',
    {
      onRequest: storefront,
      schema: {
        tags,
        summary: 'The join requests of the caller’s company waiting for a decision (buyer admin)',
        description: `Registrations with the company's VAT number: the registrant cannot sign in until one is approved. ${who}`,
        response: { 200: z.object({ Items: z.array(JoinRequest) }), ...problems(401, 403, 502) },
      },
    },
    async (request) => {
      const admin = await adminOf(service, request);
      return { Items: await service.list(baseContext(request), admin) };
    },
  );

  app.post(
    '/join-requests/:id/approve',
    {
      onRequest: storefront,
      schema: {
        tags,
        summary: 'Approve a join request: the registrant becomes a shopper of the company (buyer admin)',
        description: `Idempotent: approving an approved request answers it again. ${who} ${decided}`,
        params: IdParams,
        response: { 200: Registration, ...problems(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const admin = await adminOf(service, request);
      return service.approve(baseContext(request), admin, request.params.id);
    },
  );

  app.post(
    '/join-requests/:id/decline',
    {
      onRequest: storefront,
      schema: {
        tags,
        summary: 'Decline a join request with a reason; the waiting user is removed (buyer admin)',
        description: `\`reason\` (1–500 characters) is shown to the registrant. Declining a declined request answers it again. ${who} ${decided}`,
        params: IdParams,
        body: DeclineBody,
        response: { 200: Registration, ...problems(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const admin = await adminOf(service, request);
      return service.decline(baseContext(request), admin, request.params.id, request.body.reason);
    },
  );
}
