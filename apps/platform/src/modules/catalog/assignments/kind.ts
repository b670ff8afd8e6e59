import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/** An assignment as the wire and the store see it: wire field name → value. */
export type AssignmentValues = Record<string, unknown>;

/**
 * How one wire field of an assignment is stored.
 * - `scope`: taken from the path (the catalog of a category assignment); filters every call, never echoed.
 * - `key`: part of the assignment's identity.
 * - `party`: an optional part of the identity (a user group; absent means the whole company),
 *   matched with `is null` when absent and unique through `coalesce(column, '')`.
 * - `setting`: replaced when the same assignment is saved again.
 */
export interface AssignmentField {
  column: AnyPgColumn;
  role: 'scope' | 'key' | 'party' | 'setting';
  /** Stored when the body leaves the field out or sends null (default null). */
  whenAbsent?: unknown;
}

/** Another resource an assignment names; saving refuses with that resource's NotFound when it is missing. */
export type Reference = 'catalog' | 'category' | 'product' | 'spec' | 'buyer' | 'userGroup' | 'priceSchedule';

/** The HTTP face of an assignment kind. Query and path parameter names map to wire fields through `names`. */
export interface AssignmentRoutes {
  tag: string;
  readRoles: string[];
  writeRoles: string[];
  /** GET lists, POST saves (204). A `:param` in it is the scope. */
  path: string;
  body: z.ZodType<AssignmentValues>;
  /** Parameter name (path or query) → wire field. */
  names: Record<string, string>;
  /** Query parameters the list filters on (empty values are ignored). */
  listFilters: string[];
  /** Whether the list takes `level=Group|Company` (party set or not). */
  levels?: boolean;
  /** DELETE (204): the path's parameters and `deleteQuery` name the assignment. */
  deletePath: string;
  deleteQuery?: z.ZodObject;
}

/**
 * One kind of assignment (catalog to buyer, product to buyer or group, …): its table, the
 * OrderCloud semantics of save (upsert), delete (404 `NotFound` naming the assignment) and list
 * (every row that matches, paged in memory, in `orderBy` order), and its routes.
 */
export interface AssignmentKind {
  /** The `ObjectType` of the NotFound error. */
  objectType: string;
  table: PgTable;
  /** In the order a listed assignment echoes them. */
  fields: Record<string, AssignmentField>;
  orderBy: SQL[];
  /** Checked in order before a save; absent optional fields are skipped. */
  saveReferences: [field: string, reference: Reference][];
  /** Checked before a list (the scope's parent must exist). */
  listReferences?: [field: string, reference: Reference][];
  /** Wire fields joined with `/` into the NotFound's ObjectID (absent ones skipped). */
  notFoundId: string[];
  /** Delete parameters refused with 400 InvalidRequest when given: field → message. */
  refusedOnDelete?: Record<string, string>;
  routes: AssignmentRoutes;
}
