import { conflict, type Database, type Executor, notFound, type RequestContext } from '@actuate/service-kit';
import { countryCode3Of, localeOf, normaliseVatNumber, taxGroupOf } from '../../shared/countries.ts';
import type { CallbackService } from '../callbacks/service.ts';
import { numbering } from '../numbering/service.ts';
import type {
  CreateContactRequest,
  CreateCustomerRequest,
  CreateDeliveryAddressRequest,
  ShopDeliveryAddressRequest,
  UpdateCustomerRequest,
} from './models.ts';
import type { ContactRow, CustomerRow, DeliveryAddressRow, SalesCompanyRow } from './repository.ts';
import * as repository from './repository.ts';

/** How the web shop names a delivery address: by ERP id, by its own address id, or by its fields. */
export interface DeliveryAddressReference {
  erpId?: string | null | undefined;
  webShopAddressId?: string | null | undefined;
  street1: string;
  city: string;
  zip: string;
  countryCode2: string;
}

const comparable = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** ERP master data: sales companies, customers, their contacts and delivery addresses. */
export class CustomerService {
  constructor(
    private readonly db: Database,
    private readonly callbacks: CallbackService,
  ) {}

  listSalesCompanies(_context: RequestContext) {
    return repository.listSalesCompanies(this.db).then((rows) => rows.map(salesCompanyView));
  }

  async salesCompany(db: Executor, id: string): Promise<SalesCompanyRow | undefined> {
    return repository.findSalesCompany(db, id);
  }

  /** The sales company serving a country (the first whose served countries include it). */
  async salesCompanyForCountry(db: Executor, countryCode2: string): Promise<SalesCompanyRow | undefined> {
    const companies = await repository.listSalesCompanies(db);
    return companies.find((company) => company.servedCountries.includes(countryCode2));
  }

  async getCustomer(_context: RequestContext, erpId: string) {
    const customer = await repository.findCustomer(this.db, erpId);
    if (!customer) throw notFound('customer-not-found', `The ERP has no customer ${erpId}.`);
    return this.detail(this.db, customer);
  }

  async searchCustomers(
    _context: RequestContext,
    filter: {
      vatNumber?: string | undefined;
      crmAccountId?: string | undefined;
      salesCompanyId?: string | undefined;
    },
  ) {
    const rows = await repository.searchCustomers(this.db, {
      ...filter,
      vatNumber: filter.vatNumber ? normaliseVatNumber(filter.vatNumber) : undefined,
    });
    return rows.map(customerView);
  }

  /** Creates an ERP customer (admin, or a registration's job inside its transaction). */
  async createCustomer(context: RequestContext, input: CreateCustomerRequest, tx: Executor = this.db) {
    const salesCompany = await repository.findSalesCompany(tx, input.salesCompanyId);
    if (!salesCompany) throw notFound('sales-company-not-found', `No sales company ${input.salesCompanyId}.`);
    if (input.erpId && (await repository.findCustomer(tx, input.erpId))) {
      throw conflict('customer-exists', `The ERP already has a customer ${input.erpId}.`, {
        erpId: input.erpId,
      });
    }
    const erpId = input.erpId ?? (await numbering.customer(tx, salesCompany.id));
    const customer = await repository.insertCustomer(tx, {
      erpId,
      name: input.name,
      salesCompanyId: salesCompany.id,
      crmAccountId: input.crmAccountId ?? null,
      currency: input.currency ?? salesCompany.currency,
      countryCode2: input.countryCode2,
      countryCode3: countryCode3Of(input.countryCode2, input.countryCode3),
      locale: input.locale ?? localeOf(input.countryCode2),
      taxGroup: input.taxGroup ?? taxGroupOf(input.countryCode2, salesCompany.countryCode2),
      invoiceEmail: input.invoiceEmail,
      vatNumber: normaliseVatNumber(input.vatNumber),
      creditHold: input.creditHold,
      paymentTermsDays: input.paymentTermsDays,
      createdAt: context.now,
      updatedAt: context.now,
    });
    context.log.info({ erpId }, 'ERP customer created');
    return this.detail(tx, customer);
  }

