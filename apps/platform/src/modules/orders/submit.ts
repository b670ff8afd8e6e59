import type { Database, Executor } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { throwAll } from '../../shared/errors.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import type { PromotionsService } from '../promotions/service.ts';
import type { CheckoutIntegration } from './checkout.ts';
import { type OrderEntity, toLineItem, toOrder } from './entities.ts';
import type { Direction } from './models.ts';
import type { OrderAccess } from './order-access.ts';
import type { FiredRules, OrderApprovalsService } from './order-approvals.ts';
import { statusAfter } from './order-process.ts';
import type { PaymentsService } from './payments.ts';
import * as repository from './repository.ts';
import { facts, viewOf } from './snapshots.ts';
import type { SubmitChecks } from './submit-checks.ts';
import type { WorksheetService } from './worksheet.ts';

type Audience = Awaited<ReturnType<PromotionsService['audienceOf']>>;

/**
 * Submit and validate. Submit is a sequence of steps, in this order: refuse on any problem, find the
 * approval rules that fire, run the pre-submit webhook, then in one transaction lock and re-check the
 * order, redeem its promotions, route it for approval or charge its spending accounts and move its
 * status; last, tell the checkout integration. Other modules are read before the transaction: they
 * read through their own connection.
 */
export class SubmitService {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
    private readonly checks: SubmitChecks,
    private readonly approvalRules: ApprovalsService,
    private readonly orderApprovals: OrderApprovalsService,
    private readonly integrations: IntegrationsService,
    private readonly promotions: PromotionsService,
    private readonly payments: PaymentsService,
    private readonly worksheet: WorksheetService,
  ) {}

  async submit(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    const before = await this.access.orderRow(context, direction, orderId);
    const linesBefore = await repository.allLineItems(this.db, orderId);
    const { checkout, charges } = await this.refuseProblems(context, before, linesBefore);
    const fired = await this.approvalRulesThatFire(context, before, linesBefore);
    await this.runPreSubmitHook(context, direction, orderId);
    const audience = await this.promotions.audienceOf(before.fromCompanyId, before.fromUserId);
    const submitted = await this.db.transaction(async (tx) => {
      const { order, lines } = await this.lockAndRecheck(tx, context, direction, orderId);
      await this.redeemPromotions(tx, context, order, lines, audience);
      const needsApproval = await this.orderApprovals.openApprovals(tx, context, order, fired);
      // Spending accounts pay when the order opens, not while it is routed for approval.
      if (!needsApproval) await this.payments.applyCharges(tx, order.fromCompanyId, charges);
      // Its last change in the transaction: the row as committed.
      return this.moveStatus(tx, context, orderId, needsApproval);
    });
    await this.notifyIntegration(context, checkout, submitted);
    return toOrder(submitted);
  }

  /**
   * `validate`: the order checked as submit checks it, changing nothing (no webhook, no redemption);
   * 204 when it could be submitted, else every problem at once in OrderCloud's Errors list. It names
   * unaccepted payments too, which submit checks after its pre-submit webhook (the middleware's webhook
   * accepts purchase orders and budgets it has checked).
   */
  async validate(context: PlatformContext, direction: Direction, orderId: string): Promise<void> {
    const order = await this.access.orderRow(context, direction, orderId);
    const { problems } = await this.checks.problems(
      context,
      order,
      await repository.allLineItems(this.db, orderId),
    );
    throwAll(problems);
  }

  /** Every problem at once; payments are left to the check under the lock (the webhook may accept them). */
  private async refuseProblems(
    context: PlatformContext,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
  ) {
    const { problems, checkout, charges } = await this.checks.problems(context, order, lines, {
      payments: false,
    });
    throwAll(problems);
    return { checkout, charges };
  }

  private approvalRulesThatFire(
    context: PlatformContext,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
  ): Promise<FiredRules> {
    return this.approvalRules.rulesThatFire(
      order.fromCompanyId,
      order.fromUserId,
      toOrder(order),
      lines.map((line) => toLineItem(line, order.currency)),
      context.now,
    );
  }

  private async runPreSubmitHook(context: PlatformContext, direction: Direction, orderId: string) {
    await this.integrations.runPreHooks({
      route: 'v1/orders/{direction}/{orderID}/submit',
      routeParams: { direction, orderID: orderId },
      verb: 'POST',
      clientId: context.caller.clientId,
      userToken: context.accessToken,
      requestBody: null,
      now: context.now,
    });
  }

  /** The order's own rows again, under its lock: nobody submits it twice or changes it meanwhile. */
  private async lockAndRecheck(
    tx: Executor,
    context: PlatformContext,
    direction: Direction,
    orderId: string,
  ) {
    const order = await this.access.orderRow(context, direction, orderId, tx, true);
    const lines = await repository.allLineItems(tx, orderId);
    throwAll(await this.checks.rowProblems(tx, order, lines));
    return { order, lines };
  }

  /** Promotions are checked again and redeemed by this order (docs/domain.md#promotions-and-rules). */
  private async redeemPromotions(
    tx: Executor,
    context: PlatformContext,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
    audience: Audience,
  ) {
    await this.promotions.onOrders.checkAndRedeem(
      tx,
      facts(order),
      viewOf(order, lines, context.now),
      audience,
      context.now,
    );
  }

  private moveStatus(tx: Executor, context: PlatformContext, orderId: string, needsApproval: boolean) {
    return repository.updateOrderRow(
      tx,
      orderId,
      needsApproval
        ? { status: statusAfter('submitForApproval'), lastUpdated: context.now }
        : {
            status: statusAfter('submit'),
            isSubmitted: true,
            dateSubmitted: context.now,
            lastUpdated: context.now,
          },
    );
  }

  /** The order is submitted whatever the integration answers; its answer is kept on the worksheet. */
  private async notifyIntegration(
    context: PlatformContext,
    checkout: CheckoutIntegration | undefined,
    submitted: repository.OrderRow,
  ): Promise<void> {
    await this.worksheet.notify(
      context,
      checkout,
      submitted,
      submitted.status === statusAfter('submitForApproval') ? 'orderSubmitForApproval' : 'orderSubmit',
    );
  }
}
