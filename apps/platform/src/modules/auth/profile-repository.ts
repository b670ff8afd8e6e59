import type { Executor } from '@actuate/service-kit';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { securityProfileAssignments, securityProfiles } from './schema.ts';

// The SQL of security profiles and of their assignments to users, groups, companies and the marketplace.

export type SecurityProfileRow = typeof securityProfiles.$inferSelect;
export type ProfileAssignmentRow = typeof securityProfileAssignments.$inferSelect;

export const securityProfileList: ListDefinition = {
  fields: {
    ID: { column: securityProfiles.id, type: 'text' },
    Name: { column: securityProfiles.name, type: 'text' },
  },
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
};

export const listProfileRows = (db: Executor, options: ListOptions) =>
  listRows(db, securityProfiles, securityProfileList, options);

export async function findProfileRow(db: Executor, id: string): Promise<SecurityProfileRow | undefined> {
  const [row] = await db.select().from(securityProfiles).where(eq(securityProfiles.id, id));
  return row;
}

export async function insertProfileRow(db: Executor, row: SecurityProfileRow): Promise<SecurityProfileRow> {
  const [inserted] = await db.insert(securityProfiles).values(row).returning();
  return inserted as SecurityProfileRow;
}

export async function upsertProfileRow(db: Executor, row: SecurityProfileRow): Promise<SecurityProfileRow> {
  const [saved] = await db
    .insert(securityProfiles)
    .values(row)
    .onConflictDoUpdate({
      target: securityProfiles.id,
      set: { name: row.name, roles: row.roles, customRoles: row.customRoles },
    })
    .returning();
  return saved as SecurityProfileRow;
}

export async function deleteProfileRow(db: Executor, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(securityProfiles)
        .where(eq(securityProfiles.id, id))
        .returning({ id: securityProfiles.id })
    ).length > 0
  );
}

export interface AssignmentParty {
  buyerId: string | null;
  userGroupId: string | null;
  userId: string | null;
}

const partyCondition = (party: AssignmentParty): SQL =>
  and(
    party.buyerId === null
      ? isNull(securityProfileAssignments.buyerId)
      : eq(securityProfileAssignments.buyerId, party.buyerId),
    party.userGroupId === null
      ? isNull(securityProfileAssignments.userGroupId)
      : eq(securityProfileAssignments.userGroupId, party.userGroupId),
    party.userId === null
      ? isNull(securityProfileAssignments.userId)
      : eq(securityProfileAssignments.userId, party.userId),
  ) as SQL;

export async function insertProfileAssignment(
  db: Executor,
  profileId: string,
  party: AssignmentParty,
): Promise<void> {
  await db
    .insert(securityProfileAssignments)
    .values({ securityProfileId: profileId, ...party })
    .onConflictDoNothing();
}

export async function deleteProfileAssignment(
  db: Executor,
  profileId: string,
  party: AssignmentParty,
): Promise<boolean> {
  const deleted = await db
    .delete(securityProfileAssignments)
    .where(and(eq(securityProfileAssignments.securityProfileId, profileId), partyCondition(party)))
    .returning({ id: securityProfileAssignments.id });
  return deleted.length > 0;
}

export async function listProfileAssignmentRows(
  db: Executor,
  filter: {
    profileId?: string | undefined;
    buyerId?: string | undefined;
    userId?: string | undefined;
    userGroupId?: string | undefined;
  },
  page: { limit: number; offset: number },
): Promise<{ rows: ProfileAssignmentRow[]; totalCount: number }> {
  const where = and(
    filter.profileId ? eq(securityProfileAssignments.securityProfileId, filter.profileId) : undefined,
    filter.buyerId ? eq(securityProfileAssignments.buyerId, filter.buyerId) : undefined,
    filter.userId ? eq(securityProfileAssignments.userId, filter.userId) : undefined,
    filter.userGroupId ? eq(securityProfileAssignments.userGroupId, filter.userGroupId) : undefined,
  );
  const rows = await db
    .select({
      id: securityProfileAssignments.id,
      securityProfileId: securityProfileAssignments.securityProfileId,
      buyerId: securityProfileAssignments.buyerId,
      userGroupId: securityProfileAssignments.userGroupId,
      userId: securityProfileAssignments.userId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(securityProfileAssignments)
    .where(where)
    .orderBy(securityProfileAssignments.id)
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(({ total: _, ...row }) => row), totalCount: rows[0]?.total ?? 0 };
}

/**
 * Profiles that reach a user: assigned to the user, to one of the user's groups, to the user's buyer
 * company, or (for an admin user) to the marketplace.
 */
export async function profilesOfUser(
  db: Executor,
  user: { id: string; buyerId: string | null; groupIds: string[] },
): Promise<SecurityProfileRow[]> {
  const a = securityProfileAssignments;
  const reach: SQL[] = [eq(a.userId, user.id)];
  if (user.buyerId === null) {
    reach.push(and(isNull(a.buyerId), isNull(a.userGroupId), isNull(a.userId)) as SQL);
  } else {
    reach.push(and(eq(a.buyerId, user.buyerId), isNull(a.userGroupId), isNull(a.userId)) as SQL);
    if (user.groupIds.length > 0)
      reach.push(and(eq(a.buyerId, user.buyerId), inArray(a.userGroupId, user.groupIds)) as SQL);
  }
  return db
    .selectDistinct({
      id: securityProfiles.id,
      name: securityProfiles.name,
      roles: securityProfiles.roles,
      customRoles: securityProfiles.customRoles,
    })
    .from(securityProfiles)
    .innerJoin(a, eq(a.securityProfileId, securityProfiles.id))
    .where(or(...reach));
}

/** Deletes the profiles assigned to one user of a buyer (not those of the company or its groups). */
export async function deleteUserProfileAssignments(db: Executor, buyerId: string, userId: string) {
  await db
    .delete(securityProfileAssignments)
    .where(
      and(eq(securityProfileAssignments.buyerId, buyerId), eq(securityProfileAssignments.userId, userId)),
    );
}

/** The parties a profile is assigned to (whose roles change with it). */
export function assignmentPartiesOf(db: Executor, profileId: string): Promise<AssignmentParty[]> {
  const a = securityProfileAssignments;
  return db
    .select({ buyerId: a.buyerId, userGroupId: a.userGroupId, userId: a.userId })
    .from(a)
    .where(eq(a.securityProfileId, profileId));
}

/** True when a security profile is assigned to the group (membership gives roles). */
export async function groupHoldsProfiles(db: Executor, buyerId: string, groupId: string): Promise<boolean> {
  const a = securityProfileAssignments;
  const rows = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.buyerId, buyerId), eq(a.userGroupId, groupId)))
    .limit(1);
  return rows.length > 0;
}
