import { toMinorUnits } from '@actuate/contracts';
import { type Database, type Executor, forbidden, HttpError } from '@actuate/service-kit';
import { eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError, throwAll } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import { hasAnyRole } from '../auth/guard.ts';
import type { BuyerProduct, CatalogService } from '../catalog/service.ts';
import { type IncrementorsService, ORDER_INCREMENTOR_ID } from '../incrementors/service.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import { lineTotal, orderTotals } from '../pricing/index.ts';
import type { OrderView } from '../promotions/engine.ts';
import type { OrderFacts, PromotionsService } from '../promotions/service.ts';
import type { SpendingService } from '../spending/service.ts';
import type { UsersService } from '../users/service.ts';
import {
  CHECKOUT_NOTIFICATION_QUEUE,
  CheckoutIntegration,
  type CheckoutNotificationJob,
} from './checkout.ts';
import { type LineItemEntity, type OrderEntity, toLineItem, toOrder, toPayment } from './entities.ts';
import { type ChosenSpec, chooseSpecs, priceLine } from './line-pricing.ts';
import {
  AddressBody,
  type Direction,
  FROM_USER_FIELDS,
  FromUserPatch,
  LineItemBody,
  type OrderApprovalInfo,
  OrderBody,
  PaymentBody,
  type TransactionBody,
} from './models.ts';
import { assertMay, may, OrderStatus, refusalOf, statusAfter } from './order-process.ts';
import * as repository from './repository.ts';
import { orders } from './schema.ts';

/** The marketplace owner: every buyer order goes to it. */
export const MARKETPLACE_ID = 'actuate';

const isAdmin = (context: PlatformContext) => context.caller.type === 'admin';
const isOrderAdmin = (context: PlatformContext) => isAdmin(context) && hasAnyRole(context, ['OrderAdmin']);

const badStatus = (code: string, message: string, status: string) =>
  new HttpError(400, code, message, { Status: status });

/**
 * An order needs a buyer user to come from: admin clients do not create orders (nor have carts).
 * OrderCloud's code for an order without FromUser.
 */
export const requiresFromUser = () =>
  new HttpError(
    400,
    'Order.CreateIncomingRequiresFromUser',
    'Only buyer users create orders, as Outgoing orders.',
  );

/** The columns a new order row takes from the table's defaults. */
const UNSAVED_ORDER: Omit<repository.OrderRow, 'id' | 'fromCompanyId'> = {
  fromUserId: '',
  fromUser: {},
  toCompanyId: MARKETPLACE_ID,
  status: OrderStatus.Unsubmitted,
  currency: '',
  billingAddressId: null,
  billingAddress: null,
  shippingAddressId: null,
  comments: null,
  lineItemCount: 0,
  subtotal: 0,
  shippingCost: 0,
  taxCost: 0,
  gratuity: 0,
  fees: 0,
  promotionDiscount: 0,
  total: 0,
  isSubmitted: false,
  subscriptionId: null,
  apiClientId: null,
  calculatedAt: null,
  dateCreated: new Date(0),
  dateSubmitted: null,
  dateApproved: null,
  dateDeclined: null,
  dateCanceled: null,
  dateCompleted: null,
  lastUpdated: new Date(0),
  xp: {},
};

/**
 * Orders, line items, payments and the status machine (domain facts A1, A2, A7). Buyer users see the
 * orders they placed (Outgoing); the marketplace's admin users see every buyer order (Incoming).
 */
