import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import type { UserMoveStep } from '../users/move.ts';
import type { UsersService } from '../users/service.ts';
import { isDefaultContextUser } from './api-client-repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { deleteUserProfileAssignments } from './profile-repository.ts';
import type { TokenRevocations } from './revocations.ts';

/** Ending sessions (sign-out everywhere, an admin ending a user's), lifting a login lock, and a user's move. */
export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
    private readonly revocations: TokenRevocations,
  ) {}

  /** `DELETE /me/tokens`: ends every session of the caller (this token's too) on every instance. */
  async revokeMyTokens(context: PlatformContext): Promise<void> {
    await this.revocations.revoke(context.caller.userId, context.now);
    context.log.info({ user: context.caller.userId }, 'tokens revoked by their user');
  }

  /** `DELETE /buyers/{buyerID}/users/{userID}/tokens`: ends every session of a buyer user. */
  async revokeUserTokens(context: PlatformContext, buyerId: string, userId: string): Promise<void> {
    await this.users.get(context, buyerId, userId);
    await this.revocations.revoke(userId, context.now);
    context.log.info({ user: userId, by: context.caller.userId }, 'tokens revoked');
  }

  /**
   * `POST /buyers/{buyerID}/users/{userID}/unlock`: clears the failed logins and the lock the throttle
   * keeps for the user, who may sign in again at once.
   */
  async unlockUser(context: PlatformContext, buyerId: string, userId: string): Promise<void> {
    const user = await this.users.get(context, buyerId, userId);
    await this.throttle.clear(user.Username);
  }

  /**
   * A user moving to another buyer: not an API client's DefaultContextUser (OrderCloud's
   * `User.CannotMoveDefaultContextUser`). Our choice: the profiles assigned to them as a user of the old
   * company go (rights granted there do not follow them; the new company's and its groups' apply),
   * and their tokens are revoked: every token names the old company, so they sign in again.
   */
  readonly userMove: UserMoveStep = {
    check: async (_context, move) => {
      if (await isDefaultContextUser(this.db, move.userId))
        throw new HttpError(
          400,
          'User.CannotMoveDefaultContextUser',
          'Cannot move a user currently set as the Default Context User (back office user).',
        );
    },
    apply: async (tx, move) => {
      await deleteUserProfileAssignments(tx, move.fromBuyerId, move.userId);
      await this.revocations.revoke(move.userId, new Date(), tx);
    },
  };
}
