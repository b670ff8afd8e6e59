import { type Database, type Executor, HttpError, type ServiceApp } from '@actuate/service-kit';
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { contextOf, requireRoles } from '../modules/auth/guard.ts';
import type { PlatformContext } from './context.ts';
import { notFoundError } from './errors.ts';
import { type ListOptions, type ListPage, listMeta, parseListQuery } from './list/list-query.ts';
import { listRows } from './list/run-list.ts';
import { PageQuery } from './validation.ts';

/**
 * Assignments that give a buyer's resource (a credit card, a cost center…) to a party of that buyer:
 * one user, one user group, or the whole company (neither set), as OrderCloud's party assignments.
 */
export interface Party {
  userId: string | null;
  userGroupId: string | null;
}

export const PartyLevel = z.enum(['User', 'Group', 'Company']);
export type PartyLevel = z.infer<typeof PartyLevel>;

/** Which assignments a list asks for: `userID`, `userGroupID`, `level` and the resource's own ID. */
export interface AssignmentFilter {
  resourceId?: string | undefined;
  userId?: string | undefined;
  userGroupId?: string | undefined;
  level?: PartyLevel | undefined;
}

/** The body of an assignment: the resource's ID under its own name, and the party. */
export interface AssignmentBody {
  UserID?: string | null | undefined;
  UserGroupID?: string | null | undefined;
}

/**
 * The party an assignment body names. OrderCloud refuses both at once
 * (`PartyAssignment.CannotSpecifyGroupAndUser`); a resource that only groups and the company may
 * hold refuses a user (`PartyAssignment.UserLevelNotAllowed`).
 */
export function partyOf(body: AssignmentBody, options: { usersAllowed: boolean }): Party {
  const userId = body.UserID || null;
  const userGroupId = body.UserGroupID || null;
  if (userId && !options.usersAllowed)
    throw new HttpError(
      400,
      'PartyAssignment.UserLevelNotAllowed',
      'User-level assignments not allowed for this object.',
    );
  if (userId && userGroupId)
    throw new HttpError(
      400,
      'PartyAssignment.CannotSpecifyGroupAndUser',
      'Cannot specify both a UserID and a GroupID.',
    );
  return { userId, userGroupId };
}

export interface AssignmentColumns {
  /** A serial key: lists page in the order the assignments were made. */
  id: AnyPgColumn;
  buyerId: AnyPgColumn;
  /** The assigned resource's ID. */
  resourceId: AnyPgColumn;
  userGroupId: AnyPgColumn;
  /** Absent where only groups and the company may be assigned (cost centers). */
  userId?: AnyPgColumn;
}

