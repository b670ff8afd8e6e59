import { type Executor, HttpError } from '@actuate/service-kit';
import type { UserMoveStep } from '../users/move.ts';
import { IN_PROGRESS, OrderStatus } from './order-process.ts';
import { countOrdersOfUser, moveOrdersOfUser } from './repository.ts';

/**
 * The user's orders on a move (`?orders=None|Unsubmitted|All`). OrderCloud refuses to move a user with
 * an Open order or one awaiting approval (`User.CannotMoveeWithOpenOrder`, its spelling); the rest
 * stay with the old company or go along as asked. Checked inside the move's transaction, so an order
 * submitted meanwhile cannot slip through.
 */
export const ordersOfMovingUser: UserMoveStep = {
  async apply(tx: Executor, move) {
    if ((await countOrdersOfUser(tx, move.userId, move.fromBuyerId, [...IN_PROGRESS])) > 0)
      throw new HttpError(
        400,
        'User.CannotMoveeWithOpenOrder',
        'Cannot move a user with an open order, or an order pending approval.',
      );
    if (move.orders === 'None') return;
    await moveOrdersOfUser(tx, {
      userId: move.userId,
      fromBuyerId: move.fromBuyerId,
      toBuyerId: move.toBuyerId,
      statuses: move.orders === 'Unsubmitted' ? [OrderStatus.Unsubmitted] : undefined,
    });
  },
};
