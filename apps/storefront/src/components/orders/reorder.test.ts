import { describe, expect, it } from 'vitest';
import { planReorder } from './reorder';

const line = (ID: string, ProductID: string, Quantity: number) => ({ ID, ProductID, Quantity });
const product = (ID: string, min = 1, max: number | null = null) => ({
  ID,
  Active: true,
  PriceSchedule: { MinQuantity: min, MaxQuantity: max },
});

describe('planReorder', () => {
  it('adds lines still in the catalogue and skips the rest with a reason', () => {
    const plan = planReorder(
      [line('1', 'B10001', 2), line('2', 'GONE', 1), line('3', 'B10003', 50), line('4', 'B10004', 1)],
      new Map([
        ['B10001', product('B10001')],
        ['B10003', product('B10003', 1, 10)],
        ['B10004', product('B10004', 5)],
      ]),
    );
    expect(plan.add.map((entry) => [entry.line.ProductID, entry.quantity])).toEqual([
      ['B10001', 2],
      ['B10004', 5],
    ]);
    expect(plan.skipped.map((entry) => [entry.line.ProductID, entry.reason])).toEqual([
      ['GONE', 'unavailable'],
      ['B10003', 'quantity'],
    ]);
  });

  it('skips inactive or unpriced products', () => {
    const plan = planReorder(
      [line('1', 'A', 1), line('2', 'B', 1)],
      new Map([
        ['A', { ID: 'A', Active: false, PriceSchedule: {} }],
        ['B', { ID: 'B', Active: true, PriceSchedule: null }],
      ]),
    );
    expect(plan.add).toEqual([]);
    expect(plan.skipped).toHaveLength(2);
  });
});
