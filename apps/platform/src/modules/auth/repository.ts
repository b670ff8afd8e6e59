import type { Executor } from '@actuate/service-kit';
import { and, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { equalsOrNull } from '../../shared/party-assignments.ts';
import {
  apiClientAssignments,
  apiClients,
  impersonationConfigs,
  loginThrottles,
  refreshTokens,
  securityProfileAssignments,
  securityProfiles,
  tokenRevocations,
} from './schema.ts';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type NewApiClientRow = typeof apiClients.$inferInsert;
export type SecurityProfileRow = typeof securityProfiles.$inferSelect;
export type ProfileAssignmentRow = typeof securityProfileAssignments.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type ApiClientAssignmentRow = typeof apiClientAssignments.$inferSelect;
export type ImpersonationConfigRow = typeof impersonationConfigs.$inferSelect;
export type TokenRevocationRow = typeof tokenRevocations.$inferSelect;

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

/** Inserts the client, or sets only the `update` columns of an existing one. */
export async function ensureApiClientRow(
  db: Executor,
  row: NewApiClientRow,
  update: Partial<NewApiClientRow>,
): Promise<void> {
  const insert = db.insert(apiClients).values(row);
  await (Object.keys(update).length > 0
    ? insert.onConflictDoUpdate({ target: apiClients.id, set: update })
    : insert.onConflictDoNothing());
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

// --- API client assignments ----------------------------------------------------------------------

export async function insertApiClientAssignment(db: Executor, row: ApiClientAssignmentRow): Promise<void> {
  await db.insert(apiClientAssignments).values(row).onConflictDoNothing();
}

export async function deleteApiClientAssignment(db: Executor, row: ApiClientAssignmentRow): Promise<boolean> {
  const deleted = await db
    .delete(apiClientAssignments)
    .where(
      and(
        eq(apiClientAssignments.apiClientId, row.apiClientId),
        eq(apiClientAssignments.buyerId, row.buyerId),
      ),
    )
    .returning({ buyerId: apiClientAssignments.buyerId });
  return deleted.length > 0;
}

export async function isApiClientAssigned(db: Executor, apiClientId: string, buyerId: string) {
  const [row] = await db
    .select({ buyerId: apiClientAssignments.buyerId })
    .from(apiClientAssignments)
    .where(and(eq(apiClientAssignments.apiClientId, apiClientId), eq(apiClientAssignments.buyerId, buyerId)));
  return row !== undefined;
}

const apiClientAssignmentList: ListDefinition = {
  fields: {
    // An assignment has no ID of its own: the pair is its identity (and the list's tie-breaker).
    ID: {
      column: sql`${apiClientAssignments.apiClientId} || '/' || ${apiClientAssignments.buyerId}`,
      type: 'text',
    },
    ApiClientID: { column: apiClientAssignments.apiClientId, type: 'text' },
    BuyerID: { column: apiClientAssignments.buyerId, type: 'text' },
  },
  searchOn: [],
  defaultSort: ['ApiClientID', 'BuyerID'],
};

export const listApiClientAssignmentRows = (
  db: Executor,
  filter: { apiClientId?: string | undefined; buyerId?: string | undefined },
  options: ListOptions,
) =>
  listRows(
    db,
    apiClientAssignments,
    apiClientAssignmentList,
    options,
    and(
      filter.apiClientId ? eq(apiClientAssignments.apiClientId, filter.apiClientId) : undefined,
      filter.buyerId ? eq(apiClientAssignments.buyerId, filter.buyerId) : undefined,
    ),
  );

/** Whether an API client acts as this user (its DefaultContextUser). */
export async function isDefaultContextUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: apiClients.id })
    .from(apiClients)
    .where(eq(apiClients.defaultContextUserId, userId))
    .limit(1);
  return rows.length > 0;
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

// --- token revocations ---------------------------------------------------------------------------

/** Records a revocation; a later one wins, an earlier one (a slow request) keeps the later time. */
export async function saveRevocation(tx: Executor, row: TokenRevocationRow): Promise<void> {
  await tx
    .insert(tokenRevocations)
    .values(row)
    .onConflictDoUpdate({
      target: tokenRevocations.userId,
      set: {
        revokedBefore: sql`greatest(${tokenRevocations.revokedBefore}, excluded.revoked_before)`,
        generation: row.generation,
      },
    });
}

/** The latest revocation time of any of the subjects (`user_id` holds users and wider subjects). */
export async function latestRevocation(db: Executor, subjects: readonly string[]): Promise<Date | undefined> {
  if (subjects.length === 0) return undefined;
  const rows = await db
    .select({ revokedBefore: tokenRevocations.revokedBefore })
    .from(tokenRevocations)
    .where(inArray(tokenRevocations.userId, [...subjects]));
  return rows.reduce<Date | undefined>(
    (latest, row) => (latest && latest >= row.revokedBefore ? latest : row.revokedBefore),
    undefined,
  );
}

