import type { Executor } from '@actuate/service-kit';
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { modifications } from '../modifications/schema.ts';
import { payments } from '../payments/schema.ts';
import { sessions } from '../sessions/schema.ts';
import { threeDsTransactions } from '../threeds2/schema.ts';
import { notifications } from '../webhooks/schema.ts';
import type { PaymentFilter } from './payments-filter.ts';

/** The shopper's e-mail where the gateway has one: in the request of the session the payment belongs to. */
const shopperEmail = sql<string | null>`${sessions.request}->>'shopperEmail'`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function conditions(merchantAccount: string, filter: PaymentFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(payments.merchantAccount, merchantAccount)];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    where.push(
      or(
        eq(payments.pspReference, filter.q),
        ilike(payments.merchantReference, pattern),
        ilike(payments.shopperReference, pattern),
        sql`${shopperEmail} ilike ${pattern}`,
      ),
    );
  }
  if (filter.status) where.push(eq(payments.status, filter.status));
  if (filter.method) where.push(eq(payments.paymentMethodType, filter.method));
  if (filter.currency) where.push(eq(payments.currency, filter.currency));
  if (filter.from) where.push(gte(payments.createdAt, filter.from));
  if (filter.until) where.push(lt(payments.createdAt, filter.until));
  return and(...where);
}

const listColumns = {
  pspReference: payments.pspReference,
  merchantReference: payments.merchantReference,
  createdAt: payments.createdAt,
  status: payments.status,
  resultCode: payments.resultCode,
  refusalReason: payments.refusalReason,
  paymentMethodType: payments.paymentMethodType,
  brand: payments.brand,
  lastFour: payments.lastFour,
  currency: payments.currency,
  amountValue: payments.amountValue,
  capturedValue: payments.capturedValue,
  refundedValue: payments.refundedValue,
  shopperReference: payments.shopperReference,
  shopperEmail,
};

export type PaymentListRow = Awaited<ReturnType<typeof listMerchantPayments>>[number];

/** One merchant's payments matching the filter, newest first. */
export async function listMerchantPayments(
  db: Executor,
  merchantAccount: string,
  filter: PaymentFilter,
  page: { offset: number; limit: number },
) {
  return db
    .select(listColumns)
    .from(payments)
    .leftJoin(sessions, eq(sessions.id, payments.sessionId))
    .where(conditions(merchantAccount, filter))
    .orderBy(desc(payments.createdAt), desc(payments.pspReference))
    .offset(page.offset)
    .limit(page.limit);
}

/** The methods and currencies a merchant has payments in (the filters' choices). */
export async function merchantFacets(db: Executor, merchantAccount: string) {
  const [methods, currencies] = await Promise.all([
    db
      .selectDistinct({ value: payments.paymentMethodType })
      .from(payments)
      .where(eq(payments.merchantAccount, merchantAccount))
      .orderBy(asc(payments.paymentMethodType)),
    db
      .selectDistinct({ value: payments.currency })
      .from(payments)
      .where(eq(payments.merchantAccount, merchantAccount))
      .orderBy(asc(payments.currency)),
  ]);
  return { methods: methods.map((row) => row.value), currencies: currencies.map((row) => row.value) };
}

/** A payment of the merchant with what happened to it: 3-D Secure, modifications, webhooks. */
export async function findPaymentHistory(db: Executor, merchantAccount: string, pspReference: string) {
  const [row] = await db
    .select({ payment: payments, shopperEmail })
    .from(payments)
    .leftJoin(sessions, eq(sessions.id, payments.sessionId))
    .where(and(eq(payments.pspReference, pspReference), eq(payments.merchantAccount, merchantAccount)));
  if (!row) return undefined;
  const [threeDs, changes, webhooks] = await Promise.all([
    db
      .select()
      .from(threeDsTransactions)
      .where(eq(threeDsTransactions.pspReference, pspReference))
      .orderBy(asc(threeDsTransactions.createdAt)),
    db
      .select()
      .from(modifications)
      .where(
        and(
          eq(modifications.paymentPspReference, pspReference),
          eq(modifications.merchantAccount, merchantAccount),
        ),
      )
      .orderBy(asc(modifications.createdAt)),
    db
      .select({
        id: notifications.id,
        eventCode: notifications.eventCode,
        pspReference: notifications.pspReference,
        success: notifications.success,
        state: notifications.state,
        attempts: notifications.attempts,
        lastStatusCode: notifications.lastStatusCode,
        lastError: notifications.lastError,
        deliveredAt: notifications.deliveredAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.paymentPspReference, pspReference),
          eq(notifications.merchantAccount, merchantAccount),
        ),
      )
      .orderBy(asc(notifications.id)),
  ]);
  return { payment: row.payment, shopperEmail: row.shopperEmail, threeDs, modifications: changes, webhooks };
}

export type PaymentHistory = NonNullable<Awaited<ReturnType<typeof findPaymentHistory>>>;
