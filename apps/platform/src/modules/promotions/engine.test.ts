import { describe, expect, it } from 'vitest';
import {
  capAmounts,
  evaluatePromotion,
  type OrderView,
  type PromotionRule,
  sortLines,
  usesCategories,
  withCategories,
} from './engine.ts';

const promotion = (overrides: Partial<PromotionRule>): PromotionRule => ({
  ID: 'p',
  Code: 'P',
  LineItemLevel: false,
  EligibleExpression: 'true',
  ValueExpression: '0',
  UseIntegration: false,
  QuantityLimitPerOrder: null,
  ItemLimitPerOrder: null,
  ItemSortBy: null,
  ...overrides,
});

const line = (id: string, productId: string, quantity: number, unitPrice: number, added: string) => ({
  entity: {
    ID: id,
    ProductID: productId,
    Quantity: quantity,
    UnitPrice: unitPrice,
    LineSubtotal: unitPrice * quantity,
    DateAdded: added,
    Product: { ID: productId, xp: { OnSale: productId !== 'full-price' } },
  },
  lineSubtotal: unitPrice * quantity * 100,
});

const view = (
  lines = [line('a', 'ABC', 2, 30, '2026-01-01T00:00:00Z'), line('b', 'XYZ', 1, 40, '2026-01-02T00:00:00Z')],
): OrderView => {
  const subtotal = lines.reduce((sum, entry) => sum + entry.entity.LineSubtotal, 0);
  return {
    currency: 'EUR',
    order: { ID: 'o', Subtotal: subtotal, ShippingCost: 12, TaxCost: 0, Total: subtotal + 12, xp: {} },
    lines,
    now: new Date('2026-06-01T00:00:00Z'),
  };
};

describe('evaluatePromotion', () => {
  it('$10 off over $50: an order-level amount in minor units', () => {
    const result = evaluatePromotion(
      promotion({ EligibleExpression: 'order.Subtotal > 50', ValueExpression: '10' }),
      view(),
    );
    expect(result).toEqual({ ok: true, amounts: [{ LineItemID: null, Amount: 1000 }] });
  });

  it('free shipping: the value may read order.ShippingCost', () => {
    const result = evaluatePromotion(
      promotion({ EligibleExpression: 'order.Subtotal >= 60', ValueExpression: 'order.ShippingCost' }),
      view(),
    );
    expect(result).toEqual({ ok: true, amounts: [{ LineItemID: null, Amount: 1200 }] });
  });

  it('BOGO: items.quantity/items.total with a filter', () => {
    const result = evaluatePromotion(
      promotion({
        EligibleExpression: "items.quantity(ProductID = 'ABC') > 1",
        ValueExpression: "items.total(ProductID = 'ABC') / items.quantity(ProductID = 'ABC')",
      }),
      view(),
    );
    expect(result).toEqual({ ok: true, amounts: [{ LineItemID: null, Amount: 3000 }] });
  });

  it('capped with min(); ifs() picks the first true branch', () => {
    const capped = evaluatePromotion(
      promotion({
        EligibleExpression: 'items.all(Product.xp.OnSale = true)',
        ValueExpression: 'min(order.Subtotal * .1, 5)',
      }),
      view(),
    );
    expect(capped).toEqual({ ok: true, amounts: [{ LineItemID: null, Amount: 500 }] });
    const tiered = evaluatePromotion(
      promotion({ ValueExpression: 'ifs(order.Subtotal > 1000, 100, order.Subtotal > 50, 7.5, 0)' }),
      view(),
    );
    expect(tiered).toEqual({ ok: true, amounts: [{ LineItemID: null, Amount: 750 }] });
  });

  it('not eligible when the EligibleExpression is false or cannot be evaluated', () => {
    expect(
      evaluatePromotion(promotion({ EligibleExpression: 'order.Subtotal > 500' }), view()),
    ).toMatchObject({
      ok: false,
      code: 'Promotion.NotEligible',
    });
    expect(
      evaluatePromotion(promotion({ ValueExpression: 'order.Subtotal / (order.TaxCost)' }), view()),
    ).toMatchObject({ ok: false, code: 'Promotion.NotEligible' });
  });

  it('a negative value gives no discount', () => {
    expect(evaluatePromotion(promotion({ ValueExpression: '-5' }), view())).toEqual({
      ok: true,
      amounts: [{ LineItemID: null, Amount: 0 }],
    });
  });

  it('line level: item selects the lines, the value is per line', () => {
    const result = evaluatePromotion(
      promotion({
        LineItemLevel: true,
        EligibleExpression: "item.ProductID = 'XYZ' and items.any(ProductID = 'ABC')",
        ValueExpression: 'item.LineSubtotal * .15',
      }),
      view(),
    );
    expect(result).toEqual({ ok: true, amounts: [{ LineItemID: 'b', Amount: 600 }] });
  });

  it('QuantityLimitPerOrder: the value is per unit, for at most N units', () => {
    const result = evaluatePromotion(
      promotion({
        LineItemLevel: true,
        EligibleExpression: 'item.UnitPrice > 0',
        ValueExpression: 'item.UnitPrice * .5',
        QuantityLimitPerOrder: 2,
      }),
      view(),
    );
    // DateAdded order: line a (2 units at 30 → 15 each) uses both units; line b gets none.
    expect(result).toEqual({
      ok: true,
      amounts: [
        { LineItemID: 'a', Amount: 3000 },
        { LineItemID: 'b', Amount: 0 },
      ],
    });
  });

  it('ItemLimitPerOrder with ItemSortBy: the first N lines in that order', () => {
    const rule = promotion({
      LineItemLevel: true,
      EligibleExpression: 'item.Quantity > 0',
      ValueExpression: '1',
      ItemLimitPerOrder: 1,
    });
    expect(evaluatePromotion(rule, view())).toEqual({
      ok: true,
      amounts: [{ LineItemID: 'a', Amount: 100 }],
    });
    expect(evaluatePromotion({ ...rule, ItemSortBy: '!UnitPrice' }, view())).toEqual({
      ok: true,
      amounts: [{ LineItemID: 'b', Amount: 100 }],
    });
  });

  it('line level with no qualifying line is not eligible', () => {
    expect(
      evaluatePromotion(
        promotion({
          LineItemLevel: true,
          EligibleExpression: "item.ProductID = 'NONE'",
          ValueExpression: '1',
        }),
        view(),
      ),
    ).toMatchObject({ ok: false, code: 'Promotion.NotEligible' });
  });

  it('UseIntegration without a ValueExpression gives 0 until the integration overrides it', () => {
    expect(evaluatePromotion(promotion({ ValueExpression: null, UseIntegration: true }), view())).toEqual({
      ok: true,
      amounts: [{ LineItemID: null, Amount: 0 }],
    });
  });
});

