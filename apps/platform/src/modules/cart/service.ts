import { type Database, type Executor, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import {
  assertMay,
  type Direction,
  may,
  type OrderBody,
  type OrderEntity,
  OrderStatus,
  type OrdersService,
  requiresFromUser,
} from '../orders/index.ts';
import * as repository from './repository.ts';

/** The cart is an order the caller sends: Outgoing from their point of view. */
export const CART_DIRECTION: Direction = 'Outgoing';

/**
 * The newest Unsubmitted order of the caller. Not one a subscription created: the middleware
 * submits those, the buyer does not shop in them.
 */
const NEWEST_UNSUBMITTED: ListOptions = {
  page: 1,
  pageSize: 1,
  sortBy: ['!DateCreated'],
  filters: [
    { field: 'Status', value: OrderStatus.Unsubmitted },
    { field: 'SubscriptionID', value: '!*' },
  ],
};

/** Tries at creating a cart while concurrent requests of the same user keep creating one first. */
const CREATE_ATTEMPTS = 3;

/** Another request of the user made a cart between reading and claiming: read again and use it. */
class CartTaken extends Error {}

/** Only buyer users have carts: an admin client has no FromUser to give an order (OrderCloud's code for that). */
function assertBuyerUser(context: PlatformContext): void {
  if (context.caller.type !== 'buyer' || !context.caller.buyerId) throw requiresFromUser();
}

const noCart = () =>
  new HttpError(404, 'NotFound', 'There is no cart yet: add a line item or PUT /cart to start one.', {
    ObjectType: 'Order',
    ObjectID: null,
  });

/**
 * `/v1/cart`: the caller's active cart, an Unsubmitted Outgoing order whose FromUser is the caller.
 * Every cart route resolves that order and delegates to the orders service with direction Outgoing,
 * so the order rules, scoping and errors are the order routes'. The active cart is the order set with
 * `PUT /cart/{orderID}` while it is still the caller's and Unsubmitted, otherwise the
 * caller's newest Unsubmitted order; with none, reading creates nothing and adding a line item (or
 * `PUT /cart`) creates it.
 */
export class CartService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrdersService,
  ) {}

  /** The active cart (undefined: none yet), with the version of the user's cart row as read first. */
  private async active(context: PlatformContext): Promise<{ order?: OrderEntity; version: number | null }> {
    assertBuyerUser(context);
    const row = await repository.findActiveCart(this.db, context.caller.userId);
    const version = row?.version ?? null;
    if (row?.orderId) {
      const chosen = await this.orders.get(context, CART_DIRECTION, row.orderId).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 404) return undefined;
        throw error;
      });
      if (chosen && may('beCart', chosen.Status)) return { order: chosen, version };
    }
    const [newest] = (await this.orders.listMine(context, NEWEST_UNSUBMITTED)).Items;
    return newest ? { order: newest, version } : { version };
  }

  /** The active cart, created when there is none; a concurrent creation by the same user wins. */
  private async ensure(context: PlatformContext, body: OrderBody = {}) {
    for (let attempt = 1; ; attempt++) {
      const { order, version } = await this.active(context);
      if (order) return { order, created: false };
      try {
        const created = await this.orders.create(context, CART_DIRECTION, body, async (tx: Executor) => {
          if (!(await repository.claimActiveCart(tx, context.caller.userId, version))) throw new CartTaken();
        });
        return { order: created, created: true };
      } catch (error) {
        if (!(error instanceof CartTaken)) throw error;
        if (attempt >= CREATE_ATTEMPTS) {
          throw new HttpError(409, 'Cart.Busy', 'The cart is being created by another request; try again.');
        }
      }
    }
  }

  /** `GET /cart`: the cart, or before there is one the order it would be, with ID null (nothing stored). */
  async get(context: PlatformContext) {
    return (await this.active(context)).order ?? this.orders.unsavedOrder(context);
  }

  /** `PUT /cart`: creates the cart from the body, or replaces the active cart as `PUT /orders/…` does. */
  async save(context: PlatformContext, body: OrderBody) {
    const { order, created } = await this.ensure(context, body);
    return created ? order : this.orders.save(context, CART_DIRECTION, order.ID, body);
  }

  /**
   * `PUT /cart/{orderID}`: makes one of the caller's Unsubmitted orders the active cart (another user's
   * order is NotFound). Any other status: `Cart.MustBeUnsubmitted`.
   */
  async setActive(context: PlatformContext, orderId: string): Promise<void> {
    assertBuyerUser(context);
    const order = await this.orders.get(context, CART_DIRECTION, orderId);
    assertMay('beCart', order.Status);
    await repository.chooseActiveCart(this.db, context.caller.userId, orderId);
  }

  /** `DELETE /cart`: the cart order with its lines, payments and promotions; no cart, nothing to do. */
  async delete(context: PlatformContext): Promise<void> {
    const { order } = await this.active(context);
    if (order) await this.orders.delete(context, CART_DIRECTION, order.ID);
  }

  /** Runs an order operation on the active cart; without a cart, NotFound. */
  async use<T>(context: PlatformContext, run: (orderId: string) => Promise<T>): Promise<T> {
    const { order } = await this.active(context);
    if (!order) throw noCart();
    return run(order.ID);
  }

  /** Lists something of the active cart; without a cart, an empty page. */
  async list<T>(
    context: PlatformContext,
    options: ListOptions,
    run: (orderId: string) => Promise<ListPage<T>>,
  ): Promise<ListPage<T>> {
    const { order } = await this.active(context);
    return order ? run(order.ID) : { Meta: listMeta(options, 0, 0), Items: [] };
  }

  /** Adds to the active cart (line items), creating it first when there is none. */
  async addTo<T>(context: PlatformContext, run: (orderId: string) => Promise<T>): Promise<T> {
    return run((await this.ensure(context)).order.ID);
  }
}
