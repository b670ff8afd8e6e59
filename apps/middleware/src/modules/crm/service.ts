/**
 * CRM synchronisation (issue 5): the storefront's registrations and the company extension.
 *
 * A registration creates the platform user at once (pending, so the password goes straight to the
 * platform and never into a table or a job) in the company matched by VAT number, or a new company;
 * then, in the transaction that records it, a job (outbox) registers company and contact in the back
 * office's CRM and, once the ERP has created the customer and contact, makes the user complete and
 * writes the company extension. The back office's `registration.completed` callback wakes that job;
 * a delayed re-check covers a lost callback. `customer.updated` callbacks (credit hold, invoice
 * e-mail, tax group …) are copied onto every platform buyer with that ERP id by another job.
 *
 * A registration into a company the platform has already (same VAT number) is a join request: the
 * user is created inactive and nothing grants access until the company's administrator or the CRM
 * operator approves it (`join-requests.ts`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SALES_COMPANIES } from '@actuate/catalog-data';
import {
  conflict,
  type Database,
  type Executor,
  type Jobs,
  notFound,
  type RequestContext,
  type Transaction,
  unprocessable,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { type BackofficeClient, problemDetail } from '../../clients/backoffice-client.ts';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { ErpCallbackBody } from '../erp/service.ts';
import { JoinRequestService, joinRequestDeadline } from './join-requests.ts';
import {
  type CompanySyncRow,
  countCheck,
  deleteClosedRegistration,
  findCompanySync,
  findPendingCompany,
  findRegistration,
  findRegistrationByBackofficeId,
  findRegistrationByEmail,
  findRegistrationByUser,
  insertRegistration,
  lockCompany,
  type RegistrationRow,
  saveCompanySync,
  updateRegistration,
} from './repository.ts';

export const REGISTRATION_QUEUE = 'crm-registration';
export const COMPANY_SYNC_QUEUE = 'company-sync';
/** Price schedules in a new company's currency: thousands of assignments, so after completion, not in it. */
export const CURRENCY_SCHEDULES_QUEUE = 'company-currency-schedules';

/** Security profiles on the platform (the base one is ensured by the platform at every start). */
export const BUYER_BASE_PROFILE_ID = 'actuate-buyer-base';
export const PENDING_BUYER_PROFILE_ID = 'actuate-pending-buyer';
/** What a pending user may do: keep their profile, nothing else (as the demo world's pending user). */
const PENDING_PROFILE = {
  ID: PENDING_BUYER_PROFILE_ID,
  Name: 'Pending registration (profile only, no shopping)',
  Roles: ['MeAdmin', 'MeXpAdmin', 'PasswordReset'],
  CustomRoles: [],
};

export interface RegistrationJob {
  registrationId: string;
}

export interface CurrencySchedulesJob {
  buyerId: string;
  currency: string;
}

export interface CompanySyncJob {
  erpId: string;
}

export interface RegistrationInput {
  companyName: string;
  vatNumber: string;
  country: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
  password: string;
  locale: string;
  termsVersionApproved: number;
  privacyVersionApproved: number;
}

export interface CrmSettings {
  termsVersion: number;
  privacyVersion: number;
  /** Catalog a company created by a registration is assigned once complete (skipped when absent). */
  catalogId: string;
  /** Status checks of a pending registration before it waits for the callback alone. */
  maxChecks: number;
  /** First delay between checks, seconds (doubling, at most 300). */
  checkDelaySeconds: number;
}

/** The back office's registration (`GET /crm/registrations/{id}`). */
export interface BackofficeRegistration {
  id: string;
  status: 'Pending' | 'AwaitingApproval' | 'Complete' | 'Declined' | 'Expired';
  expiresAt?: string | null;
  declineReason?: string | null;
  crmAccountId: string;
  crmContactId: string;
  customerErpId: string | null;
  contactErpId: string | null;
  salesCompanyId: string | null;
  customer: {
    currency: string;
    countryCode2: string;
    countryCode3: string;
    locale: string;
    taxGroup: string;
    invoiceEmail: string;
    vatNumber: string;
    creditHold: boolean;
  } | null;
}