describe('sortLines', () => {
  it('sorts by the fields given, DateAdded ascending last', () => {
    const lines = view().lines;
    expect(sortLines(lines, null).map((entry) => entry.entity.ID)).toEqual(['a', 'b']);
    expect(sortLines(lines, '!LineSubtotal').map((entry) => entry.entity.ID)).toEqual(['a', 'b']);
    expect(sortLines(lines, 'LineSubtotal').map((entry) => entry.entity.ID)).toEqual(['b', 'a']);
  });
});

describe('capAmounts', () => {
  it('keeps each line discount within its line and the order discounts within the total', () => {
    const capped = capAmounts(
      [
        { promotionId: 'order', lineItemLevel: false, amounts: [{ LineItemID: null, Amount: 10_000 }] },
        { promotionId: 'line1', lineItemLevel: true, amounts: [{ LineItemID: 'a', Amount: 5000 }] },
        { promotionId: 'line2', lineItemLevel: true, amounts: [{ LineItemID: 'a', Amount: 2000 }] },
      ],
      new Map([['a', 6000]]),
      7200,
    );
    expect(capped.get('line1')).toEqual([{ LineItemID: 'a', Amount: 5000 }]);
    expect(capped.get('line2')).toEqual([{ LineItemID: 'a', Amount: 1000 }]);
    expect(capped.get('order')).toEqual([{ LineItemID: null, Amount: 1200 }]);
  });
});

describe('product categories', () => {
  it('usesCategories tells which promotions need the category lookup', () => {
    expect(usesCategories(promotion({ EligibleExpression: "items.any(product.incategory('A'))" }))).toBe(
      true,
    );
    expect(
      usesCategories(promotion({ ValueExpression: "items.total(product.inparentcategory('A')) * .1" })),
    ).toBe(true);
    expect(usesCategories(promotion({ EligibleExpression: "order.xp.Note = 'incategory'" }))).toBe(false);
  });

  it('withCategories puts CategoryIDs and ParentCategoryIDs on each line product; unknown products get none', () => {
    const categorised = withCategories(
      view(),
      new Map([['ABC', { CategoryIDs: ['leaf'], ParentCategoryIDs: ['root'] }]]),
    );
    const rule = promotion({
      LineItemLevel: true,
      EligibleExpression: "item.product.inparentcategory('ROOT')",
      ValueExpression: '1',
    });
    expect(evaluatePromotion(rule, categorised)).toEqual({
      ok: true,
      amounts: [{ LineItemID: 'a', Amount: 100 }],
    });
    expect(categorised.lines[1]?.entity.Product).toMatchObject({
      ID: 'XYZ',
      CategoryIDs: [],
      xp: { OnSale: true },
    });
    expect(evaluatePromotion(rule, view()).ok).toBe(false);
  });
});
