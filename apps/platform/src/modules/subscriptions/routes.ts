import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { entityBody, ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { LineItemBody } from '../orders/index.ts';
import { SubscriptionBody, SubscriptionIntegrationBody } from './models.ts';
import type { SubscriptionModule } from './module.ts';

const IdParams = z.object({ subscriptionID: z.string() });
const ItemParams = IdParams.extend({ subscriptionItemID: z.string() });

/**
 * `/v1/subscriptions` (SubscriptionAdmin/Reader), `/v1/me/subscriptions` (MeSubscriptionAdmin), their
 * items (LineItem shape), `/v1/integrations/subscription`, and the run trigger
 * `POST /v1/integrations/subscription/run`.
 */
export function subscriptionRoutes(app: ServiceApp, subscriptions: SubscriptionModule): void {
  const body = entityBody(SubscriptionBody);
  const itemBody = entityBody(LineItemBody);
  for (const [scope, base, readRoles, writeRoles, tags] of [
    [
      'admin',
      '/v1/subscriptions',
      ['SubscriptionAdmin', 'SubscriptionReader'],
      ['SubscriptionAdmin'],
      ['subscriptions'],
    ],
    ['me', '/v1/me/subscriptions', ['MeSubscriptionAdmin'], ['MeSubscriptionAdmin'], ['me']],
  ] as const) {
    const read = requireRoles(...readRoles);
    const write = requireRoles(...writeRoles);
    const one = `${base}/:subscriptionID`;
    app.get(base, { ...read, schema: { tags, querystring: ListQuery } }, (request) =>
      subscriptions.subscriptions.list(contextOf(request), scope, parseListQuery(request.query)),
    );
    app.post(base, { ...write, schema: { tags, body } }, async (request, reply) =>
      reply
        .status(201)
        .send(
          await subscriptions.subscriptions.create(
            contextOf(request),
            scope,
            request.body as SubscriptionBody,
          ),
        ),
    );
    app.get(one, { ...read, schema: { tags, params: IdParams } }, (request) =>
      subscriptions.subscriptions.get(contextOf(request), scope, request.params.subscriptionID),
    );
    app.put(one, { ...write, schema: { tags, params: IdParams, body } }, (request) =>
      subscriptions.subscriptions.save(
        contextOf(request),
        scope,
        request.params.subscriptionID,
        request.body as SubscriptionBody,
      ),
    );
    app.patch(one, { ...write, schema: { tags, params: IdParams, body: PatchBody } }, (request) =>
      subscriptions.subscriptions.patch(
        contextOf(request),
        scope,
        request.params.subscriptionID,
        request.body,
      ),
    );
    app.delete(one, { ...write, schema: { tags, params: IdParams } }, async (request, reply) => {
      await subscriptions.subscriptions.delete(contextOf(request), scope, request.params.subscriptionID);
      return reply.status(204).send();
    });

    const items = `${one}/items`;
    const item = `${items}/:subscriptionItemID`;
    app.get(items, { ...read, schema: { tags, params: IdParams, querystring: ListQuery } }, (request) =>
      subscriptions.items.list(
        contextOf(request),
        scope,
        request.params.subscriptionID,
        parseListQuery(request.query),
      ),
    );
    app.post(
      items,
      { ...write, schema: { tags, params: IdParams, body: itemBody } },
      async (request, reply) => {
        const line = request.body as LineItemBody;
        return reply
          .status(201)
          .send(
            await subscriptions.items.save(
              contextOf(request),
              scope,
              request.params.subscriptionID,
              line.ID,
              line,
              true,
            ),
          );
      },
    );
    app.get(item, { ...read, schema: { tags, params: ItemParams } }, (request) =>
      subscriptions.items.get(
        contextOf(request),
        scope,
        request.params.subscriptionID,
        request.params.subscriptionItemID,
      ),
    );
    app.put(item, { ...write, schema: { tags, params: ItemParams, body: itemBody } }, (request) =>
      subscriptions.items.save(
        contextOf(request),
        scope,
        request.params.subscriptionID,
        request.params.subscriptionItemID,
        request.body as LineItemBody,
        false,
      ),
    );
    app.patch(item, { ...write, schema: { tags, params: ItemParams, body: PatchBody } }, (request) =>
      subscriptions.items.patch(
        contextOf(request),
        scope,
        request.params.subscriptionID,
        request.params.subscriptionItemID,
        request.body,
      ),
    );
    app.delete(item, { ...write, schema: { tags, params: ItemParams } }, async (request, reply) => {
      await subscriptions.items.delete(
        contextOf(request),
        scope,
        request.params.subscriptionID,
        request.params.subscriptionItemID,
      );
      return reply.status(204).send();
    });
  }

  app.get(
    '/v1/subscriptions/:subscriptionID/runs',
    {
      ...requireRoles('SubscriptionAdmin', 'SubscriptionReader'),
      schema: { tags: ['subscriptions'], params: IdParams },
    },
    (request) => subscriptions.runs.runsOf(contextOf(request), request.params.subscriptionID),
  );

  // The marketplace's one SubscriptionIntegration (the SDK's SubscriptionIntegrations resource).
  const integrationTags = ['integrations'];
  const admin = requireRoles('SubscriptionAdmin');
  const path = '/v1/integrations/subscription';
  app.get(path, { ...admin, schema: { tags: integrationTags } }, (request) =>
    subscriptions.integration.get(contextOf(request)),
  );
  app.put(
    path,
    { ...admin, schema: { tags: integrationTags, body: entityBody(SubscriptionIntegrationBody) } },
    (request) =>
      subscriptions.integration.save(contextOf(request), request.body as SubscriptionIntegrationBody),
  );
  app.patch(path, { ...admin, schema: { tags: integrationTags, body: PatchBody } }, (request) =>
    subscriptions.integration.patch(contextOf(request), request.body),
  );
  app.delete(path, { ...admin, schema: { tags: integrationTags } }, async (request, reply) => {
    await subscriptions.integration.delete(contextOf(request));
    return reply.status(204).send();
  });
  // Not OrderCloud: runs the due subscriptions now (the scheduled job does the same every few minutes).
  app.post(`${path}/run`, { ...admin, schema: { tags: integrationTags } }, async (request) => ({
    Runs: await subscriptions.runs.runDue(contextOf(request)),
  }));
}
