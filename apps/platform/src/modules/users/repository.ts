import type { Executor } from '@actuate/service-kit';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { userGroupAssignments, userGroups, users } from './schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserGroupRow = typeof userGroups.$inferSelect;
export type UserGroupAssignmentRow = typeof userGroupAssignments.$inferSelect;

export const userList: ListDefinition = {
  fields: {
    ID: { column: users.id, type: 'text' },
    Username: { column: users.username, type: 'text' },
    FirstName: { column: users.firstName, type: 'text' },
    LastName: { column: users.lastName, type: 'text' },
    Email: { column: users.email, type: 'text' },
    Phone: { column: users.phone, type: 'text' },
    Active: { column: users.active, type: 'boolean' },
    CompanyID: { column: users.buyerId, type: 'text' },
    DateCreated: { column: users.dateCreated, type: 'date' },
    LastActive: { column: users.lastActive, type: 'date' },
    PasswordLastSetDate: { column: users.passwordLastSetDate, type: 'date' },
  },
  xp: users.xp,
  searchOn: ['ID', 'Username', 'FirstName', 'LastName', 'Email'],
  defaultSort: ['Username'],
};

export const userGroupList: ListDefinition = {
  fields: {
    ID: { column: userGroups.id, type: 'text' },
    Name: { column: userGroups.name, type: 'text' },
    Description: { column: userGroups.description, type: 'text' },
  },
  xp: userGroups.xp,
  searchOn: ['ID', 'Name', 'Description'],
  defaultSort: ['Name'],
};

/** Users of one buyer, or the admin users when buyerId is null. */
const partyScope = (buyerId: string | null): SQL =>
  (buyerId === null ? isNull(users.buyerId) : eq(users.buyerId, buyerId)) as SQL;

export const listUserRows = (db: Executor, buyerId: string | null, options: ListOptions, extra?: SQL) =>
  listRows(db, users, userList, options, and(partyScope(buyerId), extra));

/** Users of every buyer (no admin users): `GET /v1/buyerusers`. */
export const listBuyerUserRows = (db: Executor, options: ListOptions) =>
  listRows(db, users, userList, options, isNotNull(users.buyerId));

export async function findUserRow(
  db: Executor,
  buyerId: string | null,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(partyScope(buyerId), eq(users.id, id)));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function insertUserRow(db: Executor, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted as UserRow;
}

export async function updateUserRow(
  db: Executor,
  buyerId: string | null,
  id: string,
  row: Partial<NewUserRow>,
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set(row)
    .where(and(partyScope(buyerId), eq(users.id, id)))
    .returning();
  return updated;
}

export async function deleteUserRow(db: Executor, buyerId: string | null, id: string): Promise<boolean> {
  const deleted = await db
    .delete(users)
    .where(and(partyScope(buyerId), eq(users.id, id)))
    .returning({ id: users.id });
  if (deleted.length > 0 && buyerId !== null) {
    await db
      .delete(userGroupAssignments)
      .where(and(eq(userGroupAssignments.buyerId, buyerId), eq(userGroupAssignments.userId, id)));
  }
  return deleted.length > 0;
}

/** Moves a buyer user to another buyer; their group memberships were the old company's and go. */
export async function moveUserRow(db: Executor, fromBuyerId: string, id: string, toBuyerId: string) {
  await db
    .delete(userGroupAssignments)
    .where(and(eq(userGroupAssignments.buyerId, fromBuyerId), eq(userGroupAssignments.userId, id)));
  await db
    .update(users)
    .set({ buyerId: toBuyerId })
    .where(and(eq(users.buyerId, fromBuyerId), eq(users.id, id)));
}

// --- user groups -----------------------------------------------------------------------------

export const listGroupRows = (db: Executor, buyerId: string, options: ListOptions, extra?: SQL) =>
  listRows(db, userGroups, userGroupList, options, and(eq(userGroups.buyerId, buyerId), extra));

