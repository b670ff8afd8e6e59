/**
 * A registration's account on the platform: the company it joins or creates, the security profiles
 * of its user, and, once the ERP has the customer and contact, the complete user, the company
 * extension, its catalog and its prices in the company's currency.
 */
import { randomBytes } from 'node:crypto';
import type { Executor, Jobs, Transaction } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BackofficeRegistration } from '../../clients/backoffice-client.ts';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import {
  type CrmSettings,
  CURRENCY_SCHEDULES_QUEUE,
  type CurrencySchedulesJob,
  type RegistrationEvents,
  type RegistrationInput,
} from './registration-model.ts';
import { findPendingCompany, type RegistrationRow, updateRegistration } from './repository.ts';

/** Security profiles on the platform (the base one is ensured by the platform at every start). */
export const BUYER_BASE_PROFILE_ID = 'actuate-buyer-base';
export const PENDING_BUYER_PROFILE_ID = 'actuate-pending-buyer';
/** What a pending user may do: keep their profile, nothing else (as the demo world's pending user). */
export const PENDING_PROFILE = {
  ID: PENDING_BUYER_PROFILE_ID,
  Name: 'Pending registration (profile only, no shopping)',
  Roles: ['MeAdmin', 'MeXpAdmin', 'PasswordReset'],
  CustomRoles: [],
};

export const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const slug = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40) || 'company';

export class PlatformAccounts {
  constructor(
    private readonly platform: PlatformClient,
    private readonly jobs: () => Jobs,
    private readonly settings: Pick<CrmSettings, 'catalogId'>,
    private readonly events: RegistrationEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

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
    await this.events.emit(executor, row.id, 'approved');
    this.log.info({ registrationId: row.id, customerErpId, contactErpId }, 'registration complete');
  }

  /**
   * Prices in the company's currency, assigned as the demo world assigns its buyers: a product whose
   * default schedule is in another currency gets the schedule `<ProductID>-<Currency>` for this buyer
   * (the platform prices a line only from a schedule in the order's currency). The platform has no
   * default schedule per currency nor a bulk assignment, so it is one assignment per product; the ones
   * already there are skipped, so a retried job only finishes the rest. After a change of currency
   * (CompanySync) the same job re-points what the earlier currency assigned. The job runs after the
   * registration is complete (the demo world's 5,000 items take a minute or two): until it is done, a
   * line of a product without a schedule in the company's currency is refused by the platform.
   */
  async assignCurrencySchedules({ buyerId, currency: requested }: CurrencySchedulesJob): Promise<void> {
    // The buyer's currency as it is now, not as it was when the job was queued: of two quick changes,
    // the job that runs last must not undo the newer one.
    const buyer = await this.platform.getBuyer(buyerId);
    const currency = buyer?.xp?.Currency ?? requested;
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
      if (!product.DefaultPriceScheduleID) return [];
      const current = assigned.get(product.ID);
      // The default schedule is in the company's currency: only an assignment left from an earlier
      // currency has to point back to it.
      const scheduleId = schedules.has(product.DefaultPriceScheduleID)
        ? current && current !== product.DefaultPriceScheduleID
          ? product.DefaultPriceScheduleID
          : undefined
        : `${product.ID}-${currency}`;
      if (!scheduleId || !schedules.has(scheduleId) || current === scheduleId) return [];
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
  async assignProfile(
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
  async matchOrCreateCompany(
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
}

/** The ERP customer's part of the buyer extension (`BuyerCompanyXp` in @actuate/contracts). */
export function companyExtension(
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
