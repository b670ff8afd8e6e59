import type { Executor } from '@actuate/service-kit';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { addressAssignments, addresses } from './schema.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;
export type AddressAssignmentRow = typeof addressAssignments.$inferSelect;

export const addressList: ListDefinition = {
  fields: {
    ID: { column: addresses.id, type: 'text' },
    AddressName: { column: addresses.addressName, type: 'text' },
    CompanyName: { column: addresses.companyName, type: 'text' },
    FirstName: { column: addresses.firstName, type: 'text' },
    LastName: { column: addresses.lastName, type: 'text' },
    Street1: { column: addresses.street1, type: 'text' },
    Street2: { column: addresses.street2, type: 'text' },
    City: { column: addresses.city, type: 'text' },
    State: { column: addresses.state, type: 'text' },
    Zip: { column: addresses.zip, type: 'text' },
    Country: { column: addresses.country, type: 'text' },
    Phone: { column: addresses.phone, type: 'text' },
    DateCreated: { column: addresses.dateCreated, type: 'date' },
  },
  xp: addresses.xp,
  searchOn: ['ID', 'AddressName', 'CompanyName', 'Street1', 'City', 'Zip'],
  defaultSort: ['AddressName'],
};

/** Who is asking for "my" addresses: the user and the groups they belong to. */
export interface AddressParty {
  buyerId: string;
  userId: string;
  groupIds: string[];
}

/** Assignments that reach the party: company-wide, to one of its groups, or to the user. */
const reachesParty = (party: AddressParty): SQL =>
  and(
    eq(addressAssignments.buyerId, party.buyerId),
    or(
      and(isNull(addressAssignments.userId), isNull(addressAssignments.userGroupId)),
      eq(addressAssignments.userId, party.userId),
      party.groupIds.length > 0 ? inArray(addressAssignments.userGroupId, party.groupIds) : undefined,
    ),
  ) as SQL;

/** Addresses a user may use: their personal ones, and those assigned to them, their groups or their company. */
export const visibleTo = (party: AddressParty): SQL =>
  or(
    eq(addresses.ownerUserId, party.userId),
    sql`exists (select 1 from ${addressAssignments} where ${reachesParty(party)} and ${addressAssignments.addressId} = ${addresses.id})`,
  ) as SQL;

const inBuyer = (buyerId: string) => eq(addresses.buyerId, buyerId);

export const listAddressRows = (db: Executor, buyerId: string, options: ListOptions, extra?: SQL) =>
  listRows(db, addresses, addressList, options, and(inBuyer(buyerId), extra));

export async function findAddressRow(db: Executor, buyerId: string, id: string, extra?: SQL) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(inBuyer(buyerId), eq(addresses.id, id), extra));
  return row;
}

export async function insertAddressRow(db: Executor, row: NewAddressRow): Promise<AddressRow> {
  const [inserted] = await db.insert(addresses).values(row).returning();
  return inserted as AddressRow;
}

export async function updateAddressRow(
  db: Executor,
  buyerId: string,
  id: string,
  row: Partial<NewAddressRow>,
  extra?: SQL,
) {
  const [updated] = await db
    .update(addresses)
    .set(row)
    .where(and(inBuyer(buyerId), eq(addresses.id, id), extra))
    .returning();
  return updated;
}

export async function deleteAddressRow(
  db: Executor,
  buyerId: string,
  id: string,
  extra?: SQL,
): Promise<boolean> {
  const deleted = await db
    .delete(addresses)
    .where(and(inBuyer(buyerId), eq(addresses.id, id), extra))
    .returning({ id: addresses.id });
  if (deleted.length > 0) {
    await db
      .delete(addressAssignments)
      .where(and(eq(addressAssignments.buyerId, buyerId), eq(addressAssignments.addressId, id)));
  }
  return deleted.length > 0;
}

