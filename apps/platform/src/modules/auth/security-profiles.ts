import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation, unlessReferenced } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { LoginUser, UsersService } from '../users/service.ts';
import {
  type SecurityProfile,
  type SecurityProfileAssignment,
  SecurityProfile as SecurityProfileSchema,
} from './models.ts';
import {
  type AssignmentParty,
  deleteProfileAssignment,
  deleteProfileRow,
  findProfileRow,
  insertProfileAssignment,
  insertProfileRow,
  listProfileAssignmentRows,
  listProfileRows,
  profilesOfUser,
  type SecurityProfileRow,
  upsertProfileRow,
} from './profile-repository.ts';
import type { RoleChanges } from './role-changes.ts';
import { assertApiRoles, narrowToScope } from './roles.ts';

const toProfile = (row: SecurityProfileRow) => ({
  ID: row.id,
  Name: row.name,
  Roles: row.roles,
  CustomRoles: row.customRoles,
  IsExternalRoleGroup: false,
});

function profileRow(id: string, body: SecurityProfile): SecurityProfileRow {
  return { id, name: body.Name, roles: assertApiRoles(body.Roles), customRoles: body.CustomRoles };
}

/**
 * `/v1/securityprofiles` and their assignments (to a user, a group, a company or the marketplace), and
 * the roles a user holds through them. A change that takes roles away ends the sessions it affects.
 */
export class SecurityProfiles {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly buyers: BuyersService,
    private readonly roleChanges: RoleChanges,
  ) {}

  /** The roles the user holds, narrowed to the requested scope when one was asked for. */
  async rolesOf(user: LoginUser, scope: string[]): Promise<string[]> {
    const groupIds = user.buyerId ? await this.users.groupIdsOf(user.buyerId, user.id) : [];
    const profiles = await profilesOfUser(this.db, { id: user.id, buyerId: user.buyerId, groupIds });
    const granted = new Set(profiles.flatMap((profile) => [...profile.roles, ...profile.customRoles]));
    // No scope asks for every role the user holds (our choice).
    if (scope.length === 0) return [...granted];
    return narrowToScope(granted, scope);
  }

  async list(_context: PlatformContext, options: ListOptions) {
    const { rows, totalCount } = await listProfileRows(this.db, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toProfile) };
  }

  async get(_context: PlatformContext, id: string) {
    const row = await findProfileRow(this.db, id);
    if (!row) throw notFoundError('SecurityProfile', id);
    return toProfile(row);
  }

  async create(_context: PlatformContext, body: SecurityProfile) {
    const row = profileRow(body.ID ?? newId(), body);
    try {
      return toProfile(await insertProfileRow(this.db, row));
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('SecurityProfile', row.id);
      throw error;
    }
  }

  /** PUT; a profile losing roles ends the sessions of everyone it is assigned to. */
  async save(context: PlatformContext, id: string, body: SecurityProfile) {
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
  async patch(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const current = await this.get(context, id);
    const merged = parseEntity(SecurityProfileSchema, applyPatch(current, { ...patch, ID: id }));
    return this.save(context, id, merged);
  }

  async delete(context: PlatformContext, id: string): Promise<void> {
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

  /** Creates or updates a built-in profile and assigns it, at start-up. */
  async ensure(body: SecurityProfile & { ID: string }, party?: AssignmentParty): Promise<void> {
    await upsertProfileRow(this.db, profileRow(body.ID, body));
    if (party) await insertProfileAssignment(this.db, body.ID, party);
  }

  // --- assignments ---------------------------------------------------------------------------------

  async saveAssignment(context: PlatformContext, body: SecurityProfileAssignment): Promise<void> {
    await this.get(context, body.SecurityProfileID);
    if (body.SupplierID) throw invalidRequest('Suppliers are not supported.');
    const party = await this.assignmentParty(body);
    await insertProfileAssignment(this.db, body.SecurityProfileID, party);
  }

  /** Removing an assignment ends the sessions of whoever it reached (their roles shrink). */
  async deleteAssignment(
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

  async listAssignments(
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
}
