import {
  type Buyer,
  type BuyerAddress,
  Buyers,
  Me,
  type MeUser,
  type User,
  UserGroups,
  Users,
} from 'ordercloud-javascript-sdk';
import type { AddressValues } from '@/components/account/address-form';
import { asBuyer, hasPlatformStatus } from './sdk';
import { forgetToken, myGroups } from './visibility';

/*
 * The account page's calls: the buyer's own user, address book, company and (for buyer admins) the
 * company's users. Made with the buyer's token; the platform refuses what their roles do not allow.
 */

export interface UserXp {
  readonly Kind?: string;
  readonly TermsVersionApproved?: number;
  readonly PrivacyVersionApproved?: number;
  readonly PreferredLanguage?: string;
  readonly ErpId?: string;
  readonly [key: string]: unknown;
}

export type MyUser = MeUser<UserXp>;

export async function patchMe(
  token: string,
  patch: { FirstName?: string; LastName?: string; Email?: string; Phone?: string; xp?: Partial<UserXp> },
): Promise<MyUser> {
  try {
    return await Me.Patch<MyUser>(patch, asBuyer(token));
  } finally {
    forgetToken(token); // the next page shows the new name, language, terms at once
  }
}

export async function listMyAddresses(token: string): Promise<BuyerAddress[]> {
  const result = await Me.ListAddresses({ pageSize: 100 }, asBuyer(token));
  return result.Items;
}

/**
 * Creates (no ID) or changes an address of the buyer's address book; answers it as stored. A new
 * address is for shipping and billing unless `flags` says otherwise.
 */
export async function saveMyAddress(
  token: string,
  addressId: string | undefined,
  values: AddressValues,
  flags: { Shipping: boolean; Billing: boolean } = { Shipping: true, Billing: true },
): Promise<BuyerAddress> {
  const body = {
    ...values,
    Street2: values.Street2 ?? '',
    CompanyName: values.CompanyName ?? '',
    FirstName: values.FirstName ?? '',
    LastName: values.LastName ?? '',
    Phone: values.Phone ?? '',
    AddressName: values.AddressName ?? '',
  };
  if (addressId) {
    await Me.PatchAddress(addressId, body, asBuyer(token));
    return { ...body, ID: addressId };
  }
  return Me.CreateAddress({ ...body, ...flags }, asBuyer(token));
}

export async function deleteMyAddress(token: string, addressId: string): Promise<void> {
  await Me.DeleteAddress(addressId, asBuyer(token));
}

export interface CompanyXp {
  readonly ErpId?: string;
  readonly CreditHold?: boolean;
  readonly VatNumber?: string | null;
  readonly InvoiceEmail?: string | null;
  readonly Currency?: string;
}

/** The buyer's company, when the buyer may read it (buyer admins); undefined otherwise. */
export async function getMyCompany(token: string, companyId: string): Promise<Buyer<CompanyXp> | undefined> {
  try {
    return await Buyers.Get<Buyer<CompanyXp>>(companyId, asBuyer(token));
  } catch (error) {
    if (hasPlatformStatus(error, 401, 403, 404)) return undefined;
    throw error;
  }
}

export interface CompanyUser {
  readonly user: User;
  readonly groupIds: readonly string[];
}

/** The company's users with their user groups (buyer admins only). */
export async function listCompanyUsers(token: string, companyId: string): Promise<CompanyUser[]> {
  const options = asBuyer(token);
  const [users, assignments] = await Promise.all([
    Users.List(companyId, { pageSize: 100, sortBy: ['LastName', 'FirstName'] as never }, options),
    UserGroups.ListUserAssignments(companyId, { pageSize: 100 }, options)
      .then((result) => result.Items)
      .catch(() => []),
  ]);
  return users.Items.map((user) => ({
    user,
    groupIds: assignments
      .filter((assignment) => assignment.UserID === user.ID)
      .map((assignment) => assignment.UserGroupID as string),
  }));
}

/** IDs of the user groups the buyer belongs to (e.g. `order-approvers`). */
export async function myGroupIds(token: string): Promise<string[]> {
  return (await myGroups(token))?.ids ?? [];
}
