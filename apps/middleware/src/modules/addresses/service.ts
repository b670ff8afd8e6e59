/**
 * Shop addresses kept in step with the ERP, both ways. An address a buyer adds or edits in the shop
 * (the platform's post-hook) is sent to the ERP by a job, which answers its ERP id; the integration
 * writes that id and the ERP's validity onto the platform address (fields only it may write) and
 * resumes the orders that waited for it. The ERP closing or reopening an address
 * (`delivery-address.changed`) reaches the platform address the same way.
 */
import type { Address } from '@actuate/contracts';
import type { Database, Jobs, RequestContext, Transaction } from '@actuate/service-kit';
import { unprocessable } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BackofficeClient, ErpDeliveryAddress } from '../../clients/backoffice-client.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { ErpCallbackBody, ErpService } from '../erp/service.ts';
import { type AddressSyncRow, findAddressSync, saveAddressSync } from './repository.ts';

export const ADDRESS_SYNC_QUEUE = 'address-sync';
export const ADDRESS_VALIDITY_QUEUE = 'address-validity';

export interface AddressSyncJob {
  buyerId: string;
  addressId: string;
}

export interface AddressValidityJob {
  erpAddressId: string;
}

/** The platform's post-hook payload, as far as this hook reads it. */
export interface AddressChangedEvent {
  RouteParams: { buyerID?: string | undefined; addressID?: string | undefined };
  UserToken?: string | null | undefined;
  Response?: { Body?: { ID?: string | undefined } | null | undefined } | undefined;
}

export type AddressChangedResult =
  | { outcome: 'accepted'; addressId: string }
  | { outcome: 'ignored'; reason: string };

/** The ERP extension of a platform address (`xp`), as the ERP answers the address. */
export const addressExtensionOf = (address: ErpDeliveryAddress) => ({
  ErpId: address.erpId,
  ValidFrom: address.validFrom,
  ValidTo: address.validTo,
  CountryCode2: address.countryCode2,
  CountryCode3: address.countryCode3,
});

export class AddressSyncService {
  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly erp: ErpService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The post-hook of a shop address write: the address's sync is queued (outbox). */
  async addressChanged(_context: RequestContext, event: AddressChangedEvent): Promise<AddressChangedResult> {
    const addressId = event.RouteParams.addressID ?? event.Response?.Body?.ID;
    if (!addressId) throw unprocessable('no-address', 'The event names no address.');
    let buyerId = event.RouteParams.buyerID;
    if (!buyerId && event.UserToken) buyerId = (await this.platform.getMe(event.UserToken))?.Buyer?.ID;
    if (!buyerId) return { outcome: 'ignored', reason: 'the address’s company is unknown' };
    await this.db.transaction((tx) => this.enqueue(tx, { buyerId, addressId }));
    return { outcome: 'accepted', addressId };
  }

  /** In the caller's transaction: the address will be sent to the ERP. */
  async enqueue(tx: Transaction, job: AddressSyncJob): Promise<void> {
    await saveAddressSync(tx, { ...job, state: 'Pending' });
    await this.jobs().enqueue(tx, ADDRESS_SYNC_QUEUE, job);
  }

  /**
   * The job: the platform address as it is now goes to the ERP (idempotent by the shop's address id
   * there) and then, with its ERP id, to the CRM account; the ERP id and validity come back onto it, and
   * waiting orders are submitted again.
   */
  async syncAddress(job: AddressSyncJob): Promise<AddressSyncRow | undefined> {
    const path = `/v1/buyers/${encodeURIComponent(job.buyerId)}/addresses/${encodeURIComponent(job.addressId)}`;
    const address = await this.platform.send<Address>('GET', path);
    if (address.status === 404) {
      await saveAddressSync(this.db, { ...job, state: 'Gone' });
      return findAddressSync(this.db, job.addressId);
    }
    if (address.status !== 200) throw new Error(`platform address ${job.addressId}: ${address.status}`);
    const buyer = await this.platform.getBuyer(job.buyerId);
    const customerErpId = buyer?.xp?.ErpId;
    if (!customerErpId) {
      await saveAddressSync(this.db, { ...job, state: 'NoCustomer' });
      return findAddressSync(this.db, job.addressId);
    }
    const sent = await this.backoffice.upsertShopAddress(customerErpId, job.addressId, address.body);
    if (!sent.ok) throw new Error(`ERP refused address ${job.addressId}: ${sent.error.detail}`);
    await this.sendToCrm(customerErpId, job.addressId, address.body, sent.value.erpId);
    const patched = await this.platform.send('PATCH', path, { xp: addressExtensionOf(sent.value) });
    if (patched.status !== 200) throw new Error(`platform address ${job.addressId}: ${patched.status}`);
    await this.db.transaction(async (tx) => {
      await saveAddressSync(tx, { ...job, state: 'Synced', erpId: sent.value.erpId });
      await this.erp.resumeAwaitingAddress(tx, job.addressId);
    });
    this.log.info({ addressId: job.addressId, erpId: sent.value.erpId }, 'shop address synced to the ERP');
    return findAddressSync(this.db, job.addressId);
  }

  /** The CRM keeps the company's shop addresses too, on its account of the ERP customer (if it has one). */
  private async sendToCrm(
    customerErpId: string,
    addressId: string,
    address: Address,
    erpAddressId: string,
  ): Promise<void> {
    const accounts = await this.backoffice.crmAccountsOf(customerErpId);
    if (!accounts.ok) throw new Error(`CRM accounts of ${customerErpId}: ${accounts.error.detail}`);
    for (const account of accounts.value) {
      const sent = await this.backoffice.upsertCrmAddress(account.crmId, addressId, address, erpAddressId);
      if (!sent.ok) throw new Error(`CRM refused address ${addressId}: ${sent.error.detail}`);
    }
  }

  /** A verified ERP callback, in the transaction that records it. */
  async onCallback(tx: Transaction, body: ErpCallbackBody): Promise<void> {
    if (body.type !== 'delivery-address.changed') return;
    const address = body.data.address as { erpId?: unknown } | undefined;
    if (typeof address?.erpId !== 'string') return;
    await this.jobs().enqueue(tx, ADDRESS_VALIDITY_QUEUE, {
      erpAddressId: address.erpId,
    } satisfies AddressValidityJob);
  }

  /**
   * The job: the ERP address as it is now (order-safe) onto the shop address of every buyer with its
   * customer's ERP id. Addresses the shop never sent have no shop id and nothing to update.
   */
  async syncValidity(job: AddressValidityJob): Promise<number> {
    const response = await this.backoffice.getDeliveryAddress(job.erpAddressId);
    if (!response.ok && response.error.status === 404) return 0;
    if (!response.ok) throw new Error(`ERP address ${job.erpAddressId}: ${response.error.detail}`);
    const address = response.value;
    if (!address.webShopAddressId) return 0;
    const buyers = await this.platform.expect<{ Items: { ID: string }[] }>(
      'GET',
      `/v1/buyers?${new URLSearchParams({ 'xp.ErpId': address.customerErpId, pageSize: '100' })}`,
    );
    let updated = 0;
    for (const buyer of buyers.Items) {
      const path = `/v1/buyers/${encodeURIComponent(buyer.ID)}/addresses/${encodeURIComponent(address.webShopAddressId)}`;
      const patched = await this.platform.send('PATCH', path, { xp: addressExtensionOf(address) });
      if (patched.status === 200) updated++;
      else if (patched.status !== 404) throw new Error(`platform address ${path}: ${patched.status}`);
    }
    this.log.info({ erpId: address.erpId, validTo: address.validTo, updated }, 'address validity synced');
    return updated;
  }
}
