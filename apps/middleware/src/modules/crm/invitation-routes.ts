import {
  baseContext,
  conflict,
  forbidden,
  type ServiceApp,
  unauthorized,
  unprocessable,
} from '@actuate/service-kit';
import type { onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../shared/bearer-token.ts';
import { problems } from '../../shared/responses.ts';
import type { ColleagueRefusal, InvitedColleagues } from './invited-colleagues.ts';

const Version = z.int().min(1).max(2147483647);
const AcceptBody = z.strictObject({ termsVersionApproved: Version, privacyVersionApproved: Version });

const CompletedColleague = z.object({
  UserID: z.string(),
  BuyerID: z.string(),
  CrmId: z.string().describe('The CRM contact'),
  ErpId: z.string().describe('The ERP contact, as in the user’s `xp.ErpId`'),
});

const refusals: Record<ColleagueRefusal, () => Error> = {
  'invalid-token': () => unauthorized('invalid-token', 'The platform token is not valid.'),
  'not-a-buyer': () => forbidden('not-a-buyer', 'Only an active buyer user completes their account.'),
  'not-invited': () =>
    conflict('not-invited', 'The user is a registration or a directory user, not an invited colleague.'),
  'terms-outdated': () =>
    unprocessable('terms-outdated', 'Accept the terms and privacy versions in force (GET /policy-versions).'),
  'company-incomplete': () =>
    conflict('company-incomplete', 'The company is not in the CRM and the ERP yet; try again later.'),
  'contact-of-other-account': () =>
    conflict('contact-of-other-account', 'The CRM has this e-mail as a contact of another company.'),
};

/**
 * A colleague invited by their company's administrator completes their account by accepting the
 * terms (the storefront's terms page). `storefront` checks the storefront's service key; the user
 * is the one the platform token names.
 */
export function invitationRoutes(
  app: ServiceApp,
  colleagues: InvitedColleagues,
  storefront: onRequestHookHandler,
) {
  app.post(
    '/invitations/accept',
    {
      onRequest: storefront,
      schema: {
        tags: ['crm'],
        summary: 'An invited colleague accepts the terms and becomes a complete buyer who can order',
        description:
          'For a user a buyer administrator created (no `xp.Kind`): the CRM adds them as a contact of the company’s account and the ERP creates their contact, then the user’s `xp` becomes `Kind: Complete` with those ids and the accepted versions, which must be the ones in force (422 `terms-outdated`). Idempotent: a complete user gets their ids again. Any buyer user, for themself only (`Authorization: Bearer <platform token>`): 401 without a valid token, 403 for an inactive or non-buyer user, 409 `not-invited` for a registration, `company-incomplete` for a company the CRM or ERP does not have yet, `contact-of-other-account` for an e-mail the CRM has at another company.',
        body: AcceptBody,
        response: { 200: CompletedColleague, ...problems(400, 401, 403, 409, 422, 502) },
      },
    },
    async (request) => {
      const outcome = await colleagues.accept(
        baseContext(request),
        bearerToken(request.headers.authorization),
        request.body,
      );
      if (!outcome.ok) throw refusals[outcome.error]();
      return outcome.value;
    },
  );
}
