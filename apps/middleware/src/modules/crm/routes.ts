import { EmailAddress } from '@actuate/contracts';
import { baseContext, HttpError, type ServiceApp, unauthorized } from '@actuate/service-kit';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { type CallerKeys, requireAdminKey, requireStorefrontKey } from '../../shared/admin-key.ts';
import { problems, Timestamp } from '../../shared/responses.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { joinRequestRoutes } from './join-request-routes.ts';
import type { CompanySyncRow } from './repository.ts';
import type { CrmService } from './service.ts';

const tags = ['crm'];
const name = (max: number) => z.string().trim().min(1).max(max);

/** The storefront's registration form (strict: unknown fields are refused). */
export const RegistrationBody = z.strictObject({
  companyName: name(200),
  vatNumber: z
    .string()
    .trim()
    .max(30)
    .regex(
      /^[A-Za-z]{2}[A-Za-z0-9 .-]{2,20}$/,
      'a VAT number starting with its country code, e.g. DK43128790',
    ),
  country: z.string().regex(/^[A-Z]{2}$/, 'a two-letter upper-case country code'),
  firstName: name(100),
  lastName: name(100),
  email: EmailAddress.max(254),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{5,30}$/, 'a phone number')
    .optional(),
  password: z.string().min(8).max(128),
  locale: z.enum(['en', 'da', 'de']),
  termsVersionApproved: z.int().min(1).max(2147483647),
  privacyVersionApproved: z.int().min(1).max(2147483647),
});

const IdParams = z.object({ id: z.uuid() });

/** A registration and how far it got (`RegistrationView`). */
export const Registration = z.object({
  ID: z.uuid(),
  Status: z
    .enum(['Pending', 'AwaitingApproval', 'Complete', 'Failed', 'Declined', 'Expired'])
    .describe(
      'AwaitingApproval: a join request (an existing company) waiting for its administrator or the CRM operator; it ends Complete, Declined or Expired',
    ),
  Email: z.string(),
  CompanyName: z.string(),
  VatNumber: z.string().describe('Normalised: upper case, no spaces, dots or hyphens'),
  Country: z.string(),
  Locale: z.string(),
  BuyerID: z.string(),
  UserID: z.string(),
  CompanyMatched: z
    .boolean()
    .describe('True when the registration asks to join a company the platform already had (a join request)'),
  BackofficeRegistrationID: z.string().nullable(),
  CrmAccountId: z.string().nullable(),
  CrmContactId: z.string().nullable(),
  CustomerErpId: z.string().nullable(),
  ContactErpId: z.string().nullable(),
  SalesCompanyId: z.string().nullable(),
  Message: z.string().nullable().describe('Why it failed (Failed) or was declined (Declined)'),
  ExpiresAt: Timestamp.nullable().describe('A join request’s deadline for a decision'),
  DateCreated: Timestamp,
  DateCompleted: Timestamp.nullable(),
});

/** The last company sync of an ERP customer. */
const CompanySync = z.object({
  ErpId: z.string(),
  State: z.string().describe('Synced, NoBuyer or UnknownCustomer'),
  BuyerIDs: z.array(z.string()),
  xp: z.record(z.string(), z.unknown()).nullable().describe('The buyer extension written'),
  LastError: z.string().nullable(),
  UpdatedAt: Timestamp,
});

export interface CrmRouteSettings {
  keys: CallerKeys;
  /** Registrations per minute from one address (per instance). */
  registrationsPerMinute: number;
}

function syncView(row: CompanySyncRow) {
  return {
    ErpId: row.erpId,
    State: row.state,
    BuyerIDs: row.buyerIds as string[],
    xp: row.xp as Record<string, unknown> | null,
    LastError: row.lastError,
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

export async function crmRoutes(app: ServiceApp, service: CrmService, settings: CrmRouteSettings) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'too-many-registrations', `Too many registrations; try again in ${context.after}.`),
  });

  const storefront = requireStorefrontKey(settings.keys);
  app.post(
    '/registrations',
    {
      onRequest: storefront,
      config: { rateLimit: { max: settings.registrationsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Register a company and its first user (for the storefront’s server, x-api-key)',
        description:
          'A new company (no platform company has this VAT number): creates a pending user in a new company and registers company and contact in the CRM; answers 202 with the registration `Pending`. It becomes `Complete` when the ERP has created customer and contact: the user can then shop. A VAT number of an existing company makes it a join request: 202 with `AwaitingApproval`, the user is created inactive (cannot sign in) until a buyer administrator of that company (`/join-requests`) or the CRM operator approves; declined or expired, the user is removed. 400 bad input, 409 `already-registered` / `email-taken`, 422 `terms-not-current`, `privacy-not-current`, `country-not-served`, `vat-country-mismatch`, 429 `too-many-registrations`.',
        body: RegistrationBody,
        response: { 202: Registration, ...problems(400, 401, 409, 422, 429, 502) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.register(baseContext(request), request.body)),
  );

  app.get(
    '/registrations/me',
    {
      onRequest: storefront,
      schema: {
        tags,
        summary: 'The registration of the signed-in user (`Authorization: Bearer <platform token>`)',
        response: { 200: Registration, ...problems(401, 404, 502) },
      },
    },
    async (request) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) throw unauthorized('missing-credentials', 'Send the user’s platform Bearer token.');
      const view = await service.registrationOfToken(baseContext(request), match[1]);
      if (view === 'unauthorized') throw unauthorized('invalid-token', 'The platform token is not valid.');
      return view;
    },
  );

  app.get(
    '/registrations/:id',
    {
      onRequest: storefront,
      schema: {
        tags,
        summary:
          'A registration and how far it got (Pending, AwaitingApproval, Complete, Failed, Declined, Expired)',
        params: IdParams,
        response: { 200: Registration, ...problems(400, 401, 404) },
      },
    },
    (request) => service.registration(baseContext(request), request.params.id),
  );

  joinRequestRoutes(app, service.joinRequests, storefront);
  invitationRoutes(app, service.colleagues, storefront);

  const admin = requireAdminKey(settings.keys.operator);
  app.post(
    '/registrations/:id/retry',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Operator: run a failed or stuck registration again',
        params: IdParams,
        response: { 202: Registration, ...problems(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.retry(baseContext(request), request.params.id)),
  );

  app.post(
    '/companies/:buyerId/sync',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Operator: copy the ERP customer onto the platform buyer extension now',
        params: z.object({ buyerId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }),
        response: { 200: CompanySync, ...problems(400, 401, 404, 422, 502) },
      },
    },
    async (request) => syncView(await service.syncBuyer(baseContext(request), request.params.buyerId)),
  );

  app.get(
    '/companies/sync/:erpId',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Operator: the last company sync of an ERP customer',
        params: z.object({ erpId: z.string().min(1).max(50) }),
        response: { 200: CompanySync, ...problems(400, 401, 404) },
      },
    },
    async (request) => syncView(await service.companySync(baseContext(request), request.params.erpId)),
  );
}
