/**
 * The company's buyer administrators as the platform grants them: users holding BuyerUserAdmin or
 * FullAccess through a security profile assigned to them, to a user group they belong to, or to the
 * whole company (the same roles that decide join requests, `crm/join-requests.ts`).
 */
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { MailUser } from './service.ts';

const ADMIN_ROLES = ['BuyerUserAdmin', 'FullAccess'];

interface Assignment {
  SecurityProfileID: string;
  UserID?: string | null;
  UserGroupID?: string | null;
}

export async function buyerAdmins(
  platform: PlatformClient,
  buyerId: string,
): Promise<(MailUser & { Active?: boolean })[]> {
  const buyer = `/v1/buyers/${encodeURIComponent(buyerId)}`;
  const profiles = await platform.listAll<{ ID: string; Roles?: string[] | null }>('/v1/securityprofiles');
  const adminProfiles = new Set(
    profiles.filter((profile) => profile.Roles?.some((role) => ADMIN_ROLES.includes(role))).map((p) => p.ID),
  );
  const assignments = (
    await platform.listAll<Assignment>('/v1/securityprofiles/assignments', { buyerID: buyerId })
  ).filter((assignment) => adminProfiles.has(assignment.SecurityProfileID));
  const users = await platform.listAll<MailUser & { ID: string; Active?: boolean }>(`${buyer}/users`);
  if (assignments.some((assignment) => !assignment.UserID && !assignment.UserGroupID)) {
    return users.filter((user) => user.Active !== false);
  }
  const ids = new Set(assignments.flatMap((assignment) => (assignment.UserID ? [assignment.UserID] : [])));
  for (const groupId of new Set(assignments.flatMap((a) => (a.UserGroupID ? [a.UserGroupID] : [])))) {
    const members = await platform.listAll<{ UserID: string }>(`${buyer}/usergroups/assignments`, {
      userGroupID: groupId,
    });
    for (const member of members) ids.add(member.UserID);
  }
  return users.filter((user) => ids.has(user.ID) && user.Active !== false);
}
