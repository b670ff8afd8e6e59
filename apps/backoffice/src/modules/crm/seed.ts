import type { DemoWorld } from '@actuate/catalog-data';
import type { Seeder, Transaction } from '@actuate/service-kit';
import { normaliseVatNumber } from '../../shared/countries.ts';
import { crmAccounts, crmContacts } from './schema.ts';

/** CRM data of the demo world: every company in the CRM (all but the pending registrant) and their contacts. */
export function crmSeeder(world: () => DemoWorld): Seeder {
  return {
    name: 'crm',
    async seed(tx: Transaction) {
      const demo = world();
      const accounts = demo.companies.filter((company) => company.presentInCrm && company.crmId);
      if (accounts.length) {
        await tx.insert(crmAccounts).values(
          accounts.map((company) => ({
            crmId: company.crmId as string,
            name: company.name,
            vatNumber: normaliseVatNumber(company.vatNumber),
            countryCode2: company.countryCode2,
            salesCompanyId: company.salesCompanyId,
            currency: company.currency,
            locale: company.locale,
            invoiceEmail: company.invoiceEmail,
            phone: company.phone,
            webShopCompanyId: company.id,
            erpCustomerId: company.erpId,
          })),
        );
      }
      if (demo.contacts.length) {
        await tx.insert(crmContacts).values(
          demo.contacts.map((contact) => ({
            crmId: contact.id,
            accountCrmId: contact.companyCrmId,
            email: contact.email.toLowerCase(),
            firstName: contact.firstName,
            lastName: contact.lastName,
            phone: contact.phone,
            webShopUserId: contact.userId,
            erpContactId: contact.erpId,
          })),
        );
      }
      return { accounts: accounts.length, contacts: demo.contacts.length };
    },
  };
}
