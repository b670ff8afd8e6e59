import type { DatabaseHandle } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { eq, sql } from 'drizzle-orm';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Statement } from './statements.ts';

const notes = pgTable('statement_notes', {
  id: text('id').primaryKey(),
  body: jsonb('body').$type<Record<string, unknown>>(),
});

const insertNote = new Statement('statement_notes_insert', (db) =>
  db
    .insert(notes)
    .values({ id: sql.placeholder('id'), body: sql.placeholder('body') })
    .returning(),
);
const noteById = new Statement('statement_notes_by_id', (db) =>
  db
    .select()
    .from(notes)
    .where(eq(notes.id, sql.placeholder('id'))),
);

describe('Statement: built once, run on the database or inside a transaction', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table statement_notes (id text primary key, body jsonb)`);
  });
  afterAll(() => database?.close());

  it('runs on the connection of the transaction it is given', async () => {
    const rolledBack = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        await insertNote.execute(tx, { id: 'inside', body: { kept: false } });
        // Visible inside the transaction that wrote it…
        expect(await noteById.execute(tx, { id: 'inside' })).toEqual([
          { id: 'inside', body: { kept: false } },
        ]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    // …and gone with its rollback: the insert ran in the transaction, not on another connection.
    expect(await noteById.execute(database.db, { id: 'inside' })).toEqual([]);
  });

  it('maps results and binds values as the query builder does', async () => {
    const [inserted] = await insertNote.execute(database.db, { id: 'outside', body: { a: 1 } });
    expect(inserted).toEqual({ id: 'outside', body: { a: 1 } });
    await database.db.transaction(async (tx) => {
      expect(await noteById.execute(tx, { id: 'outside' })).toEqual([inserted]);
    });
  });
});
