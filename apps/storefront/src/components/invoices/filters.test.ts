import { describe, expect, it } from 'vitest';
import { invoiceFilterQuery, isInvoiceFilterSet, parseInvoiceFilter } from './filters';

describe('invoice list filter from the URL', () => {
  it('tells an ERP order number from a web order id and keeps valid dates', () => {
    expect(parseInvoiceFilter({ order: 'so-adk-000012', from: '2026-01-01', page: '2' })).toEqual({
      order: 'so-adk-000012',
      orderNumber: 'SO-ADK-000012',
      from: '2026-01-01',
      page: 2,
    });
    expect(parseInvoiceFilter({ order: ' abc_123 ' })).toEqual({
      order: 'abc_123',
      orderId: 'abc_123',
      page: 1,
    });
  });

  it('drops what does not parse, swaps a reversed range and never pages below 1', () => {
    expect(parseInvoiceFilter({ from: '1.1.2026', to: 'x', page: '-3' })).toEqual({ page: 1 });
    expect(parseInvoiceFilter({ from: '2026-05-02', to: '2026-05-01' })).toMatchObject({
      from: '2026-05-01',
      to: '2026-05-02',
    });
    const odd = parseInvoiceFilter({ order: 'not an id!' });
    expect(odd).toEqual({ order: 'not an id!', page: 1 });
    expect(isInvoiceFilterSet(odd)).toBe(true);
    expect(isInvoiceFilterSet(parseInvoiceFilter({}))).toBe(false);
  });

  it('writes the filter back into a query with the page', () => {
    const filter = parseInvoiceFilter({ order: 'SO-ADK-000012', to: '2026-02-01' });
    expect(invoiceFilterQuery(filter, 3)).toBe('?to=2026-02-01&order=SO-ADK-000012&page=3');
    expect(invoiceFilterQuery(parseInvoiceFilter({}), 1)).toBe('');
  });

  it('keeps a known document kind only, and carries it into the page links', () => {
    const notes = parseInvoiceFilter({ kind: 'CreditNote' });
    expect(notes).toEqual({ kind: 'CreditNote', page: 1 });
    expect(isInvoiceFilterSet(notes)).toBe(true);
    expect(invoiceFilterQuery(notes, 2)).toBe('?kind=CreditNote&page=2');
    expect(parseInvoiceFilter({ kind: 'Refund' })).toEqual({ page: 1 });
  });
});
