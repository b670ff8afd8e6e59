import { randomUUID } from 'node:crypto';
import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { verifyPassword } from '../../shared/passwords.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { LoginUser, UsersService } from '../users/service.ts';
import {
  type ApiClient,
  ApiClient as ApiClientSchema,
  type SecurityProfile,
  type SecurityProfileAssignment,
  type TokenRequest,
  type TokenResponse,
} from './models.ts';
import {
  type ApiClientRow,
  type AssignmentParty,
  clearThrottle,
  deleteApiClientRow,
  deleteProfileAssignment,
  deleteProfileRow,
  findApiClientRow,
  findProfileRow,
  findRefreshToken,
  findThrottle,
  insertApiClientRow,
  insertProfileAssignment,
  insertProfileRow,
  insertRefreshToken,
  listApiClientRows,
  listProfileAssignmentRows,
  listProfileRows,
  markRotated,
  profilesOfUser,
  revokeFamily,
  type SecurityProfileRow,
  saveThrottle,
  updateApiClientRow,
  upsertApiClientRow,
  upsertProfileRow,
} from './repository.ts';
import { API_ROLES, isApiRole } from './roles.ts';
import { hashSecret, newRefreshToken, type TokenSigner } from './tokens.ts';

export interface ThrottleSettings {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** OAuth errors carry OrderCloud's code and the RFC 6749 `error` the error format adds for /oauth. */
const oauthError = (code: string, message: string, status = 400) => new HttpError(status, code, message);
const invalidGrant = (message = 'Invalid username or password.') => oauthError('Auth.InvalidGrant', message);
const invalidClient = () =>
  oauthError('Auth.InvalidClient', 'Unknown, inactive or unauthenticated API client.');

const toProfile = (row: SecurityProfileRow) => ({
  ID: row.id,
  Name: row.name,
  Roles: row.roles,
  CustomRoles: row.customRoles,
  IsExternalRoleGroup: false,
});

const toApiClient = (row: ApiClientRow) => ({
  ID: row.id,
  AppName: row.appName,
  Active: row.active,
  AllowAnyBuyer: row.allowAnyBuyer,
  AllowSeller: row.allowSeller,
  DefaultContextUserName: row.defaultContextUserId,
  AccessTokenDuration: row.accessTokenMinutes,
  RefreshTokenDuration: row.refreshTokenMinutes,
  OrderCheckoutIntegrationEventID: row.orderCheckoutIntegrationEventId,
  xp: row.xp,
});

/** Token endpoint, API clients and security profiles. */
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly signer: TokenSigner,
    private readonly users: UsersService,
    private readonly buyers: BuyersService,
    private readonly throttle: ThrottleSettings,
  ) {}

  // --- POST /oauth/token -------------------------------------------------------------------------

  async issueToken(request: TokenRequest, now: Date): Promise<TokenResponse> {
    switch (request.grant_type) {
      case 'password':
        return this.passwordGrant(request, now);
      case 'client_credentials':
        return this.clientCredentialsGrant(request, now);
      case 'refresh_token':
        return this.refreshTokenGrant(request, now);
      default:
        throw oauthError('Auth.UnsupportedGrantType', `Unsupported grant_type: ${request.grant_type}`);
    }
  }

  private async passwordGrant(request: TokenRequest, now: Date): Promise<TokenResponse> {
    const client = await this.activeClient(request.client_id);
    if (!request.username || !request.password) throw invalidRequest('username and password are required.');
    const throttleKey = request.username.toLowerCase();
    await this.assertNotLocked(throttleKey, now);
    const user = await this.users.findForLogin(request.username);
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, request.password);
    if (!user || !passwordOk || !user.active) {
      await this.recordFailure(throttleKey, now);
      throw invalidGrant();
    }
    await clearThrottle(this.db, throttleKey);
    this.assertClientServes(client, user);
    return this.tokensFor(client, user, parseScope(request.scope), now, undefined);
  }

  private async clientCredentialsGrant(request: TokenRequest, now: Date): Promise<TokenResponse> {
    const client = await this.activeClient(request.client_id);
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
    // A client-credentials token is a machine's: no refresh token, it simply asks again.
    const issued = await this.tokensFor(client, user, parseScope(request.scope), now, undefined);
    return { ...issued, refresh_token: null };
  }

  private async refreshTokenGrant(request: TokenRequest, now: Date): Promise<TokenResponse> {
    if (!request.refresh_token) throw invalidRequest('refresh_token is required.');
    const stored = await findRefreshToken(this.db, hashSecret(request.refresh_token));
    if (!stored || stored.revokedAt || stored.expiresAt <= now) throw invalidGrant('Invalid refresh token.');
    if (request.client_id && request.client_id !== stored.clientId)
      throw invalidGrant('Invalid refresh token.');
    // Reuse of a rotated token means it leaked: revoke the whole family, the thief's and the owner's.
    if (stored.rotatedAt || !(await markRotated(this.db, stored.tokenHash, now))) {
      await revokeFamily(this.db, stored.familyId, now);
      throw invalidGrant('Refresh token reuse detected; the session was revoked.');
    }
    const client = await this.activeClient(stored.clientId);
    const user = await this.users.findLoginUserById(stored.userId);
    if (!user?.active) throw invalidGrant('Invalid refresh token.');
    return this.tokensFor(client, user, stored.scope, now, stored.familyId);
  }

  private async activeClient(clientId: string | undefined): Promise<ApiClientRow> {
    const client = clientId ? await findApiClientRow(this.db, clientId) : undefined;
    if (!client?.active) throw invalidClient();
    return client;
  }

  private assertClientServes(client: ApiClientRow, user: LoginUser): void {
    const allowed = user.buyerId === null ? client.allowSeller : client.allowAnyBuyer;
    if (!allowed) throw invalidGrant('This API client does not accept this user.');
  }

  private async assertNotLocked(key: string, now: Date): Promise<void> {
    const throttle = await findThrottle(this.db, key);
    if (throttle?.lockedUntil && throttle.lockedUntil > now) {
      throw oauthError('Auth.TooManyLoginAttempts', 'Too many failed logins; try again later.', 429);
    }
  }

  private async recordFailure(key: string, now: Date): Promise<void> {
    const current = await findThrottle(this.db, key);
    const windowStart = new Date(now.getTime() - this.throttle.windowSeconds * 1000);
    const fresh = !current || current.windowStartedAt < windowStart;
    const failures = fresh ? 1 : current.failures + 1;
    await saveThrottle(this.db, {
      username: key,
      failures,
      windowStartedAt: fresh ? now : current.windowStartedAt,
      lockedUntil:
        failures >= this.throttle.maxFailures
          ? new Date(now.getTime() + this.throttle.lockSeconds * 1000)
          : null,
    });
  }

  /** The roles the user holds, narrowed to the requested scope when one was asked for. */
  async rolesOf(user: LoginUser, scope: string[]): Promise<string[]> {
    const groupIds = user.buyerId ? await this.users.groupIdsOf(user.buyerId, user.id) : [];
    const profiles = await profilesOfUser(this.db, { id: user.id, buyerId: user.buyerId, groupIds });
    const granted = new Set(profiles.flatMap((profile) => [...profile.roles, ...profile.customRoles]));
    // [inferred] No scope asks for everything the user holds; FullAccess covers every requested API role.
    if (scope.length === 0) return [...granted];
    const fullAccess = granted.has('FullAccess');
    return scope.filter((role) => granted.has(role) || (fullAccess && isApiRole(role)));
  }

  private async tokensFor(
    client: ApiClientRow,
    user: LoginUser,
    scope: string[],
    now: Date,
    familyId: string | undefined,
  ): Promise<TokenResponse> {
    const roles = await this.rolesOf(user, scope);
    const currency =
      user.currency ?? (user.buyerId ? await this.buyers.currencyOf(user.buyerId) : undefined) ?? 'EUR';
    const lifetimeSeconds = client.accessTokenMinutes * 60;
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
      },
      lifetimeSeconds,
      now,
    );
    const refresh = newRefreshToken();
    await insertRefreshToken(this.db, {
      tokenHash: refresh.hash,
      familyId: familyId ?? randomUUID(),
      userId: user.id,
      clientId: client.id,
      scope,
      expiresAt: new Date(now.getTime() + client.refreshTokenMinutes * 60_000),
    });
    await this.users.recordActivity(user.id, now);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: lifetimeSeconds,
      refresh_token: refresh.token,
    };
  }

  /**
   * An access token of an API client's DefaultContextUser, as OrderCloud sends to integrations
   * (`OrderCloudAccessToken`); undefined when the client or its user is missing or inactive.
   */
  async contextUserToken(clientId: string, now: Date): Promise<string | undefined> {
    const client = await findApiClientRow(this.db, clientId);
    if (!client?.active || !client.defaultContextUserId) return undefined;
    const user = await this.users.findLoginUserById(client.defaultContextUserId);
    if (!user?.active) return undefined;
    return (await this.tokensFor(client, user, [], now, undefined)).access_token;
  }

  // --- API clients -------------------------------------------------------------------------------

  async listApiClients(_context: PlatformContext, options: ListOptions) {
    const { rows, totalCount } = await listApiClientRows(this.db, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toApiClient) };
  }

  async getApiClient(_context: PlatformContext, id: string) {
    const row = await findApiClientRow(this.db, id);
    if (!row) throw notFoundError('ApiClient', id);
    return toApiClient(row);
  }

  async createApiClient(_context: PlatformContext, body: ApiClient) {
    const id = body.ID ?? newId();
    try {
      return toApiClient(await insertApiClientRow(this.db, { id, ...this.apiClientValues(body) }));
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('ApiClient', id);
      throw error;
    }
  }

  /** PATCH: settings of a client, e.g. linking the storefront's client to the checkout integration. */
  async patchApiClient(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const row = await findApiClientRow(this.db, id);
    if (!row) throw notFoundError('ApiClient', id);
    const merged = parseEntity(ApiClientSchema, applyPatch(toApiClient(row), patch));
    const values = this.apiClientValues(merged);
    const updated = await updateApiClientRow(this.db, id, {
      ...values,
      // A secret is only replaced when a new one is sent.
      secretHash: merged.ClientSecret ? values.secretHash : row.secretHash,
    });
    context.log.info({ apiClient: id }, 'API client updated');
    return toApiClient(updated as ApiClientRow);
  }

  /** The checkout integration event linked to an API client, if any. */
  async checkoutEventIdOf(clientId: string): Promise<string | undefined> {
    return (await findApiClientRow(this.db, clientId))?.orderCheckoutIntegrationEventId ?? undefined;
  }

  async deleteApiClient(_context: PlatformContext, id: string): Promise<void> {
    if (!(await deleteApiClientRow(this.db, id))) throw notFoundError('ApiClient', id);
  }

  /** Creates or updates a built-in client (storefront, middleware) at start-up. */
  async ensureApiClient(body: ApiClient & { ID: string }): Promise<void> {
    await upsertApiClientRow(this.db, { id: body.ID, ...this.apiClientValues(body) });
  }

  private apiClientValues(body: ApiClient) {
    return {
      appName: body.AppName,
      secretHash: body.ClientSecret ? hashSecret(body.ClientSecret) : null,
      active: body.Active,
      allowAnyBuyer: body.AllowAnyBuyer,
      allowSeller: body.AllowSeller,
      defaultContextUserId: body.DefaultContextUserName ?? null,
      accessTokenMinutes: body.AccessTokenDuration,
      refreshTokenMinutes: body.RefreshTokenDuration,
      orderCheckoutIntegrationEventId: body.OrderCheckoutIntegrationEventID ?? null,
      xp: body.xp ?? {},
    };
  }

  // --- security profiles -------------------------------------------------------------------------

  async listProfiles(_context: PlatformContext, options: ListOptions) {
    const { rows, totalCount } = await listProfileRows(this.db, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toProfile) };
  }

  async getProfile(_context: PlatformContext, id: string) {
    const row = await findProfileRow(this.db, id);
    if (!row) throw notFoundError('SecurityProfile', id);
    return toProfile(row);
  }

  async createProfile(_context: PlatformContext, body: SecurityProfile) {
    const row = profileRow(body.ID ?? newId(), body);
    try {
      return toProfile(await insertProfileRow(this.db, row));
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('SecurityProfile', row.id);
      throw error;
    }
  }

  async saveProfile(_context: PlatformContext, id: string, body: SecurityProfile) {
    return toProfile(await upsertProfileRow(this.db, profileRow(id, body)));
  }

  async deleteProfile(_context: PlatformContext, id: string): Promise<void> {
    if (!(await deleteProfileRow(this.db, id))) throw notFoundError('SecurityProfile', id);
  }

  async saveProfileAssignment(context: PlatformContext, body: SecurityProfileAssignment): Promise<void> {
    await this.getProfile(context, body.SecurityProfileID);
    if (body.SupplierID) throw invalidRequest('Suppliers are not supported.');
    const party = await this.assignmentParty(body);
    await insertProfileAssignment(this.db, body.SecurityProfileID, party);
  }

  async deleteProfileAssignment(
    _context: PlatformContext,
    profileId: string,
    party: Omit<SecurityProfileAssignment, 'SecurityProfileID'>,
  ) {
    const deleted = await deleteProfileAssignment(this.db, profileId, {
      buyerId: party.BuyerID ?? null,
      userGroupId: party.UserGroupID ?? null,
      userId: party.UserID ?? null,
    });
    if (!deleted) throw notFoundError('SecurityProfileAssignment', profileId);
  }

  async listProfileAssignments(
    _context: PlatformContext,
    filter: { profileId?: string; buyerId?: string; userId?: string; userGroupId?: string },
    options: ListOptions,
  ): Promise<ListPage<SecurityProfileAssignment>> {
    const { rows, totalCount } = await listProfileAssignmentRows(this.db, filter, {
      limit: options.pageSize,
      offset: (options.page - 1) * options.pageSize,
    });
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => ({
        SecurityProfileID: row.securityProfileId,
        BuyerID: row.buyerId,
        UserID: row.userId,
        UserGroupID: row.userGroupId,
        SupplierID: null,
      })),
    };
  }

  /** Validates the party of an assignment: a group or user needs its buyer, and both must exist. */
  private async assignmentParty(body: SecurityProfileAssignment): Promise<AssignmentParty> {
    const buyerId = body.BuyerID ?? null;
    if (buyerId) await this.buyers.assertExists(buyerId);
    if ((body.UserGroupID || body.UserID) && !buyerId) {
      // Admin users may hold profiles directly; their user id is global.
      if (body.UserGroupID) throw invalidRequest('A user group assignment needs BuyerID.');
    }
    if (body.UserID) {
      const user = await this.users.findLoginUserById(body.UserID);
      if (!user || user.buyerId !== buyerId) throw notFoundError('User', body.UserID);
    }
    return { buyerId, userGroupId: body.UserGroupID ?? null, userId: body.UserID ?? null };
  }

  /** Creates or updates a built-in profile and assigns it, at start-up. */
  async ensureProfile(body: SecurityProfile & { ID: string }, party?: AssignmentParty): Promise<void> {
    await upsertProfileRow(this.db, profileRow(body.ID, body));
    if (party) await insertProfileAssignment(this.db, body.ID, party);
  }
}

function profileRow(id: string, body: SecurityProfile): SecurityProfileRow {
  const unknown = body.Roles.filter((role) => !isApiRole(role));
  if (unknown.length > 0) {
    throw invalidRequest(`Unknown role(s): ${unknown.join(', ')}. Custom roles go in CustomRoles.`, {
      Roles: unknown,
      KnownRoles: API_ROLES.length,
    });
  }
  return { id, name: body.Name, roles: body.Roles, customRoles: body.CustomRoles };
}

const parseScope = (scope: string | undefined): string[] => (scope ?? '').split(/\s+/).filter(Boolean);
