import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { payments } from '../payments/schema.ts';
import { paymentOrderPayments, paymentOrders } from './schema.ts';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type NewOrder = typeof paymentOrders.$inferInsert;

export async function insertOrder(db: Executor, row: NewOrder) {
  await db.insert(paymentOrders).values(row);
}

export async function findOrder(db: Executor, merchantAccount: string, pspReference: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.pspReference, pspReference), eq(paymentOrders.merchantAccount, merchantAccount)),
    );
  return row;
}

/** The order locked for update: payments of one order and its closing run one after another. */
export async function lockOrder(db: Executor, merchantAccount: string, pspReference: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.pspReference, pspReference), eq(paymentOrders.merchantAccount, merchantAccount)),
    )
    .for('update');
  return row;
}

export async function updateOrder(db: Executor, pspReference: string, changes: Partial<NewOrder>) {
  await db
    .update(paymentOrders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paymentOrders.pspReference, pspReference));
}

export async function linkPayment(db: Executor, orderPspReference: string, paymentPspReference: string) {
  await db.insert(paymentOrderPayments).values({ orderPspReference, paymentPspReference });
}

export async function orderPspOfPayment(db: Executor, paymentPspReference: string) {
  const [row] = await db
    .select({ orderPspReference: paymentOrderPayments.orderPspReference })
    .from(paymentOrderPayments)
    .where(eq(paymentOrderPayments.paymentPspReference, paymentPspReference));
  return row?.orderPspReference;
}

/** Order of each of these payments (those made in one). */
export async function ordersOfPayments(db: Executor, paymentPspReferences: string[]) {
  if (paymentPspReferences.length === 0) return [];
  return db
    .select({ paymentPspReference: paymentOrderPayments.paymentPspReference, order: paymentOrders })
    .from(paymentOrderPayments)
    .innerJoin(paymentOrders, eq(paymentOrders.pspReference, paymentOrderPayments.orderPspReference))
    .where(inArray(paymentOrderPayments.paymentPspReference, paymentPspReferences));
}

/** The payments made in an order, oldest first (a link whose payment was never written is skipped). */
export async function paymentsOfOrder(db: Executor, orderPspReference: string) {
  const rows = await db
    .select({ payment: payments })
    .from(paymentOrderPayments)
    .innerJoin(payments, eq(payments.pspReference, paymentOrderPayments.paymentPspReference))
    .where(eq(paymentOrderPayments.orderPspReference, orderPspReference))
    .orderBy(asc(paymentOrderPayments.createdAt), asc(payments.createdAt));
  return rows.map((row) => row.payment);
}
