import { toMinorUnits } from '@actuate/contracts';
import { type Database, type Executor, forbidden, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { SpendingService } from '../spending/service.ts';
import { toPayment } from './entities.ts';
import { type Direction, PaymentBody, type TransactionBody } from './models.ts';
import { isOrderAdmin, type OrderAccess } from './order-access.ts';
import { assertMay, refusalOf } from './order-process.ts';
import type { OrderPorts } from './ports.ts';
import * as repository from './repository.ts';

/** What a spending account takes of an order: checked when it is submitted, charged when it opens. */
export type SpendingCharge = { accountId: string; amount: number; allowExceed: boolean };

/** The payments of an order with their transactions, and what spending accounts charge for it. */
export class PaymentsService {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
    private readonly spending: SpendingService,
    private readonly ports: Pick<OrderPorts, 'creditCardUsableBy'>,
  ) {}

  async list(context: PlatformContext, direction: Direction, orderId: string, options: ListOptions) {
    const order = await this.access.orderRow(context, direction, orderId);
    const { rows, totalCount } = await repository.listPaymentRows(this.db, orderId, options);
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => toPayment(row, order.currency)),
    };
  }

  async get(context: PlatformContext, direction: Direction, orderId: string, paymentId: string) {
    const order = await this.access.orderRow(context, direction, orderId);
    const row = await repository.findPaymentRow(this.db, orderId, paymentId);
    if (!row) throw notFoundError('Payment', paymentId);
    return toPayment(row, order.currency);
  }

  async create(context: PlatformContext, direction: Direction, orderId: string, body: PaymentBody) {
    const order = await this.access.orderRow(context, direction, orderId);
    assertMay('pay', order.status);
    if (body.Amount !== null && body.Amount !== undefined && body.Amount <= 0) {
      throw new HttpError(
        400,
        'Payment.AmountGreaterThanZero',
        'When creating a payment Amount must be null or greater than zero.',
      );
    }
    if (body.Accepted && !isOrderAdmin(context)) {
      throw forbidden(
        'Payment.CannotPatchAccepted',
        'You are not authorized to modify the Accepted property.',
      );
    }
    if (body.CreditCardID && body.Type !== 'CreditCard') {
      throw new HttpError(
        400,
        'Payment.CannotSetCreditCard',
        'CreditCardID needs a payment of type CreditCard.',
      );
    }
    if (body.SpendingAccountID && body.Type !== 'SpendingAccount') {
      throw new HttpError(
        400,
        'Payment.CannotSetSpendingAccount',
        'SpendingAccountID needs a payment of type SpendingAccount.',
      );
    }
    if (
      body.CreditCardID &&
      !(await this.ports.creditCardUsableBy(order.fromCompanyId, order.fromUserId, body.CreditCardID))
    ) {
      throw notFoundError('CreditCard', body.CreditCardID);
    }
    if (body.Type === 'SpendingAccount' && !body.SpendingAccountID) {
      throw new HttpError(
        400,
        'Payment.SpendingAccountIdMissing',
        'A SpendingAccount payment needs its SpendingAccountID.',
      );
    }
    if (body.Type === 'SpendingAccount' && body.SpendingAccountID) {
      await this.spending.usableBy(
        order.fromCompanyId,
        order.fromUserId,
        body.SpendingAccountID,
        context.now,
      );
    }
    const id = body.ID ?? newId();
    try {
      const row = await repository.insertPaymentRow(this.db, {
        orderId,
        id,
        type: body.Type,
        creditCardId: body.CreditCardID ?? null,
        spendingAccountId: body.SpendingAccountID ?? null,
        description: body.Description ?? null,
        amount:
          body.Amount === null || body.Amount === undefined
            ? null
            : toMinorUnits(body.Amount, order.currency),
        accepted: body.Accepted ?? false,
        dateCreated: context.now,
        xp: (body.xp ?? {}) as Record<string, unknown>,
      });
      return toPayment(row, order.currency);
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('Payment', id);
      throw error;
    }
  }

  async patch(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    paymentId: string,
    patch: Record<string, unknown>,
  ) {
    const order = await this.access.orderRow(context, direction, orderId);
    const current = await this.get(context, direction, orderId, paymentId);
    assertMay('pay', order.status);
    for (const fixed of ['Type', 'CreditCardID', 'SpendingAccountID'] as const) {
      if (fixed in patch && patch[fixed] !== current[fixed]) {
        throw new HttpError(
          400,
          'Payment.CannotPatchProperty',
          'Payment Type, SpendingAccountID, and CreditCardID are not modifiable.',
        );
      }
    }
    if (!isOrderAdmin(context)) {
      if ('Accepted' in patch && patch.Accepted !== current.Accepted) {
        throw forbidden(
          'Payment.CannotPatchAccepted',
          'You are not authorized to modify the Accepted property.',
        );
      }
      if (current.Accepted && (order.isSubmitted || current.Type === 'CreditCard')) {
        throw forbidden(
          'Payment.NotAuthorizedToPatch',
          'You cannot modify an accepted payment on a submitted order or an accepted credit card payment.',
        );
      }
    }
    const merged = parseEntity(PaymentBody, applyPatch(current, patch));
    const row = await repository.updatePaymentRow(this.db, orderId, paymentId, {
      description: merged.Description ?? null,
      amount:
        merged.Amount === null || merged.Amount === undefined
          ? null
          : toMinorUnits(merged.Amount, order.currency),
      accepted: merged.Accepted ?? false,
      xp: (merged.xp ?? {}) as Record<string, unknown>,
    });
    return toPayment(row, order.currency);
  }

  async delete(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    paymentId: string,
  ): Promise<void> {
    const order = await this.access.orderRow(context, direction, orderId);
    if (order.isSubmitted && !isOrderAdmin(context)) throw refusalOf('edit', order.status);
    if (!(await repository.deletePaymentRow(this.db, orderId, paymentId)))
      throw notFoundError('Payment', paymentId);
  }

  async createTransaction(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    paymentId: string,
    body: TransactionBody,
  ) {
    const order = await this.access.orderRow(context, direction, orderId);
    const currency = body.Currency ?? order.currency;
    const transaction = {
      ID: body.ID ?? newId(),
      Type: body.Type,
      DateExecuted: body.DateExecuted ?? context.now.toISOString(),
      Currency: currency,
      Amount: body.Amount === null || body.Amount === undefined ? null : toMinorUnits(body.Amount, currency),
      Succeeded: body.Succeeded ?? false,
      ResultCode: body.ResultCode ?? null,
      ResultMessage: body.ResultMessage ?? null,
      xp: (body.xp ?? {}) as Record<string, unknown>,
    };
    // The payment row is locked while its list grows, so concurrent transactions are all kept.
    const row = await this.db.transaction(async (tx) => {
      const payment = await repository.findPaymentRow(tx, orderId, paymentId, true);
      if (!payment) throw notFoundError('Payment', paymentId);
      if (payment.transactions.some((existing) => existing.ID === transaction.ID))
        throw idExistsError('PaymentTransaction', transaction.ID);
      return repository.updatePaymentRow(tx, orderId, paymentId, {
        transactions: [...payment.transactions, transaction],
      });
    });
    return toPayment(row, order.currency);
  }

  /** `DELETE …/payments/{id}/transactions/{id}` (OrderAdmin). */
  async deleteTransaction(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    paymentId: string,
    transactionId: string,
  ): Promise<void> {
    await this.access.orderRow(context, direction, orderId);
    await this.db.transaction(async (tx) => {
      const payment = await repository.findPaymentRow(tx, orderId, paymentId, true);
      if (!payment) throw notFoundError('Payment', paymentId);
      const kept = payment.transactions.filter((transaction) => transaction.ID !== transactionId);
      if (kept.length === payment.transactions.length)
        throw notFoundError('PaymentTransaction', transactionId);
      await repository.updatePaymentRow(tx, orderId, paymentId, { transactions: kept });
    });
  }

  /**
   * What each spending-account payment takes: its Amount, or (null Amount) what the other payments
   * leave of the order total; checked for use now, charged when the order opens.
   */
  async spendingCharges(order: repository.OrderRow, now: Date): Promise<SpendingCharge[]> {
    const payments = await repository.allPayments(this.db, order.id);
    const fixed = payments.reduce((sum, payment) => sum + (payment.amount ?? 0), 0);
    const charges = [];
    for (const payment of payments) {
      if (payment.type !== 'SpendingAccount' || !payment.spendingAccountId) continue;
      const { allowExceed } = await this.spending.usableBy(
        order.fromCompanyId,
        order.fromUserId,
        payment.spendingAccountId,
        now,
      );
      charges.push({
        accountId: payment.spendingAccountId,
        amount: payment.amount ?? Math.max(0, order.total - fixed),
        allowExceed,
      });
    }
    return charges;
  }

  async applyCharges(tx: Executor, buyerId: string, charges: SpendingCharge[]) {
    for (const charge of charges)
      await this.spending.charge(tx, buyerId, charge.accountId, charge.amount, charge.allowExceed);
  }
}
