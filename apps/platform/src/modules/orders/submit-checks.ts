import { type Database, type Executor, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import type { BuyerProduct, CatalogService } from '../catalog/service.ts';
import type { PromotionsService } from '../promotions/service.ts';
import type { CheckoutIntegration } from './checkout.ts';
import { type ChosenSpec, priceLine } from './line-pricing.ts';
import { ownerContext } from './order-access.ts';
import { may, refusalOf } from './order-process.ts';
import type { PaymentsService, SpendingCharge } from './payments.ts';
import * as repository from './repository.ts';
import { facts, quantityOf, viewOf } from './snapshots.ts';
import type { WorksheetService } from './worksheet.ts';

/**
 * Everything that stops an order from being submitted, reading only: what `validate` answers and what
 * submit checks before its webhook, and again (its own rows) under the order's lock.
 */
export class SubmitChecks {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly promotions: PromotionsService,
    private readonly payments: PaymentsService,
    private readonly worksheet: WorksheetService,
  ) {}

  /**
   * Its status (alone: nothing else matters then), its line items and payments, the checkout
   * integration's calculation, products and prices as its user sees them now, the applied promotions,
   * the spending accounts paying it. Submit goes on with the checkout integration and the spending
   * charges found on the way.
   */
  async problems(
    context: PlatformContext,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
    { payments = true } = {},
  ): Promise<{
    problems: HttpError[];
    checkout: CheckoutIntegration | undefined;
    charges: SpendingCharge[];
  }> {
    const problems = await this.rowProblems(this.db, order, lines, { payments });
    if (!may('submit', order.status)) return { problems, checkout: undefined, charges: [] };
    const checkout = await this.worksheet.checkout(context, order);
    if (checkout && !order.calculatedAt) {
      problems.push(
        new HttpError(
          400,
          'Order.CannotSubmitUncalculatedOrder',
          'Cannot submit an order that has not called the OrderCalculate step of the checkout integration.',
          { Status: order.status },
        ),
      );
    }
    problems.push(...(await this.productProblems(context, order, lines)));
    problems.push(...(await this.promotionProblems(context, order, lines)));
    let charges: SpendingCharge[] = [];
    problems.push(
      ...(await refusals(async () => {
        charges = await this.payments.spendingCharges(order, context.now);
      })),
    );
    return { problems, checkout, charges };
  }

  /**
   * The checks on the order's own rows: still Unsubmitted, has line items, and (unless `payments` is
   * false) every payment Accepted.
   */
  async rowProblems(
    executor: Executor,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
    { payments = true } = {},
  ): Promise<HttpError[]> {
    if (!may('submit', order.status)) return [refusalOf('submit', order.status)];
    const problems: HttpError[] = [];
    if (lines.length === 0)
      problems.push(
        new HttpError(
          400,
          'Order.CannotSubmitWithNoLineItems',
          'Cannot submit an order without any line items.',
          {
            Status: order.status,
          },
        ),
      );
    const unaccepted = payments
      ? (await repository.allPayments(executor, order.id)).filter((payment) => !payment.accepted)
      : [];
    if (unaccepted.length > 0) {
      problems.push(
        new HttpError(
          400,
          'Order.CannotSubmitWithUnaccceptedPayments',
          'Cannot submit an order with payments that have not been Accepted.',
          { PaymentIDs: unaccepted.map((payment) => payment.id) },
        ),
      );
    }
    return problems;
  }

  /**
   * Products and prices as the order's user sees them now: every product still visible to them
   * (`Order.ProductsNotFound` names the others), and each line still priced as when it was added: a
   * price schedule in the order's currency whose quantity rules (min, max, restricted, cumulative)
   * allow the line's quantity (the pricing module's codes, with the line's ID).
   */
  private async productProblems(
    context: PlatformContext,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
  ): Promise<HttpError[]> {
    const owner = ownerContext(context, order);
    const products = new Map<string, BuyerProduct>();
    const missing: string[] = [];
    for (const productId of new Set(lines.map((line) => line.productId))) {
      try {
        products.set(productId, await this.catalog.getMyProduct(owner, productId));
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) missing.push(productId);
        else throw error;
      }
    }
    const problems: HttpError[] = [];
    if (missing.length > 0) {
      problems.push(
        new HttpError(
          400,
          'Order.ProductsNotFound',
          'Cannot submit an order because some products are not accessible any more.',
          { ProductIDs: missing },
        ),
      );
    }
    for (const line of lines) {
      const product = products.get(line.productId);
      if (!product) continue;
      const refused = await refusals(async () =>
        priceLine({
          product,
          quantity: line.quantity,
          cumulativeQuantity: quantityOf(lines, line.productId, undefined),
          specs: line.specs as unknown as ChosenSpec[],
          currency: order.currency,
          now: context.now,
          overrideUnitPrice: null,
          subscription: order.subscriptionId !== null,
        }),
      );
      for (const error of refused)
        problems.push(
          new HttpError(error.status, error.code, error.message, { ...error.data, LineItemID: line.id }),
        );
    }
    return problems;
  }

  /** Why each applied promotion could not be redeemed now (submit checks them again under their locks). */
  private async promotionProblems(
    context: PlatformContext,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
  ): Promise<HttpError[]> {
    const applied = await this.promotions.onOrders.appliedRows(this.db, order.id);
    if (applied.length === 0) return [];
    const audience = await this.promotions.audienceOf(order.fromCompanyId, order.fromUserId);
    const view = viewOf(order, lines, context.now);
    const problems: HttpError[] = [];
    for (const { row } of applied) {
      if (!row) continue;
      const outcome = await this.promotions.onOrders.check(
        this.db,
        row,
        facts(order),
        view,
        audience,
        context.now,
      );
      if ('refused' in outcome) problems.push(outcome.refused);
    }
    return problems;
  }
}

/** The 4xx errors a check throws (none when it passes); anything else is thrown on. */
async function refusals(check: () => Promise<unknown>): Promise<HttpError[]> {
  try {
    await check();
    return [];
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return [error];
    throw error;
  }
}
