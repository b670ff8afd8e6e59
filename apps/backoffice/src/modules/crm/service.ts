import { randomUUID } from 'node:crypto';
import {
  conflict,
  type Database,
  type Executor,
  type Jobs,
  notFound,
  type QueueDefinition,
  type RequestContext,
  unprocessable,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { localeOf, normaliseVatNumber } from '../../shared/countries.ts';
import { lockKey } from '../../shared/locks.ts';
import type { CallbackService } from '../callbacks/service.ts';
import type { CustomerService } from '../customers/service.ts';
import { accountAddressView } from './account-addresses.ts';
import { contactView, ensureErpContact } from './account-contacts.ts';
import { JoinRequestService, joinRequestDeadline } from './join-requests.ts';
import type { RegistrationRequest, RegistrationView, UpdateCrmContactRequest } from './models.ts';
import type { AccountRow, RegistrationRow } from './repository.ts';
import * as repository from './repository.ts';

export const REGISTRATION_QUEUE = 'crm-registration';

interface RegistrationJob {
  registrationId: string;
}

/**
 * The CRM: accounts (companies, matched by VAT number) and contacts (matched by e-mail), and the
 * registration intake that creates or matches both at once and has the ERP create the customer and
 * contact afterwards (a job after `delaySeconds`), so a pending web-shop user becomes complete.
 */
export class CrmService {
  readonly joinRequests: JoinRequestService;

  constructor(
    private readonly db: Database,
    private readonly customers: CustomerService,
    private readonly callbacks: CallbackService,
    private readonly jobs: () => Jobs,
    private readonly settings: { delaySeconds: number },
    private readonly log: FastifyBaseLogger,
  ) {
    this.joinRequests = new JoinRequestService(this, db, callbacks);
  }

  async getAccount(_context: RequestContext, crmId: string) {
    const account = await repository.findAccount(this.db, crmId);
    if (!account) throw notFound('account-not-found', `The CRM has no account ${crmId}.`);
    return this.accountView(this.db, account);
  }

  async searchAccounts(
    _context: RequestContext,
    filter: { vatNumber?: string | undefined; erpCustomerId?: string | undefined },
  ) {
    const rows = await repository.searchAccounts(this.db, {
      ...filter,
      vatNumber: filter.vatNumber ? normaliseVatNumber(filter.vatNumber) : undefined,
    });
    return Promise.all(rows.map((row) => this.accountView(this.db, row)));
  }

  async getContact(_context: RequestContext, crmId: string) {
    const contact = await repository.findContact(this.db, crmId);
    if (!contact) throw notFound('contact-not-found', `The CRM has no contact ${crmId}.`);
    return contactView(contact);
  }

  /** The web shop's profile change (name, phone, language): the CRM is where contacts are kept. */
  async updateContact(context: RequestContext, crmId: string, patch: UpdateCrmContactRequest) {
    const contact = await repository.findContact(this.db, crmId);
    if (!contact) throw notFound('contact-not-found', `The CRM has no contact ${crmId}.`);
    await repository.updateContact(this.db, crmId, patch);
    context.log.info({ crmId, changed: Object.keys(patch) }, 'CRM contact updated from the shop');
    return this.getContact(context, crmId);
  }

  async findContactByEmail(_context: RequestContext, email: string) {
    const contact = await repository.findContactByEmail(this.db, email.trim().toLowerCase());
    if (!contact) throw notFound('contact-not-found', `The CRM has no contact with e-mail ${email}.`);
    return contactView(contact);
  }

  /** Registration intake: match or create the account and the contact now; the ERP part follows by a job. */
  async register(context: RequestContext, request: RegistrationRequest): Promise<RegistrationView> {
    const id = await this.db.transaction(async (tx) => {
      const vatNumber = normaliseVatNumber(request.company.vatNumber);
      const email = request.contact.email.toLowerCase();
      // Two registrations of the same company or person at once must match, not both create.
      await lockKey(tx, `crm-account:${vatNumber}`);
      await lockKey(tx, `crm-contact:${email}`);
      let account = await repository.findAccountByVat(tx, vatNumber);
      const accountMatched = account ? 'matched' : 'created';
      if (!account) {
        const salesCompany = await this.customers.salesCompanyForCountry(tx, request.company.countryCode2);
        if (!salesCompany) {
          throw unprocessable(
            'no-sales-company',
            `No sales company serves country ${request.company.countryCode2}.`,
            {
              field: 'company.countryCode2',
            },
          );
        }
        account = await repository.insertAccount(tx, {
          crmId: randomUUID(),
          name: request.company.name,
          vatNumber,
          countryCode2: request.company.countryCode2,
          salesCompanyId: salesCompany.id,
          currency: request.company.currency ?? salesCompany.currency,
          locale: localeOf(request.company.countryCode2),
          invoiceEmail: request.company.invoiceEmail ?? request.contact.email.toLowerCase(),
          phone: request.company.phone ?? null,
          webShopCompanyId: request.webShopCompanyId ?? null,
          createdAt: context.now,
        });
      } else if (!account.webShopCompanyId && request.webShopCompanyId) {
        await repository.updateAccount(tx, account.crmId, { webShopCompanyId: request.webShopCompanyId });
      }
      let contact = await repository.findContactByEmail(tx, email);
      const contactMatched = contact ? 'matched' : 'created';
      if (contact && contact.accountCrmId !== account.crmId) {
        throw conflict(
          'contact-of-other-account',
          `The e-mail ${email} belongs to a contact of another CRM account.`,
          {
            field: 'contact.email',
          },
        );
      }
      if (!contact) {
        contact = await repository.insertContact(tx, {
          crmId: randomUUID(),
          accountCrmId: account.crmId,
          email,
          firstName: request.contact.firstName,
          lastName: request.contact.lastName,
          phone: request.contact.phone ?? null,
          webShopUserId: request.webShopUserId ?? null,
          createdAt: context.now,
        });
      } else if (!contact.webShopUserId && request.webShopUserId) {
        await repository.updateContact(tx, contact.crmId, { webShopUserId: request.webShopUserId });
      }
      const registrationId = randomUUID();
      // A matched account with an ERP customer of another (or no) web-shop company is somebody else's
      // company: a VAT number is public, so joining it waits for an approval.
      const joinRequest =
        request.joinRequest === true ||
        (accountMatched === 'matched' &&
          account.erpCustomerId !== null &&
          account.webShopCompanyId !== (request.webShopCompanyId ?? null));
      await repository.insertRegistration(tx, {
        id: registrationId,
        status: joinRequest ? 'AwaitingApproval' : 'Pending',
        expiresAt: joinRequest
          ? request.expiresAt
            ? new Date(request.expiresAt)
            : joinRequestDeadline(context.now)
          : null,
        request: request as unknown as Record<string, unknown>,
        accountCrmId: account.crmId,
        contactCrmId: contact.crmId,
        accountMatched,
        contactMatched,
        createdAt: context.now,
      });
      if (!joinRequest) {
        await this.jobs().enqueue(tx, REGISTRATION_QUEUE, { registrationId } satisfies RegistrationJob, {
          ...(this.settings.delaySeconds > 0 ? { startAfter: this.settings.delaySeconds } : {}),
        });
      }
      context.log.info(
        { registrationId, accountMatched, contactMatched, joinRequest },
        'registration received',
      );
      return registrationId;
    });
    return this.getRegistration(context, id);
  }

  async getRegistration(
    context: RequestContext,
    id: string,
    db: Executor = this.db,
  ): Promise<RegistrationView> {
    const registration = await repository.findRegistration(db, id);
    if (!registration) throw notFound('registration-not-found', `No registration ${id}.`);
    if (
      db === this.db &&
      registration.status === 'AwaitingApproval' &&
      registration.expiresAt &&
      registration.expiresAt <= context.now
    ) {
      await this.db.transaction((tx) => this.joinRequests.lock(tx, context, id));
      return this.getRegistration(context, id);
    }
    return this.registrationView(db, registration);
  }

  /**
   * The ERP part of a registration (the job, or the trigger endpoint): creates the ERP customer and
   * contact unless they exist (keeping ERP ids the CRM already knows), the delivery address, and
   * publishes `registration.completed`. Idempotent.
   */
  async complete(context: RequestContext, id: string): Promise<RegistrationView> {
    await this.db.transaction(async (tx) => {
      const registration = await repository.findRegistration(tx, id, true);
      if (!registration) throw notFound('registration-not-found', `No registration ${id}.`);
      if (registration.status === 'Complete') return;
      if (registration.status !== 'Pending') {
        throw conflict(
          registration.status === 'AwaitingApproval' ? 'awaiting-approval' : 'registration-closed',
          registration.status === 'AwaitingApproval'
            ? `Registration ${id} is a join request: approve or decline it.`
            : `Registration ${id} is ${registration.status}.`,
        );
      }
      await this.completeIn(tx, context, registration);
    });
    return this.getRegistration(context, id);
  }

  /** The ERP part of a registration locked by the caller's transaction. */
  async completeIn(tx: Executor, context: RequestContext, registration: RegistrationRow) {
    const { id } = registration;
    const account = await repository.findAccount(tx, registration.accountCrmId);
    const contact = await repository.findContact(tx, registration.contactCrmId);
    if (!account || !contact) throw new Error(`registration ${id} lost its CRM account or contact`);
    const request = registration.request as unknown as RegistrationRequest;

    let customerErpId = account.erpCustomerId;
    if (!customerErpId || !(await this.customers.findCustomer(tx, customerErpId))) {
      const customer = await this.customers.createCustomer(
        context,
        {
          ...(customerErpId ? { erpId: customerErpId } : {}),
          name: account.name,
          salesCompanyId: account.salesCompanyId,
          crmAccountId: account.crmId,
          currency: account.currency,
          countryCode2: account.countryCode2,
          ...(request.company.countryCode3 ? { countryCode3: request.company.countryCode3 } : {}),
          locale: account.locale,
          invoiceEmail: account.invoiceEmail ?? contact.email,
          vatNumber: account.vatNumber,
          creditHold: false,
          paymentTermsDays: 30,
        },
        tx,
      );
      customerErpId = customer.erpId;
      await repository.updateAccount(tx, account.crmId, { erpCustomerId: customerErpId });
    }

    const contactErpId = await ensureErpContact(tx, context, this.customers, customerErpId, contact);

    if (request.address) {
      const detail = await this.customers.customerDetail(tx, customerErpId);
      const known = detail?.deliveryAddresses.some(
        (address) =>
          (request.address?.webShopAddressId &&
            address.webShopAddressId === request.address.webShopAddressId) ||
          (address.street1 === request.address?.street1 && address.zip === request.address.zip),
      );
      if (!known) {
        await this.customers.createDeliveryAddress(
          context,
          customerErpId,
          { ...request.address, companyName: account.name, name: 'Head office' },
          tx,
        );
      }
    }

    await repository.updateRegistration(tx, id, {
      status: 'Complete',
      customerErpId,
      contactErpId,
      salesCompanyId: account.salesCompanyId,
      completedAt: context.now,
    });
    await this.callbacks.publish(tx, {
      type: 'registration.completed',
      subject: `registration:${id}`,
      sequence: 1,
      occurredAt: context.now,
      data: await this.getRegistration(context, id, tx),
    });
    context.log.info({ registrationId: id, customerErpId, contactErpId }, 'registration complete');
  }

  async runJob(job: RegistrationJob): Promise<void> {
    await this.complete(
      { requestId: `job:${REGISTRATION_QUEUE}`, log: this.log, now: new Date() },
      job.registrationId,
    );
  }

  private async accountView(db: Executor, account: AccountRow) {
    const [contacts, addresses] = await Promise.all([
      repository.contactsOfAccount(db, account.crmId),
      repository.addressesOfAccount(db, account.crmId),
    ]);
    return {
      crmId: account.crmId,
      name: account.name,
      vatNumber: account.vatNumber,
      countryCode2: account.countryCode2,
      salesCompanyId: account.salesCompanyId,
      currency: account.currency,
      locale: account.locale,
      invoiceEmail: account.invoiceEmail,
      phone: account.phone,
      webShopCompanyId: account.webShopCompanyId,
      erpCustomerId: account.erpCustomerId,
      contacts: contacts.map(contactView),
      addresses: addresses.map(accountAddressView),
    };
  }

  private async registrationView(db: Executor, registration: RegistrationRow): Promise<RegistrationView> {
    const detail = registration.customerErpId
      ? await this.customers.customerDetail(db, registration.customerErpId)
      : undefined;
    const request = registration.request as unknown as RegistrationRequest;
    return {
      id: registration.id,
      status: registration.status,
      accountMatched: registration.accountMatched,
      contactMatched: registration.contactMatched,
      webShopCompanyId: request.webShopCompanyId ?? null,
      webShopUserId: request.webShopUserId ?? null,
      crmAccountId: registration.accountCrmId,
      crmContactId: registration.contactCrmId,
      customerErpId: registration.customerErpId,
      contactErpId: registration.contactErpId,
      salesCompanyId: registration.salesCompanyId,
      customer: detail
        ? {
            currency: detail.currency,
            countryCode2: detail.countryCode2,
            countryCode3: detail.countryCode3,
            locale: detail.locale,
            taxGroup: detail.taxGroup,
            invoiceEmail: detail.invoiceEmail,
            vatNumber: detail.vatNumber,
            creditHold: detail.creditHold,
            deliveryAddressErpIds: detail.deliveryAddresses.map((address) => ({
              erpId: address.erpId,
              webShopAddressId: address.webShopAddressId,
            })),
          }
        : null,
      expiresAt: registration.expiresAt?.toISOString() ?? null,
      declineReason: registration.declineReason,
      createdAt: registration.createdAt.toISOString(),
      completedAt: registration.completedAt?.toISOString() ?? null,
      closedAt: registration.closedAt?.toISOString() ?? null,
    };
  }
}

export function registrationQueue(service: () => CrmService): QueueDefinition<RegistrationJob> {
  return { name: REGISTRATION_QUEUE, handle: (job) => service().runJob(job.data) };
}
