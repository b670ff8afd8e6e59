import { HttpError } from '@actuate/service-kit';
import { boolean, integer, jsonb, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { buildListSql, type ListDefinition, listMeta, parseListQuery } from './list-query.ts';

const things = pgTable('things', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull(),
  size: integer('size').notNull(),
  xp: jsonb('xp').notNull(),
});

const definition: ListDefinition = {
  fields: {
    ID: { column: things.id, type: 'text' },
    Name: { column: things.name, type: 'text' },
    Active: { column: things.active, type: 'boolean' },
    Size: { column: things.size, type: 'number' },
  },
  xp: things.xp,
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
};

const dialect = new PgDialect();
const compile = (query: Record<string, string | string[]>) => {
  const list = buildListSql(definition, parseListQuery(query));
  return list.where ? dialect.sqlToQuery(list.where) : undefined;
};

const invalid = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof HttpError && error.status === 400 && error.code === 'InvalidRequest';
  }
  return false;
};

describe('list query parameters', () => {
  it('reads paging, search, sort and leaves the rest as filters', () => {
    expect(
      parseListQuery({
        page: '2',
        pageSize: '5',
        search: 'x',
        searchOn: 'Name,ID',
        sortBy: '!Name',
        Size: ['>1', '<9'],
      }),
    ).toEqual({
      page: 2,
      pageSize: 5,
      search: 'x',
      searchOn: ['Name', 'ID'],
      sortBy: ['!Name'],
      filters: [
        { field: 'Size', value: '>1' },
        { field: 'Size', value: '<9' },
      ],
    });
  });

  it('refuses bad paging', () => {
    expect(invalid(() => parseListQuery({ pageSize: '101' }))).toBe(true);
    expect(invalid(() => parseListQuery({ page: '0' }))).toBe(true);
    expect(invalid(() => parseListQuery({ page: 'abc' }))).toBe(true);
  });

  it('binds every value as a parameter, never in the SQL text', () => {
    const query = compile({ Name: "x'; drop table things; --*", 'xp.Facets.voltage': '24|48' });
    expect(query?.sql).not.toContain('drop table');
    expect(query?.params).toEqual(
      expect.arrayContaining(["x'; drop table things; --%", 'Facets', 'voltage', '24', '48']),
    );
  });

  it('translates ranges on typed columns and xp numbers', () => {
    const typed = compile({ Size: ['>=2', '<10'] });
    expect(typed?.sql).toContain('"size" >= $1');
    expect(typed?.params).toEqual([2, 10]);
    const xp = compile({ 'xp.Stroke': '>100' });
    expect(xp?.sql).toContain('jsonb_typeof');
    expect(xp?.params).toContain(100);
  });

  it('refuses unknown fields, wrongly typed values and wildcards on numbers', () => {
    expect(invalid(() => compile({ Nope: '1' }))).toBe(true);
    expect(invalid(() => compile({ Size: 'big' }))).toBe(true);
    expect(invalid(() => compile({ Active: 'maybe' }))).toBe(true);
    expect(invalid(() => compile({ Size: '1*' }))).toBe(true);
    expect(invalid(() => buildListSql(definition, parseListQuery({ sortBy: 'Nope' })))).toBe(true);
    expect(invalid(() => buildListSql(definition, parseListQuery({ search: 'x', searchOn: 'Nope' })))).toBe(
      true,
    );
  });

  it('computes Meta like OrderCloud', () => {
    expect(listMeta({ page: 2, pageSize: 20 }, 45, 20)).toEqual({
      Page: 2,
      PageSize: 20,
      TotalCount: 45,
      TotalPages: 3,
      ItemRange: [21, 40],
    });
    expect(listMeta({ page: 1, pageSize: 20 }, 0, 0).ItemRange).toEqual([0, 0]);
  });
});
