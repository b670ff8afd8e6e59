import type { Executor } from '@actuate/service-kit';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';

/** `orders` of `POST /buyers/{id}/users/{id}/moveto/{newBuyerID}`: which of the user's orders go along. */
export const UserOrderMoveOption = z.enum(['None', 'Unsubmitted', 'All']);
export type UserOrderMoveOption = z.infer<typeof UserOrderMoveOption>;

/** A buyer user moving to another buyer company. */
export interface UserMove {
  userId: string;
  fromBuyerId: string;
  toBuyerId: string;
  orders: UserOrderMoveOption;
}

/**
 * What a module does when one of its buyer's users moves: what it keeps about the user either goes
 * along or, where it belongs to the old company (its groups, its assignments), is dropped.
 */
export interface UserMoveStep {
  /** Before the move's transaction: refuse the move by throwing (reads outside it: PGlite has one connection). */
  check?(context: PlatformContext, move: UserMove): Promise<void>;
  /** Inside the move's transaction. */
  apply?(tx: Executor, move: UserMove): Promise<void>;
}
