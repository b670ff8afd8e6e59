import {
  CountryCode2,
  CountryCode3,
  CurrencyCode,
  EmailAddress,
  Id,
  NonEmptyString,
  SalesCompanyId,
  TaxGroup,
  UserErpId,
} from '@actuate/contracts';
import { z } from 'zod';

/** ERP ids of customers, contacts and addresses: three uppercase letters, hyphen, six digits. */
export const ErpId = UserErpId.describe('Three uppercase letters, a hyphen and six digits, e.g. ADK-100001');

export const SalesCompanyView = z.object({
  id: SalesCompanyId,
  name: z.string(),
  currency: z.string(),
  countryCode2: z.string(),
  countryCode3: z.string(),
  vatNumber: z.string(),
  servedCountries: z.array(z.string()),
});

export const ContactView = z.object({
  erpId: z.string(),
  customerErpId: z.string(),
  crmContactId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

export const DeliveryAddressView = z.object({
  erpId: z.string(),
  customerErpId: z.string(),
  webShopAddressId: z.string().nullable(),
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
  state: z.string(),
  countryCode2: z.string(),
  countryCode3: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});

export const CustomerView = z.object({
  erpId: z.string(),
  name: z.string(),
  salesCompanyId: z.string(),
  crmAccountId: z.string().nullable(),
  currency: z.string(),
  countryCode2: z.string(),
  countryCode3: z.string(),
  locale: z.string(),
  taxGroup: z.string(),
  invoiceEmail: z.string(),
  vatNumber: z.string(),
  creditHold: z.boolean(),
  paymentTermsDays: z.number(),
});

export const CustomerDetailView = CustomerView.extend({
  contacts: z.array(ContactView),
  deliveryAddresses: z.array(DeliveryAddressView),
});

export const CreateCustomerRequest = z.object({
  erpId: ErpId.optional().describe(
    'The ERP id to use (e.g. the one the CRM already knows); assigned when omitted',
  ),
  name: NonEmptyString,
  salesCompanyId: SalesCompanyId,
  crmAccountId: z.string().min(1).optional(),
  currency: CurrencyCode.optional().describe("Default: the sales company's currency"),
  countryCode2: CountryCode2,
  countryCode3: CountryCode3.optional(),
  locale: z.string().min(2).optional(),
  taxGroup: TaxGroup.optional().describe(
    'Default: domestic, EU reverse charge or export, from the countries',
  ),
  invoiceEmail: EmailAddress,
  vatNumber: NonEmptyString,
  creditHold: z.boolean().default(false),
  paymentTermsDays: z.int().min(0).max(365).default(30),
});
export type CreateCustomerRequest = z.infer<typeof CreateCustomerRequest>;

export const UpdateCustomerRequest = z
  .object({
    name: NonEmptyString,
    creditHold: z.boolean(),
    invoiceEmail: EmailAddress,
    taxGroup: TaxGroup,
    paymentTermsDays: z.int().min(0).max(365),
    /** The customer's currency: new orders are priced in it (existing ones keep theirs). */
    currency: CurrencyCode,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one field to change');
export type UpdateCustomerRequest = z.infer<typeof UpdateCustomerRequest>;

export const CreateContactRequest = z.object({
  erpId: ErpId.optional().describe(
    'The ERP id to use (e.g. the one the CRM already knows); assigned when omitted',
  ),
  crmContactId: z.string().min(1).optional(),
  firstName: NonEmptyString,
  lastName: NonEmptyString,
  email: EmailAddress,
  phone: z.string().min(1).optional(),
});
export type CreateContactRequest = z.infer<typeof CreateContactRequest>;

export const CreateDeliveryAddressRequest = z.object({
  erpId: ErpId.optional().describe(
    'The ERP id to use (e.g. the one the shop’s address already carries); assigned when omitted',
  ),
  webShopAddressId: Id.optional(),
  name: z.string().min(1).optional(),
  companyName: z.string().min(1).optional(),
  firstName: z.string().min(1).optional(),
  lastName: z.string().min(1).optional(),
  street1: NonEmptyString,
  street2: z.string().min(1).optional(),
  city: NonEmptyString,
  zip: NonEmptyString,
  state: NonEmptyString,
  countryCode2: CountryCode2,
  countryCode3: CountryCode3.optional(),
  validTo: z.iso.datetime({ offset: true }).optional(),
});
export type CreateDeliveryAddressRequest = z.infer<typeof CreateDeliveryAddressRequest>;

/** The shop's address as the integration sends it (the shop's id is in the path). */
export const ShopDeliveryAddressRequest = CreateDeliveryAddressRequest.omit({
  erpId: true,
  webShopAddressId: true,
  validTo: true,
});
export type ShopDeliveryAddressRequest = z.infer<typeof ShopDeliveryAddressRequest>;

/** An ERP user closes (or reopens) a delivery address: `validTo` null keeps it open. */
export const DeliveryAddressValidityRequest = z.object({
  validTo: z.iso.datetime({ offset: true }).nullable(),
});
export type DeliveryAddressValidityRequest = z.infer<typeof DeliveryAddressValidityRequest>;