/** What a user filter matches on a table without users. */
const NONE = sql`false`;
/** `column = value`, or `column is null` for a null value. */
export const equalsOrNull = (column: AnyPgColumn, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/** The SQL of one assignment table; `keys` are the Drizzle property names of its columns, for inserts. */
export class PartyAssignments<Table extends PgTable> {
  constructor(
    private readonly table: Table,
    private readonly columns: AssignmentColumns,
    private readonly keys: { buyerId: string; resourceId: string; userGroupId: string; userId?: string },
  ) {}

  private isParty(buyerId: string, party: Party): SQL {
    const { userId, userGroupId } = this.columns;
    return and(
      eq(this.columns.buyerId, buyerId),
      userId ? equalsOrNull(userId, party.userId) : undefined,
      equalsOrNull(userGroupId, party.userGroupId),
    ) as SQL;
  }

  private atCompanyLevel(): SQL {
    const { userId, userGroupId } = this.columns;
    return and(userId ? isNull(userId) : undefined, isNull(userGroupId)) as SQL;
  }

  /** A page of a buyer's assignments, filtered as the list asks, each as `toItem` shows it. */
  async page<Item>(
    db: Executor,
    buyerId: string,
    filter: AssignmentFilter,
    options: ListOptions,
    toItem: (row: Table['$inferSelect']) => Item,
  ): Promise<ListPage<Item>> {
    const { id, resourceId, userId, userGroupId } = this.columns;
    const levels: Record<PartyLevel, SQL> = {
      User: userId ? isNotNull(userId) : NONE,
      Group: isNotNull(userGroupId),
      Company: this.atCompanyLevel(),
    };
    const where = and(
      eq(this.columns.buyerId, buyerId),
      filter.resourceId !== undefined ? eq(resourceId, filter.resourceId) : undefined,
      filter.userId !== undefined ? (userId ? eq(userId, filter.userId) : NONE) : undefined,
      filter.userGroupId !== undefined ? eq(userGroupId, filter.userGroupId) : undefined,
      filter.level ? levels[filter.level] : undefined,
    );
    const definition = {
      fields: { ID: { column: id, type: 'number' as const } },
      searchOn: [],
      defaultSort: ['ID'],
    };
    const { rows, totalCount } = await listRows(db, this.table, definition, options, where);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toItem) };
  }

  /** Assigns; an assignment that exists already stays as it is. */
  async add(db: Executor, buyerId: string, resourceId: string, party: Party): Promise<void> {
    const values: Record<string, string | null> = {
      [this.keys.buyerId]: buyerId,
      [this.keys.resourceId]: resourceId,
      [this.keys.userGroupId]: party.userGroupId,
      ...(this.keys.userId ? { [this.keys.userId]: party.userId } : {}),
    };
    await db
      .insert(this.table)
      .values(values as never)
      .onConflictDoNothing();
  }

  /** Removes one party's assignment of a resource, or all of the resource's without a party; how many went. */
  async remove(db: Executor, buyerId: string, resourceId: string, party?: Party): Promise<number> {
    const deleted = await db
      .delete(this.table)
      .where(
        and(
          party ? this.isParty(buyerId, party) : eq(this.columns.buyerId, buyerId),
          eq(this.columns.resourceId, resourceId),
        ),
      )
      .returning({ id: this.columns.id });
    return deleted.length;
  }

  /** Removes every assignment of a buyer's resources to one party (e.g. a user leaving the buyer). */
  async removeParty(db: Executor, buyerId: string, party: Party): Promise<void> {
    await db.delete(this.table).where(this.isParty(buyerId, party));
  }

  /** Removes one party's assignment of a resource; `NotFound` (as `objectType`) when there is none. */
  async removeOne(db: Executor, buyerId: string, resourceId: string, party: Party, objectType: string) {
    if ((await this.remove(db, buyerId, resourceId, party)) === 0)
      throw notFoundError(objectType, resourceId);
  }

  /** True for a resource (its ID column given) assigned to the user, one of their groups, or their company. */
  reaching(resourceIdOf: AnyPgColumn, buyerId: string, userId: string, groupIds: readonly string[]): SQL {
    const { userId: userColumn, userGroupId } = this.columns;
    const reach = or(
      this.atCompanyLevel(),
      userColumn ? eq(userColumn, userId) : undefined,
      groupIds.length > 0 ? inArray(userGroupId, [...groupIds]) : undefined,
    );
    return sql`exists (select 1 from ${this.table} where ${eq(this.columns.buyerId, buyerId)} and ${reach} and ${this.columns.resourceId} = ${resourceIdOf})`;
  }
}

/** How a buyer resource is assigned: what must exist, and how an assignment row reads. */
export interface AssignmentRules<Table extends PgTable, Body extends AssignmentBody> {
  /** ObjectType of the NotFound for an assignment that is not there (e.g. `CreditCardAssignment`). */
  objectType: string;
  usersAllowed: boolean;
  resourceIdOf(body: Body): string;
  /** NotFound for a missing buyer. */
  assertBuyer(context: PlatformContext, buyerId: string): Promise<void>;
  /** NotFound for a missing resource of the buyer. */
  assertResource(buyerId: string, resourceId: string): Promise<unknown>;
  toItem(row: Table['$inferSelect']): unknown;
}

/** The three assignment operations of a buyer resource (what `assignmentRoutes` calls). */
export class BuyerAssignments<Table extends PgTable, Body extends AssignmentBody> {
  constructor(
    private readonly db: Database,
    private readonly table: PartyAssignments<Table>,
    /** The buyer's users and groups an assignment may name (NotFound for others). */
    private readonly users: {
      get(context: PlatformContext, buyerId: string, userId: string): Promise<unknown>;
      getGroup(context: PlatformContext, buyerId: string, groupId: string): Promise<unknown>;
    },
    private readonly rules: AssignmentRules<Table, Body>,
  ) {}

