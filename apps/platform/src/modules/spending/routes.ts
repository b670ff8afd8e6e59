import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { crudRoutes } from '../../shared/crud.ts';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { SpendingAccountAssignment, type SpendingService } from './service.ts';

export function spendingRoutes(app: ServiceApp, spending: SpendingService): void {
  const tags = ['spending accounts'];
  const BuyerParams = z.object({ buyerID: z.string() });
  app.get(
    '/v1/buyers/:buyerID/spendingaccounts/assignments',
    {
      ...requireRoles('SpendingAccountAdmin', 'SpendingAccountReader'),
      schema: { tags, params: BuyerParams, querystring: ListQuery },
    },
    async (request) => {
      const context = contextOf(request);
      await spending.prepare(context, request.params.buyerID);
      return spending.listAssignments(context, request.params.buyerID, parseListQuery(request.query));
    },
  );
  app.post(
    '/v1/buyers/:buyerID/spendingaccounts/assignments',
    {
      ...requireRoles('SpendingAccountAdmin'),
      schema: { tags, params: BuyerParams, body: SpendingAccountAssignment },
    },
    async (request, reply) => {
      const context = contextOf(request);
      await spending.prepare(context, request.params.buyerID);
      await spending.saveAssignment(context, request.params.buyerID, request.body);
      return reply.status(204).send();
    },
  );
  crudRoutes(app, spending.store, {
    path: '/v1/buyers/:buyerID/spendingaccounts',
    idParam: 'spendingAccountID',
    parentParam: 'buyerID',
    readRoles: ['SpendingAccountAdmin', 'SpendingAccountReader'],
    writeRoles: ['SpendingAccountAdmin'],
    tags,
    guard: (context, buyerId) => spending.prepare(context, buyerId),
  });
  // The SDK lists at `/me/spendingAccounts` (capital A) and gets at `/me/spendingaccounts/{id}`; both spellings answer.
  for (const path of ['/v1/me/spendingaccounts', '/v1/me/spendingAccounts']) {
    app.get(
      path,
      { ...requireRoles('Shopper'), schema: { tags: ['me'], querystring: ListQuery } },
      (request) => spending.listMine(contextOf(request), parseListQuery(request.query)),
    );
    app.get(
      `${path}/:spendingAccountID`,
      {
        ...requireRoles('Shopper'),
        schema: { tags: ['me'], params: z.object({ spendingAccountID: z.string() }) },
      },
      (request) => spending.getMine(contextOf(request), request.params.spendingAccountID),
    );
  }
}
