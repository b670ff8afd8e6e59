import { Address, ShipmentItem } from '@actuate/contracts';
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { crudRoutes } from '../../shared/crud.ts';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { DirectionParam } from './models.ts';
import type { OrdersService } from './orders-service.ts';
import type { ShipmentsService } from './shipments.ts';

const tags = ['shipments'];
const ShipmentParams = z.object({ shipmentID: z.string() });
const ItemParams = ShipmentParams.extend({ orderID: z.string(), lineItemID: z.string() });

export function shipmentRoutes(app: ServiceApp, shipments: ShipmentsService, orders: OrdersService): void {
  const read = requireRoles('ShipmentAdmin', 'ShipmentReader');
  const write = requireRoles('ShipmentAdmin');
  const shopper = requireRoles('Shopper');

  app.get(
    '/v1/shipments/:shipmentID/items',
    { ...read, schema: { tags, params: ShipmentParams, querystring: ListQuery } },
    (request) =>
      shipments.listItems(contextOf(request), request.params.shipmentID, parseListQuery(request.query)),
  );
  app.post(
    '/v1/shipments/:shipmentID/items',
    { ...write, schema: { tags, params: ShipmentParams, body: ShipmentItem } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await shipments.addItem(contextOf(request), request.params.shipmentID, request.body)),
  );
  app.delete(
    '/v1/shipments/:shipmentID/items/:orderID/:lineItemID',
    { ...write, schema: { tags, params: ItemParams } },
    async (request, reply) => {
      const { shipmentID, orderID, lineItemID } = request.params;
      await shipments.deleteItem(contextOf(request), shipmentID, orderID, lineItemID);
      return reply.status(204).send();
    },
  );
  app.get(
    '/v1/shipments/:shipmentID/items/:orderID/:lineItemID',
    { ...read, schema: { tags, params: ItemParams } },
    (request) => {
      const { shipmentID, orderID, lineItemID } = request.params;
      return shipments.getItem(contextOf(request), shipmentID, orderID, lineItemID);
    },
  );
  for (const [path, end] of [
    ['shipfrom', 'From'],
    ['shipto', 'To'],
  ] as const) {
    app.put(
      `/v1/shipments/:shipmentID/${path}`,
      { ...write, schema: { tags, params: ShipmentParams, body: Address } },
      (request) => shipments.setAddress(request.params.shipmentID, end, request.body),
    );
  }
  crudRoutes(app, shipments.store, {
    path: '/v1/shipments',
    idParam: 'shipmentID',
    readRoles: ['ShipmentAdmin', 'ShipmentReader'],
    writeRoles: ['ShipmentAdmin'],
    tags,
  });

  app.get('/v1/me/shipments', { ...shopper, schema: { tags: ['me'], querystring: ListQuery } }, (request) =>
    shipments.listMine(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    '/v1/me/shipments/:shipmentID',
    { ...shopper, schema: { tags: ['me'], params: ShipmentParams } },
    (request) => shipments.getMine(contextOf(request), request.params.shipmentID),
  );
  app.get(
    '/v1/me/shipments/:shipmentID/items',
    { ...shopper, schema: { tags: ['me'], params: ShipmentParams, querystring: ListQuery } },
    async (request) => {
      const context = contextOf(request);
      await shipments.getMine(context, request.params.shipmentID);
      return shipments.listItems(context, request.params.shipmentID, parseListQuery(request.query));
    },
  );
  app.get(
    '/v1/orders/:direction/:orderID/shipments',
    {
      ...requireRoles('Shopper', 'OrderAdmin', 'OrderReader'),
      schema: {
        tags,
        params: z.object({ direction: DirectionParam, orderID: z.string() }),
        querystring: ListQuery,
      },
    },
    async (request) => {
      await orders.get(contextOf(request), request.params.direction, request.params.orderID);
      return shipments.listOfOrder(request.params.orderID, parseListQuery(request.query));
    },
  );
}
