import { randomUUID } from 'node:crypto';
import { type Database, HttpError } from '@actuate/service-kit';
import { invalidRequest, tokenRevoked } from '../../shared/errors.ts';
import { verifyPassword } from '../../shared/passwords.ts';
import type { LoginUser, UsersService } from '../users/service.ts';
import type { AccessTokens } from './access-tokens.ts';
import { type ApiClientRow, findApiClientRow } from './api-client-repository.ts';
import { clientServesBuyer } from './api-clients.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { TokenRequest, TokenResponse } from './models.ts';
import { subjectsOf, type TokenRevocations } from './revocations.ts';
import type { SecurityProfiles } from './security-profiles.ts';
import { findRefreshToken, insertRefreshToken, markRotated, revokeFamily } from './token-repository.ts';
import { hashSecret, newRefreshToken } from './tokens.ts';

/** Lifetime of the token an integration receives with a call (`contextUserToken`). */
const INTEGRATION_TOKEN_SECONDS = 300;

/** OAuth errors carry OrderCloud's code and the RFC 6749 `error` the error format adds for /oauth. */
const oauthError = (code: string, message: string, status = 400) => new HttpError(status, code, message);
const invalidGrant = (message = 'Invalid username or password.') => oauthError('Auth.InvalidGrant', message);
const invalidClient = () =>
  oauthError('Auth.InvalidClient', 'Unknown, inactive or unauthenticated API client.');

const parseScope = (scope: string | undefined): string[] => (scope ?? '').split(/\s+/).filter(Boolean);

/**
 * The most an anonymous token may carry, whatever the anonymous user's profiles hold: browsing the
 * catalogue (Shopper). No Me*Admin: the anonymous user is shared by every visitor, so nobody may change it.
 */
export const ANONYMOUS_ROLES: readonly string[] = ['Shopper'];

/**
 * `POST /oauth/token`: the password, client-credentials and refresh-token grants (refresh tokens rotate;
 * reusing a rotated one revokes its whole family), and the short-lived token an integration receives.
 */
