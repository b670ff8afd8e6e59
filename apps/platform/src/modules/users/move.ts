import type { Executor } from '@actuate/service-kit';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { notFoundError } from '../../shared/errors.ts';
import type { Generations } from '../../shared/generations.ts';
import type { BuyersService } from '../buyers/service.ts';
import { writeMemberships } from './groups.ts';
import { moveUserRow } from './repository.ts';
import type { UserEntity } from './service.ts';

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

/** `POST /buyers/{buyerID}/users/{userID}/moveto/{newBuyerID}`, with every module's part of the move. */
export class UserMoves {
  /** What other modules do when a user moves to another buyer (`onMove`). */
  private readonly steps: UserMoveStep[] = [];

  constructor(
    private readonly buyers: BuyersService,
    private readonly generations: Generations,
    /** The user as the users service answers it (NotFound when the buyer has no such user). */
    private readonly getUser: (
      context: PlatformContext,
      buyerId: string,
      userId: string,
    ) => Promise<UserEntity>,
  ) {}

  /** Registers what a module does when a user moves to another buyer. */
  onMove(step: UserMoveStep): void {
    this.steps.push(step);
  }

  /**
   * The user belongs to the new buyer from then on, in one transaction with every module's part of it
   * (`onMove`). Their group memberships were the old company's and go. Our choice: only the marketplace
   * moves users between companies; a buyer user (even holding BuyerUserAdmin) finds no other buyer
   * (NotFound), as everywhere. Moving to the same buyer changes nothing.
   */
  async move(
    context: PlatformContext,
    buyerId: string,
    userId: string,
    toBuyerId: string,
    orders: UserOrderMoveOption,
  ): Promise<UserEntity> {
    if (context.caller.type === 'buyer' && toBuyerId !== context.caller.buyerId)
      throw notFoundError('Buyer', toBuyerId);
    const user = await this.getUser(context, buyerId, userId);
    await this.buyers.assertExists(toBuyerId);
    if (toBuyerId === buyerId) return user;
    const move: UserMove = { userId, fromBuyerId: buyerId, toBuyerId, orders };
    for (const step of this.steps) await step.check?.(context, move);
    await writeMemberships(this.generations, async (tx) => {
      await moveUserRow(tx, buyerId, userId, toBuyerId);
      for (const step of this.steps) await step.apply?.(tx, move);
    });
    return this.getUser(context, toBuyerId, userId);
  }
}