  get usersAllowed(): boolean {
    return this.rules.usersAllowed;
  }

  async list(context: PlatformContext, buyerId: string, filter: AssignmentFilter, options: ListOptions) {
    await this.rules.assertBuyer(context, buyerId);
    return this.table.page(this.db, buyerId, filter, options, (row) => this.rules.toItem(row));
  }

  /** Assigns to a user, a group or the whole company (neither); assigning again changes nothing. */
  async save(context: PlatformContext, buyerId: string, body: Body): Promise<void> {
    await this.rules.assertBuyer(context, buyerId);
    const party = partyOf(body, { usersAllowed: this.rules.usersAllowed });
    const resourceId = this.rules.resourceIdOf(body);
    await this.rules.assertResource(buyerId, resourceId);
    if (party.userId) await this.users.get(context, buyerId, party.userId);
    if (party.userGroupId) await this.users.getGroup(context, buyerId, party.userGroupId);
    await this.table.add(this.db, buyerId, resourceId, party);
  }

  async delete(context: PlatformContext, buyerId: string, resourceId: string, party: Party): Promise<void> {
    await this.rules.assertBuyer(context, buyerId);
    await this.table.removeOne(this.db, buyerId, resourceId, party, this.rules.objectType);
  }
}

/**
 * OrderCloud's three assignment routes of a buyer resource at `path` (e.g.
 * `/v1/buyers/:buyerID/creditcards`): `GET|POST {path}/assignments` and
 * `DELETE {path}/:{idParam}/assignments?userID=&userGroupID=`. The list filters on `{idParam}` too.
 */
export function assignmentRoutes<Table extends PgTable, Body extends AssignmentBody>(
  app: ServiceApp,
  assignments: BuyerAssignments<Table, Body>,
  routes: {
    path: string;
    idParam: string;
    body: z.ZodType<Body>;
    readRoles: string[];
    writeRoles: string[];
    tags: string[];
  },
): void {
  const BuyerParams = z.object({ buyerID: z.string() });
  const ListQuery = z.object({
    [routes.idParam]: z.string().optional(),
    userID: z.string().optional(),
    userGroupID: z.string().optional(),
    level: PartyLevel.optional(),
    ...PageQuery,
  });
  const tags = routes.tags;
  app.get(
    `${routes.path}/assignments`,
    { ...requireRoles(...routes.readRoles), schema: { tags, params: BuyerParams, querystring: ListQuery } },
    (request) => {
      const query = request.query as Record<string, string | undefined>;
      return assignments.list(
        contextOf(request),
        request.params.buyerID,
        {
          resourceId: query[routes.idParam],
          userId: query.userID,
          userGroupId: query.userGroupID,
          level: query.level as PartyLevel | undefined,
        },
        parseListQuery({ page: query.page, pageSize: query.pageSize }),
      );
    },
  );
  app.post(
    `${routes.path}/assignments`,
    { ...requireRoles(...routes.writeRoles), schema: { tags, params: BuyerParams, body: routes.body } },
    async (request, reply) => {
      await assignments.save(contextOf(request), request.params.buyerID, request.body as Body);
      return reply.status(204).send();
    },
  );
  app.delete(
    `${routes.path}/:${routes.idParam}/assignments`,
    {
      ...requireRoles(...routes.writeRoles),
      schema: {
        tags,
        params: z.record(z.string(), z.string()),
        querystring: z.object({ userID: z.string().optional(), userGroupID: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const params = request.params as Record<string, string>;
      const party = partyOf(
        { UserID: request.query.userID, UserGroupID: request.query.userGroupID },
        { usersAllowed: assignments.usersAllowed },
      );
      await assignments.delete(
        contextOf(request),
        params.buyerID as string,
        params[routes.idParam] as string,
        party,
      );
      return reply.status(204).send();
    },
  );
}