  /** Changes a customer and tells the subscriber (`customer.updated`), so the shop's company extension follows. */
  async updateCustomer(context: RequestContext, erpId: string, patch: UpdateCustomerRequest) {
    return this.db.transaction(async (tx) => {
      const updated = await repository.updateCustomer(tx, erpId, { ...patch, updatedAt: context.now });
      if (!updated) throw notFound('customer-not-found', `The ERP has no customer ${erpId}.`);
      const subject = `customer:${erpId}`;
      await this.callbacks.publish(tx, {
        type: 'customer.updated',
        subject,
        sequence: await numbering.eventSequence(tx, subject),
        occurredAt: context.now,
        data: { customer: customerView(updated), changed: Object.keys(patch) },
      });
      context.log.info({ erpId, changed: Object.keys(patch) }, 'ERP customer updated');
      return this.detail(tx, updated);
    });
  }

  async createContact(
    context: RequestContext,
    customerErpId: string,
    input: CreateContactRequest,
    tx: Executor = this.db,
  ) {
    const customer = await repository.findCustomer(tx, customerErpId);
    if (!customer) throw notFound('customer-not-found', `The ERP has no customer ${customerErpId}.`);
    if (input.erpId && (await repository.findContact(tx, input.erpId))) {
      throw conflict('contact-exists', `The ERP already has a contact ${input.erpId}.`, {
        erpId: input.erpId,
      });
    }
    const contact = await repository.insertContact(tx, {
      erpId: input.erpId ?? (await numbering.contact(tx, customer.salesCompanyId)),
      customerErpId,
      crmContactId: input.crmContactId ?? null,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email.toLowerCase(),
      phone: input.phone ?? null,
      createdAt: context.now,
    });
    context.log.info({ erpId: contact.erpId, customerErpId }, 'ERP contact created');
    return contactView(contact);
  }

  async getContact(_context: RequestContext, erpId: string) {
    const contact = await repository.findContact(this.db, erpId);
    if (!contact) throw notFound('contact-not-found', `The ERP has no contact ${erpId}.`);
    return contactView(contact);
  }

  async createDeliveryAddress(
    context: RequestContext,
    customerErpId: string,
    input: CreateDeliveryAddressRequest,
    tx: Executor = this.db,
  ) {
    const customer = await repository.findCustomer(tx, customerErpId);
    if (!customer) throw notFound('customer-not-found', `The ERP has no customer ${customerErpId}.`);
    if (input.webShopAddressId) {
      const existing = (await repository.addressesOf(tx, customerErpId)).find(
        (address) => address.webShopAddressId === input.webShopAddressId,
      );
      if (existing) {
        throw conflict(
          'address-exists',
          `Customer ${customerErpId} already has address ${existing.erpId} for it.`,
          {
            erpId: existing.erpId,
          },
        );
      }
    }
    if (input.erpId && (await repository.findAddress(tx, input.erpId))) {
      throw conflict('address-exists', `The ERP already has an address ${input.erpId}.`, {
        erpId: input.erpId,
      });
    }
    const address = await repository.insertAddress(tx, {
      erpId: input.erpId ?? (await numbering.address(tx, customer.salesCompanyId)),
      customerErpId,
      webShopAddressId: input.webShopAddressId ?? null,
      ...addressFields(input),
      validFrom: context.now,
      validTo: input.validTo ? new Date(input.validTo) : null,
    });
    context.log.info({ erpId: address.erpId, customerErpId }, 'ERP delivery address created');
    return addressView(address);
  }

  // --- Used by the sales-order submission (inside its transaction) -------------------------------

  /** A customer with contacts and addresses, in the caller's transaction; undefined when unknown. */
  async customerDetail(db: Executor, erpId: string) {
    const customer = await repository.findCustomer(db, erpId);
    return customer ? this.detail(db, customer) : undefined;
  }

