import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { entityBody, ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { DirectionParam } from '../orders/models.ts';
import { orderRoles } from '../orders/routes.ts';
import type { OrdersService } from '../orders/service.ts';
import { PromotionAssignmentBody, PromotionBody, type PromotionsService } from './service.ts';

const OrderParams = z.object({ direction: DirectionParam, orderID: z.string() });
const PromoParams = OrderParams.extend({ promoCode: z.string() });
const IdParams = z.object({ promotionID: z.string() });

/** `/v1/promotions` (+ assignments), `/v1/me/promotions` and the promotions of an order. */
export function promotionRoutes(app: ServiceApp, promotions: PromotionsService, orders: OrdersService): void {
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

  // On orders: the same roles as the order's other writes.
  const { read: orderRead, write: orderWrite } = orderRoles();
  const order = '/v1/orders/:direction/:orderID';
  const orderTags = ['orders'];
  app.get(
    `${order}/promotions`,
    { ...orderRead, schema: { tags: orderTags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.listPromotions(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
  app.post(
    `${order}/promotions/:promoCode`,
    { ...orderWrite, schema: { tags: orderTags, params: PromoParams } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await orders.addPromotion(
            contextOf(request),
            request.params.direction,
            request.params.orderID,
            request.params.promoCode,
          ),
        ),
  );
  app.delete(
    `${order}/promotions/:promoCode`,
    { ...orderWrite, schema: { tags: orderTags, params: PromoParams } },
    (request) =>
      orders.removePromotion(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.params.promoCode,
      ),
  );
  app.post(
    `${order}/applypromotions`,
    { ...orderWrite, schema: { tags: orderTags, params: OrderParams } },
    (request) => orders.applyPromotions(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.post(
    `${order}/refreshpromotions`,
    { ...orderWrite, schema: { tags: orderTags, params: OrderParams } },
    (request) =>
      orders.refreshPromotions(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.get(
    `${order}/eligiblepromotions`,
    { ...orderRead, schema: { tags: orderTags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.eligiblePromotions(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
}
