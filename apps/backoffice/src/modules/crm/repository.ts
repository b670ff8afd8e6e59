import type { Executor } from '@actuate/service-kit';
import { and, asc, desc, eq, inArray, isNull, lte, notExists, type SQL } from 'drizzle-orm';
import {
  crmAccountAddresses,
  crmAccounts,
  crmContacts,
  type RegistrationStatus,
  registrations,
} from './schema.ts';

export type AccountRow = typeof crmAccounts.$inferSelect;
export type CrmContactRow = typeof crmContacts.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
export type AccountAddressRow = typeof crmAccountAddresses.$inferSelect;

export async function findAccount(db: Executor, crmId: string) {
  const [row] = await db.select().from(crmAccounts).where(eq(crmAccounts.crmId, crmId));
  return row;
}

export async function findAccountByVat(db: Executor, vatNumber: string) {
  const [row] = await db.select().from(crmAccounts).where(eq(crmAccounts.vatNumber, vatNumber));
  return row;
}

export function searchAccounts(
  db: Executor,
  filter: { vatNumber?: string | undefined; erpCustomerId?: string | undefined },
) {
  const conditions: SQL[] = [];
  if (filter.vatNumber) conditions.push(eq(crmAccounts.vatNumber, filter.vatNumber));
  if (filter.erpCustomerId) conditions.push(eq(crmAccounts.erpCustomerId, filter.erpCustomerId));
  return db
    .select()
    .from(crmAccounts)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(crmAccounts.name))
    .limit(500);
}

export async function insertAccount(db: Executor, row: typeof crmAccounts.$inferInsert) {
  const [inserted] = await db.insert(crmAccounts).values(row).returning();
  if (!inserted) throw new Error('account not inserted');
  return inserted;
}

export async function updateAccount(
  db: Executor,
  crmId: string,
  patch: Partial<typeof crmAccounts.$inferInsert>,
) {
  await db.update(crmAccounts).set(patch).where(eq(crmAccounts.crmId, crmId));
}

export async function findContact(db: Executor, crmId: string) {
  const [row] = await db.select().from(crmContacts).where(eq(crmContacts.crmId, crmId));
  return row;
}

export async function findContactByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(crmContacts).where(eq(crmContacts.email, email));
  return row;
}

export const contactsOfAccount = (db: Executor, accountCrmId: string) =>
  db
    .select()
    .from(crmContacts)
    .where(eq(crmContacts.accountCrmId, accountCrmId))
    .orderBy(asc(crmContacts.email));

export async function insertContact(db: Executor, row: typeof crmContacts.$inferInsert) {
  const [inserted] = await db.insert(crmContacts).values(row).returning();
  if (!inserted) throw new Error('contact not inserted');
  return inserted;
}

export async function updateContact(
  db: Executor,
  crmId: string,
  patch: Partial<typeof crmContacts.$inferInsert>,
) {
  await db.update(crmContacts).set(patch).where(eq(crmContacts.crmId, crmId));
}

export const addressesOfAccount = (db: Executor, accountCrmId: string) =>
  db
    .select()
    .from(crmAccountAddresses)
    .where(eq(crmAccountAddresses.accountCrmId, accountCrmId))
    .orderBy(asc(crmAccountAddresses.webShopAddressId));

/** Inserts or updates the shop address; `created` tells which. */
export async function upsertAccountAddress(db: Executor, row: typeof crmAccountAddresses.$inferInsert) {
  const [existing] = await db
    .select({ id: crmAccountAddresses.webShopAddressId })
    .from(crmAccountAddresses)
    .where(
      and(
        eq(crmAccountAddresses.accountCrmId, row.accountCrmId),
        eq(crmAccountAddresses.webShopAddressId, row.webShopAddressId),
      ),
    );
  const [saved] = await db
    .insert(crmAccountAddresses)
    .values(row)
    .onConflictDoUpdate({
      target: [crmAccountAddresses.accountCrmId, crmAccountAddresses.webShopAddressId],
      set: { address: row.address, erpAddressId: row.erpAddressId, updatedAt: row.updatedAt },
    })
    .returning();
  if (!saved) throw new Error('address not saved');
  return { created: !existing, row: saved };
}

export async function findRegistration(db: Executor, id: string, forUpdate = false) {
  const query = db.select().from(registrations).where(eq(registrations.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertRegistration(db: Executor, row: typeof registrations.$inferInsert) {
  await db.insert(registrations).values(row);
}

export async function updateRegistration(
  db: Executor,
  id: string,
  patch: Partial<typeof registrations.$inferInsert>,
) {
  await db.update(registrations).set(patch).where(eq(registrations.id, id));
}

export function listRegistrations(
  db: Executor,
  filter: { status?: RegistrationStatus | undefined; limit: number },
) {
  return db
    .select()
    .from(registrations)
    .where(filter.status ? eq(registrations.status, filter.status) : undefined)
    .orderBy(desc(registrations.createdAt), asc(registrations.id))
    .limit(filter.limit);
}

/** Join requests whose deadline has passed without a decision. */
export function dueJoinRequests(db: Executor, now: Date) {
  return db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.status, 'AwaitingApproval'), lte(registrations.expiresAt, now)))
    .limit(500);
}

/** Removes a contact that never reached the ERP and no open or complete registration uses. */
export async function deleteUnusedContact(db: Executor, crmId: string) {
  await db.delete(crmContacts).where(
    and(
      eq(crmContacts.crmId, crmId),
      isNull(crmContacts.erpContactId),
      notExists(
        db
          .select({ id: registrations.id })
          .from(registrations)
          .where(
            and(
              eq(registrations.contactCrmId, crmId),
              inArray(registrations.status, ['Pending', 'AwaitingApproval', 'Complete']),
            ),
          ),
      ),
    ),
  );
}
