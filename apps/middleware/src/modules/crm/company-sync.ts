/**
 * The company extension kept in step with the ERP: a `customer.updated` callback (credit hold,
 * invoice e-mail, tax group …) is copied onto every platform buyer with that ERP id. A change of
 * currency also re-assigns the buyer's price schedules (the currency-schedules job).
 */
import { type Database, type Jobs, notFound, type RequestContext, unprocessable } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BackofficeClient } from '../../clients/backoffice-client.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import { companyExtension } from './platform-accounts.ts';
import { CURRENCY_SCHEDULES_QUEUE, type CurrencySchedulesJob } from './registration-model.ts';
import { type CompanySyncRow, findCompanySync, saveCompanySync } from './repository.ts';

export class CompanySync {
  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Copies the ERP customer as it is now onto every platform buyer with its ERP id (idempotent, and
   * order-safe: it reads the current state, not the event's).
   */
  async syncCompany(erpId: string): Promise<CompanySyncRow> {
    const response = await this.backoffice.getCustomer(erpId);
    if (!response.ok && response.error.status === 404) {
      await saveCompanySync(this.db, {
        erpId,
        buyerIds: [],
        xp: null,
        state: 'UnknownCustomer',
        lastError: null,
      });
      return (await findCompanySync(this.db, erpId)) as CompanySyncRow;
    }
    if (!response.ok) throw new Error(`back office customer ${erpId}: ${response.error.detail}`);
    const customer = response.value;
    const page = await this.platform.expect<{ Items: { ID: string; xp?: { Currency?: string } | null }[] }>(
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
      if (customer.currency && buyer.xp?.Currency !== customer.currency) {
        await this.jobs().enqueue(this.db, CURRENCY_SCHEDULES_QUEUE, {
          buyerId: buyer.ID,
          currency: customer.currency,
        } satisfies CurrencySchedulesJob);
      }
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
