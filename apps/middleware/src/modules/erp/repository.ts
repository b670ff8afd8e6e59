import type { Executor } from '@actuate/service-kit';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { erpCallbacks, erpSubmissions } from './schema.ts';

export type ErpSubmissionRow = typeof erpSubmissions.$inferSelect;

/** Marks the order's submission pending for the given event (a new or a repeated submission). */
export async function markPending(executor: Executor, orderId: string, eventId: string): Promise<void> {
  await executor
    .insert(erpSubmissions)
    .values({ orderId, eventId, state: 'Pending' })
    .onConflictDoUpdate({
      target: erpSubmissions.orderId,
      set: {
        eventId,
        // The coming result is not on the platform yet.
        platformSync: null,
        awaitingAddressId: null,
        state: sql`case when ${erpSubmissions.state} = 'Submitted' then 'Submitted' else 'Pending' end`,
        updatedAt: new Date(),
      },
    });
}

/**
 * The order's submission; `forUpdate` locks it until the transaction ends, so writers that read the
 * row to compute its next state (a callback, the job's answer) take turns and none overwrites a newer state.
 */
export async function findSubmission(
  executor: Executor,
  orderId: string,
  { forUpdate = false } = {},
): Promise<ErpSubmissionRow | undefined> {
  const query = executor.select().from(erpSubmissions).where(eq(erpSubmissions.orderId, orderId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateSubmission(
  executor: Executor,
  orderId: string,
  values: Partial<typeof erpSubmissions.$inferInsert>,
): Promise<void> {
  await executor
    .update(erpSubmissions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(erpSubmissions.orderId, orderId));
}

export async function countAttempt(executor: Executor, orderId: string, error: string | null): Promise<void> {
  await executor
    .update(erpSubmissions)
    .set({ attempts: sql`${erpSubmissions.attempts} + 1`, lastError: error, updatedAt: new Date() })
    .where(eq(erpSubmissions.orderId, orderId));
}

/** True when the callback is new; false when its event id was already received. */
export async function insertCallback(
  executor: Executor,
  row: typeof erpCallbacks.$inferInsert,
): Promise<boolean> {
  const inserted = await executor
    .insert(erpCallbacks)
    .values(row)
    .onConflictDoNothing()
    .returning({ eventId: erpCallbacks.eventId });
  return inserted.length > 0;
}

/** Whether a sales-order status callback of the order was received already. */
export async function statusCallbackExists(executor: Executor, orderId: string): Promise<boolean> {
  const rows = await executor
    .select({ eventId: erpCallbacks.eventId })
    .from(erpCallbacks)
    .where(and(eq(erpCallbacks.orderId, orderId), eq(erpCallbacks.type, 'sales-order.status-changed')))
    .limit(1);
  return rows.length > 0;
}

/** Whether a callback of the subject with a higher sequence was received already. */
export async function newerCallbackExists(
  executor: Executor,
  subject: string,
  sequence: number,
  eventId: string,
): Promise<boolean> {
  const rows = await executor
    .select({ eventId: erpCallbacks.eventId })
    .from(erpCallbacks)
    .where(
      and(
        eq(erpCallbacks.subject, subject),
        gt(erpCallbacks.sequence, sequence),
        ne(erpCallbacks.eventId, eventId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Orders waiting for the ERP to know the shop address (state AwaitingAddress). */
export async function submissionsAwaitingAddress(
  executor: Executor,
  addressId: string,
): Promise<ErpSubmissionRow[]> {
  return executor
    .select()
    .from(erpSubmissions)
    .where(and(eq(erpSubmissions.state, 'AwaitingAddress'), eq(erpSubmissions.awaitingAddressId, addressId)));
}
