import { DEMO_LOGINS } from '@actuate/catalog-data';
import type { World } from './harness.ts';

let counter = 0;

/** The OrderSubmit event of an order of Anna's (ACME, DKK) shipping to the company's ERP address. */
export function orderSubmitEvent(world: World, items: { salesItemNumber: string; quantity: number }[]) {
  const anna = world.demo.users.find((user) => user.username === DEMO_LOGINS.shopper);
  const address = world.demo.addresses.find(
    (candidate) =>
      candidate.companyId === 'acme-dk' && candidate.shipping && candidate.erpId && !candidate.validTo,
  );
  if (!anna || !address?.erpId) throw new Error('demo data missing');
  const orderId = `erp-order-${Date.now().toString(36)}-${++counter}`;
  const shippingAddress = {
    ID: address.id,
    CompanyName: address.companyName,
    Street1: address.street1,
    City: address.city,
    Zip: address.zip,
    State: address.state,
    Country: address.countryCode2,
    xp: {
      ErpId: address.erpId,
      ValidFrom: address.validFrom,
      ValidTo: null,
      CountryCode2: address.countryCode2,
      CountryCode3: address.countryCode3,
    },
  };
  return {
    orderId,
    event: {
      ConfigData: {},
      Environment: 'Sandbox',
      OrderCloudAccessToken: 'token-of-the-buyer',
      OrderWorksheet: {
        Order: {
          ID: orderId,
          FromCompanyID: 'acme-dk',
          FromUserID: anna.id,
          FromUser: {
            ID: anna.id,
            Username: anna.username,
            FirstName: anna.firstName,
            LastName: anna.lastName,
            Email: anna.email,
            Active: true,
            xp: {
              Kind: 'Complete',
              AzureObjectId: anna.azureObjectId,
              CrmId: anna.crmId,
              ErpId: anna.erpId,
              SalesCompanyId: anna.salesCompanyId,
              TermsVersionApproved: anna.termsVersionApproved,
              PrivacyVersionApproved: anna.privacyVersionApproved,
            },
          },
          Currency: 'DKK',
          Status: 'Open',
          ShippingCost: 95,
          xp: { CustomerReference: `PO-${orderId}` },
        },
        LineItems: items.map((item, index) => ({
          ID: `${orderId}-li${index + 1}`,
          ProductID: item.salesItemNumber,
          Quantity: item.quantity,
          UnitPrice: 1250,
          ShippingAddress: shippingAddress,
        })),
      },
    },
  };
}
