import { describe, expect, it } from 'vitest';
import { scheduleUnitPrice } from './prices';

const schedule = {
  PriceBreaks: [
    { Quantity: 10, Price: 90 },
    { Quantity: 1, Price: 100 },
    { Quantity: 50, Price: 80, SalePrice: 75 },
  ],
} as unknown as Parameters<typeof scheduleUnitPrice>[0];

describe('scheduleUnitPrice', () => {
  it('takes the largest break at or below the quantity, sale price first', () => {
    expect(scheduleUnitPrice(schedule, 1)).toBe(100);
    expect(scheduleUnitPrice(schedule, 9)).toBe(100);
    expect(scheduleUnitPrice(schedule, 10)).toBe(90);
    expect(scheduleUnitPrice(schedule, 500)).toBe(75);
    expect(scheduleUnitPrice(null, 1)).toBeUndefined();
  });
});
