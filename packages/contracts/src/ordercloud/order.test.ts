import { describe, expect, it } from 'vitest';
import { fromMinorUnits, sumMinorUnits, toMinorUnits } from '../money.ts';
import { lineItem, pendingOrderXp, submittedOrder } from '../testing/samples.ts';
import { LineItem, LineItemXp, RejectedLineItemXp, SubmittedLineItemXp } from './line-item.ts';
import {
  isPendingOrderXp,
  isSubmittedOrderXp,
  Order,
  OrderXp,
  PendingOrderXp,
  SubmittedOrderXp,
} from './order.ts';

describe('Order', () => {
  it('parses a realistic submitted order', () => {
    const order = Order.parse(submittedOrder);
    expect(order.Status).toBe('Open');
    expect(order.FromUser?.xp?.Kind).toBe('Complete');
    expect(SubmittedOrderXp.parse(order.xp).OrderNumber).toBe('SO-100481');
  });

  it('has money fields that add up as OrderCloud computes them', () => {
    const order = Order.parse(submittedOrder);
    const currency = order.Currency ?? 'DKK';
    const minor = (value: number | null | undefined) => toMinorUnits(value ?? 0, currency);
    const total = sumMinorUnits([
      minor(order.Subtotal),
      minor(order.TaxCost),
      minor(order.ShippingCost),
      minor(order.Gratuity),
      minor(order.Fees),
      -minor(order.PromotionDiscount),
    ]);
    expect(fromMinorUnits(total, currency)).toBe(order.Total);
  });

  it('accepts an empty cart and a create body', () => {
    expect(Order.safeParse({ ID: 'cart-1', Status: 'Unsubmitted', xp: {} }).success).toBe(true);
    expect(Order.safeParse({}).success).toBe(true);
  });

  it('rejects bad statuses, dates, currencies and extensions', () => {
    const bad = [
      { Status: 'Shipped' },
      { DateSubmitted: '2024-03-04T10:05:40' },
      { DateSubmitted: '2024-13-04T10:05:40Z' },
      { Currency: 'dkk' },
      { Gratuity: -1 },
      { LineItemCount: 1.5 },
      { ID: 'ORD 1' },
      { xp: { ...submittedOrder.xp, WebShopStatus: 'Sent' } },
      { xp: { ...submittedOrder.xp, SalesCompanyId: 'DK1' } },
      { xp: { ...submittedOrder.xp, ConfirmedShippingDate: '18/03/2024' } },
      { xp: { ErpSubmissionIssue: 'Unknown' } },
    ];
    for (const change of bad) {
      expect(Order.safeParse({ ...submittedOrder, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });

  it('tells submitted and pending extensions apart', () => {
    expect(isSubmittedOrderXp(submittedOrder.xp)).toBe(true);
    expect(isPendingOrderXp(submittedOrder.xp)).toBe(false);
    expect(isPendingOrderXp(pendingOrderXp)).toBe(true);
    expect(isSubmittedOrderXp(pendingOrderXp)).toBe(false);
    expect(PendingOrderXp.safeParse({ ...pendingOrderXp, OrderNumber: undefined }).success).toBe(false);
    expect(OrderXp.safeParse(pendingOrderXp).success).toBe(true);
    expect(OrderXp.safeParse({ CustomerReference: 'PO 1' }).success).toBe(true);
  });
});

describe('LineItem', () => {
  it('parses a line with specs, product and shipping address', () => {
    const line = LineItem.parse(lineItem);
    expect(line.Specs?.map((spec) => spec.PriceMarkupType)).toEqual(['AmountPerQuantity', 'NoMarkup']);
    expect(line.Product?.xp?.Kind).toBe('SalesItem');
    expect(SubmittedLineItemXp.parse(line.xp).ErpLineNumber).toBe(10);
  });

  it('has LineSubtotal = UnitPrice × Quantity and LineTotal = LineSubtotal − PromotionDiscount', () => {
    const line = LineItem.parse(lineItem);
    const unit = toMinorUnits(line.UnitPrice ?? 0, 'DKK');
    expect(fromMinorUnits(unit * line.Quantity, 'DKK')).toBe(line.LineSubtotal);
    expect(
      fromMinorUnits(
        toMinorUnits(line.LineSubtotal ?? 0, 'DKK') - toMinorUnits(line.PromotionDiscount ?? 0, 'DKK'),
        'DKK',
      ),
    ).toBe(line.LineTotal);
  });

  it('accepts either ERP extension, or none, but not both', () => {
    expect(LineItemXp.safeParse({ ErpSubmissionIssue: 'MissingItemSalesCompany' }).success).toBe(true);
    expect(RejectedLineItemXp.safeParse({ ErpSubmissionIssue: 'InvalidItemStateSalesCompany' }).success).toBe(
      true,
    );
    expect(LineItemXp.safeParse({}).success).toBe(true);
    expect(LineItemXp.safeParse({ ErpLineNumber: 10, ErpSubmissionIssue: 'Error' }).success).toBe(false);
    // A result replaced on re-submission clears the other key with null.
    expect(LineItemXp.safeParse({ ErpLineNumber: 10, ErpSubmissionIssue: null }).success).toBe(true);
    expect(LineItemXp.safeParse({ ErpLineNumber: null, ErpSubmissionIssue: 'Error' }).success).toBe(true);
    expect(LineItemXp.safeParse({ ErpSubmissionIssue: 'MissingCustomer' }).success).toBe(false);
    expect(LineItemXp.safeParse({ ErpLineNumber: 0 }).success).toBe(false);
  });

  it('rejects bad quantities, specs and IDs', () => {
    const bad = [
      { Quantity: 0 },
      { Quantity: 1.5 },
      { Quantity: undefined },
      { ProductID: undefined },
      { ProductID: 'A12345?' },
      { Specs: [{ SpecID: 'x', OptionID: 'y', Value: 'z', PriceMarkupType: 'Discount' }] },
      { Specs: [{ OptionID: 'y', Value: 'z' }] },
      { DateNeeded: '2024-04-01' },
    ];
    for (const change of bad) {
      expect(LineItem.safeParse({ ...lineItem, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });
});
