/** OrderCloud buyer User with our four user extensions. */
import { z } from 'zod';
import {
  CountryCode,
  CurrencyCode,
  Id,
  IsoDateTime,
  NonEmptyString,
  PolicyVersion,
  SalesCompanyId,
  UserErpId,
} from '../validation.ts';

/** Read-only locale of a user, inherited from its buyer or group. */
export const UserLocale = z.object({
  ID: Id.optional(),
  OwnerID: Id.nullish(),
  Currency: CurrencyCode,
  Language: z.string().nullish(),
});
export type UserLocale = z.infer<typeof UserLocale>;

/** A shopper who has not signed in; the platform's temporary anonymous user. */
export const AnonymousUserXp = z.looseObject({
  Kind: z.literal('Anonymous'),
});
export type AnonymousUserXp = z.infer<typeof AnonymousUserXp>;

/** A registered user known to the identity provider, the CRM and the ERP. */
export const CompleteUserXp = z.looseObject({
  Kind: z.literal('Complete'),
  AzureObjectId: z.guid(),
  CrmId: NonEmptyString,
  ErpId: UserErpId,
  SalesCompanyId: SalesCompanyId,
  PrivacyVersionApproved: PolicyVersion,
  TermsVersionApproved: PolicyVersion,
});
export type CompleteUserXp = z.infer<typeof CompleteUserXp>;

/**
 * A registration waiting for the CRM and ERP to create the customer: what the user told us about
 * the company. Policy versions are optional because a registration may be stored before they are
 * accepted.
 */
export const PendingUserXp = z.looseObject({
  Kind: z.literal('Pending'),
  CompanyName: NonEmptyString,
  VatNumber: z.string().nullish(),
  Country: CountryCode,
  AzureObjectId: z.guid().optional(),
  PrivacyVersionApproved: PolicyVersion.optional(),
  TermsVersionApproved: PolicyVersion.optional(),
});
export type PendingUserXp = z.infer<typeof PendingUserXp>;

/** A user registered through a directory service (e.g. a company's own identity directory). */
export const DirectoryUserXp = z.looseObject({
  Kind: z.literal('Directory'),
  DirectoryObjectId: NonEmptyString,
  /** Name of the directory service, e.g. "AzureAD". */
  Provider: NonEmptyString,
});
export type DirectoryUserXp = z.infer<typeof DirectoryUserXp>;

export const BuyerUserXp = z.discriminatedUnion('Kind', [
  AnonymousUserXp,
  CompleteUserXp,
  PendingUserXp,
  DirectoryUserXp,
]);
export type BuyerUserXp = z.infer<typeof BuyerUserXp>;
export type BuyerUserKind = BuyerUserXp['Kind'];
export const BUYER_USER_KINDS = [
  'Anonymous',
  'Complete',
  'Pending',
  'Directory',
] as const satisfies readonly BuyerUserKind[];

/**
 * A buyer user. Username, FirstName, LastName, Email and Active are required by OrderCloud on
 * create; Email is not format-checked because OrderCloud does not check it either (anonymous and
 * imported users may carry placeholders).
 */
export const BuyerUser = z.object({
  ID: Id.optional(),
  /** Read-only: the buyer the user belongs to. */
  CompanyID: Id.nullish(),
  Username: NonEmptyString,
  /** Write-only: never returned by the platform. */
  Password: z.string().optional(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Phone: z.string().nullish(),
  /** When the user accepted the platform's terms. */
  TermsAccepted: IsoDateTime.nullish(),
  Active: z.boolean(),
  /** Read-only: the roles of all the user's security profiles. */
  AvailableRoles: z.array(z.string()).optional(),
  /** Read-only. */
  Locale: UserLocale.nullish(),
  /** Read-only. */
  DateCreated: IsoDateTime.nullish(),
  /** Read-only. */
  PasswordLastSetDate: IsoDateTime.nullish(),
  /** Read-only. */
  LastActive: IsoDateTime.nullish(),
  xp: BuyerUserXp.optional(),
});
export type BuyerUser = z.infer<typeof BuyerUser>;