/** Shipping and Billing flags of assigned addresses for a party: any assignment that reaches it counts. */
export async function assignedFlags(db: Executor, party: AddressParty, addressIds: string[]) {
  if (addressIds.length === 0) return new Map<string, { shipping: boolean; billing: boolean }>();
  const rows = await db
    .select({
      addressId: addressAssignments.addressId,
      shipping: sql<boolean>`bool_or(${addressAssignments.isShipping})`,
      billing: sql<boolean>`bool_or(${addressAssignments.isBilling})`,
    })
    .from(addressAssignments)
    .where(and(reachesParty(party), inArray(addressAssignments.addressId, addressIds)))
    .groupBy(addressAssignments.addressId);
  return new Map(rows.map((row) => [row.addressId, { shipping: row.shipping, billing: row.billing }]));
}

const sameParty = (row: {
  buyerId: string;
  addressId: string;
  userId: string | null;
  userGroupId: string | null;
}) =>
  and(
    eq(addressAssignments.buyerId, row.buyerId),
    eq(addressAssignments.addressId, row.addressId),
    row.userId === null ? isNull(addressAssignments.userId) : eq(addressAssignments.userId, row.userId),
    row.userGroupId === null
      ? isNull(addressAssignments.userGroupId)
      : eq(addressAssignments.userGroupId, row.userGroupId),
  );

/** Creates the assignment or updates its flags (one row per address and party). */
export async function upsertAssignmentRow(
  db: Executor,
  row: Omit<AddressAssignmentRow, 'id'>,
): Promise<void> {
  const updated = await db
    .update(addressAssignments)
    .set({ isShipping: row.isShipping, isBilling: row.isBilling })
    .where(sameParty(row))
    .returning({ id: addressAssignments.id });
  if (updated.length === 0) await db.insert(addressAssignments).values(row).onConflictDoNothing();
}

export async function deleteAssignmentRow(
  db: Executor,
  buyerId: string,
  addressId: string,
  party: { userId: string | null; userGroupId: string | null },
): Promise<boolean> {
  const deleted = await db
    .delete(addressAssignments)
    .where(sameParty({ buyerId, addressId, ...party }))
    .returning({ id: addressAssignments.id });
  return deleted.length > 0;
}

export async function listAssignmentRows(
  db: Executor,
  buyerId: string,
  filter: { addressId?: string | undefined; userId?: string | undefined; userGroupId?: string | undefined },
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select({
      id: addressAssignments.id,
      buyerId: addressAssignments.buyerId,
      addressId: addressAssignments.addressId,
      userId: addressAssignments.userId,
      userGroupId: addressAssignments.userGroupId,
      isShipping: addressAssignments.isShipping,
      isBilling: addressAssignments.isBilling,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(addressAssignments)
    .where(
      and(
        eq(addressAssignments.buyerId, buyerId),
        filter.addressId ? eq(addressAssignments.addressId, filter.addressId) : undefined,
        filter.userId ? eq(addressAssignments.userId, filter.userId) : undefined,
        filter.userGroupId ? eq(addressAssignments.userGroupId, filter.userGroupId) : undefined,
      ),
    )
    .orderBy(addressAssignments.id)
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(({ total: _, ...row }) => row), totalCount: rows[0]?.total ?? 0 };
}

// --- a user moving to another buyer -------------------------------------------------------------

/** IDs of the user's personal addresses that the new buyer already uses (addresses are keyed per buyer). */
export async function personalIdsTakenIn(
  db: Executor,
  move: { userId: string; fromBuyerId: string; toBuyerId: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.buyerId, move.fromBuyerId),
        eq(addresses.ownerUserId, move.userId),
        sql`exists (select 1 from ${addresses} taken where taken.buyer_id = ${move.toBuyerId} and taken.id = ${addresses.id})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The user's personal addresses go along; the old company's assignments to the user go. */
export async function moveUserAddresses(
  db: Executor,
  move: { userId: string; fromBuyerId: string; toBuyerId: string },
): Promise<void> {
  await db
    .update(addresses)
    .set({ buyerId: move.toBuyerId })
    .where(and(eq(addresses.buyerId, move.fromBuyerId), eq(addresses.ownerUserId, move.userId)));
  await db
    .delete(addressAssignments)
    .where(and(eq(addressAssignments.buyerId, move.fromBuyerId), eq(addressAssignments.userId, move.userId)));
}
