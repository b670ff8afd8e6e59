import { BuyerUser } from '@actuate/contracts';
import { type Database, type Executor, forbidden, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { isoOrNull } from '../../shared/dates.ts';
import { idExistsError, notFoundError } from '../../shared/errors.ts';
import { GenerationCache, type Generations } from '../../shared/generations.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { assertPasswordAcceptable, hashPassword } from '../../shared/passwords.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import { assertRoles, hasAnyRole } from '../auth/guard.ts';
import { FieldOwnership, type OwnedTarget } from '../auth/ownership.ts';
import type { BuyersService } from '../buyers/service.ts';
import { type AccessChangeStep, AccessChanges } from './access.ts';
import { UserGroups, writeMemberships } from './groups.ts';
import type { UserGroup, UserGroupAssignment } from './models.ts';
import { type UserMoveStep, UserMoves } from './move.ts';
import {
  deleteUserRow,
  findUserById,
  findUserByUsername,
  findUserRow,
  groupIdsOfUser,
  insertUserRow,
  listBuyerUserRows,
  listUserRows,
  memberIdsOfGroup,
  membersOf,
  type NewUserRow,
  type UserRow,
  updateUserRow,
} from './repository.ts';

export interface MeBuyer {
  ID: string;
  DefaultCatalogID: string | null;
  xp: Record<string, unknown>;
}

export type UserEntity = Omit<BuyerUser, 'Password' | 'xp'> & { ID: string; xp: Record<string, unknown> };

export const toUser = (row: UserRow): UserEntity => ({
  ID: row.id,
  CompanyID: row.buyerId,
  Username: row.username,
  FirstName: row.firstName,
  LastName: row.lastName,
  Email: row.email,
  Phone: row.phone,
  TermsAccepted: isoOrNull(row.termsAccepted),
  Active: row.active,
  AvailableRoles: [],
  Locale: row.locale ?? null,
  DateCreated: row.dateCreated.toISOString(),
  PasswordLastSetDate: isoOrNull(row.passwordLastSetDate),
  LastActive: isoOrNull(row.lastActive),
  xp: row.xp as Record<string, unknown>,
});

async function toUserValues(user: BuyerUser): Promise<Omit<NewUserRow, 'id' | 'buyerId'>> {
  const values: Omit<NewUserRow, 'id' | 'buyerId'> = {
    username: user.Username,
    firstName: user.FirstName,
    lastName: user.LastName,
    email: user.Email,
    phone: user.Phone ?? null,
    active: user.Active,
    termsAccepted: user.TermsAccepted ? new Date(user.TermsAccepted) : null,
    locale: user.Locale ? { ...user.Locale, Currency: user.Locale.Currency } : null,
    xp: (user.xp ?? {}) as Record<string, unknown>,
  };
  if (user.Password) {
    assertPasswordAcceptable(user.Password);
    values.passwordHash = await hashPassword(user.Password);
    values.passwordLastSetDate = new Date();
  }
  return values;
}

/**
 * A user a buyer admin invited has no extension yet (`xp.Kind` is the CRM's to write): an empty `xp`
 * is left out rather than refused as an extension without its kind, so such a user can be patched.
 */
function withoutEmptyXp<T extends { xp?: unknown }>(user: T): T {
  if (user.xp && typeof user.xp === 'object' && Object.keys(user.xp).length === 0) {
    const { xp: _empty, ...rest } = user;
    return rest as T;
  }
  return user;
}

/** What the token endpoint needs to know about a user. */
/** What another module does, in the write's transaction, with a user whose details changed. */
export type UserUpdateStep = (tx: Executor, user: UserEntity) => Promise<void>;

export interface LoginUser {
  id: string;
  username: string;
  buyerId: string | null;
  passwordHash: string | null;
  active: boolean;
  currency: string | undefined;
  language: string | undefined;
}

const toLoginUser = (row: UserRow): LoginUser => ({
  id: row.id,
  username: row.username,
  buyerId: row.buyerId,
  passwordHash: row.passwordHash,
  active: row.active,
  currency: row.locale?.Currency,
  language: row.locale?.Language ?? undefined,
});

/**
 * Buyer users, admin users and the caller's own user (`/me`), with what other modules need to know
 * about a user (sign-in, group membership); user groups (`groups`) and moves (`moves`) are parts of it.
 */
export class UsersService {
  /** Group IDs by buyer and user, per `user-groups` generation. */
  private readonly groupIds: GenerationCache<string, readonly string[]>;
  /** What other modules do when a write changes a user's access. */
  private readonly accessChanges = new AccessChanges();
  private readonly updateSteps: UserUpdateStep[] = [];
  /** User groups and their members. */
  readonly groups: UserGroups;
  /** Moving a user to another buyer. */
  readonly moves: UserMoves;

  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly generations: Generations,
    private readonly ownership = new FieldOwnership(),
  ) {
    this.groupIds = new GenerationCache(generations, 'user-groups');
    this.groups = new UserGroups(db, buyers, generations, this.accessChanges);
    this.moves = new UserMoves(buyers, generations, (context, buyerId, userId) =>
      this.get(context, buyerId, userId),
    );
  }

  /** Registers what a module does when a write changes a user's access (the auth module ends sessions). */
  onAccessChange(step: AccessChangeStep): void {
    this.accessChanges.register(step);
  }

  /** Registers what a module does, in the write's transaction, when a user's details change. */
  onUpdate(step: UserUpdateStep): void {
    this.updateSteps.push(step);
  }

  /** Registers what a module does when a user moves to another buyer. */
  onMove(step: UserMoveStep): void {
    this.moves.onMove(step);
  }

  /** A buyer's group (NotFound otherwise); other modules check the groups they are given through it. */
  getGroup(context: PlatformContext, buyerId: string, groupId: string): Promise<UserGroup> {
    return this.groups.get(context, buyerId, groupId);
  }

  /** A buyer's group memberships, filtered by group or user. */
  listGroupAssignments(
    context: PlatformContext,
    buyerId: string,
    filter: { userGroupId?: string | undefined; userId?: string | undefined },
    options: ListOptions,
  ): Promise<ListPage<UserGroupAssignment>> {
    return this.groups.listAssignments(context, buyerId, filter, options);
  }

  /** The user with the xp the caller may store (the ERP's, CRM's and identity provider's fields). */
  private withOwnedXp<T extends { xp?: unknown }>(
    context: PlatformContext,
    userId: string,
    stored: Record<string, unknown> | undefined,
    next: T,
  ): T {
    const target: OwnedTarget = { object: 'User', id: userId, self: userId === context.caller.userId };
    return this.ownership.withOwnedXp(context, target, stored, next);
  }

  // --- buyer users (admin) ---------------------------------------------------------------------

  /** A buyer's users; with `userGroupId`, only the members of that group. */
  async list(
    _context: PlatformContext,
    buyerId: string,
    options: ListOptions,
    userGroupId?: string,
  ): Promise<ListPage<UserEntity>> {
    await this.buyers.assertExists(buyerId);
    const { rows, totalCount } = await listUserRows(
      this.db,
      buyerId,
      options,
      userGroupId ? membersOf(buyerId, userGroupId) : undefined,
    );
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toUser) };
  }

  async get(_context: PlatformContext, buyerId: string, userId: string): Promise<UserEntity> {
    const row = await findUserRow(this.db, buyerId, userId);
    if (!row) throw notFoundError('User', userId);
    return toUser(row);
  }

  async create(context: PlatformContext, buyerId: string, body: BuyerUser): Promise<UserEntity> {
    await this.buyers.assertExists(buyerId);
    const id = body.ID ?? newId();
    const values = await toUserValues(this.withOwnedXp(context, id, undefined, body));
    try {
      return toUser(await insertUserRow(this.db, { id, buyerId, ...values }));
    } catch (error) {
      throw await this.uniqueError(error, id);
    }
  }

  async save(
    context: PlatformContext,
    buyerId: string,
    userId: string,
    body: BuyerUser,
  ): Promise<UserEntity> {
    const existing = await findUserRow(this.db, buyerId, userId);
    if (!existing) return this.create(context, buyerId, { ...body, ID: userId });
    const owned = this.withOwnedXp(context, userId, existing.xp, body);
    return this.update(context, buyerId, userId, owned, { Active: existing.active });
  }

  async patch(context: PlatformContext, buyerId: string, userId: string, patch: Record<string, unknown>) {
    const current = await this.get(context, buyerId, userId);
    const next = this.withOwnedXp(context, userId, current.xp, applyPatch(current, { ...patch, ID: userId }));
    const merged = parseEntity(BuyerUser, withoutEmptyXp(next));
    return this.update(context, buyerId, userId, merged, current);
  }

  /** Deleting a user ends their sessions too. */
  async delete(context: PlatformContext, buyerId: string, userId: string): Promise<void> {
    const deleted = await writeMemberships(this.generations, async (tx) => {
      if (!(await deleteUserRow(tx, buyerId, userId))) return false;
      await this.accessChanges.apply(tx, { kind: 'user', userId, reason: 'deleted' }, context.now);
      return true;
    });
    if (!deleted) throw notFoundError('User', userId);
  }

  /** `GET /v1/buyerusers`: users of every buyer (OrderCloud's Users.ListAcrossBuyers), filterable by CompanyID. */
  async listAcrossBuyers(_context: PlatformContext, options: ListOptions): Promise<ListPage<UserEntity>> {
    const { rows, totalCount } = await listBuyerUserRows(this.db, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toUser) };
  }

  /**
   * Writes the user. Deactivating them or setting a password ends their sessions in the same
   * transaction (every token issued before is refused from the next request on; a new sign-in works).
   */
  private async update(
    context: PlatformContext,
    buyerId: string | null,
    userId: string,
    body: BuyerUser,
    previous: { Active: boolean },
  ): Promise<UserEntity> {
    const values = await toUserValues(body);
    const reason =
      previous.Active && !body.Active ? 'deactivated' : body.Password ? 'password-changed' : undefined;
    try {
      const updated = await this.db.transaction(async (tx) => {
        const row = await updateUserRow(tx, buyerId, userId, values);
        if (!row) return row;
        if (reason) await this.accessChanges.apply(tx, { kind: 'user', userId, reason }, context.now);
        for (const step of this.updateSteps) await step(tx, toUser(row));
        return row;
      });
      if (!updated) throw notFoundError('User', userId);
      return toUser(updated);
    } catch (error) {
      throw await this.uniqueError(error, userId);
    }
  }

  /** Tells a duplicate ID from a duplicate username. */
  private async uniqueError(error: unknown, id: string): Promise<unknown> {
    if (!isUniqueViolation(error)) return error;
    const byId = await findUserById(this.db, id);
    return byId
      ? idExistsError('User', id)
      : new HttpError(409, 'User.UsernameMustBeUnique', 'Username must be unique.', { ObjectType: 'User' });
  }

  // --- admin users -------------------------------------------------------------------------------

  /** Creates or updates an admin (marketplace) user; used at start-up for the middleware's context user. */
  async ensureAdminUser(id: string, username: string): Promise<void> {
    if (await findUserById(this.db, id)) return;
    await insertUserRow(this.db, {
      id,
      buyerId: null,
      username,
      firstName: username,
      lastName: '',
      email: '',
    });
  }

  // --- me --------------------------------------------------------------------------------------

  async getMe(context: PlatformContext): Promise<UserEntity> {
    const row = await findUserById(this.db, context.caller.userId);
    if (!row) throw notFoundError('User', context.caller.userId);
    return { ...toUser(row), AvailableRoles: [...context.caller.roles] };
  }

  /**
   * GET /me as OrderCloud answers it: the user with `Buyer` ({ID, DefaultCatalogID}). Ours adds the
   * company's `xp` there, so every buyer user reads its own company extension (currency, ERP ids the
   * price service needs, credit hold) without a buyer-admin role, and never another company's.
   */
  async describeMe(context: PlatformContext): Promise<UserEntity & { Buyer?: MeBuyer }> {
    const me = await this.getMe(context);
    if (!me.CompanyID) return me;
    const buyer = await this.buyers.get(context, me.CompanyID);
    return { ...me, Buyer: { ID: buyer.ID, DefaultCatalogID: buyer.DefaultCatalogID ?? null, xp: buyer.xp } };
  }

  /** PATCH /me: MeAdmin for own fields, MeXpAdmin for xp; nobody changes their own Active flag. */
  async patchMe(context: PlatformContext, patch: Record<string, unknown>): Promise<UserEntity> {
    this.assertMayWriteMe(context, Object.keys(patch));
    const current = await this.getMe(context);
    const next = this.withOwnedXp(
      context,
      current.ID,
      current.xp,
      applyPatch(current, { ...patch, ID: current.ID, Active: current.Active }),
    );
    const merged = parseEntity(BuyerUser, next);
    await this.update(context, current.CompanyID ?? null, current.ID, merged, current);
    return this.getMe(context);
  }

  async putMe(context: PlatformContext, body: BuyerUser): Promise<UserEntity> {
    this.assertMayWriteMe(context, Object.keys(body));
    const current = await this.getMe(context);
    const owned = this.withOwnedXp(context, current.ID, current.xp, {
      ...body,
      ID: current.ID,
      Active: current.Active,
    });
    await this.update(context, current.CompanyID ?? null, current.ID, owned, current);
    return this.getMe(context);
  }

  private assertMayWriteMe(context: PlatformContext, fields: string[]): void {
    if (fields.includes('xp') && !hasAnyRole(context, ['MeXpAdmin'])) {
      throw forbidden('User.XPNotAllowed', 'Writing xp on your own user needs the MeXpAdmin role.');
    }
    if (fields.some((field) => field !== 'xp')) assertRoles(context, 'MeAdmin');
  }

  // --- for the token endpoint and other modules ----------------------------------------------------

  async findForLogin(username: string): Promise<LoginUser | undefined> {
    const row = await findUserByUsername(this.db, username);
    return row ? toLoginUser(row) : undefined;
  }

  async findLoginUserById(userId: string): Promise<LoginUser | undefined> {
    const row = await findUserById(this.db, userId);
    return row ? toLoginUser(row) : undefined;
  }

  async recordActivity(userId: string, when: Date): Promise<void> {
    const row = await findUserById(this.db, userId);
    if (row) await updateUserRow(this.db, row.buyerId, userId, { lastActive: when });
  }

  /** The IDs of a group's members; `db` lets a caller inside a transaction read through it. */
  memberIdsOf(buyerId: string, groupId: string, db: Executor = this.db): Promise<string[]> {
    return memberIdsOfGroup(db, buyerId, groupId);
  }

  /** The user's group IDs; `db` lets a caller inside a transaction read through it (PGlite has one connection). */
  groupIdsOf(buyerId: string, userId: string, db: Executor = this.db): Promise<string[]> {
    return groupIdsOfUser(db, buyerId, userId);
  }

  /** The user's group IDs as this request sees them (cached); not for use inside a transaction. */
  groupIdsFor(context: PlatformContext, buyerId: string, userId: string): Promise<readonly string[]> {
    return this.groupIds.get(context, `${buyerId}\u0000${userId}`, () =>
      groupIdsOfUser(this.db, buyerId, userId),
    );
  }
}
