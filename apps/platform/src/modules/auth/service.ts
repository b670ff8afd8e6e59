import { randomUUID } from 'node:crypto';
import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../shared/database-errors.ts';
import {
  idExistsError,
  invalidRequest,
  notAuthorizedToAdmin,
  notFoundError,
  tokenRevoked,
} from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { verifyPassword } from '../../shared/passwords.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { UserMoveStep } from '../users/move.ts';
import type { LoginUser, UsersService } from '../users/service.ts';
import { ImpersonationConfigs } from './impersonation.ts';
import { LoginThrottle, type ThrottleSettings } from './login-throttle.ts';
import {
  type ApiClient,
  type ApiClientAssignment,
  ApiClient as ApiClientSchema,
  type ImpersonateTokenRequest,
  type SecurityProfile,
  type SecurityProfileAssignment,
  SecurityProfile as SecurityProfileSchema,
  type TokenRequest,
  type TokenResponse,
} from './models.ts';
import {
  type ApiClientRow,
  type AssignmentParty,
  type ConfigParty,
  deleteApiClientAssignment,
  deleteApiClientRow,
  deleteProfileAssignment,
  deleteProfileRow,
  deleteUserProfileAssignments,
  ensureApiClientRow,
  findApiClientRow,
  findProfileRow,
  findRefreshToken,
  insertApiClientAssignment,
  insertApiClientRow,
  insertProfileAssignment,
  insertProfileRow,
  insertRefreshToken,
  isApiClientAssigned,
  isDefaultContextUser,
  listApiClientAssignmentRows,
  listApiClientRows,
  listProfileAssignmentRows,
  listProfileRows,
  markRotated,
  profilesOfUser,
  revokeFamily,
  type SecurityProfileRow,
  updateApiClientRow,
  upsertProfileRow,
} from './repository.ts';
import { subjectsOf, type TokenRevocations } from './revocations.ts';
import { RoleChanges } from './role-changes.ts';
import { API_ROLES, isApiRole } from './roles.ts';
import { hashSecret, newRefreshToken, type TokenSigner } from './tokens.ts';

/** Lifetime of the token an integration receives with a call (`contextUserToken`). */
const INTEGRATION_TOKEN_SECONDS = 300;

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

/**
 * Token endpoint, API clients (and their buyer assignments), security profiles, token revocation
 * and impersonation.
 */
export class AuthService {
  readonly impersonationConfigs: ImpersonationConfigs;
  private readonly throttle: LoginThrottle;
  /** Ends the sessions a change of roles or of a user's access makes out of date. */
  readonly roleChanges: RoleChanges;

  constructor(
    private readonly db: Database,
    private readonly signer: TokenSigner,
    private readonly users: UsersService,
    private readonly buyers: BuyersService,
    throttleSettings: ThrottleSettings,
    private readonly revocations: TokenRevocations,
  ) {
    this.impersonationConfigs = new ImpersonationConfigs(db, users, buyers);
    this.throttle = new LoginThrottle(db, throttleSettings);
    this.roleChanges = new RoleChanges(revocations, users);
  }

