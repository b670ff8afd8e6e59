import { describe, expect, it } from 'vitest';
import { APPROVED } from './acquirer.ts';
import { coveredPart } from './covered-part.ts';

const amount = { currency: 'EUR', value: 7500 };
const order = { pspReference: 'ABCDEFGHIJKLMNOP', orderData: 'Od1!x.y' };

describe('coveredPart', () => {
  it('charges the whole amount when the method covers it or says nothing', () => {
    expect(coveredPart({ amount }, { acquirer: APPROVED })).toEqual({
      amountValue: 7500,
      acquirer: APPROVED,
    });
    expect(coveredPart({ amount, order }, { acquirer: APPROVED, authorisedValue: 9000 }).amountValue).toBe(
      7500,
    );
  });

  it('inside an order charges what the method covers and leaves the rest', () => {
    expect(coveredPart({ amount, order }, { acquirer: APPROVED, authorisedValue: 5000 })).toEqual({
      amountValue: 5000,
      acquirer: APPROVED,
    });
  });

  it('outside an order (or with nothing covered) refuses instead of charging a part', () => {
    const outside = coveredPart({ amount }, { acquirer: APPROVED, authorisedValue: 5000 });
    expect(outside.amountValue).toBe(7500);
    expect(outside.acquirer).toMatchObject({
      resultCode: 'Refused',
      code: 12,
      refusalReason: 'Not enough balance',
    });
    expect(coveredPart({ amount, order }, { acquirer: APPROVED, authorisedValue: 0 }).acquirer.code).toBe(12);
  });
});
