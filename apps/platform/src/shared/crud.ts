import type { Database, Executor, ServiceApp } from '@actuate/service-kit';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { contextOf, requireRoles } from '../modules/auth/guard.ts';
import type { PlatformContext } from './context.ts';
import { isUniqueViolation } from './database-errors.ts';
import { idExistsError, notFoundError } from './errors.ts';
import { newId } from './ids.ts';
import {
  type ListDefinition,
  type ListOptions,
  type ListPage,
  listMeta,
  parseListQuery,
} from './list/list-query.ts';
import { listRows } from './list/run-list.ts';
import { entityBody, ListQuery, PatchBody, parseEntity } from './validation.ts';
import { applyPatch } from './xp.ts';

type Row = Record<string, unknown>;
type Entity = Record<string, unknown> & { ID?: string | undefined };

/**
 * A plain OrderCloud resource stored in one table: list/get/create/PUT/PATCH/delete with the
 * OrderCloud semantics (409 IdExists, 404 NotFound with type and ID, PATCH merging xp, PUT creating
 * when missing). Optionally nested under a parent (e.g. categories under a catalog).
 */
export interface CrudDefinition<Body extends Entity, Out extends Entity> {
  objectType: string;
  table: PgTable;
  idColumn: AnyPgColumn;
  /** Column holding the parent's ID for nested resources. */
  parentColumn?: AnyPgColumn;
  /** The rows of the table this resource is, where the table holds others too (e.g. company cards, not personal ones). */
  scope?: SQL;
  list: ListDefinition;
  /** Contract schema of a whole entity (create, PUT, and the merged result of a PATCH). */
  schema: z.ZodType<Body>;
  toEntity(row: Row): Out;
  /** Column values of an entity, without the ID and parent columns. */
  toValues(body: Body, parentId?: string): Row;
  /** Property names of the ID and parent columns in the Drizzle table. */
  idKey: string;
  parentKey?: string;
  /** Runs inside every write transaction (e.g. to bump a catalog generation). */
  afterWrite?: (tx: Executor) => Promise<void>;
  /** Runs inside a delete's transaction before the row goes: refuse by throwing, or remove what hangs on it. */
  beforeDelete?: (tx: Executor, id: string, parentId?: string) => Promise<void>;
}

export class CrudStore<Body extends Entity, Out extends Entity> {
  constructor(
    private readonly db: Database,
    readonly definition: CrudDefinition<Body, Out>,
  ) {}

  private where(id: string, parentId?: string, extra?: SQL): SQL {
    const { idColumn, parentColumn, scope } = this.definition;
    return and(
      eq(idColumn, id),
      parentColumn && parentId !== undefined ? eq(parentColumn, parentId) : undefined,
      scope,
      extra,
    ) as SQL;
  }

  private async write<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const result = await work(tx);
      await this.definition.afterWrite?.(tx);
      return result;
    });
  }

  async list(options: ListOptions, parentId?: string, extra?: SQL): Promise<ListPage<Out>> {
    const { table, parentColumn, list } = this.definition;
    const scope = and(
      parentColumn && parentId !== undefined ? eq(parentColumn, parentId) : undefined,
      this.definition.scope,
      extra,
    );
    const { rows, totalCount } = await listRows(this.db, table, list, options, scope);
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => this.definition.toEntity(row)),
    };
  }

  /** The entity, if it exists (under the parent, and meeting `extra`: e.g. what a buyer user may see). */
  async find(id: string, parentId?: string, extra?: SQL): Promise<Out | undefined> {
    const [row] = await this.db
      .select()
      .from(this.definition.table)
      .where(this.where(id, parentId, extra));
    return row ? this.definition.toEntity(row as Row) : undefined;
  }

  /** Entities by ID (one query), e.g. the price schedules of a page of products. */
  async findMany(ids: string[]): Promise<Map<string, Out>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(this.definition.table)
      .where(and(inArray(this.definition.idColumn, [...new Set(ids)]), this.definition.scope));
    const entities = rows.map((row) => this.definition.toEntity(row as Row));
    return new Map(entities.map((entity) => [entity.ID as string, entity]));
  }

  async get(id: string, parentId?: string, extra?: SQL): Promise<Out> {
    const found = await this.find(id, parentId, extra);
    if (!found) throw notFoundError(this.definition.objectType, id);
    return found;
  }

  async create(body: Body, parentId?: string): Promise<Out> {
    const id = body.ID ?? newId();
    const { idKey, parentKey, table } = this.definition;
    const values = {
      ...this.definition.toValues(body, parentId),
      [idKey]: id,
      ...(parentKey ? { [parentKey]: parentId } : {}),
    };
    try {
      const [row] = await this.write((tx) =>
        tx
          .insert(table)
          .values(values as never)
          .returning(),
      );
      return this.definition.toEntity(row as Row);
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError(this.definition.objectType, id);
      throw error;
    }
  }

  async save(id: string, body: Body, parentId?: string): Promise<Out> {
    const values = this.definition.toValues(body, parentId);
    const [row] = await this.write((tx) =>
      tx
        .update(this.definition.table)
        .set(values as never)
        .where(this.where(id, parentId))
        .returning(),
    );
    return row ? this.definition.toEntity(row as Row) : this.create({ ...body, ID: id }, parentId);
  }

  async patch(id: string, patch: Record<string, unknown>, parentId?: string): Promise<Out> {
    const current = await this.get(id, parentId);
    const merged = parseEntity(this.definition.schema, applyPatch(current, { ...patch, ID: id }));
    return this.save(id, merged, parentId);
  }

  async delete(id: string, parentId?: string): Promise<void> {
    const deleted = await this.write(async (tx) => {
      await this.definition.beforeDelete?.(tx, id, parentId);
      return tx.delete(this.definition.table).where(this.where(id, parentId)).returning();
    });
    if (deleted.length === 0) throw notFoundError(this.definition.objectType, id);
  }
}

