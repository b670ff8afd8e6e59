import type { Executor } from '@actuate/service-kit';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';

type Prepared<Result> = PgPreparedQuery<PreparedQueryConfig & { execute: Result }>;

/** What a Drizzle query builder offers once its values are `sql.placeholder`s. */
interface Preparable<Result> {
  prepare(name: string): Prepared<Result>;
}

/**
 * The parts of a Drizzle prepared query that do not depend on its session (the same fields on the
 * node-postgres and PGlite drivers, Drizzle 0.45).
 */
interface PreparedParts {
  queryString: string;
  params: unknown[];
  fields: Parameters<Executor['_']['session']['prepareQuery']>[1];
  _isResponseInArrayMode: boolean;
  customResultMapper?: (rows: unknown[][]) => unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}

/**
 * A hot statement whose SQL is built once per process, then run as a named prepared statement on
 * whichever executor the caller holds — the database, or the connection of an open transaction.
 * Building the SQL is most of the CPU a short statement costs in Drizzle, and Drizzle's own
 * `.prepare()` binds the statement to the one session it was built on.
 */
export class Statement<Result, Values extends Record<string, unknown>> {
  private parts: PreparedParts | undefined;

  /** `name`: unique per statement (PostgreSQL keeps it per connection); `build` uses `sql.placeholder`s. */
  constructor(
    private readonly name: string,
    private readonly build: (db: Executor) => Preparable<Result>,
  ) {}

  execute(executor: Executor, values: Values): Promise<Result> {
    this.parts ??= this.build(executor).prepare(this.name) as unknown as PreparedParts;
    const { queryString, params, fields, _isResponseInArrayMode, customResultMapper, joinsNotNullableMap } =
      this.parts;
    const query = executor._.session.prepareQuery(
      { sql: queryString, params },
      fields,
      this.name,
      _isResponseInArrayMode,
      customResultMapper,
    ) as unknown as Prepared<Result> & { joinsNotNullableMap?: Record<string, boolean> };
    query.joinsNotNullableMap = joinsNotNullableMap;
    return query.execute(values);
  }
}
