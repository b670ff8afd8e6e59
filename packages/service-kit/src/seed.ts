import { eq } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from './database.ts';

/**
 * Which data sets have been loaded into this database. Every app includes this table in its schema
 * (`export { seedRuns } from '@actuate/service-kit'` in `src/db/schema.ts`) so seeding is idempotent.
 */
export const seedRuns = pgTable('seed_runs', {
  key: text('key').primaryKey(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  seededAt: timestamp('seeded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Loads one part of a data set (a module's rows) inside the seeding transaction. */
export interface Seeder {
  name: string;
  seed(tx: Transaction): Promise<Record<string, unknown> | undefined>;
}

/**
 * Runs the seeders once per key: all in one transaction together with the `seed_runs` row, so a
 * crash half-way leaves nothing behind and the next start tries again.
 */
export async function seedOnce(
  db: Database,
  key: string,
  seeders: Seeder[],
  log: FastifyBaseLogger,
): Promise<'seeded' | 'already-seeded'> {
  const existing = await db.select().from(seedRuns).where(eq(seedRuns.key, key));
  if (existing.length > 0) {
    log.info({ key }, 'demo data already seeded');
    return 'already-seeded';
  }
  await db.transaction(async (tx) => {
    const details: Record<string, unknown> = {};
    for (const seeder of seeders) details[seeder.name] = (await seeder.seed(tx)) ?? {};
    // A concurrent instance may have seeded meanwhile: the primary key makes the loser roll back.
    await tx.insert(seedRuns).values({ key, details });
  });
  log.info({ key, seeders: seeders.map((seeder) => seeder.name) }, 'demo data seeded');
  return 'seeded';
}
