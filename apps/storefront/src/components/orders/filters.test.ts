import { describe, expect, it } from 'vitest';
import { isFiltered, isoDay, nextDay, orderFilterQuery, orderListOptions, parseOrderFilter } from './filters';

describe('order filters', () => {
  it('reads valid params and ignores invalid ones', () => {
    expect(
      parseOrderFilter({
        status: 'Open',
        wss: 'Shipped',
        from: '2026-01-01',
        to: '2026-02-30',
        q: ' 0001 ',
        page: '3',
      }),
    ).toEqual({
      status: 'Open',
      webShopStatus: 'Shipped',
      from: '2026-01-01',
      search: '0001',
      page: 3,
    });
    expect(parseOrderFilter({ status: 'Unsubmitted', wss: 'x', page: '-1' })).toEqual({ page: 1 });
    expect(parseOrderFilter({ page: ['2', '5'] })).toEqual({ page: 2 });
  });

  it('swaps a reversed date range', () => {
    expect(parseOrderFilter({ from: '2026-03-01', to: '2026-01-01' })).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-01',
    });
  });

  it('checks calendar days', () => {
    expect(isoDay('2026-02-28')).toBe('2026-02-28');
    expect(isoDay('2026-02-29')).toBeUndefined();
    expect(isoDay('26-1-1')).toBeUndefined();
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('builds OrderCloud list options that hide the cart', () => {
    expect(orderListOptions({ page: 1 })).toEqual({
      sortBy: ['!DateCreated'],
      page: 1,
      pageSize: 20,
      filters: { Status: '!Unsubmitted' },
    });
    const options = orderListOptions({
      status: 'Completed',
      webShopStatus: 'Invoiced',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'SO-ADK',
      page: 2,
    });
    expect(options.filters).toEqual({
      Status: 'Completed',
      'xp.WebShopStatus': 'Invoiced',
      'xp.OrderNumber': '*SO-ADK*',
      DateSubmitted: ['>=2026-01-01', '<2026-02-01'],
    });
    expect(options.search).toBeUndefined();
    const byId = orderListOptions({ search: '0001', page: 1 });
    expect(byId).toMatchObject({ search: '0001', searchOn: ['ID', 'Comments'] });
    expect(orderListOptions({ search: 'so-a*|b', page: 1 }).filters['xp.OrderNumber']).toBe('*so-ab*');
    expect(orderListOptions({ to: '2026-01-31', page: 1 }).filters.DateSubmitted).toBe('<2026-02-01');
  });

  it('writes the filter back into a query string', () => {
    const filter = parseOrderFilter({ status: 'Open', q: 'a b', page: '2' });
    expect(orderFilterQuery(filter)).toBe('?status=Open&q=a+b&page=2');
    expect(orderFilterQuery(filter, { page: 1 })).toBe('?status=Open&q=a+b');
    expect(orderFilterQuery({ page: 1 })).toBe('');
    expect(isFiltered({ page: 4 })).toBe(false);
    expect(isFiltered(filter)).toBe(true);
  });
});
