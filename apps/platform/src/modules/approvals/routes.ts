import type { ServiceApp } from '@actuate/service-kit';
import { crudRoutes } from '../../shared/crud.ts';
import type { ApprovalsService } from './service.ts';

export function approvalRoutes(app: ServiceApp, approvals: ApprovalsService): void {
  crudRoutes(app, approvals.store, {
    path: '/v1/buyers/:buyerID/approvalrules',
    idParam: 'approvalRuleID',
    parentParam: 'buyerID',
    readRoles: ['ApprovalRuleAdmin', 'ApprovalRuleReader'],
    writeRoles: ['ApprovalRuleAdmin'],
    tags: ['approvals'],
    guard: (context, buyerId) => approvals.assertBuyer(context, buyerId),
  });
}