  findCustomer = (db: Executor, erpId: string): Promise<CustomerRow | undefined> =>
    repository.findCustomer(db, erpId);
  findContact = (db: Executor, erpId: string): Promise<ContactRow | undefined> =>
    repository.findContact(db, erpId);

  /**
   * The customer's valid delivery address the reference names: by ERP id; else by the shop's address
   * id; else the one with the same street, zip, city and country. Undefined: MissingDeliveryAddress.
   */
  async resolveDeliveryAddress(
    db: Executor,
    customerErpId: string,
    reference: DeliveryAddressReference,
    now: Date,
  ): Promise<DeliveryAddressRow | undefined> {
    const valid = (await repository.addressesOf(db, customerErpId)).filter(
      (address) => address.validFrom <= now && (address.validTo === null || address.validTo > now),
    );
    if (reference.erpId) return valid.find((address) => address.erpId === reference.erpId);
    if (reference.webShopAddressId) {
      const byShopId = valid.find((address) => address.webShopAddressId === reference.webShopAddressId);
      if (byShopId) return byShopId;
    }
    return valid.find(
      (address) =>
        comparable(address.street1) === comparable(reference.street1) &&
        comparable(address.zip) === comparable(reference.zip) &&
        comparable(address.city) === comparable(reference.city) &&
        address.countryCode2 === reference.countryCode2,
    );
  }

  private async detail(db: Executor, customer: CustomerRow) {
    // One after the other: `db` may be a transaction (one connection).
    const contacts = await repository.contactsOf(db, customer.erpId);
    const addresses = await repository.addressesOf(db, customer.erpId);
    return {
      ...customerView(customer),
      contacts: contacts.map(contactView),
      deliveryAddresses: addresses.map(addressView),
    };
  }
}

export const salesCompanyView = (row: SalesCompanyRow) => ({
  id: row.id,
  name: row.name,
  currency: row.currency,
  countryCode2: row.countryCode2,
  countryCode3: row.countryCode3,
  vatNumber: row.vatNumber,
  servedCountries: row.servedCountries,
});

export const customerView = (row: CustomerRow) => ({
  erpId: row.erpId,
  name: row.name,
  salesCompanyId: row.salesCompanyId,
  crmAccountId: row.crmAccountId,
  currency: row.currency,
  countryCode2: row.countryCode2,
  countryCode3: row.countryCode3,
  locale: row.locale,
  taxGroup: row.taxGroup,
  invoiceEmail: row.invoiceEmail,
  vatNumber: row.vatNumber,
  creditHold: row.creditHold,
  paymentTermsDays: row.paymentTermsDays,
});

export const contactView = (row: ContactRow) => ({
  erpId: row.erpId,
  customerErpId: row.customerErpId,
  crmContactId: row.crmContactId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
});

export const addressView = (row: DeliveryAddressRow) => ({
  erpId: row.erpId,
  customerErpId: row.customerErpId,
  webShopAddressId: row.webShopAddressId,
  name: row.name,
  companyName: row.companyName,
  firstName: row.firstName,
  lastName: row.lastName,
  street1: row.street1,
  street2: row.street2,
  city: row.city,
  zip: row.zip,
  state: row.state,
  countryCode2: row.countryCode2,
  countryCode3: row.countryCode3,
  validFrom: row.validFrom.toISOString(),
  validTo: row.validTo?.toISOString() ?? null,
});

/** The postal fields of an ERP delivery address as stored, from a request that names them. */
export function addressFields(input: ShopDeliveryAddressRequest) {
  return {
    name: input.name ?? null,
    companyName: input.companyName ?? null,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    street1: input.street1,
    street2: input.street2 ?? null,
    city: input.city,
    zip: input.zip,
    state: input.state,
    countryCode2: input.countryCode2,
    countryCode3: countryCode3Of(input.countryCode2, input.countryCode3),
  };
}
