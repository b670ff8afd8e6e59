import {
  AddOrderListLines,
  CreateOrderList,
  MAX_ORDER_LIST_LINES,
  MAX_ORDER_LISTS_PER_USER,
  OrderListCartResult,
  OrderListDetail,
  OrderListIndex,
  OrderListToCart,
  SetOrderListLineQuantity,
  UpdateOrderList,
} from '@actuate/contracts';
import {
  badRequest,
  baseContext,
  forbidden,
  type HttpError,
  notFound,
  type Result,
  type ServiceApp,
} from '@actuate/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CallerKeys, requireStorefrontKey } from '../../shared/admin-key.ts';
import { bearerToken } from '../../shared/bearer-token.ts';
import { problems } from '../../shared/responses.ts';
import type { ListRefusal, OrderListService } from './service.ts';

const tags = ['order-lists'];
const WHO =
  'Roles: a buyer user with the Shopper role (anyone else: 403 `not-a-shopper`). Called by the storefront’s server (`x-api-key`) with the buyer’s platform token (`Authorization: Bearer …`); the owner and company come from that token (`/v1/me`), never from the body.';
const OWNER = `${WHO} Only the list’s owner may do this (a colleague who sees a shared list: 403 \`not-list-owner\`; a list the caller may not see: 404 \`order-list-not-found\`).`;
const READER = `${WHO} The owner, or any user of the owner’s company when the list is shared; anyone else: 404 \`order-list-not-found\`.`;

const ListParams = z.object({ listId: z.uuid() });
const LineParams = ListParams.extend({ lineId: z.uuid() });
const Removed = z.null().describe('No content');

/** The refusal as the middleware's problem details. */
function refusalError(refusal: ListRefusal): HttpError {
  switch (refusal.code) {
    case 'order-list-not-found':
      return notFound(refusal.code, 'No such order list of yours or shared with you.');
    case 'not-list-owner':
      return forbidden(refusal.code, 'Only the list’s owner may change it.');
    case 'too-many-lists':
      return badRequest(refusal.code, `At most ${MAX_ORDER_LISTS_PER_USER} lists per user.`);
    case 'list-full':
      return badRequest(refusal.code, `A list holds at most ${MAX_ORDER_LIST_LINES} lines.`);
    case 'unknown-items':
      return badRequest(refusal.code, 'Some items are not in your catalogue.', { items: refusal.items });
    case 'unknown-lines':
      return badRequest(refusal.code, 'Some lines are not on this list.');
  }
}

const answerOf = <T>(result: Result<T, ListRefusal>): T => {
  if (!result.ok) throw refusalError(result.error);
  return result.value;
};

export function orderListRoutes(app: ServiceApp, service: OrderListService, keys: CallerKeys): void {
  const onRequest = requireStorefrontKey(keys);
  const callerOf = (request: FastifyRequest) => service.callerOf(bearerToken(request.headers.authorization));

  app.get(
    '/order-lists',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The caller’s own order lists and those their company shares',
        description: WHO,
        response: { 200: OrderListIndex, ...problems(401, 403, 502) },
      },
    },
    async (request) => service.index(baseContext(request), await callerOf(request)),
  );

  app.post(
    '/order-lists',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Saves a new order list, private unless `shared`, optionally with its first lines',
        description: `${WHO} Every item must be a sales item of the caller’s catalogue (else 400 \`unknown-items\`); the same item with the same specs is one line. At most ${MAX_ORDER_LISTS_PER_USER} lists per user.`,
        body: CreateOrderList,
        response: { 201: OrderListDetail, ...problems(400, 401, 403, 502) },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const list = answerOf(await service.create(baseContext(request), caller, request.body));
      return reply.code(201).send(list);
    },
  );

  app.get(
    '/order-lists/:listId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One order list with its lines as the caller sees the items now',
        description: `${READER} A line out of sale keeps its place with \`status: notOrderable\`, the item’s \`productState\` and \`successor\` (the ERP’s lifecycle on the product); one no longer in the caller’s catalogue is \`notVisible\`.`,
        params: ListParams,
        response: { 200: OrderListDetail, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) =>
      answerOf(await service.detail(baseContext(request), await callerOf(request), request.params.listId)),
  );

  app.patch(
    '/order-lists/:listId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Renames a list, or shares it with the company or makes it private again',
        description: OWNER,
        params: ListParams,
        body: UpdateOrderList,
        response: { 200: OrderListDetail, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) =>
      answerOf(
        await service.update(
          baseContext(request),
          await callerOf(request),
          request.params.listId,
          request.body,
        ),
      ),
  );

  app.delete(
    '/order-lists/:listId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Deletes a list with its lines',
        description: OWNER,
        params: ListParams,
        response: { 204: Removed, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request, reply) => {
      answerOf(await service.remove(baseContext(request), await callerOf(request), request.params.listId));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/order-lists/:listId/lines',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Adds lines (from an item, the configurator, the cart or an order) to a list',
        description: `${OWNER} The same item with the same specs raises that line’s quantity (at most 9999); every new item must be a sales item of the caller’s catalogue (else 400 \`unknown-items\`); at most ${MAX_ORDER_LIST_LINES} lines (else 400 \`list-full\`).`,
        params: ListParams,
        body: AddOrderListLines,
        response: { 200: OrderListDetail, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) =>
      answerOf(
        await service.addLines(
          baseContext(request),
          await callerOf(request),
          request.params.listId,
          request.body.lines,
        ),
      ),
  );

  app.patch(
    '/order-lists/:listId/lines/:lineId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Sets a line’s quantity',
        description: `${OWNER} A line not on the list: 400 \`unknown-lines\`.`,
        params: LineParams,
        body: SetOrderListLineQuantity,
        response: { 200: OrderListDetail, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) =>
      answerOf(
        await service.setQuantity(
          baseContext(request),
          await callerOf(request),
          request.params.listId,
          request.params.lineId,
          request.body.quantity,
        ),
      ),
  );

  app.delete(
    '/order-lists/:listId/lines/:lineId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Removes a line from a list',
        description: `${OWNER} A line not on the list: 400 \`unknown-lines\`.`,
        params: LineParams,
        response: { 200: OrderListDetail, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) =>
      answerOf(
        await service.removeLine(
          baseContext(request),
          await callerOf(request),
          request.params.listId,
          request.params.lineId,
        ),
      ),
  );

  app.post(
    '/order-lists/:listId/cart',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Adds the whole list, or the chosen lines, to the caller’s own cart, priced once',
        description: `${READER} Lines out of sale or out of the caller’s catalogue are skipped and named; the platform checks every line it is given (its refusals are named by ErrorCode). A \`lineIds\` entry not on the list: 400 \`unknown-lines\`. Not idempotent: each call adds again.`,
        params: ListParams,
        body: OrderListToCart,
        response: { 200: OrderListCartResult, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) =>
      answerOf(
        await service.toCart(
          baseContext(request),
          await callerOf(request),
          request.params.listId,
          request.body.lineIds,
        ),
      ),
  );
}
