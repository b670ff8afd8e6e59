import type { SQL } from 'drizzle-orm';
import type { ListDefinition } from '../../shared/list/list-query.ts';
import { PartyAssignments } from '../../shared/party-assignments.ts';
import { costCenterAssignments, costCenters } from './schema.ts';

export type CostCenterRow = typeof costCenters.$inferSelect;

export const costCenterList: ListDefinition = {
  fields: {
    ID: { column: costCenters.id, type: 'text' },
    Name: { column: costCenters.name, type: 'text' },
    Description: { column: costCenters.description, type: 'text' },
  },
  xp: costCenters.xp,
  searchOn: ['ID', 'Name', 'Description'],
  defaultSort: ['Name'],
};

/** Cost centers are assigned to groups or to the whole company, never to one user (no user column). */
export const assignments = new PartyAssignments(
  costCenterAssignments,
  {
    id: costCenterAssignments.id,
    buyerId: costCenterAssignments.buyerId,
    resourceId: costCenterAssignments.costCenterId,
    userGroupId: costCenterAssignments.userGroupId,
  },
  { buyerId: 'buyerId', resourceId: 'costCenterId', userGroupId: 'userGroupId' },
);

/** Restricts a cost center list to those assigned to the user's groups or company. */
export const assignedTo = (buyerId: string, userId: string, groupIds: readonly string[]): SQL =>
  assignments.reaching(costCenters.id, buyerId, userId, groupIds);
