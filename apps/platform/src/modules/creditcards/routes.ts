import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { entityBody, ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { CreditCardBody, type CreditCardsService } from './service.ts';

const Params = z.object({ creditcardID: z.string() });

/** `/v1/me/creditcards`: read with Shopper or MeCreditCardAdmin, write with MeCreditCardAdmin. */
export function creditCardRoutes(app: ServiceApp, cards: CreditCardsService): void {
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