interface ErpCustomer {
  erpId: string;
  name: string;
  salesCompanyId: string;
  crmAccountId: string | null;
  currency: string;
  countryCode2: string;
  countryCode3: string;
  locale: string;
  taxGroup: string;
  invoiceEmail: string;
  vatNumber: string;
  creditHold: boolean;
}

export type RegistrationStatus =
  | 'Pending'
  | 'AwaitingApproval'
  | 'Complete'
  | 'Failed'
  | 'Declined'
  | 'Expired';

export interface RegistrationView {
  ID: string;
  Status: RegistrationStatus;
  Email: string;
  CompanyName: string;
  VatNumber: string;
  Country: string;
  Locale: string;
  BuyerID: string;
  UserID: string;
  /** True when the registration joined a company the platform already had (same VAT number). */
  CompanyMatched: boolean;
  /** The registration in the back office's CRM (`GET /crm/registrations/{id}` there). */
  BackofficeRegistrationID: string | null;
  CrmAccountId: string | null;
  CrmContactId: string | null;
  CustomerErpId: string | null;
  ContactErpId: string | null;
  SalesCompanyId: string | null;
  /** Why it failed (Failed) or was declined (Declined). */
  Message: string | null;
  /** A join request's deadline for the approval (null when it joined no existing company). */
  ExpiresAt: string | null;
  DateCreated: string;
  DateCompleted: string | null;
}

/** VAT numbers compared without spaces, dots and hyphens, upper case ("dk 43 12 87 90" = "DK43128790"). */
export const normaliseVatNumber = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

export function registrationView(row: RegistrationRow): RegistrationView {
  return {
    ID: row.id,
    Status: row.state as RegistrationView['Status'],
    Email: row.email,
    CompanyName: row.companyName,
    VatNumber: row.vatNumber,
    Country: row.countryCode2,
    Locale: row.locale,
    BuyerID: row.buyerId,
    UserID: row.userId,
    CompanyMatched: !row.buyerCreated,
    BackofficeRegistrationID: row.backofficeRegistrationId,
    CrmAccountId: row.crmAccountId,
    CrmContactId: row.crmContactId,
    CustomerErpId: row.customerErpId,
    ContactErpId: row.contactErpId,
    SalesCompanyId: row.salesCompanyId,
    Message: row.state === 'Failed' ? row.lastError : row.state === 'Declined' ? row.declineReason : null,
    ExpiresAt: row.expiresAt?.toISOString() ?? null,
    DateCreated: row.createdAt.toISOString(),
    DateCompleted: row.completedAt?.toISOString() ?? null,
  };
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const slug = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40) || 'company';