/** Restricts a user list to the members of a group. */
export const membersOf = (buyerId: string, userGroupId: string): SQL =>
  sql`exists (select 1 from ${userGroupAssignments} a where a.buyer_id = ${buyerId} and a.user_group_id = ${userGroupId} and a.user_id = ${users.id})`;

/** Restricts a group list to the groups a user belongs to. */
export const groupsOfUser = (userId: string): SQL =>
  sql`exists (select 1 from ${userGroupAssignments} a where a.buyer_id = ${userGroups.buyerId} and a.user_group_id = ${userGroups.id} and a.user_id = ${userId})`;

export async function findGroupRow(
  db: Executor,
  buyerId: string,
  id: string,
): Promise<UserGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.buyerId, buyerId), eq(userGroups.id, id)));
  return row;
}

export async function insertGroupRow(db: Executor, row: UserGroupRow): Promise<UserGroupRow> {
  const [inserted] = await db.insert(userGroups).values(row).returning();
  return inserted as UserGroupRow;
}

export async function updateGroupRow(
  db: Executor,
  buyerId: string,
  id: string,
  row: Partial<UserGroupRow>,
): Promise<UserGroupRow | undefined> {
  const [updated] = await db
    .update(userGroups)
    .set(row)
    .where(and(eq(userGroups.buyerId, buyerId), eq(userGroups.id, id)))
    .returning();
  return updated;
}

export async function deleteGroupRow(db: Executor, buyerId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(userGroups)
    .where(and(eq(userGroups.buyerId, buyerId), eq(userGroups.id, id)))
    .returning({ id: userGroups.id });
  await db
    .delete(userGroupAssignments)
    .where(and(eq(userGroupAssignments.buyerId, buyerId), eq(userGroupAssignments.userGroupId, id)));
  return deleted.length > 0;
}

export async function listGroupAssignmentRows(
  db: Executor,
  buyerId: string,
  filter: { userGroupId?: string | undefined; userId?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: UserGroupAssignmentRow[]; totalCount: number }> {
  const where = and(
    eq(userGroupAssignments.buyerId, buyerId),
    filter.userGroupId ? eq(userGroupAssignments.userGroupId, filter.userGroupId) : undefined,
    filter.userId ? eq(userGroupAssignments.userId, filter.userId) : undefined,
  );
  const rows = await db
    .select({
      buyerId: userGroupAssignments.buyerId,
      userGroupId: userGroupAssignments.userGroupId,
      userId: userGroupAssignments.userId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(userGroupAssignments)
    .where(where)
    .orderBy(userGroupAssignments.userGroupId, userGroupAssignments.userId)
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(({ total: _, ...row }) => row), totalCount: rows[0]?.total ?? 0 };
}

export async function insertGroupAssignmentRow(db: Executor, row: UserGroupAssignmentRow): Promise<void> {
  await db.insert(userGroupAssignments).values(row).onConflictDoNothing();
}

export async function deleteGroupAssignmentRow(db: Executor, row: UserGroupAssignmentRow): Promise<boolean> {
  const deleted = await db
    .delete(userGroupAssignments)
    .where(
      and(
        eq(userGroupAssignments.buyerId, row.buyerId),
        eq(userGroupAssignments.userGroupId, row.userGroupId),
        eq(userGroupAssignments.userId, row.userId),
      ),
    )
    .returning({ userId: userGroupAssignments.userId });
  return deleted.length > 0;
}

export async function groupIdsOfUser(db: Executor, buyerId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userGroupAssignments.userGroupId })
    .from(userGroupAssignments)
    .where(and(eq(userGroupAssignments.buyerId, buyerId), eq(userGroupAssignments.userId, userId)));
  return rows.map((row) => row.id);
}

export async function existingUserIds(db: Executor, buyerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.buyerId, buyerId), inArray(users.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** The IDs of a group's members. */
export async function memberIdsOfGroup(db: Executor, buyerId: string, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userGroupAssignments.userId })
    .from(userGroupAssignments)
    .where(and(eq(userGroupAssignments.buyerId, buyerId), eq(userGroupAssignments.userGroupId, groupId)));
  return rows.map((row) => row.id);
}
