/** OrderCloud Buyer (a customer company) with our CRM/ERP extension. */
import { z } from 'zod';
import {
  CountryCode2,
  CountryCode3,
  EmailAddress,
  Id,
  IsoDateTime,
  NonEmptyString,
  PriceCurrency,
  SalesCompanyId,
  TaxGroup,
} from '../validation.ts';

/**
 * What the CRM and ERP synchronisation stores on a customer company. The identifiers, the
 * currency and the country are always known once the company exists; the rest may be unset.
 */
export const BuyerCompanyXp = z.looseObject({
  CrmId: NonEmptyString,
  /** The customer's number in the ERP (no format is checked). */
  ErpId: NonEmptyString,
  SalesCompanyId: SalesCompanyId,
  /** True while the ERP blocks new orders because of the credit limit. */
  CreditHold: z.boolean(),
  Currency: PriceCurrency,
  CountryCode2: CountryCode2,
  CountryCode3: CountryCode3,
  /** Language tag of the company's documents, e.g. "da-DK". */
  Locale: z.string().nullish(),
  TaxGroup: TaxGroup.nullish(),
  InvoiceEmail: EmailAddress.nullish(),
  VatNumber: z.string().nullish(),
});
export type BuyerCompanyXp = z.infer<typeof BuyerCompanyXp>;

export const BuyerCompany = z.object({
  ID: Id.optional(),
  Name: NonEmptyString,
  DefaultCatalogID: Id.nullish(),
  Active: z.boolean().optional(),
  /** Read-only. */
  DateCreated: IsoDateTime.nullish(),
  xp: BuyerCompanyXp.optional(),
});
export type BuyerCompany = z.infer<typeof BuyerCompany>;

/** OrderCloud's name for a buyer company. */
export const Buyer = BuyerCompany;
export type Buyer = BuyerCompany;
