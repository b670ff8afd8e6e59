/**
 * Contacts a company adds itself: a buyer administrator invites a colleague in the web shop, and
 * when the colleague first accepts the terms the integration adds them here. The CRM keeps the
 * contact and has the ERP create its contact on the account's customer at once, so the colleague
 * can order straight away. Idempotent by e-mail within the account.
 */
import { randomUUID } from 'node:crypto';
import { conflict, type Database, type Executor, notFound, type RequestContext } from '@actuate/service-kit';
import { lockKey } from '../../shared/locks.ts';
import type { CustomerService } from '../customers/service.ts';
import type { AddCrmContactRequest } from './models.ts';
import type { CrmContactRow } from './repository.ts';
import * as repository from './repository.ts';

export const contactView = (row: CrmContactRow) => ({
  crmId: row.crmId,
  accountCrmId: row.accountCrmId,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  language: row.language,
  webShopUserId: row.webShopUserId,
  erpContactId: row.erpContactId,
});

/**
 * The contact's ERP contact on the customer: the one the CRM knows, created again with that id if the
 * ERP lost it, or a new one whose id the CRM keeps. Returns the ERP id.
 */
export async function ensureErpContact(
  tx: Executor,
  context: RequestContext,
  customers: CustomerService,
  customerErpId: string,
  contact: CrmContactRow,
): Promise<string> {
  if (contact.erpContactId && (await customers.findContact(tx, contact.erpContactId))) {
    return contact.erpContactId;
  }
  const created = await customers.createContact(
    context,
    customerErpId,
    {
      ...(contact.erpContactId ? { erpId: contact.erpContactId } : {}),
      crmContactId: contact.crmId,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      ...(contact.phone ? { phone: contact.phone } : {}),
    },
    tx,
  );
  await repository.updateContact(tx, contact.crmId, { erpContactId: created.erpId });
  return created.erpId;
}

export class CrmAccountContacts {
  constructor(
    private readonly db: Database,
    private readonly customers: CustomerService,
  ) {}

  /** Matches the account's contact by e-mail or creates it (`created`), with its ERP contact. */
  async add(context: RequestContext, crmId: string, input: AddCrmContactRequest) {
    const email = input.email.toLowerCase();
    return this.db.transaction(async (tx) => {
      // Serialised with registrations of the same person (CrmService.register takes the same lock).
      await lockKey(tx, `crm-contact:${email}`);
      const account = await repository.findAccount(tx, crmId);
      if (!account) throw notFound('account-not-found', `The CRM has no account ${crmId}.`);
      if (!account.erpCustomerId) {
        throw conflict('account-not-in-erp', `The CRM account ${crmId} has no ERP customer yet.`);
      }
      let contact = await repository.findContactByEmail(tx, email);
      if (contact && contact.accountCrmId !== crmId) {
        throw conflict(
          'contact-of-other-account',
          `The e-mail ${email} belongs to a contact of another CRM account.`,
          {
            field: 'email',
          },
        );
      }
      const created = !contact;
      if (!contact) {
        contact = await repository.insertContact(tx, {
          crmId: randomUUID(),
          accountCrmId: crmId,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ?? null,
          language: input.language ?? null,
          webShopUserId: input.webShopUserId,
          createdAt: context.now,
        });
      } else if (contact.webShopUserId !== input.webShopUserId) {
        // A colleague removed and invited again is a new web-shop user of the same person.
        await repository.updateContact(tx, contact.crmId, { webShopUserId: input.webShopUserId });
        contact = { ...contact, webShopUserId: input.webShopUserId };
      }
      contact = {
        ...contact,
        erpContactId: await ensureErpContact(tx, context, this.customers, account.erpCustomerId, contact),
      };
      context.log.info({ crmId, contactCrmId: contact.crmId, created }, 'CRM contact added by the company');
      return { created, contact: contactView(contact) };
    });
  }
}