export class OrdersService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly addresses: AddressesService,
    private readonly catalog: CatalogService,
    private readonly integrations: IntegrationsService,
    private readonly approvals: ApprovalsService,
    private readonly spending: SpendingService,
    /** The checkout integration event of an API client (OrderCheckoutIntegrationEventID). */
    private readonly checkoutEventIdOf: (clientId: string) => Promise<string | undefined>,
    private readonly promotions: PromotionsService,
    private readonly incrementors: IncrementorsService,
  ) {}

  /**
   * Whether the buyer user may pay with a saved card: their own or one assigned to them (set by the
   * credit cards module; until then no card is usable).
   */
  creditCardUsableBy: (buyerId: string, userId: string, cardId: string) => Promise<boolean> = async () =>
    false;

  /** The subscription an order came from, for the worksheet (set by the subscriptions module). */
  subscriptionOf: (subscriptionId: string) => Promise<Record<string, unknown> | null> = async () => null;

  // --- access ------------------------------------------------------------------------------------

  /** The caller's user groups (approvers act through their groups). */
  private async groupsOf(context: PlatformContext, tx: Executor = this.db): Promise<string[]> {
    return context.caller.buyerId
      ? this.users.groupIdsOf(context.caller.buyerId, context.caller.userId, tx)
      : [];
  }

  /**
   * Which orders a caller sees in a direction, from their point of view: a buyer's Outgoing are the
   * orders they placed, their Incoming the orders of their company that one of their groups has to
   * approve (or did); an admin's Incoming is every buyer order.
   */
  private async scope(context: PlatformContext, direction: Direction): Promise<SQL> {
    if (isAdmin(context)) return direction === 'Outgoing' ? sql`false` : sql`true`;
    const own = eq(orders.fromUserId, context.caller.userId) as SQL;
    const toApprove = sql`(${orders.fromCompanyId} = ${context.caller.buyerId ?? ''} and ${repository.approvableBy(await this.groupsOf(context), false)})`;
    if (direction === 'Outgoing') return own;
    if (direction === 'Incoming') return toApprove;
    return sql`(${own} or ${toApprove})`;
  }

  private async orderRow(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    tx: Executor = this.db,
    forUpdate = false,
  ) {
    const row = await repository.findOrderRow(tx, orderId, forUpdate);
    if (!row || !(await this.sees(context, direction, row, tx))) throw notFoundError('Order', orderId);
    return row;
  }

  private async sees(
    context: PlatformContext,
    direction: Direction,
    row: repository.OrderRow,
    tx: Executor,
  ): Promise<boolean> {
    if (isAdmin(context)) return direction !== 'Outgoing';
    if (direction !== 'Incoming' && row.fromUserId === context.caller.userId) return true;
    if (direction === 'Outgoing' || row.fromCompanyId !== context.caller.buyerId) return false;
    // Through tx: inside changeOrder's transaction a read on this.db waits forever on PGlite.
    const groups = new Set(await this.groupsOf(context, tx));
    return (await repository.approvalsOf(tx, row.id)).some((approval) =>
      groups.has(approval.approvingGroupId),
    );
  }

  /** Runs a change of an order under a row lock, then recomputes its totals. */
  private async changeOrder<T>(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const order = await this.orderRow(context, direction, orderId, tx, true);
      const result = await change(tx, order);
      await this.recalculate(tx, orderId, context.now);
      return result;
    });
  }

  /** A change that only an Unsubmitted order takes, under its lock (the totals follow). */
  private changeUnsubmitted(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<void>,
  ): Promise<void> {
    return this.changeOrder(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      await change(tx, order);
    });
  }

  /** `changeUnsubmitted`, answering the order as changed. */
  private async editUnsubmitted(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<void>,
  ): Promise<OrderEntity> {
    await this.changeUnsubmitted(context, direction, orderId, change);
    return this.get(context, direction, orderId);
  }

  /**
   * Adds one line under the order's row lock and recomputes the totals, answering the lines as
   * recalculated (promotions may have changed their discounts). The amounts of the order's lines are
   * read once: `add` prices against them (cumulative quantities) and the recalculation reuses them
   * with the new line, as it does the locked order row; whole lines are read only for promotions.
   */
  private async addLine(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    add: (
      tx: Executor,
      order: repository.OrderRow,
      lines: repository.LineAmountsRow[],
    ) => Promise<repository.LineItemRow>,
  ) {
    return this.db.transaction(async (tx) => {
      const order = await this.orderRow(context, direction, orderId, tx, true);
      const before = await repository.lineAmountsOf(tx, orderId);
      const added = await add(tx, order, before);
      const { lines } = await this.recalculated(tx, orderId, context.now, {
        order,
        lines: inLineOrder([...before, added]),
        wholeLines: () => repository.allLineItems(tx, orderId),
      });
      const recalculated = lines.find((line) => line.id === added.id);
      return {
        added: recalculated
          ? { ...added, promotionDiscount: recalculated.promotionDiscount, lineTotal: recalculated.lineTotal }
          : added,
        order,
      };
    });
  }

  /**
   * Subtotal, LineItemCount, promotion discounts and Total from the lines (domain facts A2/A3): the
   * applied promotions are evaluated against the order without its discounts, line-level amounts go to
   * LineItem.PromotionDiscount, and all of them to Order.PromotionDiscount. Any change makes the last
   * calculation stale.
   */
  private async recalculate(tx: Executor, orderId: string, now: Date): Promise<repository.OrderRow> {
    return (await this.recalculated(tx, orderId, now)).order;
  }

  /**
   * `known`: the order row as locked and the amounts of its lines as they now are, when the change
   * wrote only lines and the caller has them (saves reading them again), and how to read whole lines
   * (only an applied promotion needs them).
   */
  private async recalculated(
    tx: Executor,
    orderId: string,
    now: Date,
    known?: {
      order: repository.OrderRow;
      lines: repository.LineAmountsRow[];
      wholeLines: () => Promise<repository.LineItemRow[]>;
    },
  ) {
    const order = known?.order ?? ((await repository.findOrderRow(tx, orderId)) as repository.OrderRow);
    let lines: repository.LineAmountsRow[];
    let wholeLines: () => Promise<repository.LineItemRow[]>;
    if (known) ({ lines, wholeLines } = known);
    else {
      const read = await repository.allLineItems(tx, orderId);
      lines = read;
      wholeLines = async () => read;
    }
    const undiscounted = orderTotals({
      lines: lines.map((line) => ({ lineSubtotal: line.lineSubtotal, promotionDiscount: 0 })),
      shippingCost: order.shippingCost,
      taxCost: order.taxCost,
      gratuity: order.gratuity,
      fees: order.fees,
      orderLevelPromotionDiscount: 0,
    });
    const undiscountedView = async () =>
      this.viewOf(
        { ...order, subtotal: undiscounted.subtotal, promotionDiscount: 0, total: undiscounted.total },
        (await wholeLines()).map((line) => ({ ...line, promotionDiscount: 0, lineTotal: line.lineSubtotal })),
        now,
      );
    const discounts = await this.promotions.recompute(tx, facts(order), undiscountedView, undiscounted.total);
    for (const line of lines) {
      const discount = discounts.perLine.get(line.id) ?? 0;
      if (discount === line.promotionDiscount && line.lineTotal === lineTotal(line.lineSubtotal, discount))
        continue;
      line.promotionDiscount = discount;
      line.lineTotal = lineTotal(line.lineSubtotal, discount);
      await repository.updateLineItemRow(tx, orderId, line.id, {
        promotionDiscount: discount,
        lineTotal: line.lineTotal,
      });
    }
    const totals = orderTotals({
      lines: lines.map((line) => ({
        lineSubtotal: line.lineSubtotal,
        promotionDiscount: line.promotionDiscount,
      })),
      shippingCost: order.shippingCost,
      taxCost: order.taxCost,
      gratuity: order.gratuity,
      fees: order.fees,
      orderLevelPromotionDiscount: discounts.orderLevel,
    });
    const changed = {
      lineItemCount: lines.length,
      subtotal: totals.subtotal,
      promotionDiscount: totals.promotionDiscount,
      total: totals.total,
      lastUpdated: now,
    };
    await repository.updateOrderTotals(tx, orderId, changed);
    // The row as updated, without reading it back: it is current and locked in this transaction.
    return { order: { ...order, ...changed, calculatedAt: null }, lines };
  }

  /** The order as promotion expressions see it: OrderCloud entities in decimals, lines with minor amounts. */
  private viewOf(order: repository.OrderRow, lines: repository.LineItemRow[], now: Date): OrderView {
    return {
      currency: order.currency,
      order: toOrder(order),
      lines: lines.map((line) => ({
        entity: toLineItem(line, order.currency),
        lineSubtotal: line.lineSubtotal,
      })),
      now,
    };
  }

  // --- promotions ----------------------------------------------------------------------------------

  private static assertPromotable(order: repository.OrderRow) {
    assertMay('applyPromotion', order.status);
  }

  /** `POST …/promotions/{promoCode}`: checked as domain facts A3 say; the discount is in the totals. */
  async addPromotion(context: PlatformContext, direction: Direction, orderId: string, code: string) {
    const before = await this.orderRow(context, direction, orderId);
    const audience = await this.promotions.audienceOf(before.fromCompanyId, before.fromUserId);
    const row = await this.changeOrder(context, direction, orderId, async (tx, order) => {
      OrdersService.assertPromotable(order);
      const lines = await repository.allLineItems(tx, orderId);
      return this.promotions.add(
        tx,
        facts(order),
        this.viewOf(order, lines, context.now),
        code,
        audience,
        context.now,
      );
    });
    const order = (await repository.findOrderRow(this.db, orderId)) as repository.OrderRow;
    const applied = await this.promotions.listForOrder(this.db, facts(order));
    return applied.find((entry) => entry.ID === row.id);
  }

  async removePromotion(context: PlatformContext, direction: Direction, orderId: string, code: string) {
    await this.changeOrder(context, direction, orderId, async (tx, order) => {
      OrdersService.assertPromotable(order);
      await this.promotions.remove(tx, orderId, code);
    });
    return this.get(context, direction, orderId);
  }

  async listPromotions(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    options: ListOptions,
  ) {
    const order = await this.orderRow(context, direction, orderId);
    const items = await this.promotions.listForOrder(this.db, facts(order));
    const start = (options.page - 1) * options.pageSize;
    const page = items.slice(start, start + options.pageSize);
    return { Meta: listMeta(options, items.length, page.length), Items: page };
  }

  /**
   * `applypromotions`: the eligible AutoApply promotions, in Priority order (lower first, nulls last
   * [inferred]), applied one by one; one that cannot join (CannotCombine, limits, not eligible) is skipped.
   */
  async applyPromotions(context: PlatformContext, direction: Direction, orderId: string) {
    await this.autoApply(context, direction, orderId);
    return this.get(context, direction, orderId);
  }

  private async autoApply(context: PlatformContext, direction: Direction, orderId: string) {
    const before = await this.orderRow(context, direction, orderId);
    const audience = await this.promotions.audienceOf(before.fromCompanyId, before.fromUserId);
    return this.changeOrder(context, direction, orderId, async (tx, order) => {
      OrdersService.assertPromotable(order);
      const lines = await repository.allLineItems(tx, orderId);
      const view = this.viewOf(order, lines, context.now);
      const added: string[] = [];
      for (const candidate of await this.promotions.autoApplyCandidates(tx, audience)) {
        try {
          await this.promotions.add(tx, facts(order), view, candidate.code, audience, context.now);
          added.push(candidate.id);
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
        }
      }
      return added;
    });
  }

  /**
   * `refreshpromotions`: removes the promotions that can no longer be used (inactive, expired, limits,
   * not eligible), then applies the eligible auto-apply ones. Answers `{PromosAdded, PromosRemoved}`.
   */
  async refreshPromotions(context: PlatformContext, direction: Direction, orderId: string) {
    const before = await this.orderRow(context, direction, orderId);
    const audience = await this.promotions.audienceOf(before.fromCompanyId, before.fromUserId);
    const removed = await this.changeOrder(context, direction, orderId, async (tx, order) => {
      OrdersService.assertPromotable(order);
      const lines = await repository.allLineItems(tx, orderId);
      const view = this.viewOf(order, lines, context.now);
      const before = await this.promotions.listForOrder(tx, facts(order));
      const gone = [];
      for (const { applied, row } of await this.promotions.appliedRows(tx, orderId)) {
        const outcome = row
          ? await this.promotions.check(tx, row, facts(order), view, audience, context.now)
          : { refused: notFoundError('Promotion', applied.promotionId) };
        if (!('refused' in outcome)) continue;
        await this.promotions.removeById(tx, orderId, applied.promotionId);
        for (const entry of before.filter((candidate) => candidate.ID === applied.promotionId))
          gone.push({ ...entry, ErrorCode: outcome.refused.code, Reason: outcome.refused.message });
      }
      return gone;
    });
    const added = await this.autoApply(context, direction, orderId);
    const order = (await repository.findOrderRow(this.db, orderId)) as repository.OrderRow;
    const now = await this.promotions.listForOrder(this.db, facts(order));
    return { PromosAdded: now.filter((entry) => added.includes(entry.ID)), PromosRemoved: removed };
  }

  /** `eligiblepromotions`: the promotions the order's user could add now. */
  async eligiblePromotions(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    options: ListOptions,
  ) {
    const order = await this.orderRow(context, direction, orderId);
    const audience = await this.promotions.audienceOf(order.fromCompanyId, order.fromUserId);
    const lines = await repository.allLineItems(this.db, orderId);
    const view = this.viewOf(order, lines, context.now);
    const mine = await this.promotions.listMine(this.ownerContext(context, order), {
      ...options,
      page: 1,
      pageSize: 100,
    });
    const eligible = [];
    for (const promotion of mine.Items) {
      const row = await this.promotions.promotionRow(this.db, promotion.Code);
      const outcome = row
        ? await this.promotions.check(this.db, row, facts(order), view, audience, context.now)
        : undefined;
      if (outcome && 'amount' in outcome) eligible.push({ ...promotion, Amount: outcome.amount });
    }
    const start = (options.page - 1) * options.pageSize;
    const page = eligible.slice(start, start + options.pageSize);
    return { Meta: listMeta(options, eligible.length, page.length), Items: page };
  }

  // --- orders ------------------------------------------------------------------------------------

  async list(
    context: PlatformContext,
    direction: Direction,
    options: ListOptions,
  ): Promise<ListPage<OrderEntity>> {
    const scope = await this.listScope(context, direction);
    const { rows, totalCount } = await repository.listOrderRows(this.db, options, scope);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toOrder) };
  }

  /** The orders a direction list shows: those the caller sees, Unsubmitted ones only to UnsubmittedOrderReader. */
  private async listScope(context: PlatformContext, direction: Direction): Promise<SQL> {
    const visible = await this.scope(context, direction);
    return hasAnyRole(context, ['UnsubmittedOrderReader'])
      ? visible
      : sql`${visible} and ${ne(orders.status, OrderStatus.Unsubmitted)}`;
  }

  /** `/me/orders`: every order the caller placed, whatever its status. */
  async listMine(context: PlatformContext, options: ListOptions): Promise<ListPage<OrderEntity>> {
    const { rows, totalCount } = await repository.listOrderRows(
      this.db,
      options,
      eq(orders.fromUserId, context.caller.userId),
    );
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toOrder) };
  }

  async get(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    return toOrder(await this.orderRow(context, direction, orderId));
  }

  /**
   * `within` runs in the order's transaction once it is inserted (the cart claims its user's cart
   * there); what it throws undoes the order.
   */
  async create(
    context: PlatformContext,
    direction: Direction,
    body: OrderBody,
    within?: (tx: Executor, orderId: string) => Promise<void>,
  ): Promise<OrderEntity> {
    const values = await this.newOrderValues(context, direction, body);
    return this.db.transaction(async (tx) => {
      const id = await this.orderId(tx, body.ID);
      try {
        const row = await repository.insertOrderRow(tx, { id, ...values });
        const order = toOrder(await this.recalculate(tx, row.id, context.now));
        await within?.(tx, id);
        return order;
      } catch (error) {
        if (isUniqueViolation(error)) throw idExistsError('Order', id);
        throw error;
      }
    });
  }

  /** The columns of a new order of the caller, read before its transaction (other modules' reads). */
  private async newOrderValues(context: PlatformContext, direction: Direction, body: OrderBody) {
    const buyerId = context.caller.buyerId;
    if (!buyerId || direction === 'Incoming') throw requiresFromUser();
    const fromUser = withoutRoles(await this.users.getMe(context));
    const billing = body.BillingAddressID
      ? await this.addresses.getMine(context, body.BillingAddressID)
      : null;
    if (body.ShippingAddressID) await this.addresses.getMine(context, body.ShippingAddressID);
    return {
      fromCompanyId: buyerId,
      fromUserId: context.caller.userId,
      fromUser,
      toCompanyId: MARKETPLACE_ID,
      currency: context.currency,
      apiClientId: context.caller.clientId,
      billingAddressId: billing?.ID ?? null,
      billingAddress: billing ? addressSnapshot(billing) : null,
      shippingAddressId: body.ShippingAddressID ?? null,
      comments: body.Comments ?? null,
      gratuity: body.Gratuity ? toMinorUnits(body.Gratuity, context.currency) : 0,
      xp: (body.xp ?? {}) as Record<string, unknown>,
      dateCreated: context.now,
      lastUpdated: context.now,
    };
  }

  /**
   * The order the caller's first cart line would create, stored nowhere: `GET /cart` before the cart
   * exists answers it with `ID: null` (the SDK's Cart.Get: "the cart has not yet been interacted with").
   */
  async unsavedOrder(context: PlatformContext) {
    const values = await this.newOrderValues(context, 'Outgoing', {});
    const order = toOrder({ ...UNSAVED_ORDER, ...values, id: '' });
    return { ...order, ID: null, DateCreated: null, LastUpdated: null };
  }

  /** The ID asked for with `{incrementor}` tokens replaced, or the next order number. */
  private orderId(tx: Executor, requested: string | undefined): Promise<string> {
    return this.incrementors.fillTemplate(tx, requested ?? `{${ORDER_INCREMENTOR_ID}}`);
  }

  async patch(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    patch: Record<string, unknown>,
  ): Promise<OrderEntity> {
    return this.update(context, direction, orderId, (writable) => applyPatch(writable, patch));
  }

  /**
   * `PUT`: creates the order when no order has this ID, else replaces what PATCH may change, under the
   * same rules. [inferred] ShippingCost and TaxCost left out keep their values (the checkout integration
   * sets them; a client saving the order it read must not need the override roles), and the body's ID,
   * when given, must be the path's (PUT does not rename). Another user's order is NotFound, as for GET.
   */
  async save(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    body: OrderBody,
  ): Promise<OrderEntity> {
    if (body.ID !== undefined && body.ID !== orderId)
      throw invalidRequest('The ID in the body must be the orderID of the path.', { ID: body.ID });
    if (!(await repository.findOrderRow(this.db, orderId)))
      return this.create(context, direction, { ...body, ID: orderId });
    return this.update(context, direction, orderId, (writable) => ({
      ...body,
      ID: orderId,
      ShippingCost: body.ShippingCost ?? writable.ShippingCost,
      TaxCost: body.TaxCost ?? writable.TaxCost,
    }));
  }

  /**
   * PATCH and PUT of an order: `next` makes the order as written from what is writable now, applied to
   * the locked order; it is validated as a whole. Buyers change only Unsubmitted orders; changing
   * ShippingCost or TaxCost needs the override roles.
   */
  private async update(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    next: (writable: Omit<OrderEntity, 'FromUser' | 'BillingAddress'>) => Record<string, unknown>,
  ): Promise<OrderEntity> {
    // Other services' reads happen before the transaction (PGlite has one connection).
    const before = await this.orderRow(context, direction, orderId);
    // A newly chosen saved billing address, copied onto the order.
    const billingId = next(writableOf(before)).BillingAddressID;
    const chosen =
      typeof billingId === 'string' && billingId !== before.billingAddressId
        ? {
            id: billingId,
            address: addressSnapshot(
              await this.addresses.getMine(this.ownerContext(context, before), billingId),
            ),
          }
        : undefined;
    await this.changeOrder(context, direction, orderId, async (tx, order) => {
      // The middleware (an order admin) keeps writing xp after submit; buyers only edit their cart.
      if (!isOrderAdmin(context)) assertMay('edit', order.status);
      const merged = parseEntity(OrderBody, next(writableOf(order)));
      const shippingCost = toMinorUnits(merged.ShippingCost ?? 0, order.currency);
      const taxCost = toMinorUnits(merged.TaxCost ?? 0, order.currency);
      if (shippingCost !== order.shippingCost && !hasAnyRole(context, ['OverrideShipping'])) {
        throw forbidden(
          'Order.OverrideShippingPermission',
          'Changing ShippingCost needs the OverrideShipping role.',
        );
      }
      if (taxCost !== order.taxCost && !hasAnyRole(context, ['OverrideTax'])) {
        throw forbidden('Order.OverrideTaxPermission', 'Changing TaxCost needs the OverrideTax role.');
      }
      await repository.updateOrderRow(tx, orderId, {
        comments: merged.Comments ?? null,
        billingAddressId: merged.BillingAddressID ?? null,
        // Unchanged BillingAddressID: the address stays, a one-off one (PUT …/billto) included.
        billingAddress:
          (merged.BillingAddressID ?? null) === order.billingAddressId
            ? order.billingAddress
            : merged.BillingAddressID && merged.BillingAddressID === chosen?.id
              ? chosen.address
              : null,
        shippingAddressId: merged.ShippingAddressID ?? null,
        gratuity: toMinorUnits(merged.Gratuity ?? 0, order.currency),
        shippingCost,
        taxCost,
        xp: (merged.xp ?? {}) as Record<string, unknown>,
      });
    });
    return this.get(context, direction, orderId);
  }

  /** Deletes an unsubmitted order with its line items, payments and promotions. */
  async delete(context: PlatformContext, direction: Direction, orderId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const order = await this.orderRow(context, direction, orderId, tx, true);
      assertMay('edit', order.status);
      await this.promotions.removeAll(tx, orderId);
      await repository.deleteOrderRow(tx, orderId);
    });
  }

  /** Sets the billing address from an ad-hoc address (`PUT …/billto`). */
  async setBillingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    address: Record<string, unknown>,
  ) {
    return this.editUnsubmitted(context, direction, orderId, async (tx) => {
      await repository.updateOrderRow(tx, orderId, {
        billingAddressId: (address.ID as string) ?? null,
        billingAddress: address,
      });
    });
  }

  /** Sets every line's shipping address (`PUT …/shipto`). */
  async setShippingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    address: Record<string, unknown>,
  ) {
    return this.editUnsubmitted(context, direction, orderId, async (tx) => {
      for (const line of await repository.allLineItems(tx, orderId)) {
        await repository.updateLineItemRow(tx, orderId, line.id, {
          shippingAddressId: (address.ID as string) ?? null,
          shippingAddress: address,
        });
      }
      await repository.updateOrderRow(tx, orderId, { shippingAddressId: (address.ID as string) ?? null });
    });
  }

  /**
   * `PATCH …/billto`: a partial change of the one-off billing address that PUT …/billto set. One set by
   * ID belongs to the address book (`BillingAddress.CannotPatchSetByID`, the SDK's Cart comment), and
   * without one there is nothing to patch (`BillingAddress.CannotModifyNotFound`).
   */
  async patchBillingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    patch: Record<string, unknown>,
  ) {
    return this.editUnsubmitted(context, direction, orderId, async (tx, order) => {
      if (order.billingAddressId) throw setByIdError('BillingAddress', order.billingAddressId);
      if (!order.billingAddress) throw noAddressError('BillingAddress');
      await repository.updateOrderRow(tx, orderId, {
        billingAddress: patchedAddress(order.billingAddress, patch),
      });
    });
  }

  /**
   * `PATCH …/shipto`: a partial change of the one-off shipping address that PUT …/shipto put on the
   * lines; [inferred] each line with a one-off address gets it merged with the patch. Refused when the
   * order's ShippingAddressID is set (`ShippingAddress.CannotPatchSetByID`) or no line has a one-off
   * address (`ShippingAddress.CannotModifyNotFound`).
   */
  async patchShippingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    patch: Record<string, unknown>,
  ) {
    return this.editUnsubmitted(context, direction, orderId, async (tx, order) => {
      if (order.shippingAddressId) throw setByIdError('ShippingAddress', order.shippingAddressId);
      const oneOff = (await repository.allLineItems(tx, orderId)).filter(
        (line) => line.shippingAddress && !line.shippingAddressId,
      );
      if (oneOff.length === 0) throw noAddressError('ShippingAddress');
      for (const line of oneOff) {
        await repository.updateLineItemRow(tx, orderId, line.id, {
          shippingAddress: patchedAddress(line.shippingAddress ?? {}, patch),
        });
      }
    });
  }

  /**
   * `PATCH …/fromuser` (guest checkout): only FirstName, LastName and Email of the order's FromUser
   * change, on an Unsubmitted order [inferred]; any other field is InvalidRequest.
   */
  async patchFromUser(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    patch: Record<string, unknown>,
  ) {
    const others = Object.keys(patch).filter((field) => !FROM_USER_FIELDS.includes(field));
    if (others.length > 0) {
      throw invalidRequest(`Only ${FROM_USER_FIELDS.join(', ')} of the order's user can be changed.`, {
        Fields: others,
      });
    }
    const changes = parseEntity(FromUserPatch, patch);
    return this.editUnsubmitted(context, direction, orderId, async (tx, order) => {
      await repository.updateOrderRow(tx, orderId, { fromUser: { ...order.fromUser, ...changes } });
    });
  }

  /** The order's own user as a context, for rules that depend on what the buyer may see. */
  private ownerContext(context: PlatformContext, order: repository.OrderRow): PlatformContext {
    if (context.caller.userId === order.fromUserId) return context;
    return {
      ...context,
      caller: {
        ...context.caller,
        userId: order.fromUserId,
        buyerId: order.fromCompanyId,
        type: 'buyer',
        roles: new Set(['Shopper']),
      },
      currency: order.currency,
    };
  }

  // --- line items --------------------------------------------------------------------------------

  async listLineItems(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    options: ListOptions,
  ): Promise<ListPage<LineItemEntity>> {
    const order = await this.orderRow(context, direction, orderId);
    const { rows, totalCount } = await repository.listLineItemRows(this.db, orderId, options);
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => toLineItem(row, order.currency)),
    };
  }

  async getLineItem(context: PlatformContext, direction: Direction, orderId: string, lineItemId: string) {
    const order = await this.orderRow(context, direction, orderId);
    const row = await repository.findLineItemRow(this.db, orderId, lineItemId);
    if (!row) throw notFoundError('LineItem', lineItemId);
    return toLineItem(row, order.currency);
  }

  async createLineItem(context: PlatformContext, direction: Direction, orderId: string, body: LineItemBody) {
    const id = body.ID ?? newId();
    const inputs = await this.lineInputsOfOrder(context, direction, orderId, body);
    const { added, order } = await this.addLine(context, direction, orderId, async (tx, order, existing) => {
      assertMay('edit', order.status);
      const others = quantityOf(existing, inputs.product.ID, undefined);
      const values = this.pricedLine(context, order, body, inputs, others);
      try {
        return await repository.insertLineItemRow(tx, { orderId, id, ...values, dateAdded: context.now });
      } catch (error) {
        if (isUniqueViolation(error)) throw idExistsError('LineItem', id);
        throw error;
      }
    });
    // The line as recalculated (a line-level promotion may discount it), without reading it back.
    return toLineItem(added, order.currency);
  }

  /**
   * The line's inputs before the order is locked. Outgoing orders are the caller's own (anyone else
   * gets NotFound), so the caller is the order's user and the order need not be read first; it is
   * read only when the inputs fail, so that a missing order still answers NotFound before them.
   */
  private async lineInputsOfOrder(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    body: LineItemBody,
  ) {
    if (direction === 'Outgoing' && !isAdmin(context)) {
      try {
        return await this.lineInputs(context, body);
      } catch (error) {
        await this.orderRow(context, direction, orderId);
        throw error;
      }
    }
    return this.lineInputs(
      this.ownerContext(context, await this.orderRow(context, direction, orderId)),
      body,
    );
  }

  async saveLineItem(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    body: LineItemBody,
  ) {
    const existing = await repository.findLineItemRow(this.db, orderId, lineItemId);
    if (!existing) return this.createLineItem(context, direction, orderId, { ...body, ID: lineItemId });
    const before = await this.orderRow(context, direction, orderId);
    const inputs = await this.lineInputs(this.ownerContext(context, before), body);
    await this.changeUnsubmitted(context, direction, orderId, async (tx, order) => {
      if (body.ProductID !== existing.productId) {
        throw new HttpError(
          400,
          'LineItem.CannotChangeProductID',
          'Cannot change the Product ID of an existing Line Item.',
        );
      }
      await repository.updateLineItemRow(
        tx,
        orderId,
        lineItemId,
        this.pricedLine(
          context,
          order,
          body,
          inputs,
          await repository.quantityOfProduct(tx, orderId, inputs.product.ID, lineItemId),
        ),
      );
    });
    return this.getLineItem(context, direction, orderId, lineItemId);
  }

  async patchLineItem(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    patch: Record<string, unknown>,
  ) {
    const current = await this.getLineItem(context, direction, orderId, lineItemId);
    const order = await this.orderRow(context, direction, orderId);
    // After submit an order admin may still annotate lines (e.g. the ERP line number in xp).
    if (
      !may('edit', order.status) &&
      isOrderAdmin(context) &&
      Object.keys(patch).every((key) => key === 'xp')
    ) {
      const merged = applyPatch(current, patch);
      await repository.updateLineItemRow(this.db, orderId, lineItemId, {
        xp: (merged.xp ?? {}) as Record<string, unknown>,
      });
      return this.getLineItem(context, direction, orderId, lineItemId);
    }
    const merged = parseEntity(LineItemBody, applyPatch(current, patch));
    // Keep the price unless the caller overrides it: the stored UnitPrice is an output, not a request.
    const unitPriceChanged = 'UnitPrice' in patch;
    return this.saveLineItem(context, direction, orderId, lineItemId, {
      ...merged,
      UnitPrice: unitPriceChanged ? merged.UnitPrice : undefined,
    });
  }

  async deleteLineItem(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
  ): Promise<void> {
    await this.changeOrder(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      if (!(await repository.deleteLineItemRow(tx, orderId, lineItemId)))
        throw notFoundError('LineItem', lineItemId);
    });
  }

  /** `PUT …/lineitems/{id}/shipto`: a one-off shipping address of one line. */
  async setLineItemShippingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    address: Record<string, unknown>,
  ) {
    await this.changeLine(context, direction, orderId, lineItemId, () => ({
      shippingAddressId: (address.ID as string | undefined) ?? null,
      shippingAddress: address,
    }));
    return this.getLineItem(context, direction, orderId, lineItemId);
  }

  /**
   * `PATCH …/lineitems/{id}/shipto`: a partial change of the line's one-off shipping address; not of one
   * set by ID (`ShippingAddress.CannotPatchSetByID` [inferred]: the line's own code is for a missing one,
   * `LineItem.CannotPatchShippingAddressIfMissing`).
   */
  async patchLineItemShippingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    patch: Record<string, unknown>,
  ) {
    await this.changeLine(context, direction, orderId, lineItemId, (line) => {
      if (line.shippingAddressId) throw setByIdError('ShippingAddress', line.shippingAddressId);
      if (!line.shippingAddress) {
        throw new HttpError(
          400,
          'LineItem.CannotPatchShippingAddressIfMissing',
          'Line Item does not have a Shipping Address to modify. Use PUT to create one.',
        );
      }
      return { shippingAddress: patchedAddress(line.shippingAddress, patch) };
    });
    return this.getLineItem(context, direction, orderId, lineItemId);
  }

  /** Writes columns of one line of an Unsubmitted order under its lock (the totals follow). */
  private async changeLine(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    values: (line: repository.LineItemRow) => Partial<repository.NewLineItemRow>,
  ) {
    await this.changeUnsubmitted(context, direction, orderId, async (tx) => {
      const line = await repository.findLineItemRow(tx, orderId, lineItemId);
      if (!line) throw notFoundError('LineItem', lineItemId);
      await repository.updateLineItemRow(tx, orderId, lineItemId, values(line));
    });
  }

  /**
   * `GET /lineitems/{direction}` (LineItems.ListAcrossOrders): the lines of the orders the caller's
   * order list shows in that direction (same scope), each with its OrderID and Order. `buyerID`, `from`
   * and `to` (DateCreated of the order) narrow it; `supplierID` matches nothing, lines have no supplier.
   */
  async listLineItemsAcrossOrders(
    context: PlatformContext,
    direction: Direction,
    options: ListOptions,
    narrow: { buyerID?: string; supplierID?: string; from?: string; to?: string },
  ) {
    const { rows, totalCount } = await repository.listLineItemsAcrossOrders(
      this.db,
      options,
      await this.listScope(context, direction),
      {
        buyerId: narrow.buyerID,
        supplierId: narrow.supplierID,
        from: narrow.from === undefined ? undefined : isoDate('from', narrow.from),
        to: narrow.to === undefined ? undefined : isoDate('to', narrow.to),
      },
    );
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map(({ line, order }) => ({
        ...toLineItem(line, order.currency),
        OrderID: order.id,
        Order: toOrder(order),
      })),
    };
  }

  /** What a line needs from other modules: the product as the order's user (`owner`) sees it, its specs, the address. */
  private async lineInputs(owner: PlatformContext, body: LineItemBody) {
    const product = await this.catalog.getMyProduct(owner, body.ProductID);
    const specs = chooseSpecs(await this.catalog.specsForProduct(owner, product.ID), body.Specs ?? []);
    const shipping = body.ShippingAddressID
      ? addressSnapshot(await this.addresses.getMine(owner, body.ShippingAddressID))
      : (body.ShippingAddress ?? null);
    return { product, specs, shipping };
  }

  /**
   * Column values of a line, priced inside the order's transaction: `others` is the quantity of the
   * product on the order's other lines, read under the lock (cumulative price breaks).
   */
  private pricedLine(
    context: PlatformContext,
    order: repository.OrderRow,
    body: LineItemBody,
    { product, specs, shipping }: Awaited<ReturnType<OrdersService['lineInputs']>>,
    others: number,
    subscription = false,
  ): Omit<repository.PricedLineItemRow, 'orderId' | 'id' | 'dateAdded'> {
    const override = body.UnitPrice === null || body.UnitPrice === undefined ? null : body.UnitPrice;
    if (override !== null && !hasAnyRole(context, ['OverrideUnitPrice'])) {
      throw forbidden('Auth.InsufficientRoles', 'Setting UnitPrice needs the OverrideUnitPrice role.', {
        SufficientRoles: ['OverrideUnitPrice'],
      });
    }
    const price = priceLine({
      product,
      quantity: body.Quantity,
      cumulativeQuantity: others + body.Quantity,
      specs,
      currency: order.currency,
      now: context.now,
      overrideUnitPrice: override === null ? null : toMinorUnits(override, order.currency),
      subscription,
    });
    return {
      productId: product.ID,
      quantity: body.Quantity,
      unitPrice: price.unitPrice,
      lineSubtotal: price.lineSubtotal,
      promotionDiscount: 0,
      lineTotal: lineTotal(price.lineSubtotal, 0),
      priceScheduleId: price.priceScheduleId,
      isOnSale: price.isOnSale,
      priceOverridden: price.priceOverridden,
      specs: specs as unknown as Record<string, unknown>[],
      product: productSnapshot(product),
      shippingAddressId:
        body.ShippingAddressID ??
        (shipping ? ((shipping.ID as string | undefined) ?? null) : order.shippingAddressId),
      shippingAddress: shipping as Record<string, unknown> | null,
      costCenter: body.CostCenter ?? null,
      dateNeeded: body.DateNeeded ? new Date(body.DateNeeded) : null,
      xp: (body.xp ?? {}) as Record<string, unknown>,
    };
  }

  // --- payments ------------------------------------------------------------------------------------

  async listPayments(context: PlatformContext, direction: Direction, orderId: string, options: ListOptions) {
    const order = await this.orderRow(context, direction, orderId);
    const { rows, totalCount } = await repository.listPaymentRows(this.db, orderId, options);
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => toPayment(row, order.currency)),
    };
  }

  async getPayment(context: PlatformContext, direction: Direction, orderId: string, paymentId: string) {
    const order = await this.orderRow(context, direction, orderId);
    const row = await repository.findPaymentRow(this.db, orderId, paymentId);
    if (!row) throw notFoundError('Payment', paymentId);
    return toPayment(row, order.currency);
  }

  async createPayment(context: PlatformContext, direction: Direction, orderId: string, body: PaymentBody) {
    const order = await this.orderRow(context, direction, orderId);
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
      !(await this.creditCardUsableBy(order.fromCompanyId, order.fromUserId, body.CreditCardID))
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

  async patchPayment(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    paymentId: string,
    patch: Record<string, unknown>,
  ) {
    const order = await this.orderRow(context, direction, orderId);
    const current = await this.getPayment(context, direction, orderId, paymentId);
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

  async deletePayment(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    paymentId: string,
  ): Promise<void> {
    const order = await this.orderRow(context, direction, orderId);
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
    const order = await this.orderRow(context, direction, orderId);
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
    await this.orderRow(context, direction, orderId);
    await this.db.transaction(async (tx) => {
      const payment = await repository.findPaymentRow(tx, orderId, paymentId, true);
      if (!payment) throw notFoundError('Payment', paymentId);
      const kept = payment.transactions.filter((transaction) => transaction.ID !== transactionId);
      if (kept.length === payment.transactions.length)
        throw notFoundError('PaymentTransaction', transactionId);
      await repository.updatePaymentRow(tx, orderId, paymentId, { transactions: kept });
    });
  }

  // --- checkout integration ------------------------------------------------------------------------

  /**
   * The checkout integration of the caller's API client, if one is configured. [inferred] An admin
   * client without one (the middleware pricing and submitting a buyer's order, e.g. from a
   * subscription) works with the integration of the API client the order was created through, so
   * the order is priced and checked the same way whoever moves it on.
   */
  private readonly retryNotification = (job: CheckoutNotificationJob) =>
    this.integrations.enqueueJob(CHECKOUT_NOTIFICATION_QUEUE, job);

  /**
   * The retry job of a submit or approval notification: sent again with the payload of now unless a
   * later call already succeeded; a failure throws so the queue backs off and tries again.
   */
  async redeliverNotification(job: CheckoutNotificationJob, log: FastifyBaseLogger): Promise<void> {
    const order = await repository.findOrderRow(this.db, job.orderId);
    const event = await this.integrations.events.find(job.eventId);
    if (!order || !event) return;
    if (CheckoutIntegration.delivered(await repository.findWorksheet(this.db, order.id), job.route)) return;
    const checkout = new CheckoutIntegration(this.db, this.integrations, event, (row) =>
      this.worksheetOf(row),
    );
    if (!(await checkout.notify({ accessToken: job.accessToken, log }, order, job.route)))
      throw new Error(`${job.route} of order ${order.id} not taken by the checkout integration`);
  }

  private async checkout(
    context: PlatformContext,
    order?: repository.OrderRow,
  ): Promise<CheckoutIntegration | undefined> {
    let eventId = await this.checkoutEventIdOf(context.caller.clientId);
    if (!eventId && order?.apiClientId && isAdmin(context) && order.apiClientId !== context.caller.clientId)
      eventId = await this.checkoutEventIdOf(order.apiClientId);
    const event = eventId ? await this.integrations.events.find(eventId) : undefined;
    return event
      ? new CheckoutIntegration(this.db, this.integrations, event, (order) => this.worksheetOf(order))
      : undefined;
  }

  private async requireCheckout(
    context: PlatformContext,
    order: repository.OrderRow,
  ): Promise<CheckoutIntegration> {
    const checkout = await this.checkout(context, order);
    if (!checkout)
      throw new HttpError(
        400,
        'IntegrationEvent.NotConfigured',
        'No checkout integration is configured for this API client.',
      );
    return checkout;
  }

  async worksheetOf(order: repository.OrderRow) {
    const lines = await repository.allLineItems(this.db, order.id);
    const stored = await repository.findWorksheet(this.db, order.id);
    return {
      Order: toOrder(order),
      LineItems: lines.map((line) => toLineItem(line, order.currency)),
      OrderPromotions: await this.promotions.listForOrder(this.db, facts(order)),
      Subscription: order.subscriptionId ? await this.subscriptionOf(order.subscriptionId) : null,
      ShipEstimateResponse: stored?.shipEstimateResponse ?? null,
      OrderCalculateResponse: stored?.orderCalculateResponse ?? null,
      OrderSubmitResponse: stored?.orderSubmitResponse ?? null,
      OrderSubmitForApprovalResponse: stored?.orderSubmitForApprovalResponse ?? null,
      OrderApprovedResponse: stored?.orderApprovedResponse ?? null,
      SubscriptionIntegrationResponse: stored?.subscriptionIntegrationResponse ?? null,
    };
  }

  async worksheet(context: PlatformContext, direction: Direction, orderId: string) {
    return this.worksheetOf(await this.orderRow(context, direction, orderId));
  }

  /** `estimateshipping`: asks the integration for ship estimates; choosing again resets shipping. */
  async estimateShipping(context: PlatformContext, direction: Direction, orderId: string) {
    const order = await this.orderRow(context, direction, orderId);
    const checkout = await this.requireCheckout(context, order);
    assertMay('edit', order.status);
    const response = await checkout.shippingRates(context, order);
    await this.changeOrder(context, direction, orderId, async (tx) => {
      await repository.saveWorksheet(tx, orderId, { shipEstimateResponse: response });
      await repository.updateOrderRow(tx, orderId, { shippingCost: 0 });
    });
    return this.worksheet(context, direction, orderId);
  }

  /** `shipmethods`: the buyer's choice per estimate; ShippingCost is the sum of the chosen methods. */
  async selectShipMethods(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    selections: { ShipEstimateID: string; ShipMethodID: string }[],
  ) {
    await this.changeOrder(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      const stored = await repository.findWorksheet(tx, orderId);
      const { estimates, shippingCost } = CheckoutIntegration.select(
        stored?.shipEstimateResponse ?? null,
        selections,
        order.currency,
      );
      await repository.saveWorksheet(tx, orderId, {
        shipEstimateResponse: { ...stored?.shipEstimateResponse, ShipEstimates: estimates },
      });
      await repository.updateOrderRow(tx, orderId, { shippingCost });
    });
    return this.worksheet(context, direction, orderId);
  }

  /** `calculate`: the integration's OrderCalculate answer sets unit prices, shipping, tax and fees. */
  async calculate(context: PlatformContext, direction: Direction, orderId: string) {
    const order = await this.orderRow(context, direction, orderId);
    const checkout = await this.requireCheckout(context, order);
    assertMay('edit', order.status);
    const answer = await checkout.orderCalculate(context, order);
    await this.changeOrder(context, direction, orderId, async (tx, current) => {
      await repository.saveWorksheet(tx, orderId, { orderCalculateResponse: answer.stored });
      await CheckoutIntegration.applyCalculation(tx, current, answer.response);
      await this.promotions.override(
        tx,
        facts(current),
        (answer.response.LineItemOverrides ?? []).flatMap((override) =>
          (override.PromotionOverrides ?? []).map((promotion) => ({
            LineItemID: override.LineItemID,
            PromotionID: promotion.PromotionID,
            Amount: promotion.Amount,
          })),
        ),
      );
    });
    // Calculated last: every change before this point cleared the mark.
    await repository.updateOrderRow(this.db, orderId, { calculatedAt: context.now });
    return this.worksheet(context, direction, orderId);
  }

  // --- subscriptions ------------------------------------------------------------------------------

  /**
   * A subscription item priced as its order line will be: the product as the subscription's user sees
   * it (404 when not visible), its specs, and the SubscriptionPrice of the break when set.
   */
  async priceSubscriptionItem(owner: PlatformContext, body: LineItemBody) {
    const product = await this.catalog.getMyProduct(owner, body.ProductID);
    const specs = chooseSpecs(await this.catalog.specsForProduct(owner, product.ID), body.Specs ?? []);
    const price = priceLine({
      product,
      quantity: body.Quantity,
      cumulativeQuantity: body.Quantity,
      specs,
      currency: owner.currency,
      now: owner.now,
      overrideUnitPrice: null,
      subscription: true,
    });
    return {
      product: productSnapshot(product),
      specs: specs as unknown as Record<string, unknown>[],
      unitPrice: price.unitPrice,
      lineSubtotal: price.lineSubtotal,
      priceScheduleId: price.priceScheduleId,
    };
  }

  /**
   * The order of one subscription run (domain facts A4), in one transaction with `record` (the run's
   * own bookkeeping, whose unique key stops a second order for the same date): an Outgoing order of
   * the subscription's user with SubscriptionID set, a line per item whose product the user can still
   * see (priced at SubscriptionPrice when set), and the payment. Items that cannot be ordered any more
   * come back as `unavailable`; with none left, no order is made.
   */
  async createSubscriptionOrder(
    owner: PlatformContext,
    input: {
      subscriptionId: string;
      apiClientId: string | null;
      billingAddressId: string | null;
      shippingAddressId: string | null;
      payment: { Type: string; CreditCardID?: string | null; SpendingAccountID?: string | null } | null;
      items: LineItemBody[];
    },
    record: (tx: Executor, orderId: string | null, unavailable: string[]) => Promise<void>,
  ): Promise<{ orderId: string | null; unavailable: string[] }> {
    const me = withoutRoles(await this.users.getMe(owner));
    const billing = input.billingAddressId
      ? addressSnapshot(await this.addresses.getMine(owner, input.billingAddressId))
      : null;
    const shipping = input.shippingAddressId
      ? addressSnapshot(await this.addresses.getMine(owner, input.shippingAddressId))
      : null;
    if (input.payment?.Type === 'SpendingAccount' && input.payment.SpendingAccountID) {
      await this.spending.usableBy(
        owner.caller.buyerId ?? '',
        owner.caller.userId,
        input.payment.SpendingAccountID,
        owner.now,
      );
    }
    const unavailable = new Set<string>();
    const lines: { body: LineItemBody; inputs: Awaited<ReturnType<OrdersService['lineInputs']>> }[] = [];
    for (const item of input.items) {
      try {
        const body = { ...item, ShippingAddressID: item.ShippingAddressID ?? input.shippingAddressId };
        lines.push({ body, inputs: await this.lineInputs(owner, body) });
      } catch (error) {
        if (error instanceof HttpError && error.status < 500) unavailable.add(item.ProductID);
        else throw error;
      }
    }
    const orderId = await this.db.transaction(async (tx) => {
      if (lines.length === 0) {
        await record(tx, null, [...unavailable]);
        return null;
      }
      const id = await this.orderId(tx, undefined);
      const order = await repository.insertOrderRow(tx, {
        id,
        fromCompanyId: owner.caller.buyerId ?? '',
        fromUserId: owner.caller.userId,
        fromUser: me,
        toCompanyId: MARKETPLACE_ID,
        currency: owner.currency,
        subscriptionId: input.subscriptionId,
        apiClientId: input.apiClientId,
        billingAddressId: billing ? ((billing.ID as string | undefined) ?? null) : null,
        billingAddress: billing,
        shippingAddressId: input.shippingAddressId,
        dateCreated: owner.now,
        lastUpdated: owner.now,
      });
      let added = 0;
      for (const { body, inputs } of lines) {
        try {
          const others = await repository.quantityOfProduct(tx, id, inputs.product.ID, undefined);
          const values = this.pricedLine(owner, order, body, inputs, others, true);
          await repository.insertLineItemRow(tx, {
            orderId: id,
            id: newId(),
            ...values,
            shippingAddress: values.shippingAddress ?? shipping,
            dateAdded: owner.now,
          });
          added += 1;
        } catch (error) {
          if (error instanceof HttpError && error.status < 500) unavailable.add(body.ProductID);
          else throw error;
        }
      }
      if (added === 0) {
        await repository.deleteOrderRow(tx, id);
        await record(tx, null, [...unavailable]);
        return null;
      }
      if (input.payment) {
        await repository.insertPaymentRow(tx, {
          orderId: id,
          id: newId(),
          type: input.payment.Type,
          creditCardId: input.payment.CreditCardID ?? null,
          spendingAccountId: input.payment.SpendingAccountID ?? null,
          description: 'Subscription',
          amount: null,
          accepted: false,
          dateCreated: owner.now,
        });
      }
      await this.recalculate(tx, id, owner.now);
      await record(tx, id, [...unavailable]);
      return id;
    });
    return { orderId, unavailable: [...unavailable] };
  }

  /** The worksheet of an order by ID (for the subscription integration's payload). */
  async worksheetById(orderId: string) {
    const order = await repository.findOrderRow(this.db, orderId);
    return order ? this.worksheetOf(order) : null;
  }

  /** Stores the subscription integration's answer as `OrderWorksheet.SubscriptionIntegrationResponse`. */
  async saveSubscriptionResponse(tx: Executor, orderId: string, response: Record<string, unknown>) {
    await repository.saveWorksheet(tx, orderId, { subscriptionIntegrationResponse: response });
  }

  // --- status machine ------------------------------------------------------------------------------

  async submit(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    const before = await this.orderRow(context, direction, orderId);
    const linesBefore = await repository.allLineItems(this.db, orderId);
    // Payments are left to the check under the lock: the pre-submit webhook may accept them first.
    const { problems, checkout, charges } = await this.submitProblems(context, before, linesBefore, {
      payments: false,
    });
    throwAll(problems);
    // Rules are evaluated before the transaction: other modules read through their own connection.
    const fired = await this.approvals.rulesThatFire(
      before.fromCompanyId,
      before.fromUserId,
      toOrder(before),
      linesBefore.map((line) => toLineItem(line, before.currency)),
      context.now,
    );
    await this.integrations.runPreHooks({
      route: 'v1/orders/{direction}/{orderID}/submit',
      routeParams: { direction, orderID: orderId },
      verb: 'POST',
      clientId: context.caller.clientId,
      userToken: context.accessToken,
      requestBody: null,
      now: context.now,
    });
    const audience = await this.promotions.audienceOf(before.fromCompanyId, before.fromUserId);
    await this.db.transaction(async (tx) => {
      // The order's own rows again, under its lock: nobody submits it twice or changes it meanwhile.
      const order = await this.orderRow(context, direction, orderId, tx, true);
      const lines = await repository.allLineItems(tx, orderId);
      throwAll(await this.rowProblems(tx, order, lines));
      // Promotions are checked again and redeemed by this order (domain facts A3).
      await this.promotions.checkAndRedeem(
        tx,
        facts(order),
        this.viewOf(order, lines, context.now),
        audience,
        context.now,
      );
      const needsApproval = await this.openApprovals(tx, context, order, fired);
      // Spending accounts pay when the order opens, not while it is routed for approval.
      if (!needsApproval) await this.applyCharges(tx, order.fromCompanyId, charges);
      await repository.updateOrderRow(
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
    });
    // The order is submitted whatever the integration answers; its answer is kept on the worksheet.
    const submitted = (await repository.findOrderRow(this.db, orderId)) as repository.OrderRow;
    await checkout?.notify(
      context,
      submitted,
      submitted.status === statusAfter('submitForApproval') ? 'orderSubmitForApproval' : 'orderSubmit',
      this.retryNotification,
    );
    return toOrder(submitted);
  }

  /**
   * `validate`: the order checked as submit checks it, changing nothing (no webhook, no redemption);
   * 204 when it could be submitted, else every problem at once in OrderCloud's Errors list. It names
   * unaccepted payments too, which submit checks after its pre-submit webhook (the middleware's webhook
   * accepts purchase orders and budgets it has checked).
   */
  async validate(context: PlatformContext, direction: Direction, orderId: string): Promise<void> {
    const order = await this.orderRow(context, direction, orderId);
    const { problems } = await this.submitProblems(
      context,
      order,
      await repository.allLineItems(this.db, orderId),
    );
    throwAll(problems);
  }

  /**
   * Everything that stops the order from being submitted now, reading only: its status (alone: nothing
   * else matters then), its line items and payments, the checkout integration's calculation, products
   * and prices as its user sees them now, the applied promotions, the spending accounts paying it.
   * Submit answers these before its webhook and transaction, and goes on with the checkout integration
   * and the spending charges found on the way; `validate` answers nothing else.
   */
  private async submitProblems(
    context: PlatformContext,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
    { payments = true } = {},
  ): Promise<{
    problems: HttpError[];
    checkout: CheckoutIntegration | undefined;
    charges: Awaited<ReturnType<OrdersService['spendingCharges']>>;
  }> {
    const problems = await this.rowProblems(this.db, order, lines, { payments });
    if (!may('submit', order.status)) return { problems, checkout: undefined, charges: [] };
    const checkout = await this.checkout(context, order);
    if (checkout && !order.calculatedAt) {
      problems.push(
        badStatus(
          'Order.CannotSubmitUncalculatedOrder',
          'Cannot submit an order that has not called the OrderCalculate step of the checkout integration.',
          order.status,
        ),
      );
    }
    problems.push(...(await this.productProblems(context, order, lines)));
    problems.push(...(await this.promotionProblems(context, order, lines)));
    let charges: Awaited<ReturnType<OrdersService['spendingCharges']>> = [];
    problems.push(
      ...(await refusals(async () => {
        charges = await this.spendingCharges(order, context.now);
      })),
    );
    return { problems, checkout, charges };
  }

  /**
   * The checks on the order's own rows: still Unsubmitted, has line items, and (unless `payments` is
   * false) every payment Accepted.
   */
  private async rowProblems(
    executor: Executor,
    order: repository.OrderRow,
    lines: repository.LineItemRow[],
    { payments = true } = {},
  ): Promise<HttpError[]> {
    if (!may('submit', order.status)) return [refusalOf('submit', order.status)];
    const problems: HttpError[] = [];
    if (lines.length === 0)
      problems.push(
        badStatus(
          'Order.CannotSubmitWithNoLineItems',
          'Cannot submit an order without any line items.',
          order.status,
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
    const owner = this.ownerContext(context, order);
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
    const applied = await this.promotions.appliedRows(this.db, order.id);
    if (applied.length === 0) return [];
    const audience = await this.promotions.audienceOf(order.fromCompanyId, order.fromUserId);
    const view = this.viewOf(order, lines, context.now);
    const problems: HttpError[] = [];
    for (const { row } of applied) {
      if (!row) continue;
      const outcome = await this.promotions.check(this.db, row, facts(order), view, audience, context.now);
      if ('refused' in outcome) problems.push(outcome.refused);
    }
    return problems;
  }

  /**
   * Records an approval per fired rule; a rule whose approving group includes the submitter approves
   * itself. True when any approval is pending.
   */
  private async openApprovals(
    tx: Executor,
    context: PlatformContext,
    order: repository.OrderRow,
    fired: Awaited<ReturnType<ApprovalsService['rulesThatFire']>>,
  ) {
    for (const rule of fired) {
      await repository.saveApproval(tx, {
        orderId: order.id,
        approvalRuleId: rule.ruleId,
        approvingGroupId: rule.approvingGroupId,
        status: rule.selfApproved ? 'Approved' : 'Pending',
        allowResubmit: false,
        comments: null,
        approver: rule.selfApproved ? order.fromUser : null,
        dateCreated: context.now,
        dateCompleted: rule.selfApproved ? context.now : null,
      });
    }
    return fired.some((rule) => !rule.selfApproved);
  }

  async listApprovals(context: PlatformContext, direction: Direction, orderId: string, options: ListOptions) {
    await this.orderRow(context, direction, orderId);
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

  /** `/me/orders/approvable`: orders of my company waiting for one of my groups. */
  async listApprovable(context: PlatformContext, options: ListOptions): Promise<ListPage<OrderEntity>> {
    const scope = sql`${orders.fromCompanyId} = ${context.caller.buyerId ?? ''} and ${orders.status} = ${OrderStatus.AwaitingApproval} and ${repository.approvableBy(await this.groupsOf(context), true)}`;
    const { rows, totalCount } = await repository.listOrderRows(this.db, options, scope);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toOrder) };
  }

  /**
   * What each spending-account payment takes: its Amount, or (null Amount) what the other payments
   * leave of the order total; checked for use now, charged when the order opens.
   */
  private async spendingCharges(order: repository.OrderRow, now: Date) {
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

  private async applyCharges(
    tx: Executor,
    buyerId: string,
    charges: Awaited<ReturnType<OrdersService['spendingCharges']>>,
  ) {
    for (const charge of charges)
      await this.spending.charge(tx, buyerId, charge.accountId, charge.amount, charge.allowExceed);
  }

  async cancel(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    await this.db.transaction(async (tx) => {
      const order = await this.orderRow(context, direction, orderId, tx, true);
      const nothingShipped = (await repository.allLineItems(tx, orderId)).every(
        (line) => line.quantityShipped === 0,
      );
      const adminMayCancel = isOrderAdmin(context) && may('cancelUnshipped', order.status) && nothingShipped;
      if (!may('cancel', order.status) && !adminMayCancel) throw refusalOf('cancel', order.status);
      await repository.updateOrderRow(tx, orderId, {
        status: statusAfter('cancel'),
        dateCanceled: context.now,
        lastUpdated: context.now,
      });
    });
    return this.get(context, direction, orderId);
  }

  async complete(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    await this.db.transaction(async (tx) => {
      const order = await this.orderRow(context, direction, orderId, tx, true);
      assertMay('complete', order.status);
      await repository.updateOrderRow(tx, orderId, {
        status: statusAfter('complete'),
        dateCompleted: context.now,
        lastUpdated: context.now,
      });
    });
    return this.get(context, direction, orderId);
  }

  /** `/ship`: one shipment of everything; every line fully shipped completes the order. */
  async ship(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    await this.db.transaction(async (tx) => {
      const order = await this.orderRow(context, direction, orderId, tx, true);
      assertMay('ship', order.status);
      const lines = await repository.allLineItems(tx, orderId);
      if (lines.length === 0)
        throw badStatus(
          'Order.CannotShipWithNoLineItems',
          'Cannot ship an order without any line items.',
          order.status,
        );
      for (const line of lines)
        await repository.updateLineItemRow(tx, orderId, line.id, { quantityShipped: line.quantity });
      await repository.updateOrderRow(tx, orderId, {
        status: statusAfter('ship'),
        dateCompleted: context.now,
        lastUpdated: context.now,
      });
    });
    return this.get(context, direction, orderId);
  }

  async approve(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    info: OrderApprovalInfo = {},
  ): Promise<OrderEntity> {
    const current = await repository.findOrderRow(this.db, orderId);
    const charges = current ? await this.spendingCharges(current, context.now) : [];
    const chained = current ? await this.chainedRules(context, current) : [];
    const opened = await this.decide(context, orderId, async (tx, groups, approver) => {
      await repository.completeApprovals(tx, orderId, groups, {
        status: 'Approved',
        comments: info.Comments ?? null,
        approver,
        dateCompleted: context.now,
      });
      // Rules chained on the ones just approved (`order.approved('ruleId')`) now ask for their approval.
      if (current && chained.length > 0) await this.openApprovals(tx, context, current, chained);
      // Parallel rules: the order opens only when no approval is pending any more.
      const pending = (await repository.approvalsOf(tx, orderId)).some(
        (approval) => approval.status === 'Pending',
      );
      if (!pending) {
        await this.applyCharges(tx, current?.fromCompanyId ?? '', charges);
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
      await (await this.checkout(context, order))?.notify(
        context,
        order,
        'orderApproved',
        this.retryNotification,
      );
    return this.get(context, direction, orderId).catch(() => toOrder(order));
  }

  /**
   * The rules that fire once the caller's approval is in (its groups' pending approvals, or all of them
   * for an order admin) and that the order has no approval for yet: the next links of chained rules.
   */
  private async chainedRules(context: PlatformContext, order: repository.OrderRow) {
    if (!may('approve', order.status)) return [];
    const existing = await repository.approvalsOf(this.db, order.id);
    const groups = isOrderAdmin(context) ? 'all' : await this.groupsOf(context);
    const approvedAfter = existing
      .filter(
        (approval) =>
          approval.status === 'Approved' ||
          (approval.status === 'Pending' && (groups === 'all' || groups.includes(approval.approvingGroupId))),
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

  /** `eligibleapprovers`: the buyer users who can still approve the order (members of pending groups). */
  async eligibleApprovers(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    options: ListOptions,
  ) {
    const order = await this.orderRow(context, direction, orderId);
    const pending = (await repository.approvalsOf(this.db, orderId)).filter(
      (approval) => may('approve', order.status) && approval.status === 'Pending',
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
        status: 'Declined',
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
    return this.get(context, direction, orderId).catch(() => toOrder(order));
  }

  /**
   * Approve and decline: the order must await approval, and the caller must be an order admin or a
   * member of an approving group with a pending approval (domain facts A1).
   */
  private async decide(
    context: PlatformContext,
    orderId: string,
    apply: (tx: Executor, groups: string[] | 'all', approver: Record<string, unknown>) => Promise<boolean>,
  ): Promise<boolean> {
    const groups = isOrderAdmin(context) ? 'all' : await this.groupsOf(context);
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
          (approval) => approval.status === 'Pending' && groups.includes(approval.approvingGroupId),
        );
      if (!eligible)
        throw forbidden('Order.NotEligibleToApprove', 'You are not eligible to approve this order.');
      return apply(tx, groups, approver);
    });
  }
}

/** The product as a line keeps it (OrderCloud's LineItemProduct). */
function productSnapshot(product: BuyerProduct): Record<string, unknown> {
  return {
    ID: product.ID,
    Name: product.Name,
    Description: product.Description,
    Returnable: product.Returnable,
    QuantityMultiplier: product.QuantityMultiplier,
    ShipWeight: product.ShipWeight,
    ShipHeight: product.ShipHeight,
    ShipWidth: product.ShipWidth,
    ShipLength: product.ShipLength,
    DefaultSupplierID: product.DefaultSupplierID,
    ParentID: null,
    xp: product.xp,
  };
}

/** What the promotions module needs to know of an order. */
function facts(order: repository.OrderRow): OrderFacts {
  return {
    id: order.id,
    status: order.status,
    fromCompanyId: order.fromCompanyId,
    fromUserId: order.fromUserId,
    toCompanyId: order.toCompanyId,
    currency: order.currency,
  };
}

/** What PATCH and PUT may write of an order: FromUser and BillingAddress are snapshots, not writable. */
function writableOf(order: repository.OrderRow) {
  const { FromUser: _user, BillingAddress: _billing, ...writable } = toOrder(order);
  return writable;
}

/** Refusals of PATCH …/billto, …/shipto on an address set by ID (OrderCloud's codes). */
const setByIdError = (kind: 'BillingAddress' | 'ShippingAddress', addressId: string) =>
  new HttpError(
    400,
    `${kind}.CannotPatchSetByID`,
    `Cannot PATCH an address that was set by ID (${addressId}). Either PATCH the saved address, or PUT a complete address.`,
    { AddressID: addressId },
  );

const noAddressError = (kind: 'BillingAddress' | 'ShippingAddress') =>
  new HttpError(
    400,
    `${kind}.CannotModifyNotFound`,
    `Order does not have a ${kind === 'BillingAddress' ? 'billing' : 'shipping'} address to modify. Use PUT to create one.`,
  );

/**
 * A one-off address after a PATCH, validated as a whole address. [inferred] Its ID does not change: an
 * ID would make it an address set by ID.
 */
function patchedAddress(current: Record<string, unknown>, patch: Record<string, unknown>) {
  if ('ID' in patch && patch.ID !== current.ID)
    throw invalidRequest('The ID of a one-off address cannot be patched; PUT the address instead.');
  return parseEntity(AddressBody, applyPatch(current, patch)) as Record<string, unknown>;
}

/** A date of a list's query string (`from`, `to`); anything else is InvalidRequest. */
function isoDate(name: string, value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalidRequest(`${name} expects a date.`, { Field: name });
  return date.toISOString();
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

/** A user as an order shows it: without the caller-specific AvailableRoles. */
function withoutRoles<T extends { AvailableRoles?: unknown }>(user: T): Omit<T, 'AvailableRoles'> {
  const { AvailableRoles: _, ...rest } = user;
  return rest;
}

/** An address copied onto an order or line, without the buyer-view flags. */
function addressSnapshot(address: Record<string, unknown>): Record<string, unknown> {
  const { Shipping: _s, Billing: _b, Editable: _e, ...rest } = address;
  return rest;
}

/** The quantity of a product on an order's lines, but for one line (the one being replaced). */
const quantityOf = (
  lines: repository.LineAmountsRow[],
  productId: string,
  exceptLineItemId: string | undefined,
) =>
  lines.reduce(
    (sum, line) => (line.productId === productId && line.id !== exceptLineItemId ? sum + line.quantity : sum),
    0,
  );

/** Lines in the order `allLineItems` reads them: by DateAdded, then ID. */
const inLineOrder = (lines: repository.LineAmountsRow[]) =>
  lines.sort(
    (a, b) => a.dateAdded.getTime() - b.dateAdded.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
