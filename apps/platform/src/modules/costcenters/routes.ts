import type { ServiceApp } from '@actuate/service-kit';
import { crudRoutes } from '../../shared/crud.ts';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { assignmentRoutes } from '../../shared/party-assignments.ts';
import { ListQuery } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { CostCenterAssignment, type CostCentersService } from './service.ts';

/** `/v1/buyers/{buyerID}/costcenters` (+ assignments to groups or the company) and `/v1/me/costcenters`. */
export function costCenterRoutes(app: ServiceApp, costCenters: CostCentersService): void {
  const tags = ['cost centers'];
  const roles = { readRoles: ['CostCenterAdmin', 'CostCenterReader'], writeRoles: ['CostCenterAdmin'], tags };
  const path = '/v1/buyers/:buyerID/costcenters';
  // The static `assignments` routes win over `:costCenterID`.
  assignmentRoutes(app, costCenters.assignments, {
    path,
    idParam: 'costCenterID',
    body: CostCenterAssignment,
    ...roles,
  });
  crudRoutes(app, costCenters.store, {
    path,
    idParam: 'costCenterID',
    parentParam: 'buyerID',
    ...roles,
    guard: (context, buyerId) => costCenters.prepare(context, buyerId),
  });
  // Listing one's own cost centers takes Shopper, as /me/spendingaccounts does (our choice).
  app.get(
    '/v1/me/costcenters',
    { ...requireRoles('Shopper'), schema: { tags: ['me'], querystring: ListQuery } },
    (request) => costCenters.listMine(contextOf(request), parseListQuery(request.query)),
  );
}
