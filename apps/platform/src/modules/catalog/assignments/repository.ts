import type { Executor } from '@actuate/service-kit';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AssignmentKind, AssignmentValues } from './kind.ts';

const fieldsOf = (kind: AssignmentKind) => Object.entries(kind.fields);
const identity = (kind: AssignmentKind) => fieldsOf(kind).filter(([, field]) => field.role !== 'setting');

/**
 * Creates the assignment or replaces its settings, in one statement (no read-then-insert race): the
 * conflict target is the table's primary key or, with a party field, its unique index on
 * `coalesce(party, '')`. Without settings a repeated save changes nothing.
 */
export async function saveAssignment(db: Executor, kind: AssignmentKind, values: AssignmentValues) {
  const fields = fieldsOf(kind);
  const columns = sql.join(
    fields.map(([, field]) => sql.identifier(field.column.name)),
    sql`, `,
  );
  const row = sql.join(
    fields.map(([name]) => sql`${values[name]}`),
    sql`, `,
  );
  const target = sql.join(
    identity(kind).map(([, field]) =>
      field.role === 'party'
        ? sql`(coalesce(${sql.identifier(field.column.name)}, ''))`
        : sql.identifier(field.column.name),
    ),
    sql`, `,
  );
  const settings = fields.filter(([, field]) => field.role === 'setting');
  const onConflict =
    settings.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(
          settings.map(([, field]) => {
            const column = sql.identifier(field.column.name);
            return sql`${column} = excluded.${column}`;
          }),
          sql`, `,
        )}`;
  await db.execute(
    sql`insert into ${kind.table} (${columns}) values (${row}) on conflict (${target}) ${onConflict}`,
  );
}

/** Deletes the assignment the identity names (an absent party: the company's own); false when none. */
export async function deleteAssignment(db: Executor, kind: AssignmentKind, key: AssignmentValues) {
  const deleted = await db
    .delete(kind.table)
    .where(
      and(
        ...identity(kind).map(([name, field]) => {
          const value = key[name];
          // An empty party names the company's own assignment, as an absent one does.
          if (field.role === 'party' && !value) return isNull(field.column);
          return eq(field.column, value);
        }),
      ),
    )
    .returning();
  return deleted.length > 0;
}

/** Every assignment matching the filters (scope fields always, other fields when non-empty). */
export async function listAssignments(
  db: Executor,
  kind: AssignmentKind,
  filter: AssignmentValues,
  level?: 'Group' | 'Company',
): Promise<AssignmentValues[]> {
  const party = fieldsOf(kind).find(([, field]) => field.role === 'party')?.[1].column;
  const conditions: (SQL | undefined)[] = fieldsOf(kind).map(([name, field]) => {
    const value = filter[name];
    if (value === undefined) return undefined;
    return field.role === 'scope' || value ? eq(field.column, value) : undefined;
  });
  if (party && level) conditions.push(level === 'Group' ? isNotNull(party) : isNull(party));
  const selection = Object.fromEntries(fieldsOf(kind).map(([name, field]) => [name, field.column]));
  return db
    .select(selection)
    .from(kind.table)
    .where(and(...conditions))
    .orderBy(...kind.orderBy);
}
