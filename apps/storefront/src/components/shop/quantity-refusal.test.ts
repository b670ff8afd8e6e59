import { describe, expect, it } from 'vitest';
import { parseQuantity, quantityRefusal } from './quantity-refusal';

describe('parseQuantity', () => {
  it('reads whole quantities within the limits', () => {
    expect(parseQuantity('3', 1, 9999)).toBe(3);
    expect(parseQuantity(' 9999 ', 1, 9999)).toBe(9999);
    expect(parseQuantity('0', 0, 9999)).toBe(0);
  });

  it('refuses anything else', () => {
    for (const raw of ['0', '10000', '-1', '1.5', '1e3', '', 'abc', '2abc']) {
      expect(parseQuantity(raw, 1, 9999), raw).toBeUndefined();
    }
    expect(parseQuantity(null, 1, 9999)).toBeUndefined();
  });
});

describe('quantityRefusal', () => {
  it('maps the price schedule limits with their numbers', () => {
    expect(quantityRefusal('PriceSchedule.CannotBeLessThanMin', { quantity: 1, min: 5 }, 9999)).toEqual({
      key: 'quantityBelowMin',
      values: { min: 5 },
    });
    expect(quantityRefusal('PriceSchedule.CumulativeCannotExceedMax', { max: 50 }, 9999)).toEqual({
      key: 'quantityAboveMax',
      values: { max: 50 },
    });
    expect(quantityRefusal('PriceSchedule.QuantityNotAllowed', { quantity: 3 }, 9999)?.key).toBe(
      'quantityNotAllowed',
    );
    expect(quantityRefusal('LineItem.QuantityMustBePositive', undefined, 9999)).toEqual({
      key: 'invalidQuantity',
      values: { max: 9999 },
    });
  });

  it('leaves other refusals alone', () => {
    expect(quantityRefusal('NotFound', undefined, 9999)).toBeUndefined();
    expect(quantityRefusal(undefined, undefined, 9999)).toBeUndefined();
  });
});
