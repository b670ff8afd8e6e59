import { type Database, type Executor, forbidden } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';
import type { PlatformContext } from '../../shared/context.ts';
import { notFoundError } from '../../shared/errors.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import type { UsersService } from '../users/service.ts';
import { type OrderEntity, toLineItem, toOrder } from './entities.ts';
import type { Direction, OrderApprovalInfo } from './models.ts';
import { isAdmin, isOrderAdmin, type OrderAccess } from './order-access.ts';
import { assertMay, may, OrderStatus, statusAfter } from './order-process.ts';
import type { PaymentsService } from './payments.ts';
import * as repository from './repository.ts';
import { orders } from './schema.ts';
import { withoutRoles } from './snapshots.ts';
import type { WorksheetService } from './worksheet.ts';

/** An approval's own status (not the order's). */
const Approval = { Pending: 'Pending', Approved: 'Approved', Declined: 'Declined' } as const;

export type FiredRules = Awaited<ReturnType<ApprovalsService['rulesThatFire']>>;

/**
 * The approvals of an order (docs/domain.md#orders): one per fired approval rule, decided by a member
 * of its approving group or an order admin; the last approval opens the order, a decline closes it.
 */
export class OrderApprovalsService {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
    private readonly users: UsersService,
    private readonly approvals: ApprovalsService,
    private readonly payments: PaymentsService,
    private readonly worksheet: WorksheetService,
  ) {}

  /**
   * Records an approval per fired rule; a rule whose approving group includes the submitter approves
   * itself. True when any approval is pending.
   */
  async openApprovals(tx: Executor, context: PlatformContext, order: repository.OrderRow, fired: FiredRules) {
    for (const rule of fired) {
      await repository.saveApproval(tx, {
        orderId: order.id,
        approvalRuleId: rule.ruleId,
        approvingGroupId: rule.approvingGroupId,
        status: rule.selfApproved ? Approval.Approved : Approval.Pending,
        allowResubmit: false,
        comments: null,
        approver: rule.selfApproved ? order.fromUser : null,
        dateCreated: context.now,
        dateCompleted: rule.selfApproved ? context.now : null,
      });
    }
    return fired.some((rule) => !rule.selfApproved);
  }

  async list(context: PlatformContext, direction: Direction, orderId: string, options: ListOptions) {
    await this.access.orderRow(context, direction, orderId);
    const rows = await repository.approvalsOf(this.db, orderId);
    const items = rows.map((row) => ({
      ApprovalRuleID: row.approvalRuleId,
      ApprovingGroupID: row.approvingGroupId,
      Status: row.status,
      AllowResubmit: row.allowResubmit,
      DateCreated: row.dateCreated.toISOString(),
      DateCompleted: row.dateCompleted?.toISOString() ?? null,
      Approver: row.approver,
      Comments: row.comments,
    }));
    const start = (options.page - 1) * options.pageSize;
    const page = items.slice(start, start + options.pageSize);
    return { Meta: listMeta(options, items.length, page.length), Items: page };
  }

  /**
   * `GET /v1/buyers/{buyerID}/approvalrules/{approvalRuleID}/orders` (our extension): the company's
   * orders the rule stopped, each with that rule's approval, so a buyer admin sees what a rule catches.
   * Whoever may read the rules may see them (the route's ApprovalRuleAdmin/Reader), as an approver sees
   * the orders waiting for them.
   */
  async listCaughtBy(context: PlatformContext, buyerId: string, ruleId: string, options: ListOptions) {
    await this.approvals.store.get(ruleId, buyerId);
    const { rows, totalCount } = await repository.listOrderRows(
      this.db,
      options,
      repository.caughtByRule(buyerId, ruleId),
    );
    const items = [];
    for (const row of rows) {
      const approval = (await repository.approvalsOf(this.db, row.id)).find(
        (candidate) => candidate.approvalRuleId === ruleId,
      );
      items.push({
        ...toOrder(row),
        Approval: approval
          ? {
              Status: approval.status,
              DateCreated: approval.dateCreated.toISOString(),
              DateCompleted: approval.dateCompleted?.toISOString() ?? null,
            }
          : null,
      });
    }
    return { Meta: listMeta(options, totalCount, items.length), Items: items };
  }

  /** `/me/orders/approvable`: orders of my company waiting for one of my groups. */
  async listApprovable(context: PlatformContext, options: ListOptions): Promise<ListPage<OrderEntity>> {
    const scope = sql`${orders.fromCompanyId} = ${context.caller.buyerId ?? ''} and ${orders.status} = ${OrderStatus.AwaitingApproval} and ${repository.approvableBy(await this.access.groupsOf(context), true)}`;
    const { rows, totalCount } = await repository.listOrderRows(this.db, options, scope);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toOrder) };
  }

  async approve(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    info: OrderApprovalInfo = {},
  ): Promise<OrderEntity> {
    const current = await repository.findOrderRow(this.db, orderId);
    const charges = current ? await this.payments.spendingCharges(current, context.now) : [];
    const chained = current ? await this.chainedRules(context, current) : [];
    const opened = await this.decide(context, orderId, async (tx, groups, approver) => {
      await repository.completeApprovals(tx, orderId, groups, {
        status: Approval.Approved,
        comments: info.Comments ?? null,
        approver,
        dateCompleted: context.now,
      });
      // Rules chained on the ones just approved (`order.approved('ruleId')`) now ask for their approval.
      if (current && chained.length > 0) await this.openApprovals(tx, context, current, chained);
      // Parallel rules: the order opens only when no approval is pending any more.
      const pending = (await repository.approvalsOf(tx, orderId)).some(
        (approval) => approval.status === Approval.Pending,
      );
      if (!pending) {
        await this.payments.applyCharges(tx, current?.fromCompanyId ?? '', charges);
        await repository.updateOrderRow(tx, orderId, {
          status: statusAfter('approve'),
          isSubmitted: true,
          dateApproved: context.now,
          dateSubmitted: context.now,
          lastUpdated: context.now,
        });
      }
      return !pending;
    });
    const order = (await repository.findOrderRow(this.db, orderId)) as repository.OrderRow;
    if (opened)
      await this.worksheet.notify(
        context,
        await this.worksheet.checkout(context, order),
        order,
        'orderApproved',
      );
    return this.access.get(context, direction, orderId).catch(() => toOrder(order));
  }

  /**
   * The rules that fire once the caller's approval is in (its groups' pending approvals, or all of them
   * for an order admin) and that the order has no approval for yet: the next links of chained rules.
   */
  private async chainedRules(context: PlatformContext, order: repository.OrderRow) {
    if (!may('approve', order.status)) return [];
    const existing = await repository.approvalsOf(this.db, order.id);
    const groups = isOrderAdmin(context) ? 'all' : await this.access.groupsOf(context);
    const approvedAfter = existing
      .filter(
        (approval) =>
          approval.status === Approval.Approved ||
          (approval.status === Approval.Pending &&
            (groups === 'all' || groups.includes(approval.approvingGroupId))),
      )
      .map((approval) => approval.approvalRuleId);
    const lines = await repository.allLineItems(this.db, order.id);
    const fired = await this.approvals.rulesThatFire(
      order.fromCompanyId,
      order.fromUserId,
      toOrder(order),
      lines.map((line) => toLineItem(line, order.currency)),
      context.now,
      approvedAfter,
    );
    return fired.filter((rule) => !existing.some((approval) => approval.approvalRuleId === rule.ruleId));
  }

  /**
   * `approvalpreview` (our extension; OrderCloud tells only at submit): the rules that would stop this
   * unsubmitted order for approval if it were submitted now, by name and description (never the
   * expression), so a checkout can warn before the buyer pays. Rules the submitter approves are left out.
   */
  async preview(context: PlatformContext, direction: Direction, orderId: string) {
    const order = await this.access.orderRow(context, direction, orderId);
    const fired = may('submitForApproval', order.status) ? await this.firedOnSubmit(context, order) : [];
    const items = fired
      .filter((rule) => !rule.selfApproved)
      .map((rule) => ({
        ApprovalRuleID: rule.ruleId,
        ApprovingGroupID: rule.approvingGroupId,
        Name: rule.name,
        Description: rule.description,
      }));
    const options = { sortBy: [], page: 1, pageSize: Math.max(1, items.length), filters: [] };
    return { Meta: listMeta(options, items.length, items.length), Items: items };
  }

  private async firedOnSubmit(context: PlatformContext, order: repository.OrderRow) {
    const lines = await repository.allLineItems(this.db, order.id);
    return this.approvals.rulesThatFire(
      order.fromCompanyId,
      order.fromUserId,
      toOrder(order),
      lines.map((line) => toLineItem(line, order.currency)),
      context.now,
    );
  }

  /** `eligibleapprovers`: the buyer users who can still approve the order (members of pending groups). */
  async eligibleApprovers(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    options: ListOptions,
  ) {
    const order = await this.access.orderRow(context, direction, orderId);
    const pending = (await repository.approvalsOf(this.db, orderId)).filter(
      (approval) => may('approve', order.status) && approval.status === Approval.Pending,
    );
    const userIds = new Set<string>();
    const all = { sortBy: [], page: 1, pageSize: 100, filters: [] };
    for (const groupId of new Set(pending.map((approval) => approval.approvingGroupId))) {
      for (let page = 1; ; page++) {
        const assignments = await this.users.listGroupAssignments(
          context,
          order.fromCompanyId,
          { userGroupId: groupId },
          { ...all, page },
        );
        for (const assignment of assignments.Items) userIds.add(assignment.UserID);
        if (assignments.Items.length < all.pageSize) break;
      }
    }
    const approvers = [];
    for (const userId of [...userIds].sort()) {
      approvers.push(withoutRoles(await this.users.get(context, order.fromCompanyId, userId)));
    }
    const start = (options.page - 1) * options.pageSize;
    const page = approvers.slice(start, start + options.pageSize);
    return { Meta: listMeta(options, approvers.length, page.length), Items: page };
  }

  async decline(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    info: OrderApprovalInfo,
  ): Promise<OrderEntity> {
    await this.decide(context, orderId, async (tx, groups, approver) => {
      await repository.completeApprovals(tx, orderId, groups, {
        status: Approval.Declined,
        comments: info.Comments ?? null,
        allowResubmit: info.AllowResubmit ?? false,
        approver,
        dateCompleted: context.now,
      });
      // AllowResubmit sends the order back to the buyer's cart instead of closing it.
      await repository.updateOrderRow(tx, orderId, {
        status: statusAfter(info.AllowResubmit ? 'declineForResubmit' : 'decline'),
        dateDeclined: context.now,
        lastUpdated: context.now,
      });
      return true;
    });
    const order = (await repository.findOrderRow(this.db, orderId)) as repository.OrderRow;
    return this.access.get(context, direction, orderId).catch(() => toOrder(order));
  }

  /**
   * Approve and decline: the order must await approval, and the caller must be an order admin or a
   * member of an approving group with a pending approval (docs/domain.md#orders).
   */
  private async decide(
    context: PlatformContext,
    orderId: string,
    apply: (tx: Executor, groups: string[] | 'all', approver: Record<string, unknown>) => Promise<boolean>,
  ): Promise<boolean> {
    const groups = isOrderAdmin(context) ? 'all' : await this.access.groupsOf(context);
    const approver = isAdmin(context)
      ? { ID: context.caller.userId, Username: context.caller.username }
      : withoutRoles(await this.users.getMe(context));
    return this.db.transaction(async (tx) => {
      const order = await repository.findOrderRow(tx, orderId, true);
      const approvals = order ? await repository.approvalsOf(tx, orderId) : [];
      const related =
        order &&
        (groups === 'all' ||
          order.fromUserId === context.caller.userId ||
          (order.fromCompanyId === context.caller.buyerId &&
            approvals.some((approval) => groups.includes(approval.approvingGroupId))));
      if (!order || !related) throw notFoundError('Order', orderId);
      assertMay('approve', order.status);
      const eligible =
        groups === 'all' ||
        approvals.some(
          (approval) => approval.status === Approval.Pending && groups.includes(approval.approvingGroupId),
        );
      if (!eligible)
        throw forbidden('Order.NotEligibleToApprove', 'You are not eligible to approve this order.');
      return apply(tx, groups, approver);
    });
  }
}
