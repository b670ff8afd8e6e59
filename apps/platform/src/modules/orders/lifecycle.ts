import type { Database } from '@actuate/service-kit';
import { HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import type { OrderEntity } from './entities.ts';
import type { Direction } from './models.ts';
import { isOrderAdmin, type OrderAccess } from './order-access.ts';
import { assertMay, may, refusalOf, statusAfter } from './order-process.ts';
import * as repository from './repository.ts';

/** The moves of a submitted order that are not approvals: cancel, complete and ship (all at once). */
export class OrderLifecycle {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
  ) {}

  async cancel(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    await this.db.transaction(async (tx) => {
      const order = await this.access.orderRow(context, direction, orderId, tx, true);
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
    return this.access.get(context, direction, orderId);
  }

  async complete(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    await this.db.transaction(async (tx) => {
      const order = await this.access.orderRow(context, direction, orderId, tx, true);
      assertMay('complete', order.status);
      await repository.updateOrderRow(tx, orderId, {
        status: statusAfter('complete'),
        dateCompleted: context.now,
        lastUpdated: context.now,
      });
    });
    return this.access.get(context, direction, orderId);
  }

  /** `/ship`: one shipment of everything; every line fully shipped completes the order. */
  async ship(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    await this.db.transaction(async (tx) => {
      const order = await this.access.orderRow(context, direction, orderId, tx, true);
      assertMay('ship', order.status);
      const lines = await repository.allLineItems(tx, orderId);
      if (lines.length === 0)
        throw new HttpError(
          400,
          'Order.CannotShipWithNoLineItems',
          'Cannot ship an order without any line items.',
          {
            Status: order.status,
          },
        );
      for (const line of lines)
        await repository.updateLineItemRow(tx, orderId, line.id, { quantityShipped: line.quantity });
      await repository.updateOrderRow(tx, orderId, {
        status: statusAfter('ship'),
        dateCompleted: context.now,
        lastUpdated: context.now,
      });
    });
    return this.access.get(context, direction, orderId);
  }
}
