import type { Executor } from '@actuate/service-kit';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import {
  apiClients,
  loginThrottles,
  refreshTokens,
  securityProfileAssignments,
  securityProfiles,
} from './schema.ts';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type NewApiClientRow = typeof apiClients.$inferInsert;
export type SecurityProfileRow = typeof securityProfiles.$inferSelect;
export type ProfileAssignmentRow = typeof securityProfileAssignments.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const apiClientList: ListDefinition = {
  fields: {
    ID: { column: apiClients.id, type: 'text' },
    AppName: { column: apiClients.appName, type: 'text' },
    Active: { column: apiClients.active, type: 'boolean' },
  },
  xp: apiClients.xp,
  searchOn: ['ID', 'AppName'],
  defaultSort: ['AppName'],
};

export const securityProfileList: ListDefinition = {
  fields: {
    ID: { column: securityProfiles.id, type: 'text' },
    Name: { column: securityProfiles.name, type: 'text' },
  },
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
};

// --- API clients ---------------------------------------------------------------------------------

export const listApiClientRows = (db: Executor, options: ListOptions) =>
  listRows(db, apiClients, apiClientList, options);

export async function findApiClientRow(db: Executor, id: string): Promise<ApiClientRow | undefined> {
  const [row] = await db.select().from(apiClients).where(eq(apiClients.id, id));
  return row;
}

export async function insertApiClientRow(db: Executor, row: NewApiClientRow): Promise<ApiClientRow> {
  const [inserted] = await db.insert(apiClients).values(row).returning();
  return inserted as ApiClientRow;
}

/** Inserts a built-in client or brings its settings up to date (e.g. a new secret from the environment). */
export async function upsertApiClientRow(db: Executor, row: NewApiClientRow): Promise<void> {
  const { id: _, ...settings } = row;
  await db.insert(apiClients).values(row).onConflictDoUpdate({ target: apiClients.id, set: settings });
}

export async function updateApiClientRow(db: Executor, id: string, row: Partial<NewApiClientRow>) {
  const [updated] = await db.update(apiClients).set(row).where(eq(apiClients.id, id)).returning();
  return updated;
}

export async function deleteApiClientRow(db: Executor, id: string): Promise<boolean> {
  return (
    (await db.delete(apiClients).where(eq(apiClients.id, id)).returning({ id: apiClients.id })).length > 0
  );
}

// --- security profiles ---------------------------------------------------------------------------

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

// --- refresh tokens ------------------------------------------------------------------------------

export async function insertRefreshToken(
  db: Executor,
  row: typeof refreshTokens.$inferInsert,
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a token rotated; false when another request rotated it first (a reuse). */
export async function markRotated(db: Executor, tokenHash: string, when: Date): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ rotatedAt: when })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return updated.length > 0;
}

export async function revokeFamily(db: Executor, familyId: string, when: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: when })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

// --- login throttling ----------------------------------------------------------------------------

export async function findThrottle(db: Executor, username: string) {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.username, username));
  return row;
}

export async function saveThrottle(db: Executor, row: typeof loginThrottles.$inferInsert): Promise<void> {
  const { username: _, ...values } = row;
  await db
    .insert(loginThrottles)
    .values(row)
    .onConflictDoUpdate({ target: loginThrottles.username, set: values });
}

export async function clearThrottle(db: Executor, username: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.username, username));
}
