/**
 * CRM synchronisation: the storefront's registrations, from intake to a complete platform account
 * (see apps/middleware/README.md for the whole flow).
 *
 * A registration creates the platform user at once (pending, so the password goes straight to the
 * platform and never into a table or a job) in the company matched by VAT number, or a new company;
 * then, in the transaction that records it, a job (outbox) registers company and contact in the back
 * office's CRM (`crm-intake.ts`) and, once the ERP has created the customer and contact, makes the
 * user complete and writes the company extension (`platform-accounts.ts`). The back office's
 * `registration.completed` callback wakes that job; a delayed re-check covers a lost callback.
 * `customer.updated` callbacks are copied onto the platform buyers by another job (`company-sync.ts`).
 *
 * A registration into a company the platform has already (same VAT number) is a join request: the
 * user is created inactive and nothing grants access until the company's administrator or the CRM
 * operator approves it (`join-requests.ts`). A colleague a buyer administrator invited becomes
 * complete when they first accept the terms (`invited-colleagues.ts`).
 */
import { randomUUID } from 'node:crypto';
import {
  conflict,
  type Database,
  type Jobs,
  notFound,
  type RequestContext,
  type Transaction,
  unprocessable,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BackofficeClient, BackofficeRegistration } from '../../clients/backoffice-client.ts';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { ErpCallbackBody } from '../erp/service.ts';
import { CompanySync } from './company-sync.ts';
import { CrmIntake } from './crm-intake.ts';
import { InvitedColleagues } from './invited-colleagues.ts';
import { JoinRequestService, joinRequestDeadline } from './join-requests.ts';
import { hex, PENDING_BUYER_PROFILE_ID, PENDING_PROFILE, PlatformAccounts } from './platform-accounts.ts';
import {
  COMPANY_SYNC_QUEUE,
  type CompanySyncJob,
  type CrmSettings,
  type CurrencySchedulesJob,
  normaliseVatNumber,
  REGISTRATION_QUEUE,
  RegistrationEvents,
  type RegistrationInput,
  type RegistrationJob,
  type RegistrationListener,
  type RegistrationView,
  registrationView,
} from './registration-model.ts';
import {
  type CompanySyncRow,
  countCheck,
  deleteClosedRegistration,
  findRegistration,
  findRegistrationByBackofficeId,
  findRegistrationByEmail,
  findRegistrationByUser,
  insertRegistration,
  lockCompany,
  updateRegistration,
} from './repository.ts';

export class CrmService {
  readonly joinRequests: JoinRequestService;
  readonly colleagues: InvitedColleagues;
  private readonly accounts: PlatformAccounts;
  private readonly intake: CrmIntake;
  private readonly companies: CompanySync;
  private readonly events = new RegistrationEvents();

  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly settings: CrmSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.accounts = new PlatformAccounts(platform, jobs, settings, this.events, log);
    this.intake = new CrmIntake(backoffice, log);
    this.companies = new CompanySync(db, jobs, platform, backoffice, log);
    this.colleagues = new InvitedColleagues(platform, backoffice, settings);
    this.joinRequests = new JoinRequestService(
      db,
      platform,
      backoffice,
      this.accounts,
      this.intake,
      this.events,
      log,
    );
  }

  /** Work that follows a registration's events, in the write that caused them (e.g. its mails). */
  onRegistration(listener: RegistrationListener): void {
    this.events.add(listener);
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
    const salesCompanies = await this.backoffice.salesCompanies();
    const salesCompany = salesCompanies.find((company) => company.servedCountries.includes(country));
    if (!salesCompany) {
      throw unprocessable('country-not-served', `We do not sell to ${country} yet.`, {
        field: 'country',
        served: salesCompanies.flatMap((company) => company.servedCountries),
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
      const company = await this.accounts.matchOrCreateCompany(tx, vatNumber, input.companyName);
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
      if (!joining)
        await this.accounts.assignProfile(PENDING_BUYER_PROFILE_ID, buyerId, userId, PENDING_PROFILE);

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
      await this.events.emit(tx, id, 'received');
      if (joining) await this.events.emit(tx, id, 'join-requested');
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
      const intake = await this.intake.register(this.db, row);
      if (!intake) return;
      registration = intake;
    } else {
      const response = await this.backoffice.getRegistration(row.backofficeRegistrationId);
      if (!response.ok) {
        throw new Error(`back office registration ${row.backofficeRegistrationId}: ${response.error.detail}`);
      }
      registration = response.value;
    }
    if (registration.status === 'AwaitingApproval') {
      // The CRM matched a company with an ERP customer the platform did not know by this VAT number.
      await this.joinRequests.awaitApproval(row, registration);
      return;
    }
    if (registration.status === 'Complete') {
      await this.accounts.completeOnPlatform(this.db, row, registration);
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

  /** The job of a `customer.updated` callback. */
  syncCompany(erpId: string): Promise<CompanySyncRow> {
    return this.companies.syncCompany(erpId);
  }

  syncBuyer(context: RequestContext, buyerId: string): Promise<CompanySyncRow> {
    return this.companies.syncBuyer(context, buyerId);
  }

  companySync(context: RequestContext, erpId: string): Promise<CompanySyncRow> {
    return this.companies.companySync(context, erpId);
  }

  /** The job that gives a company a registration created its prices in its currency. */
  assignCurrencySchedules(job: CurrencySchedulesJob): Promise<void> {
    return this.accounts.assignCurrencySchedules(job);
  }
}
