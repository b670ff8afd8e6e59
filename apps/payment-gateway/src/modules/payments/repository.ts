import type { Executor } from '@actuate/service-kit';
import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { recordIdempotentEffect } from '../idempotency/service.ts';
import { payments } from './schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Inserts inside the caller's transaction, which also ties the payment to the request's Idempotency-Key. */
export async function insertPayment(tx: Executor, row: NewPayment) {
  await tx.insert(payments).values(row);
  await recordIdempotentEffect(tx, row.pspReference);
}

export async function findPayment(db: Executor, merchantAccount: string, pspReference: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.pspReference, pspReference), eq(payments.merchantAccount, merchantAccount)));
  return row;
}

/** Reads the payment locked for update, so concurrent modifications see each other's amounts. */
export async function lockPayment(db: Executor, merchantAccount: string, pspReference: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.pspReference, pspReference), eq(payments.merchantAccount, merchantAccount)))
    .for('update');
  return row;
}

export async function updatePayment(db: Executor, pspReference: string, changes: Partial<NewPayment>) {
  await db
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(payments.pspReference, pspReference));
}

/**
 * Moves an open payment (authenticating, or received and waiting for its shopper step) to its
 * result; false when another request got there first, so it is finalised (and notified) once only.
 */
export async function finaliseOpen(db: Executor, pspReference: string, changes: Partial<NewPayment>) {
  const updated = await db
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(eq(payments.pspReference, pspReference), inArray(payments.status, ['authenticating', 'received'])),
    )
    .returning({ pspReference: payments.pspReference });
  return updated.length > 0;
}

export async function listSessionPayments(db: Executor, sessionId: string) {
  return db.select().from(payments).where(eq(payments.sessionId, sessionId)).orderBy(asc(payments.createdAt));
}

/** A payment by reference alone: only for callers holding a token the gateway signed for it. */
export async function findPaymentByReference(db: Executor, pspReference: string) {
  const [row] = await db.select().from(payments).where(eq(payments.pspReference, pspReference));
  return row;
}

/** A merchant's payments still waiting for a shopper step, newest first; of one merchant or PSP reference if given. */
export async function listOpenShopperSteps(
  db: Executor,
  merchantAccount: string,
  limit: number,
  reference?: string,
) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.merchantAccount, merchantAccount),
        inArray(payments.status, ['authenticating', 'received']),
        isNotNull(payments.shopperStep),
        reference
          ? or(eq(payments.merchantReference, reference), eq(payments.pspReference, reference))
          : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}
