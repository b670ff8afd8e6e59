import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { entityBody, ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { PromotionAssignmentBody, PromotionBody, type PromotionsService } from './service.ts';

const IdParams = z.object({ promotionID: z.string() });

/** `/v1/promotions` (+ assignments) and `/v1/me/promotions`; the promotions of an order are the orders module's. */
export function promotionRoutes(app: ServiceApp, promotions: PromotionsService): void {
  const tags = ['promotions'];
  const read = requireRoles('PromotionAdmin', 'PromotionReader');
  const write = requireRoles('PromotionAdmin');
  const body = entityBody(PromotionBody);

  app.get('/v1/promotions/assignments', { ...read, schema: { tags, querystring: ListQuery } }, (request) =>
    promotions.listAssignments(contextOf(request), parseListQuery(request.query), request.query),
  );
  app.post(
    '/v1/promotions/assignments',
    { ...write, schema: { tags, body: PromotionAssignmentBody } },
    async (request, reply) => {
      await promotions.saveAssignment(contextOf(request), request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/promotions/:promotionID/assignments',
    {
      ...write,
      schema: {
        tags,
        params: IdParams,
        querystring: z.object({ buyerID: z.string().optional(), userGroupID: z.string().optional() }),
      },
    },
    async (request, reply) => {
      await promotions.deleteAssignment(
        contextOf(request),
        request.params.promotionID,
        request.query.buyerID,
        request.query.userGroupID,
      );
      return reply.status(204).send();
    },
  );
  app.get('/v1/promotions', { ...read, schema: { tags, querystring: ListQuery } }, (request) =>
    promotions.list(contextOf(request), parseListQuery(request.query)),
  );
  app.get('/v1/promotions/:promotionID', { ...read, schema: { tags, params: IdParams } }, (request) =>
    promotions.get(contextOf(request), request.params.promotionID),
  );
  app.post('/v1/promotions', { ...write, schema: { tags, body } }, async (request, reply) =>
    reply.status(201).send(await promotions.create(contextOf(request), request.body as PromotionBody)),
  );
  app.put('/v1/promotions/:promotionID', { ...write, schema: { tags, params: IdParams, body } }, (request) =>
    promotions.save(contextOf(request), request.params.promotionID, request.body as PromotionBody),
  );
  app.patch(
    '/v1/promotions/:promotionID',
    { ...write, schema: { tags, params: IdParams, body: PatchBody } },
    (request) => promotions.patch(contextOf(request), request.params.promotionID, request.body),
  );
  app.delete(
    '/v1/promotions/:promotionID',
    { ...write, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await promotions.delete(contextOf(request), request.params.promotionID);
      return reply.status(204).send();
    },
  );

  const shopper = requireRoles('Shopper');
  app.get('/v1/me/promotions', { ...shopper, schema: { tags: ['me'], querystring: ListQuery } }, (request) =>
    promotions.listMine(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    '/v1/me/promotions/:promotionID',
    { ...shopper, schema: { tags: ['me'], params: IdParams } },
    (request) => promotions.getMine(contextOf(request), request.params.promotionID),
  );
}
