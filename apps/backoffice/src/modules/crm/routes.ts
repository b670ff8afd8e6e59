import { EmailAddress, Id } from '@actuate/contracts';
import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import type { CrmAccountAddresses } from './account-addresses.ts';
import type { CrmAccountContacts } from './account-contacts.ts';
import { JOIN_REQUEST_TTL_DAYS } from './join-requests.ts';
import {
  AddCrmContactRequest,
  CrmAccountAddressRequest,
  CrmAccountAddressView,
  CrmAccountView,
  CrmContactView,
  DeclineRequest,
  RegistrationListQuery,
  RegistrationRequest,
  RegistrationView,
  UpdateCrmContactRequest,
} from './models.ts';
import type { CrmService } from './service.ts';

const tags = ['crm'];
const CrmIdParams = z.object({ crmId: z.string().min(1).max(100) });

export function crmRoutes(
  app: ServiceApp,
  {
    crm,
    addresses,
    contacts,
  }: { crm: CrmService; addresses: CrmAccountAddresses; contacts: CrmAccountContacts },
) {
  app.post(
    '/crm/registrations',
    {
      schema: {
        tags,
        summary:
          'Register a company and contact: matched by VAT number and e-mail or created; ERP customer follows',
        description:
          'Answers 202 with the registration in status Pending: the CRM ids are known at once, the ERP customer and contact ids follow when the registration completes (a job after CRM_REGISTRATION_DELAY_SECONDS; a `registration.completed` callback is sent).',
        body: RegistrationRequest,
        response: { 202: RegistrationView },
      },
    },
    async (request, reply) => reply.status(202).send(await crm.register(baseContext(request), request.body)),
  );

  app.get(
    '/crm/registrations',
    {
      schema: {
        tags,
        summary: 'Registrations, newest first; `status=AwaitingApproval` lists the open join requests',
        description: `A join request is a registration into a company that has an ERP customer already (the web shop asks with \`joinRequest\`, or the CRM matched such an account): it waits as \`AwaitingApproval\` until approved or declined here, or by the company's administrator in the web shop, and expires after ${JOIN_REQUEST_TTL_DAYS} days (or at the web shop's \`expiresAt\`).`,
        querystring: RegistrationListQuery,
        response: { 200: z.array(RegistrationView) },
      },
    },
    (request) => crm.joinRequests.listRegistrations(baseContext(request), request.query),
  );

  app.post(
    '/crm/registrations/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a join request: the ERP contact is created, `registration.completed` is sent',
        description:
          'Idempotent: approving a complete registration answers it unchanged. 409 `registration-declined`, `registration-expired` (past `expiresAt`), `not-a-join-request`.',
        params: z.object({ id: z.uuid() }),
        response: { 200: RegistrationView },
      },
    },
    (request) => crm.joinRequests.approve(baseContext(request), request.params.id),
  );

  app.post(
    '/crm/registrations/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline a join request with the reason the registrant is shown (`registration.declined`)',
        description:
          'The CRM contact the request created is removed again; the web shop removes the waiting user. Declining a declined request answers it unchanged. 409 `registration-complete`, `registration-expired`, `not-a-join-request`.',
        params: z.object({ id: z.uuid() }),
        body: DeclineRequest,
        response: { 200: RegistrationView },
      },
    },
    (request) => crm.joinRequests.decline(baseContext(request), request.params.id, request.body.reason),
  );

  app.get(
    '/crm/registrations/:id',
    {
      schema: {
        tags,
        summary: 'A registration and how far it got',
        params: z.object({ id: z.uuid() }),
        response: { 200: RegistrationView },
      },
    },
    (request) => crm.getRegistration(baseContext(request), request.params.id),
  );

  app.post(
    '/crm/registrations/:id/complete',
    {
      schema: {
        tags,
        summary: 'Complete a registration in the ERP now (what the job does; idempotent)',
        description: 'A join request is approved instead (409 `awaiting-approval`).',
        params: z.object({ id: z.uuid() }),
        response: { 200: RegistrationView },
      },
    },
    (request) => crm.complete(baseContext(request), request.params.id),
  );

  app.get(
    '/crm/accounts',
    {
      schema: {
        tags,
        summary: 'Find CRM accounts by VAT number or ERP customer id',
        querystring: z.object({
          vatNumber: z.string().min(1).optional(),
          erpCustomerId: z.string().min(1).optional(),
        }),
        response: { 200: z.array(CrmAccountView) },
      },
    },
    (request) => crm.searchAccounts(baseContext(request), request.query),
  );

  app.get(
    '/crm/accounts/:crmId',
    {
      schema: {
        tags,
        summary: 'A CRM account with its contacts and web-shop addresses',
        params: CrmIdParams,
        response: { 200: CrmAccountView },
      },
    },
    (request) => crm.getAccount(baseContext(request), request.params.crmId),
  );

  app.put(
    '/crm/accounts/:crmId/addresses/:webShopAddressId',
    {
      schema: {
        tags,
        summary: 'Create or update a web-shop address on the CRM account (the integration)',
        description:
          'Idempotent by the shop’s address id: the first call creates it (201), later calls replace its fields and ERP address id (200). The integration sends each shop address here after the ERP has it.',
        params: CrmIdParams.extend({ webShopAddressId: Id }),
        body: CrmAccountAddressRequest,
        response: { 200: CrmAccountAddressView, 201: CrmAccountAddressView },
      },
    },
    async (request, reply) => {
      const { created, address } = await addresses.upsert(
        baseContext(request),
        request.params.crmId,
        request.params.webShopAddressId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(address);
    },
  );

  app.post(
    '/crm/accounts/:crmId/contacts',
    {
      schema: {
        tags,
        summary:
          'Add a colleague the company invited in the web shop, with their ERP contact (the integration)',
        description:
          'Idempotent by e-mail within the account: the first call creates the CRM contact (201), later calls answer it (200), linked to the given web-shop user. The ERP contact on the account’s customer is created in the same transaction. 404 `account-not-found`; 409 `account-not-in-erp` (the account has no ERP customer yet) or `contact-of-other-account` (the e-mail is a contact of another account).',
        params: CrmIdParams,
        body: AddCrmContactRequest,
        response: { 200: CrmContactView, 201: CrmContactView },
      },
    },
    async (request, reply) => {
      const { created, contact } = await contacts.add(
        baseContext(request),
        request.params.crmId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(contact);
    },
  );

  app.get(
    '/crm/contacts',
    {
      schema: {
        tags,
        summary: 'Find a CRM contact by e-mail',
        querystring: z.object({ email: EmailAddress }),
        response: { 200: CrmContactView },
      },
    },
    (request) => crm.findContactByEmail(baseContext(request), request.query.email),
  );

  app.get(
    '/crm/contacts/:crmId',
    { schema: { tags, summary: 'A CRM contact', params: CrmIdParams, response: { 200: CrmContactView } } },
    (request) => crm.getContact(baseContext(request), request.params.crmId),
  );

  app.patch(
    '/crm/contacts/:crmId',
    {
      schema: {
        tags,
        summary:
          'Change a contact’s name, phone or language (the web shop’s profile, sent by the integration)',
        params: CrmIdParams,
        body: UpdateCrmContactRequest,
        response: { 200: CrmContactView },
      },
    },
    (request) => crm.updateContact(baseContext(request), request.params.crmId, request.body),
  );
}
