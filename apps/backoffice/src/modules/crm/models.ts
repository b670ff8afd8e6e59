import {
  CountryCode2,
  CountryCode3,
  CurrencyCode,
  EmailAddress,
  Id,
  NonEmptyString,
} from '@actuate/contracts';
import { z } from 'zod';
import { ErpId, ShopDeliveryAddressRequest } from '../customers/models.ts';

export const CrmContactView = z.object({
  crmId: z.string(),
  accountCrmId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  language: z.string().nullable(),
  webShopUserId: z.string().nullable(),
  erpContactId: z.string().nullable(),
});

/** A contact's profile as the web shop changed it (the integration sends it). */
export const UpdateCrmContactRequest = z
  .object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    phone: z.string().trim().max(40).nullable(),
    language: z.enum(['en', 'da', 'de']).nullable(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one field to change');
export type UpdateCrmContactRequest = z.infer<typeof UpdateCrmContactRequest>;

/** A colleague a company's administrator invited in the web shop (the integration sends it). */
export const AddCrmContactRequest = z.strictObject({
  email: EmailAddress,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(1).max(40).optional(),
  language: z.enum(['en', 'da', 'de']).optional(),
  webShopUserId: Id,
});
export type AddCrmContactRequest = z.infer<typeof AddCrmContactRequest>;

/** A web-shop address as the integration sends it to the CRM, with the ERP address it became. */
export const CrmAccountAddressRequest = ShopDeliveryAddressRequest.extend({
  erpAddressId: ErpId.optional(),
}).strict();
export type CrmAccountAddressRequest = z.infer<typeof CrmAccountAddressRequest>;

export const CrmAccountAddressView = ShopDeliveryAddressRequest.extend({
  webShopAddressId: z.string(),
  erpAddressId: z.string().nullable(),
  updatedAt: z.string(),
});

export const CrmAccountView = z.object({
  crmId: z.string(),
  name: z.string(),
  vatNumber: z.string(),
  countryCode2: z.string(),
  salesCompanyId: z.string(),
  currency: z.string(),
  locale: z.string(),
  invoiceEmail: z.string().nullable(),
  phone: z.string().nullable(),
  webShopCompanyId: z.string().nullable(),
  erpCustomerId: z.string().nullable(),
  contacts: z.array(CrmContactView),
  addresses: z.array(CrmAccountAddressView),
});

export const RegistrationRequest = z.object({
  webShopCompanyId: Id.optional(),
  webShopUserId: Id.optional(),
  company: z.object({
    name: NonEmptyString,
    vatNumber: NonEmptyString,
    countryCode2: CountryCode2,
    countryCode3: CountryCode3.optional(),
    currency: CurrencyCode.optional(),
    invoiceEmail: EmailAddress.optional(),
    phone: z.string().min(1).optional(),
  }),
  contact: z.object({
    email: EmailAddress,
    firstName: NonEmptyString,
    lastName: NonEmptyString,
    phone: z.string().min(1).optional(),
  }),
  /** The company's first address; becomes an ERP delivery address when the customer is created. */
  address: z
    .object({
      webShopAddressId: Id.optional(),
      street1: NonEmptyString,
      street2: z.string().min(1).optional(),
      city: NonEmptyString,
      zip: NonEmptyString,
      state: NonEmptyString,
      countryCode2: CountryCode2,
    })
    .optional(),
  /**
   * The web shop puts the registrant into a company it already has: the registration waits for an
   * approval (`AwaitingApproval`) instead of completing. The CRM also makes it wait, unasked, when it
   * matches an account that has an ERP customer of another web-shop company.
   */
  joinRequest: z.boolean().optional(),
  /** A join request's deadline (default: JOIN_REQUEST_TTL_DAYS after intake). */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;

export const RegistrationView = z.object({
  id: z.string(),
  status: z.enum(['Pending', 'AwaitingApproval', 'Complete', 'Declined', 'Expired']),
  accountMatched: z.enum(['matched', 'created']),
  contactMatched: z.enum(['matched', 'created']),
  webShopCompanyId: z.string().nullable(),
  webShopUserId: z.string().nullable(),
  /** Company xp.CrmId and user xp.CrmId. */
  crmAccountId: z.string(),
  crmContactId: z.string(),
  /** Company xp.ErpId, user xp.ErpId and both xp.SalesCompanyId, once complete. */
  customerErpId: z.string().nullable(),
  contactErpId: z.string().nullable(),
  salesCompanyId: z.string().nullable(),
  /** The ERP customer's data, once complete (company extension). */
  customer: z
    .object({
      currency: z.string(),
      countryCode2: z.string(),
      countryCode3: z.string(),
      locale: z.string(),
      taxGroup: z.string(),
      invoiceEmail: z.string(),
      vatNumber: z.string(),
      creditHold: z.boolean(),
      deliveryAddressErpIds: z.array(
        z.object({ erpId: z.string(), webShopAddressId: z.string().nullable() }),
      ),
    })
    .nullable(),
  /** A join request's deadline (null for other registrations). */
  expiresAt: z.string().nullable(),
  /** Why a join request was declined. */
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** When it was declined or expired. */
  closedAt: z.string().nullable(),
});
export type RegistrationView = z.infer<typeof RegistrationView>;

/** Declining a join request: the reason is shown to the registrant. */
export const DeclineRequest = z.strictObject({ reason: z.string().trim().min(1).max(500) });

export const RegistrationListQuery = z.object({
  status: z.enum(['Pending', 'AwaitingApproval', 'Complete', 'Declined', 'Expired']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
