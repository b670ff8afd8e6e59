import type { Database, Executor } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, notFoundError } from '../../shared/errors.ts';
import type { Generations } from '../../shared/generations.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { AccessChange, AccessChanges } from './access.ts';
import { UserGroup, type UserGroupAssignment } from './models.ts';
import {
  deleteGroupAssignmentRow,
  deleteGroupRow,
  existingUserIds,
  findGroupRow,
  groupsOfUser,
  insertGroupAssignmentRow,
  insertGroupRow,
  listGroupAssignmentRows,
  listGroupRows,
  memberIdsOfGroup,
  type UserGroupRow,
  updateGroupRow,
} from './repository.ts';

const toGroup = (row: UserGroupRow): UserGroup & { ID: string } => ({
  ID: row.id,
  Name: row.name,
  Description: row.description,
  xp: row.xp,
});

/** Membership writes move the `user-groups` generation in their transaction (cached group IDs). */
export function writeMemberships<T>(
  generations: Generations,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  return generations.writing('user-groups', work);
}

/** A buyer's user groups and their members (`/v1/buyers/{id}/usergroups`, `/assignments`, `/v1/me/usergroups`). */
export class UserGroups {
  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly generations: Generations,
    private readonly accessChanges: AccessChanges,
  ) {}

  async list(_context: PlatformContext, buyerId: string, options: ListOptions): Promise<ListPage<UserGroup>> {
    await this.buyers.assertExists(buyerId);
    const { rows, totalCount } = await listGroupRows(this.db, buyerId, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toGroup) };
  }

  async get(_context: PlatformContext, buyerId: string, groupId: string): Promise<UserGroup> {
    const row = await findGroupRow(this.db, buyerId, groupId);
    if (!row) throw notFoundError('UserGroup', groupId);
    return toGroup(row);
  }

  async create(_context: PlatformContext, buyerId: string, body: UserGroup): Promise<UserGroup> {
    await this.buyers.assertExists(buyerId);
    const id = body.ID ?? newId();
    try {
      return toGroup(
        await insertGroupRow(this.db, {
          buyerId,
          id,
          name: body.Name,
          description: body.Description ?? null,
          xp: body.xp ?? {},
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('UserGroup', id);
      throw error;
    }
  }

  async save(
    context: PlatformContext,
    buyerId: string,
    groupId: string,
    body: UserGroup,
  ): Promise<UserGroup> {
    const updated = await updateGroupRow(this.db, buyerId, groupId, {
      name: body.Name,
      description: body.Description ?? null,
      xp: body.xp ?? {},
    });
    return updated ? toGroup(updated) : this.create(context, buyerId, { ...body, ID: groupId });
  }

  async patch(context: PlatformContext, buyerId: string, groupId: string, patch: Record<string, unknown>) {
    const current = await this.get(context, buyerId, groupId);
    const merged = parseEntity(UserGroup, applyPatch(current, { ...patch, ID: groupId }));
    return this.save(context, buyerId, groupId, merged);
  }

  async delete(context: PlatformContext, buyerId: string, groupId: string): Promise<void> {
    const deleted = await writeMemberships(this.generations, async (tx) => {
      const userIds = await memberIdsOfGroup(tx, buyerId, groupId);
      if (!(await deleteGroupRow(tx, buyerId, groupId))) return false;
      await this.accessChanges.apply(tx, { kind: 'left-group', buyerId, groupId, userIds }, context.now);
      return true;
    });
    if (!deleted) throw notFoundError('UserGroup', groupId);
  }

  async listAssignments(
    _context: PlatformContext,
    buyerId: string,
    filter: { userGroupId?: string | undefined; userId?: string | undefined },
    options: ListOptions,
  ): Promise<ListPage<UserGroupAssignment>> {
    await this.buyers.assertExists(buyerId);
    const { rows, totalCount } = await listGroupAssignmentRows(this.db, buyerId, filter, {
      limit: options.pageSize,
      offset: (options.page - 1) * options.pageSize,
    });
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => ({ UserGroupID: row.userGroupId, UserID: row.userId })),
    };
  }

  async saveAssignment(context: PlatformContext, buyerId: string, body: UserGroupAssignment): Promise<void> {
    await this.get(context, buyerId, body.UserGroupID);
    if (!(await existingUserIds(this.db, buyerId, [body.UserID])).has(body.UserID)) {
      throw notFoundError('User', body.UserID);
    }
    await writeMemberships(this.generations, (tx) =>
      insertGroupAssignmentRow(tx, { buyerId, userGroupId: body.UserGroupID, userId: body.UserID }),
    );
  }

  async deleteAssignment(context: PlatformContext, buyerId: string, groupId: string, userId: string) {
    const deleted = await writeMemberships(this.generations, async (tx) => {
      if (!(await deleteGroupAssignmentRow(tx, { buyerId, userGroupId: groupId, userId }))) return false;
      const change: AccessChange = { kind: 'left-group', buyerId, groupId, userIds: [userId] };
      await this.accessChanges.apply(tx, change, context.now);
      return true;
    });
    if (!deleted) throw notFoundError('UserGroupAssignment', `${groupId}/${userId}`);
  }

  /** `GET /v1/me/usergroups`: the caller's groups (none for an admin user). */
  async listMine(context: PlatformContext, options: ListOptions): Promise<ListPage<UserGroup>> {
    const buyerId = context.caller.buyerId;
    if (!buyerId) return { Meta: listMeta(options, 0, 0), Items: [] };
    const { rows, totalCount } = await listGroupRows(
      this.db,
      buyerId,
      options,
      groupsOfUser(context.caller.userId),
    );
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toGroup) };
  }
}
