import { describe, expect, it } from 'vitest';
import type { SalesOrderLineRow } from '../sales-orders/repository.ts';
import { plannedPart } from './service.ts';

const line = (lineNumber: number, quantity: number, quantityShipped = 0): SalesOrderLineRow => ({
  orderNumber: 'SO-ADK-000001',
  lineNumber,
  webShopLineItemId: `li-${lineNumber}`,
  salesItemNumber: 'B10001',
  quantity,
  quantityShipped,
  unitPrice: 100,
  dateNeeded: null,
  costCenter: null,
});

const shape = (parts: ReturnType<typeof plannedPart>) =>
  parts.map((part) => [part.lineNumber, part.quantity]);

describe('planned shipments', () => {
  it('ships the first half of the lines first, then the rest', () => {
    expect(shape(plannedPart([line(10, 3), line(20, 1), line(30, 4)], true))).toEqual([
      [10, 3],
      [20, 1],
    ]);
    expect(shape(plannedPart([line(10, 3, 3), line(20, 1, 1), line(30, 4)], false))).toEqual([[30, 4]]);
  });

  it('splits the quantity of a single line, and ships a single piece at once', () => {
    expect(shape(plannedPart([line(10, 5)], true))).toEqual([[10, 2]]);
    expect(shape(plannedPart([line(10, 5, 2)], false))).toEqual([[10, 3]]);
    expect(shape(plannedPart([line(10, 1)], true))).toEqual([[10, 1]]);
  });
});
