import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { invalidRequest, notAuthorizedToAdmin, notFoundError } from '../../shared/errors.ts';
import type { UsersService } from '../users/service.ts';
import type { AccessTokens } from './access-tokens.ts';
import { findApiClientRow } from './api-client-repository.ts';
import { clientServesBuyer } from './api-clients.ts';
import type { ImpersonationConfigs } from './impersonation.ts';
import type { ConfigParty } from './impersonation-repository.ts';
import type { ImpersonateTokenRequest, TokenResponse } from './models.ts';
import { assertApiRoles, narrowToScope } from './roles.ts';

/** `POST /buyers/{buyerID}/users/{userID}/accesstoken`: tokens acting as a buyer user. */
export class ImpersonationTokens {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly configs: ImpersonationConfigs,
    private readonly accessTokens: AccessTokens,
  ) {}

  /**
   * A token acting as the buyer user, for a caller holding BuyerImpersonation where an impersonation
   * config allows it (OrderCloud's rules): for the requested client, with the requested roles the
   * configs' profiles grant, the impersonator in the `imp` claim, and a buyer token confined to the
   * user's company like any other. Our choices where OrderCloud's documentation is silent: no refresh
   * token (the impersonator asks again), the client's AccessTokenDuration, and an impersonation token
   * cannot impersonate again, so `imp` always names the person acting.
   */
  async impersonate(
    context: PlatformContext,
    buyerId: string,
    userId: string,
    request: ImpersonateTokenRequest,
  ): Promise<TokenResponse> {
    const { caller } = context;
    if (caller.impersonatorId) throw notAuthorizedToAdmin('An impersonation token cannot impersonate.');
    const requested = [...assertApiRoles(request.Roles), ...request.CustomRoles];
    if (requested.length === 0) throw invalidRequest('Request at least one role (Roles or CustomRoles).');
    const target = await this.users.findLoginUserById(userId);
    if (!target || target.buyerId !== buyerId) throw notFoundError('User', userId);
    if (!target.active) throw new HttpError(400, 'Auth.UserNotActive', 'User is not active.');
    const client = await findApiClientRow(this.db, request.ClientID);
    if (!client?.active) {
      throw new HttpError(
        404,
        'Impersonation.ClientIDNotFound',
        'Client ID not found or you do not have access to it.',
      );
    }
    if (!(await clientServesBuyer(this.db, client, buyerId))) {
      throw new HttpError(400, 'Impersonation.BuyerNotAssigned', 'Buyer is not assigned to the API client.');
    }
    const granted = await this.configs.granted(
      client.id,
      await this.partyOf(caller.userId, caller.buyerId ?? null),
      await this.partyOf(target.id, buyerId),
    );
    const roles = narrowToScope(granted, requested);
    if (roles.length === 0) {
      throw new HttpError(
        400,
        'Impersonation.ConfigError',
        'No Impersonation Config grants the requested roles for this user and API client.',
        { ClientID: client.id, RequestedRoles: requested },
      );
    }
    const token = await this.accessTokens.sign(client, target, roles, context.now, {
      sessionStartedAt: context.now,
      impersonatorId: caller.userId,
    });
    context.log.info(
      { impersonator: caller.userId, user: target.id, client: client.id, roles },
      'impersonation token issued',
    );
    return { ...token, refresh_token: null };
  }

  private async partyOf(userId: string, buyerId: string | null): Promise<ConfigParty> {
    return { userId, buyerId, groupIds: buyerId ? await this.users.groupIdsOf(buyerId, userId) : [] };
  }
}
