import { type User, UserGroups, Users } from 'ordercloud-javascript-sdk';
import { getConfig } from '../config';
import { type CompanyUser, listCompanyUsers } from './my-account';
import { asBuyer, hasPlatformStatus, platformError } from './sdk';

/*
 * A buyer admin's management of the company's users, made with the admin's own token: the platform
 * checks BuyerUserAdmin / UserGroupAdmin and that the company is the admin's own on every call, so
 * nothing here decides who may. Roles are memberships of the company's role groups (the approvers'
 * group of the approval rule, the administrators' group holding the buyer-admin profile).
 */

export const ROLE_GROUPS = { approver: 'order-approvers', admin: 'buyer-admins' } as const;
export type RoleKey = keyof typeof ROLE_GROUPS;
export const ROLE_KEYS = Object.keys(ROLE_GROUPS) as RoleKey[];

export type AdminResult = 'ok' | 'exists' | 'forbidden' | 'not-found' | 'failed';

function resultOf(error: unknown, where: string): AdminResult {
  if (hasPlatformStatus(error, 401, 403)) return 'forbidden';
  if (hasPlatformStatus(error, 404)) return 'not-found';
  if (platformError(error).code === 'User.UsernameMustBeUnique') return 'exists';
  console.warn(`[company-users] ${where} failed: ${String(error)}`);
  return 'failed';
}

export { listCompanyUsers };

/** One user of the company with their groups; undefined when the platform does not show it. */
export async function getCompanyUser(
  token: string,
  companyId: string,
  userId: string,
): Promise<CompanyUser | undefined> {
  const options = asBuyer(token);
  try {
    const [user, assignments] = await Promise.all([
      Users.Get(companyId, userId, options),
      UserGroups.ListUserAssignments(companyId, { userID: userId, pageSize: 100 }, options),
    ]);
    return { user, groupIds: assignments.Items.map((assignment) => assignment.UserGroupID as string) };
  } catch (error) {
    if (hasPlatformStatus(error, 401, 403, 404)) return undefined;
    throw error;
  }
}

/** Which role groups the company has (a company without an approval rule has no approvers' group). */
export async function roleGroupsOf(token: string, companyId: string): Promise<RoleKey[]> {
  try {
    const groups = await UserGroups.List(companyId, { pageSize: 100 }, asBuyer(token));
    const ids = new Set(groups.Items.map((group) => group.ID));
    return ROLE_KEYS.filter((key) => ids.has(ROLE_GROUPS[key]));
  } catch {
    return [];
  }
}

/** The roles a user holds by their groups. */
export const rolesFromGroups = (groupIds: readonly string[]): RoleKey[] =>
  ROLE_KEYS.filter((key) => groupIds.includes(ROLE_GROUPS[key]));

export interface UserDetails {
  readonly FirstName: string;
  readonly LastName: string;
  readonly Phone: string;
  readonly language: string;
}

const localeOf = (language: string, currency: string) => ({ Language: language, Currency: currency });

/**
 * Creates the colleague active without a password (they cannot sign in until they set one), gives
 * them the chosen roles and has the platform mail the invitation with its set-password link.
 */
export async function inviteUser(
  token: string,
  companyId: string,
  currency: string,
  input: UserDetails & { readonly Email: string; readonly roles: readonly RoleKey[] },
): Promise<AdminResult> {
  const options = asBuyer(token);
  let created: User;
  try {
    created = await Users.Create(
      companyId,
      {
        Username: input.Email,
        Email: input.Email,
        FirstName: input.FirstName,
        LastName: input.LastName,
        Phone: input.Phone,
        Active: true,
        // No xp: its `Kind` is the CRM's to write; the language lives in Locale.Language.
        Locale: localeOf(input.language, currency),
      },
      options,
    );
  } catch (error) {
    return resultOf(error, 'create');
  }
  const roles = await setRoles(token, companyId, created.ID as string, [], input.roles);
  if (roles !== 'ok') return roles;
  return sendInvitation(token, companyId, created.ID as string);
}

/** Mails the set-password link again to a user who never set a password. */
export async function sendInvitation(token: string, companyId: string, userId: string): Promise<AdminResult> {
  const { platformUrl, orderCloudClientId } = getConfig();
  const path = `/v1/buyers/${encodeURIComponent(companyId)}/users/${encodeURIComponent(userId)}/invitation`;
  try {
    const response = await fetch(`${platformUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      // No URL: the middleware links the storefront's own set-password page in the invitee's language.
      body: JSON.stringify({ ClientID: orderCloudClientId }),
      cache: 'no-store',
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status === 204) return 'ok';
    if (response.status === 401 || response.status === 403) return 'forbidden';
    if (response.status === 404) return 'not-found';
    console.warn(`[company-users] invitation answered ${response.status}`);
    return 'failed';
  } catch (error) {
    return resultOf(error, 'invitation');
  }
}

/**
 * Sends the user the platform's password reset mail. The user is read with the admin's token first,
 * so an admin can only send it to the own company's users.
 */
export async function sendPasswordReset(
  token: string,
  companyId: string,
  userId: string,
): Promise<AdminResult> {
  const member = await getCompanyUser(token, companyId, userId).catch(() => undefined);
  if (!member) return 'not-found';
  const { platformUrl, orderCloudClientId } = getConfig();
  try {
    const response = await fetch(`${platformUrl}/v1/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ClientID: orderCloudClientId,
        Username: member.user.Username,
        Email: member.user.Email,
      }),
      cache: 'no-store',
      signal: AbortSignal.timeout(10_000),
    });
    return response.status === 204 ? 'ok' : 'failed';
  } catch (error) {
    return resultOf(error, 'password reset');
  }
}

/** Deactivating ends the user's sessions on the platform at once; activating lets them sign in again. */
export async function setActive(
  token: string,
  companyId: string,
  userId: string,
  active: boolean,
): Promise<AdminResult> {
  try {
    await Users.Patch(companyId, userId, { Active: active }, asBuyer(token));
    return 'ok';
  } catch (error) {
    return resultOf(error, 'activation');
  }
}

export async function updateDetails(
  token: string,
  companyId: string,
  userId: string,
  currency: string,
  details: UserDetails,
  /** Whether the user has an extension (`xp.Kind`, the CRM's) the preferred language can join. */
  withXp: boolean,
): Promise<AdminResult> {
  try {
    await Users.Patch(
      companyId,
      userId,
      {
        FirstName: details.FirstName,
        LastName: details.LastName,
        Phone: details.Phone,
        Locale: localeOf(details.language, currency),
        // The language the user chose on their own account wins at sign-in: set it too where it can be.
        ...(withXp ? { xp: { PreferredLanguage: details.language } } : {}),
      },
      asBuyer(token),
    );
    return 'ok';
  } catch (error) {
    return resultOf(error, 'details');
  }
}

/** Joins and leaves role groups until the user holds `wanted` (leaving one ends their sessions). */
export async function setRoles(
  token: string,
  companyId: string,
  userId: string,
  current: readonly RoleKey[],
  wanted: readonly RoleKey[],
): Promise<AdminResult> {
  const options = asBuyer(token);
  try {
    for (const role of wanted.filter((key) => !current.includes(key)))
      await UserGroups.SaveUserAssignment(
        companyId,
        { UserGroupID: ROLE_GROUPS[role], UserID: userId },
        options,
      );
    for (const role of current.filter((key) => !wanted.includes(key)))
      await UserGroups.DeleteUserAssignment(companyId, ROLE_GROUPS[role], userId, options);
    return 'ok';
  } catch (error) {
    return resultOf(error, 'roles');
  }
}
