import { describe, expect, it } from 'vitest';
import { expectedDeliveryDay, lineAmounts, showsExpectedShipDate, transactionResult } from './order-amounts';

describe('lineAmounts', () => {
  it('shows the discount on the line so subtotal − discount = line total', () => {
    const line = {
      UnitPrice: 2466.9,
      Quantity: 12,
      LineSubtotal: 29602.8,
      PromotionDiscount: 100,
      LineTotal: 29502.8,
    };
    const amounts = lineAmounts(line);
    expect(amounts).toEqual({ subtotal: 29602.8, discount: 100, total: 29502.8 });
    expect(amounts.subtotal - amounts.discount).toBeCloseTo(amounts.total, 10);
  });

  it('derives missing amounts from unit price and quantity', () => {
    expect(lineAmounts({ UnitPrice: 10.1, Quantity: 3 })).toEqual({
      subtotal: 30.299999999999997,
      discount: 0,
      total: 30.3,
    });
  });
});

describe('showsExpectedShipDate', () => {
  it('hides the expected ship date once shipped, invoiced or cancelled', () => {
    expect(showsExpectedShipDate('Confirmed')).toBe(true);
    expect(showsExpectedShipDate('PartlyShipped')).toBe(true);
    expect(showsExpectedShipDate(undefined)).toBe(true);
    expect(showsExpectedShipDate('Shipped')).toBe(false);
    expect(showsExpectedShipDate('Invoiced')).toBe(false);
    expect(showsExpectedShipDate('Cancelled')).toBe(false);
  });
});

describe('expectedDeliveryDay', () => {
  it('counts business days only', () => {
    // Friday 27 Nov 2026 + 2 business days = Tuesday 1 Dec 2026.
    expect(expectedDeliveryDay('2026-11-27T10:00:00Z', 2)).toBe('2026-12-01');
    expect(expectedDeliveryDay('2026-11-24', 1)).toBe('2026-11-25');
  });

  it('answers undefined without a date or transit time', () => {
    expect(expectedDeliveryDay(undefined, 2)).toBeUndefined();
    expect(expectedDeliveryDay('2026-11-24', undefined)).toBeUndefined();
    expect(expectedDeliveryDay('not a date', 1)).toBeUndefined();
  });
});

describe('transactionResult', () => {
  const words = { succeeded: 'Succeeded', failed: 'Failed' };
  it('does not repeat the result word', () => {
    expect(transactionResult(true, 'Succeeded', words)).toBe('Succeeded');
    expect(transactionResult(true, 'Authorised', words)).toBe('Succeeded');
    expect(transactionResult(true, undefined, words)).toBe('Succeeded');
    expect(transactionResult(false, 'Failed', words)).toBe('Failed');
    // German words, the middleware's English default message.
    const de = { succeeded: 'Erfolgreich', failed: 'Fehlgeschlagen' };
    expect(transactionResult(true, 'Succeeded', de)).toBe('Erfolgreich');
    expect(transactionResult(false, 'Failed', de)).toBe('Fehlgeschlagen');
  });

  it('keeps a message that says more', () => {
    expect(transactionResult(false, 'Card expired', words)).toBe('Failed — Card expired');
    expect(transactionResult(true, 'Paid by bank transfer', words)).toBe('Succeeded — Paid by bank transfer');
  });
});
