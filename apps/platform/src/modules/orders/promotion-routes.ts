import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery } from '../../shared/validation.ts';
import { contextOf } from '../auth/guard.ts';
import { DirectionParam } from './models.ts';
import type { OrderModule } from './module.ts';
import { orderRoles } from './roles.ts';

const OrderParams = z.object({ direction: DirectionParam, orderID: z.string() });
const PromoParams = OrderParams.extend({ promoCode: z.string() });

/** An order's promotions: `…/promotions`, `…/applypromotions`, `…/refreshpromotions`, `…/eligiblepromotions`. */
export function orderPromotionRoutes(app: ServiceApp, orders: OrderModule): void {
  // On orders: the same roles as the order's other writes.
  const { read: orderRead, write: orderWrite } = orderRoles();
  const order = '/v1/orders/:direction/:orderID';
  const orderTags = ['orders'];
  app.get(
    `${order}/promotions`,
    { ...orderRead, schema: { tags: orderTags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.promotions.list(
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
          await orders.promotions.add(
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
      orders.promotions.remove(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.params.promoCode,
      ),
  );
  app.post(
    `${order}/applypromotions`,
    { ...orderWrite, schema: { tags: orderTags, params: OrderParams } },
    (request) =>
      orders.promotions.applyAutomatic(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.post(
    `${order}/refreshpromotions`,
    { ...orderWrite, schema: { tags: orderTags, params: OrderParams } },
    (request) =>
      orders.promotions.refresh(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.get(
    `${order}/eligiblepromotions`,
    { ...orderRead, schema: { tags: orderTags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.promotions.eligible(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
}
