import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyRange, sumMoney, toMinor } from './money';

const nbsp = '\u00a0';

describe('formatMoney', () => {
  it('formats DKK and EUR for each locale', () => {
    expect(formatMoney(1234.5, 'DKK', 'da')).toBe(`1.234,50${nbsp}kr.`);
    expect(formatMoney(1234.5, 'EUR', 'de')).toBe(`1.234,50${nbsp}€`);
    expect(formatMoney(1234.5, 'DKK', 'en')).toBe(`DKK${nbsp}1,234.50`);
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney(0, 'EUR', 'da')).toBe(`0,00${nbsp}€`);
  });

  it('rounds to the minor unit and shows a dash for a missing amount', () => {
    expect(formatMoney(0.005, 'EUR', 'en')).toBe('€0.01');
    expect(formatMoney(1.005, 'EUR', 'en')).toBe('€1.01');
    expect(formatMoney(undefined, 'EUR', 'en')).toBe('–');
    expect(formatMoney(Number.NaN, 'EUR', 'en')).toBe('–');
  });

  it('formats ranges, collapsing equal ends', () => {
    expect(formatMoneyRange(10, 20, 'EUR', 'en')).toBe('€10.00 – €20.00');
    expect(formatMoneyRange(10, 10, 'EUR', 'en')).toBe('€10.00');
    expect(formatMoneyRange(undefined, 5, 'EUR', 'en')).toBe('€5.00');
  });
});

describe('minor units', () => {
  it('sums decimals exactly', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([19.99, 0.01, undefined])).toBe(20);
    expect(toMinor(-2.345)).toBe(-235);
  });
});
