import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../../shared/list/list-query.ts';
import { PageQuery } from '../../../shared/validation.ts';
import { contextOf, requireRoles } from '../../auth/guard.ts';
import type { AssignmentValues } from './kind.ts';
import type { AssignmentStore } from './service.ts';

type Parameters = Record<string, string | undefined>;

/** `/a/:b/c/:d` → the names `b`, `d`. */
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
const paramsSchema = (path: string) =>
  z.object(Object.fromEntries(pathParams(path).map((name) => [name, z.string()])));

/** Renames path and query parameters to the wire fields they stand for; undefined values are left out. */
function toFields(names: Record<string, string>, ...sources: Parameters[]): AssignmentValues {
  const fields: AssignmentValues = {};
  for (const source of sources) {
    for (const [name, value] of Object.entries(source)) {
      const field = names[name];
      if (field && value !== undefined) fields[field] = value;
    }
  }
  return fields;
}

/**
 * The list (GET), save (POST, 204) and delete (DELETE, 204) routes of one assignment kind, as its
 * descriptor declares them. Register them before the routes whose `:id` segments they would shadow.
 */
export function assignmentRoutes(app: ServiceApp, store: AssignmentStore): void {
  const { routes } = store.kind;
  const read = requireRoles(...routes.readRoles);
  const write = requireRoles(...routes.writeRoles);
  const scoped = pathParams(routes.path).length > 0;
  const params = scoped ? { params: paramsSchema(routes.path) } : {};
  const listQuery = z.object({
    ...Object.fromEntries(routes.listFilters.map((name) => [name, z.string().optional()])),
    ...(routes.levels ? { level: z.enum(['Group', 'Company']).optional() } : {}),
    ...PageQuery,
  });

  app.get(
    routes.path,
    { ...read, schema: { tags: [routes.tag], ...params, querystring: listQuery } },
    (request) => {
      const query = request.query as Parameters;
      const filters = Object.fromEntries(routes.listFilters.map((name) => [name, query[name]]));
      const level = query.level as 'Group' | 'Company' | undefined;
      return store.list(
        contextOf(request),
        toFields(routes.names, request.params as Parameters, filters),
        parseListQuery({ page: query.page, pageSize: query.pageSize }),
        level,
      );
    },
  );
  app.post(
    routes.path,
    { ...write, schema: { tags: [routes.tag], ...params, body: routes.body } },
    async (request, reply) => {
      const scope = toFields(routes.names, request.params as Parameters);
      await store.save(contextOf(request), { ...(request.body as AssignmentValues), ...scope });
      return reply.status(204).send();
    },
  );
  app.delete(
    routes.deletePath,
    {
      ...write,
      schema: {
        tags: [routes.tag],
        params: paramsSchema(routes.deletePath),
        ...(routes.deleteQuery ? { querystring: routes.deleteQuery } : {}),
      },
    },
    async (request, reply) => {
      const query = routes.deleteQuery ? (request.query as Parameters) : {};
      const key = toFields(routes.names, request.params as Parameters, query);
      await store.delete(contextOf(request), key);
      return reply.status(204).send();
    },
  );
}
