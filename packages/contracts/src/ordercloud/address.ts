/** OrderCloud Address and BuyerAddress with the ERP extension. */
import { z } from 'zod';
import { CountryCode, CountryCode2, CountryCode3, Id, IsoDateTime, NonEmptyString } from '../validation.ts';

/**
 * What the ERP synchronisation stores on an address: its validity window, its id in the ERP and
 * both forms of the country code (the ERP uses alpha-3, OrderCloud alpha-2). `ValidTo` is null
 * for an address that is valid until further notice.
 */
export const AddressErpXp = z.looseObject({
  ValidFrom: IsoDateTime,
  ValidTo: IsoDateTime.nullable(),
  ErpId: NonEmptyString,
  CountryCode2: CountryCode2,
  CountryCode3: CountryCode3,
});
export type AddressErpXp = z.infer<typeof AddressErpXp>;

/**
 * Address xp as stored: empty until the ERP has synchronised the address, then the full
 * AddressErpXp. A half-filled extension is rejected.
 */
export const AddressXp = z.union([
  AddressErpXp,
  z.looseObject({}).refine(hasNoErpField, 'Incomplete ERP address extension'),
]);
export type AddressXp = z.infer<typeof AddressXp>;

const ERP_FIELDS = ['ValidFrom', 'ValidTo', 'ErpId', 'CountryCode2', 'CountryCode3'] as const;
function hasNoErpField(xp: Record<string, unknown>): boolean {
  return ERP_FIELDS.every((field) => xp[field] === undefined);
}

/** Fields of an address. Street1, City, Zip, Country and State must be non-empty. */
const addressShape = {
  ID: Id.optional(),
  DateCreated: IsoDateTime.nullish(),
  CompanyName: z.string().nullish(),
  FirstName: z.string().nullish(),
  LastName: z.string().nullish(),
  Street1: NonEmptyString,
  Street2: z.string().nullish(),
  City: NonEmptyString,
  State: NonEmptyString,
  Zip: NonEmptyString,
  Country: CountryCode,
  Phone: z.string().nullish(),
  AddressName: z.string().nullish(),
  xp: AddressXp.nullish(),
};

export const Address = z.object(addressShape);
export type Address = z.infer<typeof Address>;

/** An address in a buyer's address book, with its usage flags. */
export const BuyerAddress = z.object({
  ...addressShape,
  Shipping: z.boolean().optional(),
  Billing: z.boolean().optional(),
  /** Read-only: whether the current user may edit it. */
  Editable: z.boolean().optional(),
});
export type BuyerAddress = z.infer<typeof BuyerAddress>;
