/**
 * Delivery addresses the web shop sends (by its own address id) and the ERP's validity of each: the
 * shop's address becomes an ERP address with an ERP id, and closing or reopening one
 * (`validTo`) is told to the subscriber (`delivery-address.changed`), so the shop's address follows.
 */
import { type Database, notFound, type RequestContext } from '@actuate/service-kit';
import type { CallbackService } from '../callbacks/service.ts';
import { numbering } from '../numbering/service.ts';
import type { DeliveryAddressValidityRequest, ShopDeliveryAddressRequest } from './models.ts';
import * as repository from './repository.ts';
import { addressFields, addressView } from './service.ts';

export class DeliveryAddressService {
  constructor(
    private readonly db: Database,
    private readonly callbacks: CallbackService,
  ) {}

  /**
   * Creates or updates the customer's address for the shop's address id (idempotent: the same
   * request again changes nothing and answers the same ERP id). An edit keeps the ERP id and validity.
   */
  async upsertShopAddress(
    context: RequestContext,
    customerErpId: string,
    webShopAddressId: string,
    input: ShopDeliveryAddressRequest,
  ) {
    return this.db.transaction(async (tx) => {
      const customer = await repository.findCustomer(tx, customerErpId);
      if (!customer) throw notFound('customer-not-found', `The ERP has no customer ${customerErpId}.`);
      const fields = addressFields(input);
      const existing = (await repository.addressesOf(tx, customerErpId)).find(
        (address) => address.webShopAddressId === webShopAddressId,
      );
      if (existing) {
        const updated = await repository.updateAddress(tx, existing.erpId, fields);
        context.log.info(
          { erpId: existing.erpId, customerErpId },
          'ERP delivery address updated from the shop',
        );
        return { created: false, address: addressView(updated ?? existing) };
      }
      const inserted = await repository.insertAddress(tx, {
        erpId: await numbering.address(tx, customer.salesCompanyId),
        customerErpId,
        webShopAddressId,
        ...fields,
        validFrom: context.now,
        validTo: null,
      });
      context.log.info(
        { erpId: inserted.erpId, customerErpId },
        'ERP delivery address created from the shop',
      );
      return { created: true, address: addressView(inserted) };
    });
  }

  async getAddress(_context: RequestContext, erpId: string) {
    const address = await repository.findAddress(this.db, erpId);
    if (!address) throw notFound('address-not-found', `The ERP has no delivery address ${erpId}.`);
    return addressView(address);
  }

  /** Closes (validTo) or reopens (null) an address and tells the subscriber. */
  async changeValidity(context: RequestContext, erpId: string, input: DeliveryAddressValidityRequest) {
    return this.db.transaction(async (tx) => {
      const updated = await repository.updateAddress(tx, erpId, {
        validTo: input.validTo === null ? null : new Date(input.validTo),
      });
      if (!updated) throw notFound('address-not-found', `The ERP has no delivery address ${erpId}.`);
      const subject = `delivery-address:${erpId}`;
      const view = addressView(updated);
      await this.callbacks.publish(tx, {
        type: 'delivery-address.changed',
        subject,
        sequence: await numbering.eventSequence(tx, subject),
        occurredAt: context.now,
        data: { address: view },
      });
      context.log.info({ erpId, validTo: view.validTo }, 'ERP delivery address validity changed');
      return view;
    });
  }
}
