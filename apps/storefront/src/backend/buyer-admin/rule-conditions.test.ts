import { describe, expect, it } from 'vitest';
import { conditionFromForm, fromExpression, parseAmount, toExpression } from './rule-conditions';

describe('approval-rule conditions ↔ RuleExpression', () => {
  it('writes an order-total condition and reads it back', () => {
    const expression = toExpression({ kind: 'orderTotalOver', amount: 50000 });
    expect(expression).toBe('order.Total > 50000');
    expect(fromExpression(expression)).toEqual({ kind: 'orderTotalOver', amount: 50000 });
    expect(fromExpression('ORDER.TOTAL>1234.5')).toEqual({ kind: 'orderTotalOver', amount: 1234.5 });
  });

  it('writes a family condition and reads it back', () => {
    const expression = toExpression({ kind: 'family', family: 'HD100' });
    expect(expression).toBe("items.any(Product.xp.FamilyID = 'HD100')");
    expect(fromExpression(expression)).toEqual({ kind: 'family', family: 'HD100' });
    expect(fromExpression("items.any(product.xp.familyid='la36')")).toEqual({
      kind: 'family',
      family: 'LA36',
    });
  });

  it('leaves any other expression to be shown as it is', () => {
    for (const other of [
      'order.Total >= 50000',
      'order.Total > 50000 and order.xp.Region = "DK"',
      "items.any(ProductID = 'HD100')",
      "items.any(Product.xp.FamilyID = 'HD100') or order.Total > 1",
      "order.approved('x')",
      '',
    ])
      expect(fromExpression(other)).toBeUndefined();
  });

  it('reads the form, refusing what it cannot express', () => {
    expect(conditionFromForm('orderTotalOver', '50.000', '')).toEqual({
      ok: true,
      condition: { kind: 'orderTotalOver', amount: 50000 },
    });
    expect(conditionFromForm('family', '', ' hd100 ')).toEqual({
      ok: true,
      condition: { kind: 'family', family: 'HD100' },
    });
    expect(conditionFromForm('orderTotalOver', '-5', '')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(conditionFromForm('family', '', "HD100') or (1=1")).toEqual({ ok: false, error: 'familyInvalid' });
    expect(conditionFromForm('family', '', '')).toEqual({ ok: false, error: 'familyInvalid' });
    expect(conditionFromForm('anything', '1', 'HD100')).toEqual({ ok: false, error: 'kindInvalid' });
  });

  it('parses amounts in every locale’s notation', () => {
    expect(parseAmount('50000')).toBe(50000);
    expect(parseAmount('50,000.50')).toBe(50000.5);
    expect(parseAmount('50.000,5')).toBe(50000.5);
    expect(parseAmount('50 000')).toBe(50000);
    expect(parseAmount('0')).toBeUndefined();
    expect(parseAmount('1e9')).toBeUndefined();
    expect(parseAmount('abc')).toBeUndefined();
    expect(parseAmount('99999999999')).toBeUndefined();
  });

  it('round-trips every condition the form can write', () => {
    for (const condition of [
      { kind: 'orderTotalOver' as const, amount: 0.01 },
      { kind: 'orderTotalOver' as const, amount: 1_000_000_000 },
      { kind: 'family' as const, family: 'HD-100_X' },
    ])
      expect(fromExpression(toExpression(condition))).toEqual(condition);
  });
});