  // --- POST /oauth/token -------------------------------------------------------------------------

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
    // [inferred] A client that stopped serving the user's company (assignment removed) stops refreshing.
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
      user.buyerId === null ? client.allowSeller : await this.clientServesBuyer(client, user.buyerId);
    // [inferred] The token endpoint's refusal of a user the client does not serve: invalid_grant.
    if (!allowed) throw invalidGrant('This API client does not accept this user.');
  }

  /** Users of the buyer may use the client: it allows any buyer, or the buyer is assigned to it. */
  private async clientServesBuyer(client: ApiClientRow, buyerId: string): Promise<boolean> {
    return client.allowAnyBuyer || isApiClientAssigned(this.db, client.id, buyerId);
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
   * `User.CannotMoveDefaultContextUser`). [inferred] The profiles assigned to them as a user of the old
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

  /** The roles the user holds, narrowed to the requested scope when one was asked for. */
  async rolesOf(user: LoginUser, scope: string[]): Promise<string[]> {
    const groupIds = user.buyerId ? await this.users.groupIdsOf(user.buyerId, user.id) : [];
    const profiles = await profilesOfUser(this.db, { id: user.id, buyerId: user.buyerId, groupIds });
    const granted = new Set(profiles.flatMap((profile) => [...profile.roles, ...profile.customRoles]));
    // [inferred] No scope asks for everything the user holds.
    if (scope.length === 0) return [...granted];
    return narrowToScope(granted, scope);
  }

  /** Access and refresh token of a new session, or of the refreshed `family`'s session. */
  private async tokensFor(
    client: ApiClientRow,
    user: LoginUser,
    scope: string[],
    now: Date,
    family?: { id: string; sessionStartedAt: Date },
  ): Promise<TokenResponse> {
    const roles = await this.rolesOf(user, scope);
    const sessionStartedAt = family?.sessionStartedAt ?? now;
    const access = await this.signAccessToken(client, user, roles, now, { sessionStartedAt });
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

  private async signAccessToken(
    client: ApiClientRow,
    user: LoginUser,
    roles: string[],
    now: Date,
    session: { sessionStartedAt: Date; impersonatorId?: string },
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

  // --- token revocation and impersonation ----------------------------------------------------------

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
   * `POST /buyers/{buyerID}/users/{userID}/accesstoken`: a token acting as the buyer user, for a caller
   * holding BuyerImpersonation where an impersonation config allows it (OrderCloud's rules): for the
   * requested client, with the requested roles the configs' profiles grant, the impersonator in the
   * `imp` claim, and a buyer token confined to the user's company like any other. [inferred] No
   * refresh token (the impersonator asks again), the client's AccessTokenDuration, and an
   * impersonation token cannot impersonate again, so `imp` always names the person acting.
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
    if (!(await this.clientServesBuyer(client, buyerId))) {
      throw new HttpError(400, 'Impersonation.BuyerNotAssigned', 'Buyer is not assigned to the API client.');
    }
    const granted = await this.impersonationConfigs.granted(
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
    const token = await this.signAccessToken(client, target, roles, context.now, {
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
    const scoped = await this.rolesOf(user, [...roles]);
    if (scoped.length === 0) return undefined;
    const token = await this.signAccessToken(
      client,
      user,
      scoped,
      now,
      { sessionStartedAt: now },
      INTEGRATION_TOKEN_SECONDS,
    );
    return token.access_token;
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

  /** PUT: creates the client or replaces its settings, validated as a create. */
  async saveApiClient(context: PlatformContext, id: string, body: ApiClient) {
    const row = await findApiClientRow(this.db, id);
    if (!row) return this.createApiClient(context, { ...body, ID: id });
    return this.updateApiClient(context, row, body);
  }

  /** PATCH: settings of a client, e.g. linking the storefront's client to the checkout integration. */
  async patchApiClient(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const row = await findApiClientRow(this.db, id);
    if (!row) throw notFoundError('ApiClient', id);
    const merged = parseEntity(ApiClientSchema, applyPatch(toApiClient(row), patch));
    return this.updateApiClient(context, row, merged);
  }

  private async updateApiClient(context: PlatformContext, row: ApiClientRow, body: ApiClient) {
    const updated = await updateApiClientRow(this.db, row.id, this.apiClientValues(body, row.secretHash));
    context.log.info({ apiClient: row.id }, 'API client updated');
    return toApiClient(updated as ApiClientRow);
  }

  /** The checkout integration event linked to an API client, if any. */
  async checkoutEventIdOf(clientId: string): Promise<string | undefined> {
    return (await findApiClientRow(this.db, clientId))?.orderCheckoutIntegrationEventId ?? undefined;
  }

  async deleteApiClient(_context: PlatformContext, id: string): Promise<void> {
    const deleted = await unlessReferenced(
      deleteApiClientRow(this.db, id),
      () =>
        new HttpError(
          409,
          'ApiClient.UsedByImpersonationConfig',
          'Cannot delete API Client used by an impersonation config.',
        ),
    );
    if (!deleted) throw notFoundError('ApiClient', id);
  }

  /**
   * A built-in client, created on first start. Later starts change only its secret (it follows the
   * settings), so what an operator set on it (a checkout integration, durations, xp) survives restarts.
   */
  async ensureApiClient(body: ApiClient & { ID: string }): Promise<void> {
    const values = this.apiClientValues(body);
    await ensureApiClientRow(
      this.db,
      { id: body.ID, ...values },
      body.ClientSecret === undefined ? {} : { secretHash: values.secretHash },
    );
  }

  /**
   * Column values of a client. The secret is write-only (never read back, so a client cannot send it
   * again): a body without `ClientSecret` keeps `currentSecretHash`, `null` removes the secret [inferred].
   */
  private apiClientValues(body: ApiClient, currentSecretHash: string | null = null) {
    return {
      appName: body.AppName,
      secretHash:
        body.ClientSecret === undefined
          ? currentSecretHash
          : body.ClientSecret === null
            ? null
            : hashSecret(body.ClientSecret),
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

  // --- API client assignments (buyers served by a client without AllowAnyBuyer) ---------------------

  async listApiClientAssignments(
    _context: PlatformContext,
    filter: {
      apiClientId?: string | undefined;
      buyerId?: string | undefined;
      supplierId?: string | undefined;
    },
    options: ListOptions,
  ): Promise<ListPage<ApiClientAssignment & { SupplierID: null }>> {
    // Suppliers are not supported: nothing is assigned to one.
    if (filter.supplierId) return { Meta: listMeta(options, 0, 0), Items: [] };
    const { rows, totalCount } = await listApiClientAssignmentRows(this.db, filter, options);
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => ({ ApiClientID: row.apiClientId, BuyerID: row.buyerId, SupplierID: null })),
    };
  }

  async saveApiClientAssignment(context: PlatformContext, body: ApiClientAssignment): Promise<void> {
    await this.getApiClient(context, body.ApiClientID);
    if (body.SupplierID) throw invalidRequest('Suppliers are not supported.');
    if (!body.BuyerID) throw invalidRequest('BuyerID is required.');
    await this.buyers.assertExists(body.BuyerID);
    await insertApiClientAssignment(this.db, { apiClientId: body.ApiClientID, buyerId: body.BuyerID });
  }

  async deleteApiClientAssignment(context: PlatformContext, buyerId: string, apiClientId: string) {
    // The route lives under /buyers/{buyerID}, which buyer users reach; API clients are the marketplace's.
    if (context.caller.type !== 'admin') {
      throw notAuthorizedToAdmin('API client assignments are managed by marketplace users only.');
    }
    if (!(await deleteApiClientAssignment(this.db, { apiClientId, buyerId }))) {
      throw notFoundError('ApiClientAssignment', `${buyerId}/${apiClientId}`);
    }
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

  /** PUT; a profile losing roles ends the sessions of everyone it is assigned to. */
  async saveProfile(context: PlatformContext, id: string, body: SecurityProfile) {
    const row = profileRow(id, body);
    const before = await findProfileRow(this.db, id);
    const kept = new Set([...row.roles, ...row.customRoles]);
    const narrowed = before && [...before.roles, ...before.customRoles].some((role) => !kept.has(role));
    if (!narrowed) return toProfile(await upsertProfileRow(this.db, row));
    return toProfile(
      await this.db.transaction(async (tx) => {
        await this.roleChanges.profileNarrowed(tx, id, context.now);
        return upsertProfileRow(tx, row);
      }),
    );
  }

  /** PATCH: merged with the stored profile, then validated as a PUT. */
  async patchProfile(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const current = await this.getProfile(context, id);
    const merged = parseEntity(SecurityProfileSchema, applyPatch(current, { ...patch, ID: id }));
    return this.saveProfile(context, id, merged);
  }

  async deleteProfile(context: PlatformContext, id: string): Promise<void> {
    const deleted = await unlessReferenced(
      this.db.transaction(async (tx) => {
        await this.roleChanges.profileNarrowed(tx, id, context.now);
        return deleteProfileRow(tx, id);
      }),
      () =>
        new HttpError(
          409,
          'Impersonation.CannotDeleteSecurityProfile',
          'Cannot delete a security profile assigned to an ImpersonationConfig.',
        ),
    );
    if (!deleted) throw notFoundError('SecurityProfile', id);
  }

  async saveProfileAssignment(context: PlatformContext, body: SecurityProfileAssignment): Promise<void> {
    await this.getProfile(context, body.SecurityProfileID);
    if (body.SupplierID) throw invalidRequest('Suppliers are not supported.');
    const party = await this.assignmentParty(body);
    await insertProfileAssignment(this.db, body.SecurityProfileID, party);
  }

  /** Removing an assignment ends the sessions of whoever it reached (their roles shrink). */
  async deleteProfileAssignment(
    context: PlatformContext,
    profileId: string,
    party: Omit<SecurityProfileAssignment, 'SecurityProfileID'>,
  ) {
    const assignment = {
      buyerId: party.BuyerID ?? null,
      userGroupId: party.UserGroupID ?? null,
      userId: party.UserID ?? null,
    };
    const deleted = await this.db.transaction(async (tx) => {
      if (!(await deleteProfileAssignment(tx, profileId, assignment))) return false;
      await this.roleChanges.assignmentRemoved(tx, assignment, context.now);
      return true;
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

/** A deletion, refused with `inUse()` when other rows still reference the row (instead of a 500). */
async function unlessReferenced(deletion: Promise<boolean>, inUse: () => HttpError): Promise<boolean> {
  try {
    return await deletion;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}

/** The roles, when each is one of OrderCloud's API roles (400 otherwise). */
function assertApiRoles(roles: string[]): string[] {
  const unknown = roles.filter((role) => !isApiRole(role));
  if (unknown.length > 0) {
    throw invalidRequest(`Unknown role(s): ${unknown.join(', ')}. Custom roles go in CustomRoles.`, {
      Roles: unknown,
      KnownRoles: API_ROLES.length,
    });
  }
  return roles;
}

/** The roles of `scope` that `granted` covers; FullAccess covers every API role. */
function narrowToScope(granted: ReadonlySet<string>, scope: readonly string[]): string[] {
  const fullAccess = granted.has('FullAccess');
  return scope.filter((role) => granted.has(role) || (fullAccess && isApiRole(role)));
}

function profileRow(id: string, body: SecurityProfile): SecurityProfileRow {
  return { id, name: body.Name, roles: assertApiRoles(body.Roles), customRoles: body.CustomRoles };
}

const parseScope = (scope: string | undefined): string[] => (scope ?? '').split(/\s+/).filter(Boolean);
