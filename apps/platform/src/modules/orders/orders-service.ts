import { toMinorUnits } from '@actuate/contracts';
import { type Database, type Executor, forbidden, HttpError } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest } from '../../shared/errors.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { AddressesService } from '../addresses/service.ts';
import { hasAnyRole } from '../auth/guard.ts';
import { type IncrementorsService, ORDER_INCREMENTOR_ID } from '../incrementors/service.ts';
import type { PromotionsService } from '../promotions/service.ts';
import type { UsersService } from '../users/service.ts';
import { type OrderEntity, toOrder } from './entities.ts';
import { type Direction, OrderBody } from './models.ts';
import { isOrderAdmin, type OrderAccess, ownerContext } from './order-access.ts';
import { assertMay, OrderStatus } from './order-process.ts';
import type { OrderWriter } from './order-writer.ts';
import * as repository from './repository.ts';
import { orders } from './schema.ts';
import { addressSnapshot, withoutRoles } from './snapshots.ts';

/** The marketplace owner: every buyer order goes to it. */
export const MARKETPLACE_ID = 'actuate';

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

/** The ID asked for with `{incrementor}` tokens replaced, or the next order number. */
export function nextOrderId(
  incrementors: IncrementorsService,
  tx: Executor,
  requested: string | undefined,
): Promise<string> {
  return incrementors.fillTemplate(tx, requested ?? `{${ORDER_INCREMENTOR_ID}}`);
}

/** Orders themselves: list, read, create, PUT/PATCH and delete. */
export class OrdersService {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
    private readonly writer: OrderWriter,
    private readonly users: UsersService,
    private readonly addresses: AddressesService,
    private readonly promotions: PromotionsService,
    private readonly incrementors: IncrementorsService,
  ) {}

  async list(
    context: PlatformContext,
    direction: Direction,
    options: ListOptions,
  ): Promise<ListPage<OrderEntity>> {
    const scope = await this.access.listScope(context, direction);
    const { rows, totalCount } = await repository.listOrderRows(this.db, options, scope);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toOrder) };
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

  get(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    return this.access.get(context, direction, orderId);
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
      const id = await nextOrderId(this.incrementors, tx, body.ID);
      try {
        // A new order has no lines and no promotion: its Total is its Gratuity, set as it is inserted.
        const row = await repository.insertOrderRow(tx, { id, ...values, total: values.gratuity });
        const order = toOrder(row);
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
   * same rules. ShippingCost and TaxCost left out keep their values (the checkout integration sets
   * them; a client saving the order it read must not need the override roles), and the body's ID,
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
    const before = await this.access.orderRow(context, direction, orderId);
    // A newly chosen saved billing address, copied onto the order.
    const billingId = next(writableOf(before)).BillingAddressID;
    const chosen =
      typeof billingId === 'string' && billingId !== before.billingAddressId
        ? {
            id: billingId,
            address: addressSnapshot(await this.addresses.getMine(ownerContext(context, before), billingId)),
          }
        : undefined;
    const { order: changed } = await this.writer.changeHeader(
      context,
      direction,
      orderId,
      async (tx, order) => {
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
      },
    );
    return toOrder(changed);
  }

  /** Deletes an unsubmitted order with its line items, payments and promotions. */
  async delete(context: PlatformContext, direction: Direction, orderId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const order = await this.access.orderRow(context, direction, orderId, tx, true);
      assertMay('edit', order.status);
      await this.promotions.onOrders.removeAll(tx, orderId);
      await repository.deleteOrderRow(tx, orderId);
    });
  }
}

/** What PATCH and PUT may write of an order: FromUser and BillingAddress are snapshots, not writable. */
function writableOf(order: repository.OrderRow) {
  const { FromUser: _user, BillingAddress: _billing, ...writable } = toOrder(order);
  return writable;
}
