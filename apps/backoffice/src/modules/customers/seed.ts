import type { DemoWorld } from '@actuate/catalog-data';
import type { Seeder, Transaction } from '@actuate/service-kit';
import { chunks } from '../../shared/chunks.ts';
import { numbering } from '../numbering/service.ts';
import { erpContacts, erpCustomers, erpDeliveryAddresses, salesCompanies } from './schema.ts';

/**
 * ERP master data of the demo world: sales companies, the customers the ERP knows (not the
 * MissingCustomer scenario's, not the pending registrant's), their contacts (not the MissingContact
 * scenario's) and the addresses that have ERP ids. Number ranges continue after every ERP id the
 * world knows, present or not, so a new customer never takes a number the CRM already holds.
 */
export function erpMasterDataSeeder(world: () => DemoWorld): Seeder {
  return {
    name: 'erp-master-data',
    async seed(tx: Transaction) {
      const demo = world();
      await tx.insert(salesCompanies).values(
        demo.salesCompanies.map((company) => ({
          id: company.id,
          name: company.name,
          currency: company.currency,
          countryCode2: company.countryCode2,
          countryCode3: company.countryCode3,
          vatNumber: company.vatNumber,
          servedCountries: company.servedCountries,
        })),
      );
      const present = demo.companies.filter((company) => company.presentInErp && company.erpId);
      const presentIds = new Set(present.map((company) => company.id));
      if (present.length) {
        await tx.insert(erpCustomers).values(
          present.map((company) => ({
            erpId: company.erpId as string,
            name: company.name,
            salesCompanyId: company.salesCompanyId,
            crmAccountId: company.crmId,
            currency: company.currency,
            countryCode2: company.countryCode2,
            countryCode3: company.countryCode3,
            locale: company.locale,
            taxGroup: company.taxGroup,
            invoiceEmail: company.invoiceEmail,
            vatNumber: company.vatNumber,
            creditHold: company.creditHold,
            paymentTermsDays: company.paymentTermsDays,
          })),
        );
      }
      const erpIdOf = new Map(present.map((company) => [company.id, company.erpId as string]));
      const contacts = demo.contacts.filter(
        (contact) => contact.presentInErp && presentIds.has(contact.companyId),
      );
      for (const batch of chunks(contacts)) {
        await tx.insert(erpContacts).values(
          batch.map((contact) => ({
            erpId: contact.erpId,
            customerErpId: erpIdOf.get(contact.companyId) as string,
            crmContactId: contact.id,
            firstName: contact.firstName,
            lastName: contact.lastName,
            email: contact.email.toLowerCase(),
            phone: contact.phone,
          })),
        );
      }
      const addresses = demo.addresses.filter(
        (address) => address.erpId && presentIds.has(address.companyId),
      );
      for (const batch of chunks(addresses)) {
        await tx.insert(erpDeliveryAddresses).values(
          batch.map((address) => ({
            erpId: address.erpId as string,
            customerErpId: erpIdOf.get(address.companyId) as string,
            webShopAddressId: address.id,
            name: address.addressName,
            companyName: address.companyName,
            firstName: address.firstName,
            lastName: address.lastName,
            street1: address.street1,
            street2: address.street2,
            city: address.city,
            zip: address.zip,
            state: address.state,
            countryCode2: address.countryCode2,
            countryCode3: address.countryCode3,
            validFrom: new Date(address.validFrom),
            validTo: address.validTo ? new Date(address.validTo) : null,
          })),
        );
      }
      for (const company of demo.companies)
        if (company.erpId) await numbering.reserveErpId(tx, 'customer', company.erpId);
      for (const user of demo.users) if (user.erpId) await numbering.reserveErpId(tx, 'contact', user.erpId);
      for (const address of demo.addresses)
        if (address.erpId) await numbering.reserveErpId(tx, 'address', address.erpId);
      return {
        salesCompanies: demo.salesCompanies.length,
        customers: present.length,
        contacts: contacts.length,
        addresses: addresses.length,
      };
    },
  };
}
