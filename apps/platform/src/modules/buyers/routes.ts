import { Buyer } from '@actuate/contracts';
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { entityBody, ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import type { BuyersService } from './service.ts';

const BuyerParams = z.object({ buyerID: z.string() });
const tags = ['buyers'];
const BuyerBody = entityBody(Buyer);

export function buyerRoutes(app: ServiceApp, buyers: BuyersService): void {
  const read = requireRoles('BuyerAdmin', 'BuyerReader');
  const write = requireRoles('BuyerAdmin');

  app.get('/v1/buyers', { ...read, schema: { tags, querystring: ListQuery } }, (request) =>
    buyers.list(contextOf(request), parseListQuery(request.query)),
  );
  app.get('/v1/buyers/:buyerID', { ...read, schema: { tags, params: BuyerParams } }, (request) =>
    buyers.get(contextOf(request), request.params.buyerID),
  );
  app.post('/v1/buyers', { ...write, schema: { tags, body: BuyerBody } }, async (request, reply) =>
    reply.status(201).send(await buyers.create(contextOf(request), request.body)),
  );
  app.put(
    '/v1/buyers/:buyerID',
    { ...write, schema: { tags, params: BuyerParams, body: BuyerBody } },
    (request) => buyers.save(contextOf(request), request.params.buyerID, request.body),
  );
  app.patch(
    '/v1/buyers/:buyerID',
    { ...write, schema: { tags, params: BuyerParams, body: PatchBody } },
    (request) => buyers.patch(contextOf(request), request.params.buyerID, request.body),
  );
  app.delete(
    '/v1/buyers/:buyerID',
    { ...write, schema: { tags, params: BuyerParams } },
    async (request, reply) => {
      await buyers.delete(contextOf(request), request.params.buyerID);
      return reply.status(204).send();
    },
  );
}
