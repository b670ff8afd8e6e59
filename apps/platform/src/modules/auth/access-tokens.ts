import type { BuyersService } from '../buyers/service.ts';
import type { LoginUser } from '../users/service.ts';
import type { ApiClientRow } from './api-client-repository.ts';
import type { TokenResponse } from './models.ts';
import type { TokenSigner } from './tokens.ts';

/** The session an access token belongs to: when it began, and who acts when it is an impersonation. */
export interface TokenSession {
  sessionStartedAt: Date;
  impersonatorId?: string;
}

/** Signs the access tokens of every grant and of impersonation: the claims say who, for which client, with which roles. */
export class AccessTokens {
  constructor(
    private readonly signer: TokenSigner,
    private readonly buyers: BuyersService,
  ) {}

  async sign(
    client: ApiClientRow,
    user: LoginUser,
    roles: string[],
    now: Date,
    session: TokenSession,
    lifetimeSeconds = client.accessTokenMinutes * 60,
  ): Promise<Omit<TokenResponse, 'refresh_token'>> {
    const currency =
      user.currency ?? (user.buyerId ? await this.buyers.currencyOf(user.buyerId) : undefined) ?? 'EUR';
    const accessToken = await this.signer.sign(
      {
        usr: user.username,
        cid: client.id,
        u: user.id,
        usrtype: user.buyerId === null ? 'admin' : 'buyer',
        role: roles,
        ...(user.buyerId ? { bid: user.buyerId } : {}),
        cur: currency,
        ...(user.language ? { lang: user.language } : {}),
        ...(session.impersonatorId ? { imp: session.impersonatorId } : {}),
        auth_time_ms: session.sessionStartedAt.getTime(),
      },
      lifetimeSeconds,
      now,
    );
    return { access_token: accessToken, token_type: 'bearer', expires_in: lifetimeSeconds };
  }
}
