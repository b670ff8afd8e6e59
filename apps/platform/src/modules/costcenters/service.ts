import type { Database } from '@actuate/service-kit';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { CrudStore } from '../../shared/crud.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { BuyerAssignments } from '../../shared/party-assignments.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { UsersService } from '../users/service.ts';
import { assignedTo, assignments, type CostCenterRow, costCenterList } from './repository.ts';
import { type costCenterAssignments, costCenters } from './schema.ts';

export const CostCenter = z.object({
  ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(100)
    .optional(),
  Name: z.string().min(1).max(100),
  Description: z.string().max(2000).nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type CostCenter = z.infer<typeof CostCenter>;

/** OrderCloud's CostCenterAssignment; `UserID` is read only to refuse it (cost centers go to groups). */
export const CostCenterAssignment = z.object({
  CostCenterID: z.string().min(1),
  UserGroupID: z.string().nullish(),
  UserID: z.string().nullish(),
});
export type CostCenterAssignment = z.infer<typeof CostCenterAssignment>;

const toCostCenter = (row: CostCenterRow) => ({
  ID: row.id,
  Name: row.name,
  Description: row.description,
  xp: row.xp,
});
export type CostCenterEntity = ReturnType<typeof toCostCenter>;

/**
 * A buyer's cost centers (CostCenterAdmin / CostCenterReader), their assignments to user groups or
 * to the whole company, and `/me/costcenters`. A line item's `CostCenter` is free text: OrderCloud
 * documents that cost centers "do not influence any behavior", so nothing checks it against these.
 */
export class CostCentersService {
  readonly store: CrudStore<CostCenter, CostCenterEntity>;
  readonly assignments: BuyerAssignments<typeof costCenterAssignments, CostCenterAssignment>;

  constructor(
    readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
  ) {
    this.store = new CrudStore(db, {
      objectType: 'CostCenter',
      table: costCenters,
      idColumn: costCenters.id,
      idKey: 'id',
      parentColumn: costCenters.buyerId,
      parentKey: 'buyerId',
      list: costCenterList,
      schema: CostCenter,
      toEntity: (row) => toCostCenter(row as CostCenterRow),
      toValues: (body) => ({ name: body.Name, description: body.Description ?? null, xp: body.xp ?? {} }),
      // A deleted cost center takes its assignments with it (a new one of that ID starts unassigned).
      beforeDelete: async (tx, id, buyerId) => {
        await assignments.remove(tx, buyerId ?? '', id);
      },
    });
    this.assignments = new BuyerAssignments(db, assignments, users, {
      objectType: 'CostCenterAssignment',
      usersAllowed: false,
      resourceIdOf: (body) => body.CostCenterID,
      assertBuyer: (context, buyerId) => this.prepare(context, buyerId),
      assertResource: (buyerId, id) => this.store.get(id, buyerId),
      toItem: (row) => ({ CostCenterID: row.costCenterId, UserGroupID: row.userGroupId }),
    });
  }

  /** Nested routes: the buyer exists (404 Buyer otherwise). */
  async prepare(_context: PlatformContext, buyerId: string | undefined): Promise<void> {
    await this.buyers.assertExists(buyerId ?? '');
  }

  /** `/me/costcenters`: the cost centers assigned to one of the caller's groups or to their company. */
  async listMine(context: PlatformContext, options: ListOptions): Promise<ListPage<CostCenterEntity>> {
    const buyerId = context.caller.buyerId;
    if (!buyerId) return { Meta: listMeta(options, 0, 0), Items: [] };
    const groupIds = await this.users.groupIdsFor(context, buyerId, context.caller.userId);
    return this.store.list(options, buyerId, assignedTo(buyerId, context.caller.userId, groupIds));
  }
}