export class TokenGrants {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly profiles: SecurityProfiles,
    private readonly accessTokens: AccessTokens,
    private readonly throttle: LoginThrottle,
    private readonly revocations: TokenRevocations,
  ) {}

  /** `source`: the client address the request comes from (see `loginSource`), for the login throttle. */
  async issueToken(request: TokenRequest, now: Date, source = 'unknown'): Promise<TokenResponse> {
    switch (request.grant_type) {
      case 'password':
        return this.passwordGrant(request, now, source);
      case 'client_credentials':
        return this.clientCredentialsGrant(request, now);
      case 'refresh_token':
        return this.refreshTokenGrant(request, now);
      default:
        throw oauthError('Auth.UnsupportedGrantType', `Unsupported grant_type: ${request.grant_type}`);
    }
  }

  private async passwordGrant(request: TokenRequest, now: Date, source: string): Promise<TokenResponse> {
    const client = await this.activeClient(request.client_id);
    if (!request.username || !request.password) throw invalidRequest('username and password are required.');
    await this.throttle.assertAllowed(request.username, source, now);
    const user = await this.users.findForLogin(request.username);
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, request.password);
    if (!user || !passwordOk || !user.active) {
      await this.throttle.recordFailure(request.username, source, now);
      throw invalidGrant();
    }
    await this.throttle.recordSuccess(request.username, source, now);
    await this.assertClientServes(client, user);
    return this.tokensFor(client, user, parseScope(request.scope), now);
  }

  private async clientCredentialsGrant(request: TokenRequest, now: Date): Promise<TokenResponse> {
    const client = await this.activeClient(request.client_id);
    // OrderCloud's anonymous auth (the SDK's Auth.Anonymous): an IsAnonBuyer client needs no secret.
    if (client.isAnonBuyer && request.client_secret === undefined) {
      return this.anonymousGrant(client, parseScope(request.scope), now);
    }
    if (
      !client.secretHash ||
      !request.client_secret ||
      hashSecret(request.client_secret) !== client.secretHash
    ) {
      throw invalidClient();
    }
    const user = client.defaultContextUserId
      ? await this.users.findLoginUserById(client.defaultContextUserId)
      : undefined;
    if (!user?.active) throw invalidGrant('The API client has no active default context user.');
    await this.assertClientServes(client, user);
    // A client-credentials token is a machine's: no refresh token, it simply asks again.
    const issued = await this.tokensFor(client, user, parseScope(request.scope), now);
    return { ...issued, refresh_token: null };
  }

  /**
   * A token of the client's anonymous template user (DefaultContextUserName) for a visitor who has not
   * signed in: the user's roles narrowed to the scope asked and to ANONYMOUS_ROLES, no refresh token
   * (the visitor simply asks again), so it is read-only and shared by every anonymous visitor.
   */
  private async anonymousGrant(client: ApiClientRow, scope: string[], now: Date): Promise<TokenResponse> {
    const user = client.defaultContextUserId
      ? await this.users.findLoginUserById(client.defaultContextUserId)
      : undefined;
    if (!user?.active || user.buyerId === null) {
      throw invalidGrant('The anonymous API client has no active anonymous buyer user.');
    }
    await this.assertClientServes(client, user);
    const held = await this.profiles.rolesOf(user, scope.length > 0 ? scope : [...ANONYMOUS_ROLES]);
    const roles = held.filter((role) => ANONYMOUS_ROLES.includes(role));
    const access = await this.accessTokens.sign(client, user, roles, now, { sessionStartedAt: now });
    return { ...access, refresh_token: null };
  }

  private async refreshTokenGrant(request: TokenRequest, now: Date): Promise<TokenResponse> {
    if (!request.refresh_token) throw invalidRequest('refresh_token is required.');
    const stored = await findRefreshToken(this.db, hashSecret(request.refresh_token));
    if (!stored || stored.revokedAt || stored.expiresAt <= now) throw invalidGrant('Invalid refresh token.');
    if (request.client_id && request.client_id !== stored.clientId)
      throw invalidGrant('Invalid refresh token.');
    const user = await this.users.findLoginUserById(stored.userId);
    const revokedBefore = await this.revocations.revokedBeforeOf(
      subjectsOf(stored.userId, user ? user.buyerId : undefined),
    );
    if (revokedBefore && stored.sessionStartedAt <= revokedBefore) throw tokenRevoked(400);
    // Reuse of a rotated token means it leaked: revoke the whole family, the thief's and the owner's.
    if (stored.rotatedAt || !(await markRotated(this.db, stored.tokenHash, now))) {
      await revokeFamily(this.db, stored.familyId, now);
      throw invalidGrant('Refresh token reuse detected; the session was revoked.');
    }
    const client = await this.activeClient(stored.clientId);
    if (!user?.active) throw invalidGrant('Invalid refresh token.');
    // A client that stopped serving the user's company (assignment removed) stops refreshing too (our choice).
    await this.assertClientServes(client, user);
    return this.tokensFor(client, user, stored.scope, now, {
      id: stored.familyId,
      sessionStartedAt: stored.sessionStartedAt,
    });
  }

  private async activeClient(clientId: string | undefined): Promise<ApiClientRow> {
    const client = clientId ? await findApiClientRow(this.db, clientId) : undefined;
    if (!client?.active) throw invalidClient();
    return client;
  }

  private async assertClientServes(client: ApiClientRow, user: LoginUser): Promise<void> {
    const allowed =
      user.buyerId === null ? client.allowSeller : await clientServesBuyer(this.db, client, user.buyerId);
    // A user the client does not serve is refused like a wrong grant: invalid_grant (our choice of code).
    if (!allowed) throw invalidGrant('This API client does not accept this user.');
  }

  /** Access and refresh token of a new session, or of the refreshed `family`'s session. */
  private async tokensFor(
    client: ApiClientRow,
    user: LoginUser,
    scope: string[],
    now: Date,
    family?: { id: string; sessionStartedAt: Date },
  ): Promise<TokenResponse> {
    const roles = await this.profiles.rolesOf(user, scope);
    const sessionStartedAt = family?.sessionStartedAt ?? now;
    const access = await this.accessTokens.sign(client, user, roles, now, { sessionStartedAt });
    const refresh = newRefreshToken();
    await insertRefreshToken(this.db, {
      tokenHash: refresh.hash,
      familyId: family?.id ?? randomUUID(),
      userId: user.id,
      clientId: client.id,
      scope,
      sessionStartedAt,
      expiresAt: new Date(now.getTime() + client.refreshTokenMinutes * 60_000),
    });
    await this.users.recordActivity(user.id, now);
    return { ...access, refresh_token: refresh.token };
  }

  /**
   * The `OrderCloudAccessToken` an integration receives: a token of the API client's DefaultContextUser
   * narrowed to `roles` (what the integration may need for that one call: pricing and submitting the
   * order it is told about) and valid for five minutes, with no refresh token; undefined when the client
   * or its user is missing or inactive, or the user holds none of the roles.
   */
  async contextUserToken(clientId: string, now: Date, roles: readonly string[] = ['OrderAdmin']) {
    const client = await findApiClientRow(this.db, clientId);
    if (!client?.active || !client.defaultContextUserId) return undefined;
    const user = await this.users.findLoginUserById(client.defaultContextUserId);
    if (!user?.active) return undefined;
    const scoped = await this.profiles.rolesOf(user, [...roles]);
    if (scoped.length === 0) return undefined;
    const token = await this.accessTokens.sign(
      client,
      user,
      scoped,
      now,
      { sessionStartedAt: now },
      INTEGRATION_TOKEN_SECONDS,
    );
    return token.access_token;
  }
}
