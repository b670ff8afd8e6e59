import type { Executor, Transaction } from '@actuate/service-kit';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { companySyncs, registrations } from './schema.ts';

export type RegistrationRow = typeof registrations.$inferSelect;
export type CompanySyncRow = typeof companySyncs.$inferSelect;

export async function insertRegistration(
  executor: Executor,
  row: typeof registrations.$inferInsert,
): Promise<RegistrationRow | undefined> {
  const [inserted] = await executor.insert(registrations).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findRegistration(executor: Executor, id: string): Promise<RegistrationRow | undefined> {
  const [row] = await executor.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

export async function findRegistrationForUpdate(
  executor: Executor,
  id: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await executor.select().from(registrations).where(eq(registrations.id, id)).for('update');
  return row;
}

export async function findRegistrationByEmail(
  executor: Executor,
  email: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await executor.select().from(registrations).where(eq(registrations.email, email));
  return row;
}

export async function findRegistrationByUser(
  executor: Executor,
  userId: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await executor.select().from(registrations).where(eq(registrations.userId, userId));
  return row;
}

export async function findRegistrationByBackofficeId(
  executor: Executor,
  backofficeRegistrationId: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await executor
    .select()
    .from(registrations)
    .where(eq(registrations.backofficeRegistrationId, backofficeRegistrationId));
  return row;
}

/**
 * Serialises registrations of one company (by VAT number) across instances until the transaction
 * ends; works on PGlite and PostgreSQL alike.
 */
export async function lockCompany(tx: Transaction, vatNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration-company:${vatNumber}`}))`);
}

/** A company another registration created and that is still waiting for the CRM (matched by VAT number). */
export async function findPendingCompany(
  executor: Executor,
  vatNumber: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await executor
    .select()
    .from(registrations)
    .where(and(eq(registrations.vatNumber, vatNumber), eq(registrations.buyerCreated, true)))
    .limit(1);
  return row;
}

export async function updateRegistration(
  executor: Executor,
  id: string,
  values: Partial<typeof registrations.$inferInsert>,
): Promise<void> {
  await executor
    .update(registrations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(registrations.id, id));
}

export async function countCheck(executor: Executor, id: string): Promise<number> {
  const [row] = await executor
    .update(registrations)
    .set({ checks: sql`${registrations.checks} + 1`, updatedAt: new Date() })
    .where(eq(registrations.id, id))
    .returning({ checks: registrations.checks });
  return row?.checks ?? 0;
}

export async function saveCompanySync(
  executor: Executor,
  row: Omit<typeof companySyncs.$inferInsert, 'updatedAt'>,
): Promise<void> {
  await executor
    .insert(companySyncs)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({ target: companySyncs.erpId, set: { ...row, updatedAt: new Date() } });
}

export async function findCompanySync(
  executor: Executor,
  erpId: string,
): Promise<CompanySyncRow | undefined> {
  const [row] = await executor.select().from(companySyncs).where(eq(companySyncs.erpId, erpId));
  return row;
}

/** A declined or expired join request, so the e-mail address can register again. */
export async function deleteClosedRegistration(executor: Executor, id: string): Promise<void> {
  await executor
    .delete(registrations)
    .where(and(eq(registrations.id, id), inArray(registrations.state, ['Declined', 'Expired'])));
}

/** The join requests of a company waiting for a decision, oldest first. */
export function awaitingJoinRequests(executor: Executor, buyerId: string): Promise<RegistrationRow[]> {
  return executor
    .select()
    .from(registrations)
    .where(and(eq(registrations.buyerId, buyerId), eq(registrations.state, 'AwaitingApproval')))
    .orderBy(asc(registrations.createdAt), asc(registrations.id))
    .limit(500);
}

/** Ids of a company's join requests past their deadline without a decision. */
export async function dueJoinRequests(executor: Executor, buyerId: string, now: Date): Promise<string[]> {
  const rows = await executor
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.buyerId, buyerId),
        eq(registrations.state, 'AwaitingApproval'),
        isNotNull(registrations.expiresAt),
        lte(registrations.expiresAt, now),
      ),
    )
    .limit(500);
  return rows.map((row) => row.id);
}