export interface CrudRoutes {
  /** Collection path with Fastify params, e.g. `/v1/catalogs/:catalogID/categories`. */
  path: string;
  idParam: string;
  parentParam?: string;
  readRoles: string[];
  writeRoles: string[];
  tags: string[];
  /** Checks before any call, e.g. that the parent exists. */
  guard?: (context: PlatformContext, parentId: string | undefined) => Promise<void>;
  /**
   * The body this caller may write, or a refusal (fields another system owns): `stored` is the
   * current entity, undefined for a new one.
   */
  bodyToStore?: (
    context: PlatformContext,
    id: string,
    stored: Entity | undefined,
    body: Record<string, unknown>,
  ) => Record<string, unknown>;
}

/** Registers the six OrderCloud routes of a plain resource. */
export function crudRoutes<Body extends Entity, Out extends Entity>(
  app: ServiceApp,
  store: CrudStore<Body, Out>,
  routes: CrudRoutes,
): void {
  const read = requireRoles(...routes.readRoles);
  const write = requireRoles(...routes.writeRoles);
  const params = z.record(z.string(), z.string());
  const item = `${routes.path}/:${routes.idParam}`;
  const body = entityBody(store.definition.schema as z.ZodType);
  const ids = async (request: { params: unknown }, context: PlatformContext) => {
    const values = request.params as Record<string, string>;
    const parentId = routes.parentParam ? values[routes.parentParam] : undefined;
    await routes.guard?.(context, parentId);
    return { id: values[routes.idParam] as string, parentId };
  };
  const tags = routes.tags;

  app.get(routes.path, { ...read, schema: { tags, params, querystring: ListQuery } }, async (request) => {
    const context = contextOf(request);
    const { parentId } = await ids(request, context);
    return store.list(parseListQuery(request.query), parentId);
  });
  app.get(item, { ...read, schema: { tags, params } }, async (request) => {
    const { id, parentId } = await ids(request, contextOf(request));
    return store.get(id, parentId);
  });
  const allowed = (
    context: PlatformContext,
    id: string,
    stored: Entity | undefined,
    sent: Record<string, unknown>,
  ) => (routes.bodyToStore ? routes.bodyToStore(context, id, stored, sent) : sent);
  app.post(routes.path, { ...write, schema: { tags, params, body } }, async (request, reply) => {
    const context = contextOf(request);
    const { parentId } = await ids(request, context);
    const sent = request.body as Body;
    const toStore = allowed(context, sent.ID ?? '', undefined, sent) as Body;
    return reply.status(201).send(await store.create(toStore, parentId));
  });
  app.put(item, { ...write, schema: { tags, params, body } }, async (request) => {
    const context = contextOf(request);
    const { id, parentId } = await ids(request, context);
    const stored = routes.bodyToStore ? await store.find(id, parentId) : undefined;
    return store.save(id, allowed(context, id, stored, request.body as Body) as Body, parentId);
  });
  app.patch(item, { ...write, schema: { tags, params, body: PatchBody } }, async (request) => {
    const context = contextOf(request);
    const { id, parentId } = await ids(request, context);
    const stored = routes.bodyToStore ? await store.get(id, parentId) : undefined;
    return store.patch(id, allowed(context, id, stored, request.body as Record<string, unknown>), parentId);
  });
  app.delete(item, { ...write, schema: { tags, params } }, async (request, reply) => {
    const { id, parentId } = await ids(request, contextOf(request));
    await store.delete(id, parentId);
    return reply.status(204).send();
  });
}