export class CrmService {
  readonly joinRequests: JoinRequestService;

  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly settings: CrmSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.joinRequests = new JoinRequestService(this, db, platform, backoffice, log);
  }

  // --- registration intake (the storefront) -----------------------------------------------------

  async register(context: RequestContext, input: RegistrationInput): Promise<RegistrationView> {
    const email = input.email.trim().toLowerCase();
    const vatNumber = normaliseVatNumber(input.vatNumber);
    const country = input.country;
    if (input.termsVersionApproved !== this.settings.termsVersion) {
      throw unprocessable(
        'terms-not-current',
        `Accept the current terms (version ${this.settings.termsVersion}).`,
        { field: 'termsVersionApproved', current: this.settings.termsVersion },
      );
    }
    if (input.privacyVersionApproved !== this.settings.privacyVersion) {
      throw unprocessable(
        'privacy-not-current',
        `Accept the current privacy policy (version ${this.settings.privacyVersion}).`,
        { field: 'privacyVersionApproved', current: this.settings.privacyVersion },
      );
    }
    const salesCompany = SALES_COMPANIES.find((company) => company.servedCountries.includes(country));
    if (!salesCompany) {
      throw unprocessable('country-not-served', `We do not sell to ${country} yet.`, {
        field: 'country',
        served: SALES_COMPANIES.flatMap((company) => company.servedCountries),
      });
    }
    if (!vatNumber.startsWith(country)) {
      throw unprocessable(
        'vat-country-mismatch',
        `The VAT number ${vatNumber} is not one of ${country} (it should start with ${country}).`,
        { field: 'vatNumber' },
      );
    }
    const previous = await findRegistrationByEmail(this.db, email);
    if (previous && previous.state !== 'Declined' && previous.state !== 'Expired') {
      throw conflict('already-registered', `A registration for ${email} exists already.`, { field: 'email' });
    }

    const id = randomUUID();
    const userId = `reg-${hex(6)}`;
    const azureObjectId = randomUUID();
    // Match-or-create of the company runs under a lock on its VAT number (every instance, released at
    // commit or rollback), so a second registration of the same new company arriving together waits
    // and then finds the first's pending company instead of creating a second buyer. The lock spans
    // the platform calls up to the registration row that lets the next one find the company;
    // registrations are rare and rate-limited, so holding a transaction that long is acceptable.
    const row = await this.db.transaction(async (tx) => {
      // A declined or expired join request (its user is gone) does not keep the e-mail address.
      if (previous) await deleteClosedRegistration(tx, previous.id);
      await lockCompany(tx, vatNumber);
      const company = await this.matchOrCreateCompany(tx, vatNumber, input.companyName);
      const { buyerId } = company;
      // A VAT number is public: joining a company the platform has gives nothing until approved, so
      // the user is created inactive (no token) and without a profile.
      const joining = !company.buyerCreated;
      const created = await this.platform.send('POST', `/v1/buyers/${encodeURIComponent(buyerId)}/users`, {
        ID: userId,
        Username: email,
        Password: input.password,
        FirstName: input.firstName,
        LastName: input.lastName,
        Email: email,
        ...(input.phone ? { Phone: input.phone } : {}),
        Active: !joining,
        Locale: { Currency: salesCompany.currency, Language: input.locale },
        xp: {
          Kind: 'Pending',
          CompanyName: input.companyName,
          VatNumber: vatNumber,
          Country: country,
          AzureObjectId: azureObjectId,
          TermsVersionApproved: input.termsVersionApproved,
          PrivacyVersionApproved: input.privacyVersionApproved,
          RegistrationID: id,
          Locale: input.locale,
        },
      });
      if (created.status !== 201) {
        // Nobody else can have joined the buyer: they wait for the lock we hold.
        if (company.buyerCreated) {
          await this.platform.send('DELETE', `/v1/buyers/${encodeURIComponent(buyerId)}`);
        }
        if (created.status === 409) {
          throw conflict('email-taken', `There is an account with the e-mail ${email} already.`, {
            field: 'email',
          });
        }
        if (created.status >= 400 && created.status < 500) {
          throw unprocessable('platform-refused', 'The platform refused the user.', {
            platform: created.body,
          });
        }
        throw new UpstreamError('platform', `platform answered ${created.status} creating the user`);
      }
      if (!joining) await this.assignProfile(PENDING_BUYER_PROFILE_ID, buyerId, userId, PENDING_PROFILE);

      const inserted = await insertRegistration(tx, {
        id,
        state: joining ? 'AwaitingApproval' : 'Pending',
        expiresAt: joining ? joinRequestDeadline(context.now) : null,
        email,
        vatNumber,
        companyName: input.companyName,
        countryCode2: country,
        locale: input.locale,
        request: { ...input, password: undefined, email, vatNumber },
        buyerId,
        buyerCreated: company.buyerCreated,
        userId,
        azureObjectId,
      });
      if (!inserted) throw conflict('already-registered', `A registration for ${email} exists already.`);
      await this.jobs().enqueue(tx, REGISTRATION_QUEUE, { registrationId: id } satisfies RegistrationJob);
      return inserted;
    });
    context.log.info(
      { registrationId: id, buyerId: row.buyerId, userId, buyerCreated: row.buyerCreated },
      'registration received',
    );
    return registrationView(row);
  }

  async registration(context: RequestContext, id: string): Promise<RegistrationView> {
    const row = await findRegistration(this.db, id);
    if (!row) throw notFound('registration-not-found', `No registration ${id}.`);
    if (row.state === 'AwaitingApproval' && row.expiresAt && row.expiresAt <= context.now) {
      return registrationView(await this.joinRequests.expire(context, id));
    }
    return registrationView(row);
  }

  /** The registration of the user behind a buyer's platform token. */
  async registrationOfToken(
    _context: RequestContext,
    token: string,
  ): Promise<RegistrationView | 'unauthorized'> {
    const me = await this.platform.getMe(token);
    if (!me) return 'unauthorized';
    const row = await findRegistrationByUser(this.db, me.ID);
    if (!row) throw notFound('registration-not-found', 'You did not register through the storefront.');
    return registrationView(row);
  }

  /** Operator: run a failed (or stuck) registration again. */
  async retry(context: RequestContext, id: string): Promise<RegistrationView> {
    const row = await this.db.transaction(async (tx) => {
      const current = await findRegistration(tx, id);
      if (!current) throw notFound('registration-not-found', `No registration ${id}.`);
      if (current.state === 'Complete') return current;
      // A join request runs again only as a join request, and never once decided.
      if (current.state === 'Declined' || current.state === 'Expired') {
        throw conflict('join-request-closed', `Registration ${id} is a ${current.state} join request.`);
      }
      const state = current.expiresAt ? 'AwaitingApproval' : 'Pending';
      await updateRegistration(tx, id, { state, lastError: null, checks: 0 });
      await this.jobs().enqueue(tx, REGISTRATION_QUEUE, { registrationId: id } satisfies RegistrationJob);
      return { ...current, state, lastError: null };
    });
    context.log.info({ registrationId: id }, 'registration retried');
    return registrationView(row);
  }

  // --- the registration job ---------------------------------------------------------------------

  /**
   * Idempotent: registers company and contact in the CRM once (the back office id is stored), then,
   * when the ERP has completed the registration, writes the platform. A transient failure throws (the
   * job is retried with back-off); a refusal of the CRM marks the registration Failed.
   */
  async handleRegistrationJob(job: RegistrationJob): Promise<void> {
    const row = await findRegistration(this.db, job.registrationId);
    if (row?.state === 'AwaitingApproval') return this.joinRequests.handleJob(row.id);
    if (row?.state !== 'Pending') return;
    let registration: BackofficeRegistration;
    if (!row.backofficeRegistrationId) {
      const intake = await this.crmIntake(this.db, row);
      if (!intake) return;
      registration = intake;
    } else {
      const response = await this.backoffice.call<BackofficeRegistration>(
        'GET',
        `/crm/registrations/${encodeURIComponent(row.backofficeRegistrationId)}`,
      );
      if (response.status !== 200) {
        throw new Error(
          `back office registration ${row.backofficeRegistrationId}: ${problemDetail(response)}`,
        );
      }
      registration = response.body;
    }
    if (registration.status === 'AwaitingApproval') {
      // The CRM matched a company with an ERP customer the platform did not know by this VAT number.
      await this.joinRequests.awaitApproval(row, registration);
      return;
    }
    if (registration.status === 'Complete') {
      await this.completeOnPlatform(this.db, row, registration);
      return;
    }
    // Not complete yet: the callback will wake us; look again later in case it is lost.
    const checks = await countCheck(this.db, row.id);
    if (checks <= this.settings.maxChecks) {
      const delay = Math.min(this.settings.checkDelaySeconds * 2 ** (checks - 1), 300);
      await this.jobs().enqueue(
        this.db,
        REGISTRATION_QUEUE,
        { registrationId: row.id },
        { startAfter: delay },
      );
    }
  }

  /**
   * Registers company and contact in the CRM (once: the back office id is stored); undefined when the
   * CRM refused it (the registration is then Failed).
   */
  async crmIntake(executor: Executor, row: RegistrationRow): Promise<BackofficeRegistration | undefined> {
    const request = row.request as RegistrationInput;
    const response = await this.backoffice.call<BackofficeRegistration>('POST', '/crm/registrations', {
      webShopCompanyId: row.buyerId,
      webShopUserId: row.userId,
      company: { name: row.companyName, vatNumber: row.vatNumber, countryCode2: row.countryCode2 },
      contact: {
        email: row.email,
        firstName: request.firstName,
        lastName: request.lastName,
        ...(request.phone ? { phone: request.phone } : {}),
      },
      ...(row.expiresAt ? { joinRequest: true, expiresAt: row.expiresAt.toISOString() } : {}),
    });
    if (response.status !== 202 && response.status !== 200) {
      await updateRegistration(executor, row.id, {
        state: 'Failed',
        lastError: `The CRM refused the registration: ${problemDetail(response)}`,
      });
      this.log.warn({ registrationId: row.id, status: response.status }, 'CRM refused the registration');
      return undefined;
    }
    const registration = response.body;
    await updateRegistration(executor, row.id, {
      backofficeRegistrationId: registration.id,
      crmAccountId: registration.crmAccountId,
      crmContactId: registration.crmContactId,
    });
    return registration;
  }

  /**
   * The user becomes complete (and active: a join request's user was not), the company gets its
   * extension and the user the buyer profile. `decidedBy` records who approved a join request.
   */
  async completeOnPlatform(
    executor: Executor,
    row: RegistrationRow,
    registration: BackofficeRegistration,
    decidedBy?: string,
  ): Promise<void> {
    const { customer, customerErpId, contactErpId, salesCompanyId } = registration;
    if (!customer || !customerErpId || !contactErpId || !salesCompanyId) {
      throw new Error(`back office registration ${registration.id} is complete without ERP ids`);
    }
    const buyerPath = `/v1/buyers/${encodeURIComponent(row.buyerId)}`;
    // A company a registration created (this one, or another of the same company that may have failed)
    // gets its catalog and prices here; a company the platform had already has them.
    const createdByRegistration =
      row.buyerCreated || (await findPendingCompany(executor, row.vatNumber))?.buyerId === row.buyerId;
    const catalog = createdByRegistration
      ? await this.platform.send('GET', `/v1/catalogs/${this.settings.catalogId}`)
      : undefined;
    await this.platform.expect('PATCH', buyerPath, {
      ...(catalog?.status === 200 ? { DefaultCatalogID: this.settings.catalogId } : {}),
      xp: {
        CrmId: registration.crmAccountId,
        ErpId: customerErpId,
        SalesCompanyId: salesCompanyId,
        ...companyExtension(customer),
      },
    });
    if (catalog?.status === 200) {
      await this.platform.expect('POST', '/v1/catalogs/assignments', {
        CatalogID: this.settings.catalogId,
        BuyerID: row.buyerId,
        ViewAllCategories: true,
        ViewAllProducts: true,
      });
    }
    if (createdByRegistration) {
      await this.jobs().enqueue(executor, CURRENCY_SCHEDULES_QUEUE, {
        buyerId: row.buyerId,
        currency: customer.currency,
      } satisfies CurrencySchedulesJob);
    }
    const request = row.request as RegistrationInput;
    await this.platform.expect('PATCH', `${buyerPath}/users/${encodeURIComponent(row.userId)}`, {
      Active: true,
      xp: {
        Kind: 'Complete',
        AzureObjectId: row.azureObjectId,
        CrmId: registration.crmContactId,
        ErpId: contactErpId,
        SalesCompanyId: salesCompanyId,
        TermsVersionApproved: request.termsVersionApproved,
        PrivacyVersionApproved: request.privacyVersionApproved,
      },
    });
    await this.assignProfile(BUYER_BASE_PROFILE_ID, row.buyerId, row.userId);
    const removed = await this.platform.send(
      'DELETE',
      `/v1/securityprofiles/${PENDING_BUYER_PROFILE_ID}/assignments?buyerID=${encodeURIComponent(row.buyerId)}&userID=${encodeURIComponent(row.userId)}`,
    );
    if (removed.status >= 300 && removed.status !== 404) {
      this.log.warn({ status: removed.status, userId: row.userId }, 'pending profile not removed');
    }
    await updateRegistration(executor, row.id, {
      state: 'Complete',
      ...(decidedBy ? { decidedBy } : {}),
      crmAccountId: registration.crmAccountId,
      crmContactId: registration.crmContactId,
      customerErpId,
      contactErpId,
      salesCompanyId,
      lastError: null,
      completedAt: new Date(),
    });
    this.log.info({ registrationId: row.id, customerErpId, contactErpId }, 'registration complete');
  }

  /**
   * Prices in the company's currency, assigned as the demo world assigns its buyers: a product whose
   * default schedule is in another currency gets the schedule `<ProductID>-<Currency>` for this buyer
   * (the platform prices a line only from a schedule in the order's currency). The platform has no
   * default schedule per currency nor a bulk assignment, so it is one assignment per product; the ones
   * already there are skipped, so a retried job only finishes the rest. The job runs after the
   * registration is complete (the demo world's 5,000 items take a minute or two): until it is done, a
   * line of a product without a schedule in the company's currency is refused by the platform.
   */
  async assignCurrencySchedules({ buyerId, currency }: CurrencySchedulesJob): Promise<void> {
    const schedules = new Set(
      (await this.platform.listAll<{ ID: string }>('/v1/priceschedules', { Currency: currency })).map(
        (schedule) => schedule.ID,
      ),
    );
    if (schedules.size === 0) return;
    const products = await this.platform.listAll<{ ID: string; DefaultPriceScheduleID: string | null }>(
      '/v1/products',
    );
    const assigned = new Map(
      (
        await this.platform.listAll<{
          ProductID: string;
          UserGroupID: string | null;
          PriceScheduleID: string | null;
        }>('/v1/products/assignments', { buyerID: buyerId })
      )
        .filter((assignment) => !assignment.UserGroupID)
        .map((assignment) => [assignment.ProductID, assignment.PriceScheduleID]),
    );
    const missing = products.flatMap((product) => {
      if (!product.DefaultPriceScheduleID || schedules.has(product.DefaultPriceScheduleID)) return [];
      const scheduleId = `${product.ID}-${currency}`;
      if (!schedules.has(scheduleId) || assigned.get(product.ID) === scheduleId) return [];
      return [{ ProductID: product.ID, BuyerID: buyerId, PriceScheduleID: scheduleId }];
    });
    // A few at a time: the platform takes them one by one anyway.
    const parallel = 4;
    for (let start = 0; start < missing.length; start += parallel) {
      await Promise.all(
        missing
          .slice(start, start + parallel)
          .map((assignment) => this.platform.expect('POST', '/v1/products/assignments', assignment)),
      );
    }
    this.log.info({ buyerId, currency, assigned: missing.length }, 'currency price schedules assigned');
  }

  /** Assigns a profile to the user (creating the profile first when the platform lacks it). */
  private async assignProfile(
    profileId: string,
    buyerId: string,
    userId: string,
    profile?: typeof PENDING_PROFILE,
  ): Promise<void> {
    if (profile) {
      const found = await this.platform.send('GET', `/v1/securityprofiles/${profileId}`);
      if (found.status === 404) {
        const made = await this.platform.send('POST', '/v1/securityprofiles', profile);
        if (made.status !== 201 && made.status !== 409) {
          throw new UpstreamError('platform', `platform refused the profile ${profileId} (${made.status})`);
        }
      }
    }
    await this.platform.expect('POST', '/v1/securityprofiles/assignments', {
      SecurityProfileID: profileId,
      BuyerID: buyerId,
      UserID: userId,
    });
  }

  /**
   * The company of a registration (under the caller's lock on the VAT number): the platform's buyer
   * with this VAT number, else the one a pending registration created, else a new buyer.
   */
  private async matchOrCreateCompany(
    tx: Transaction,
    vatNumber: string,
    companyName: string,
  ): Promise<{ buyerId: string; buyerCreated: boolean }> {
    const existing = await this.buyerByVatNumber(vatNumber);
    if (existing) return { buyerId: existing, buyerCreated: false };
    const pending = await findPendingCompany(tx, vatNumber);
    if (pending) return { buyerId: pending.buyerId, buyerCreated: false };
    const buyerId = `${slug(companyName)}-${hex(3)}`;
    await this.platform.expect('POST', '/v1/buyers', { ID: buyerId, Name: companyName, Active: true });
    return { buyerId, buyerCreated: true };
  }

  private async buyerByVatNumber(vatNumber: string): Promise<string | undefined> {
    const page = await this.platform.expect<{ Items: { ID: string }[] }>(
      'GET',
      `/v1/buyers?${new URLSearchParams({ 'xp.VatNumber': vatNumber, pageSize: '1' })}`,
    );
    return page.Items[0]?.ID;
  }

  // --- callbacks and company sync ---------------------------------------------------------------

  /** A verified ERP callback (in the transaction that records it): wake the job that acts on it. */
  async onCallback(tx: Transaction, body: ErpCallbackBody): Promise<void> {
    if (body.type === 'registration.completed' || body.type === 'registration.declined') {
      const backofficeId = typeof body.data.id === 'string' ? body.data.id : null;
      const row = backofficeId ? await findRegistrationByBackofficeId(tx, backofficeId) : undefined;
      if (row && (row.state === 'Pending' || row.state === 'AwaitingApproval')) {
        await this.jobs().enqueue(tx, REGISTRATION_QUEUE, {
          registrationId: row.id,
        } satisfies RegistrationJob);
      }
    } else if (body.type === 'customer.updated') {
      const customer = body.data.customer as { erpId?: unknown } | undefined;
      if (typeof customer?.erpId === 'string') {
        await this.jobs().enqueue(tx, COMPANY_SYNC_QUEUE, { erpId: customer.erpId } satisfies CompanySyncJob);
      }
    }
  }

  /**
   * Copies the ERP customer as it is now onto every platform buyer with its ERP id (idempotent, and
   * order-safe: it reads the current state, not the event's).
   */
  async syncCompany(erpId: string): Promise<CompanySyncRow> {
    const response = await this.backoffice.call<ErpCustomer>(
      'GET',
      `/erp/customers/${encodeURIComponent(erpId)}`,
    );
    if (response.status === 404) {
      await saveCompanySync(this.db, {
        erpId,
        buyerIds: [],
        xp: null,
        state: 'UnknownCustomer',
        lastError: null,
      });
      return (await findCompanySync(this.db, erpId)) as CompanySyncRow;
    }
    if (response.status !== 200) throw new Error(`back office customer ${erpId}: ${problemDetail(response)}`);
    const customer = response.body;
    const page = await this.platform.expect<{ Items: { ID: string }[] }>(
      'GET',
      `/v1/buyers?${new URLSearchParams({ 'xp.ErpId': erpId, pageSize: '100' })}`,
    );
    const xp = {
      ErpId: customer.erpId,
      SalesCompanyId: customer.salesCompanyId,
      ...companyExtension(customer),
    };
    for (const buyer of page.Items) {
      await this.platform.expect('PATCH', `/v1/buyers/${encodeURIComponent(buyer.ID)}`, { xp });
    }
    await saveCompanySync(this.db, {
      erpId,
      buyerIds: page.Items.map((buyer) => buyer.ID),
      xp,
      state: page.Items.length > 0 ? 'Synced' : 'NoBuyer',
      lastError: null,
    });
    this.log.info({ erpId, buyers: page.Items.length, creditHold: customer.creditHold }, 'company synced');
    return (await findCompanySync(this.db, erpId)) as CompanySyncRow;
  }

  /** Operator: sync one platform buyer from the ERP now. */
  async syncBuyer(_context: RequestContext, buyerId: string): Promise<CompanySyncRow> {
    const buyer = await this.platform.getBuyer(buyerId);
    if (!buyer) throw notFound('buyer-not-found', `No buyer ${buyerId} on the platform.`);
    const erpId = buyer.xp?.ErpId;
    if (!erpId) throw unprocessable('no-erp-id', `Buyer ${buyerId} has no ERP id yet.`);
    return this.syncCompany(erpId);
  }

  async companySync(_context: RequestContext, erpId: string): Promise<CompanySyncRow> {
    const row = await findCompanySync(this.db, erpId);
    if (!row) throw notFound('no-company-sync', `Customer ${erpId} was never synced.`);
    return row;
  }
}

/** The ERP customer's part of the buyer extension (spec §3 Buyer company). */
function companyExtension(
  customer: NonNullable<BackofficeRegistration['customer']>,
): Record<string, unknown> {
  return {
    CreditHold: customer.creditHold,
    Currency: customer.currency,
    CountryCode2: customer.countryCode2,
    CountryCode3: customer.countryCode3,
    Locale: customer.locale,
    TaxGroup: customer.taxGroup,
    InvoiceEmail: customer.invoiceEmail,
    VatNumber: customer.vatNumber,
  };
}
