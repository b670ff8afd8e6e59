import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { crudRoutes } from '../../shared/crud.ts';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { assignmentRoutes } from '../../shared/party-assignments.ts';
import { entityBody, ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { CreditCardAssignment, CreditCardBody, type CreditCardsService } from './service.ts';

const Params = z.object({ creditcardID: z.string() });

/**
 * `/v1/me/creditcards` (read: Shopper or MeCreditCardAdmin, write: MeCreditCardAdmin) and the company
 * cards `/v1/buyers/{buyerID}/creditcards` with their assignments (CreditCardAdmin / CreditCardReader).
 */
export function creditCardRoutes(app: ServiceApp, cards: CreditCardsService): void {
  meCreditCardRoutes(app, cards);
  const roles = {
    readRoles: ['CreditCardAdmin', 'CreditCardReader'],
    writeRoles: ['CreditCardAdmin'],
    tags: ['credit cards'],
  };
  const path = '/v1/buyers/:buyerID/creditcards';
  // The static `assignments` routes win over `:creditCardID`.
  assignmentRoutes(app, cards.assignments, {
    path,
    idParam: 'creditCardID',
    body: CreditCardAssignment,
    ...roles,
  });
  crudRoutes(app, cards.companyCards, {
    path,
    idParam: 'creditCardID',
    parentParam: 'buyerID',
    ...roles,
    guard: (context, buyerId) => cards.prepare(context, buyerId),
  });
}

function meCreditCardRoutes(app: ServiceApp, cards: CreditCardsService): void {
  const tags = ['me'];
  const read = requireRoles('Shopper', 'MeCreditCardAdmin');
  const write = requireRoles('MeCreditCardAdmin');
  const body = entityBody(CreditCardBody);
  app.get('/v1/me/creditcards', { ...read, schema: { tags, querystring: ListQuery } }, (request) =>
    cards.listMine(contextOf(request), parseListQuery(request.query)),
  );
  app.post('/v1/me/creditcards', { ...write, schema: { tags, body } }, async (request, reply) =>
    reply.status(201).send(await cards.createMine(contextOf(request), request.body as CreditCardBody)),
  );
  app.get('/v1/me/creditcards/:creditcardID', { ...read, schema: { tags, params: Params } }, (request) =>
    cards.getMine(contextOf(request), request.params.creditcardID),
  );
  app.put(
    '/v1/me/creditcards/:creditcardID',
    { ...write, schema: { tags, params: Params, body } },
    (request) =>
      cards.saveMine(contextOf(request), request.params.creditcardID, request.body as CreditCardBody),
  );
  app.patch(
    '/v1/me/creditcards/:creditcardID',
    { ...write, schema: { tags, params: Params, body: PatchBody } },
    (request) => cards.patchMine(contextOf(request), request.params.creditcardID, request.body),
  );
  app.delete(
    '/v1/me/creditcards/:creditcardID',
    { ...write, schema: { tags, params: Params } },
    async (request, reply) => {
      await cards.deleteMine(contextOf(request), request.params.creditcardID);
      return reply.status(204).send();
    },
  );
}