/** Revocations written after generation `after` whose time is later than `since`. */
export function revocationsAfter(db: Executor, after: number, since: Date): Promise<TokenRevocationRow[]> {
  return db
    .select()
    .from(tokenRevocations)
    .where(and(gt(tokenRevocations.generation, after), gt(tokenRevocations.revokedBefore, since)));
}

// --- impersonation configs -----------------------------------------------------------------------

export const impersonationConfigList: ListDefinition = {
  fields: {
    ID: { column: impersonationConfigs.id, type: 'text' },
    ClientID: { column: impersonationConfigs.clientId, type: 'text' },
    SecurityProfileID: { column: impersonationConfigs.securityProfileId, type: 'text' },
    ImpersonationBuyerID: { column: impersonationConfigs.impersonationBuyerId, type: 'text' },
    ImpersonationGroupID: { column: impersonationConfigs.impersonationGroupId, type: 'text' },
    ImpersonationUserID: { column: impersonationConfigs.impersonationUserId, type: 'text' },
    BuyerID: { column: impersonationConfigs.buyerId, type: 'text' },
    GroupID: { column: impersonationConfigs.groupId, type: 'text' },
    UserID: { column: impersonationConfigs.userId, type: 'text' },
  },
  searchOn: ['ID'],
  defaultSort: ['ID'],
};

/** Another config with the same client, profile and parties (OrderCloud allows one). */
export async function findConflictingConfig(
  db: Executor,
  config: Omit<ImpersonationConfigRow, 'id'>,
  exceptId: string | undefined,
): Promise<ImpersonationConfigRow | undefined> {
  const c = impersonationConfigs;
  const [row] = await db
    .select()
    .from(c)
    .where(
      and(
        eq(c.clientId, config.clientId),
        eq(c.securityProfileId, config.securityProfileId),
        equalsOrNull(c.impersonationBuyerId, config.impersonationBuyerId),
        equalsOrNull(c.impersonationGroupId, config.impersonationGroupId),
        equalsOrNull(c.impersonationUserId, config.impersonationUserId),
        equalsOrNull(c.buyerId, config.buyerId),
        equalsOrNull(c.groupId, config.groupId),
        equalsOrNull(c.userId, config.userId),
        exceptId ? ne(c.id, exceptId) : undefined,
      ),
    );
  return row;
}

/** A user as a party of an impersonation config: their company (none for admin users) and groups. */
export interface ConfigParty {
  userId: string;
  buyerId: string | null;
  groupIds: readonly string[];
}

/** A null party column matches anyone; otherwise it must name the user, their company or a group of theirs. */
function partyMatches(
  columns: { buyer: AnyPgColumn; group: AnyPgColumn; user: AnyPgColumn },
  party: ConfigParty,
) {
  const anyOr = (column: AnyPgColumn, match: SQL | undefined) =>
    match ? or(isNull(column), match) : isNull(column);
  return and(
    anyOr(columns.buyer, party.buyerId === null ? undefined : eq(columns.buyer, party.buyerId)),
    anyOr(columns.group, party.groupIds.length > 0 ? inArray(columns.group, [...party.groupIds]) : undefined),
    anyOr(columns.user, eq(columns.user, party.userId)),
  );
}

/** The profiles of the configs letting `impersonator` impersonate `target` through `clientId`. */
export function impersonationProfiles(
  db: Executor,
  clientId: string,
  impersonator: ConfigParty,
  target: ConfigParty,
): Promise<Pick<SecurityProfileRow, 'roles' | 'customRoles'>[]> {
  const c = impersonationConfigs;
  return db
    .select({ roles: securityProfiles.roles, customRoles: securityProfiles.customRoles })
    .from(c)
    .innerJoin(securityProfiles, eq(securityProfiles.id, c.securityProfileId))
    .where(
      and(
        eq(c.clientId, clientId),
        partyMatches(
          { buyer: c.impersonationBuyerId, group: c.impersonationGroupId, user: c.impersonationUserId },
          impersonator,
        ),
        partyMatches({ buyer: c.buyerId, group: c.groupId, user: c.userId }, target),
      ),
    );
}

/** Deletes the profiles assigned to one user of a buyer (not those of the company or its groups). */
export async function deleteUserProfileAssignments(db: Executor, buyerId: string, userId: string) {
  await db
    .delete(securityProfileAssignments)
    .where(
      and(eq(securityProfileAssignments.buyerId, buyerId), eq(securityProfileAssignments.userId, userId)),
    );
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

export async function findThrottles(db: Executor, keys: string[]) {
  return db.select().from(loginThrottles).where(inArray(loginThrottles.username, keys));
}

/** The account's own row and every row whose key starts with `prefix` (its per-source rows). */
export async function clearThrottlesOf(db: Executor, key: string, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  await db
    .delete(loginThrottles)
    .where(or(eq(loginThrottles.username, key), sql`${loginThrottles.username} like ${pattern}`));
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
