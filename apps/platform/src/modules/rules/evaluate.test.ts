import { describe, expect, it } from 'vitest';
import {
  type CompileOptions,
  compileExpression,
  type EvaluationContext,
  type ExpressionKind,
  type RuleLineItem,
  type RuleOrder,
  roundHalfAwayFromZero,
  selectEligibleLines,
  wildcardMatch,
} from './index.ts';

const line = (over: Partial<RuleLineItem>): RuleLineItem => ({
  ID: 'L',
  ProductID: 'P',
  Quantity: 1,
  UnitPrice: 10,
  LineSubtotal: 10,
  Product: { ID: 'P', CategoryIDs: [], ParentCategoryIDs: [], xp: {} },
  xp: {},
  ...over,
});

const baseOrder = (over: Partial<RuleOrder> = {}): RuleOrder => ({
  ID: 'O1',
  Subtotal: 0,
  Total: 0,
  ShippingCost: 0,
  xp: {},
  FromUser: { ID: 'u1', xp: {} },
  ...over,
});

function ctx(items: RuleLineItem[], order: Partial<RuleOrder> = {}, extra: Partial<EvaluationContext> = {}) {
  const subtotal = items.reduce((s, l) => s + (l.LineSubtotal ?? 0), 0);
  return { order: baseOrder({ Subtotal: subtotal, Total: subtotal, ...order }), items, ...extra };
}

function run<K extends ExpressionKind>(
  source: string,
  options: CompileOptions<K>,
  context: EvaluationContext,
) {
  const compiled = compileExpression(source, options);
  if (!compiled.ok) throw new Error(`${source}: ${compiled.error.message}`);
  return compiled.expression.evaluate(context);
}
const value = (src: string, c: EvaluationContext, lineItemLevel = false) => {
  const r = run(src, { kind: 'value', lineItemLevel }, c);
  if (!r.ok) throw new Error(`${src}: ${r.error.message}`);
  return r.value;
};
const eligible = (src: string, c: EvaluationContext, lineItemLevel = false) => {
  const r = run(src, { kind: 'eligible', lineItemLevel }, c);
  if (!r.ok) throw new Error(`${src}: ${r.error.message}`);
  return r.value;
};
const rule = (src: string, c: EvaluationContext) => {
  const r = run(src, { kind: 'approvalRule' }, c);
  if (!r.ok) throw new Error(`${src}: ${r.error.message}`);
  return r.value;
};

describe('documented promotion examples (rule-based-promotion-expressions.mdx)', () => {
  it('$10 off any order greater than $50', () => {
    expect(eligible('order.Subtotal > 50', ctx([line({ LineSubtotal: 50 })]))).toBe(false);
    expect(eligible('order.Subtotal > 50', ctx([line({ LineSubtotal: 50.01 })]))).toBe(true);
    expect(value('10', ctx([line({ LineSubtotal: 80 })]))).toBe(10);
  });

  it('free shipping when you spend $60', () => {
    const c = ctx([line({ LineSubtotal: 60 })], { ShippingCost: 12.345 });
    expect(eligible('order.Subtotal >= 60', c)).toBe(true);
    expect(eligible('order.Subtotal >= 60', ctx([line({ LineSubtotal: 59.99 })]))).toBe(false);
    expect(value('order.ShippingCost', c)).toBe(12.35);
  });

  it('BOGO limited to one free item', () => {
    const items = [
      line({ ProductID: 'ABC', Quantity: 1, LineSubtotal: 20 }),
      line({ ProductID: 'ABC', Quantity: 2, LineSubtotal: 40 }),
      line({ ProductID: 'XYZ', Quantity: 5, LineSubtotal: 500 }),
    ];
    expect(eligible("items.quantity(ProductID = 'ABC') > 1", ctx(items))).toBe(true);
    expect(eligible("items.quantity(ProductID = 'ABC') > 1", ctx([items[0]!]))).toBe(false);
    expect(value("items.total(ProductID = 'ABC') / items.quantity(ProductID = 'ABC')", ctx(items))).toBe(20);
  });

  it('$5 off when any line has a given product', () => {
    expect(eligible("items.any(ProductID = '123')", ctx([line({ ProductID: '123' })]))).toBe(true);
    expect(eligible("items.any(ProductID = '123')", ctx([line({ ProductID: '1234' })]))).toBe(false);
    expect(value('5', ctx([]))).toBe(5);
  });

  it('15% off line items in a category (line-item level)', () => {
    const bike = line({ ProductID: 'B', LineSubtotal: 333.33, Product: { CategoryIDs: ['Bikes'] } });
    const helmet = line({ ProductID: 'H', LineSubtotal: 50, Product: { CategoryIDs: ['Helmets'] } });
    const c = ctx([bike, helmet]);
    expect(eligible("item.product.incategory('Bikes')", { ...c, item: bike }, true)).toBe(true);
    expect(eligible("item.product.incategory('Bikes')", { ...c, item: helmet }, true)).toBe(false);
    // 333.33 × .15 = 49.9995 → 50.00
    expect(value('item.LineSubtotal * .15', { ...c, item: bike }, true)).toBe(50);
  });

  it('10% off when all products are on sale, capped at $20', () => {
    const onSale = (sub: number) => line({ LineSubtotal: sub, Product: { xp: { OnSale: true } } });
    expect(eligible('items.all(Product.xp.OnSale = true)', ctx([onSale(10), onSale(20)]))).toBe(true);
    expect(
      eligible(
        'items.all(Product.xp.OnSale = true)',
        ctx([onSale(10), line({ Product: { xp: { OnSale: false } } })]),
      ),
    ).toBe(false);
    expect(eligible('items.all(Product.xp.OnSale = true)', ctx([onSale(10), line({ Product: {} })]))).toBe(
      false,
    );
    expect(value('min(order.Subtotal * .1, 20)', ctx([onSale(150)]))).toBe(15);
    expect(value('min(order.Subtotal * .1, 20)', ctx([onSale(450)]))).toBe(20);
  });

  it('30% off 10+ products of a category', () => {
    const guitar = (q: number, sub: number) =>
      line({ Quantity: q, LineSubtotal: sub, Product: { CategoryIDs: ['GuitarAccessories'] } });
    const c = ctx([guitar(4, 40), guitar(6, 66), line({ Quantity: 50, LineSubtotal: 5 })]);
    expect(eligible("items.quantity(product.incategory('GuitarAccessories')) >= 10", c)).toBe(true);
    expect(value("items.total(product.incategory('GuitarAccessories')) * .3", c)).toBe(31.8);
  });

  it('20% off two products bought together', () => {
    const c = ctx([
      line({ ProductID: 'ABC', LineSubtotal: 10 }),
      line({ ProductID: 'XYZ', LineSubtotal: 15.55 }),
    ]);
    expect(eligible("items.any(ProductID = 'ABC')  and items.any(ProductID = 'XYZ')", c)).toBe(true);
    expect(value("(items.total(ProductID = 'ABC') + items.total(ProductID = 'XYZ')) * .2", c)).toBe(5.11);
  });

  it('10% off when spending over $200 across categories', () => {
    const cat = (id: string, sub: number) => line({ LineSubtotal: sub, Product: { CategoryIDs: [id] } });
    const src =
      "items.total(product.incategory('Kitchen')) + items.total(product.incategory('Bedding')) + items.total(product.incategory('Bathroom')) > 200";
    expect(eligible(src, ctx([cat('Kitchen', 100), cat('Bedding', 60), cat('Bathroom', 40.01)]))).toBe(true);
    expect(eligible(src, ctx([cat('Kitchen', 100), cat('Bedding', 60), cat('Garden', 400)]))).toBe(false);
    expect(value('order.Subtotal * .1', ctx([cat('Kitchen', 205.55)]))).toBe(20.56);
  });

  it("$50 off a supplier's lines when spending $100 on that supplier", () => {
    const a = line({ SupplierID: '123', LineSubtotal: 60 });
    const b = line({ SupplierID: '123', LineSubtotal: 45 });
    const other = line({ SupplierID: '999', LineSubtotal: 500 });
    const c = ctx([a, b, other]);
    const src = "item.SupplierID = '123' and items.total(SupplierID = '123') >= 100";
    expect(eligible(src, { ...c, item: a }, true)).toBe(true);
    expect(eligible(src, { ...c, item: other }, true)).toBe(false);
    expect(value("50 / items.count(SupplierID = '123')", { ...c, item: a }, true)).toBe(25);
  });

  it("25% off a user's first order (user xp)", () => {
    const c = ctx([line({ LineSubtotal: 99.99 })], { FromUser: { xp: { FirstOrder: true } } });
    expect(eligible('order.FromUser.xp.FirstOrder = true', c)).toBe(true);
    expect(eligible('order.FromUser.xp.FirstOrder = true', ctx([]))).toBe(false);
    expect(value('order.Subtotal * .25', c)).toBe(25); // 24.9975 → 25.00
  });

  it('BOGO that scales with quantity', () => {
    const src =
      "((items.quantity(ProductID='XYZ')/2) - (items.quantity(ProductID='XYZ') % 2 * .5)) * items.total (ProductID='XYZ') / items.quantity(ProductID='XYZ')";
    const c = (q: number) => ctx([line({ ProductID: 'XYZ', Quantity: q, LineSubtotal: q * 8 })]);
    expect(eligible("items.quantity(ProductID = 'XYZ') > 1", c(2))).toBe(true);
    expect(value(src, c(2))).toBe(8); // 1 free
    expect(value(src, c(5))).toBe(16); // 2 free
    expect(value(src, c(6))).toBe(24); // 3 free
  });

  it('buy X get Y free (line-item-promos.mdx)', () => {
    const x = line({ ProductID: 'X', UnitPrice: 30 });
    const y = line({ ProductID: 'Y', UnitPrice: 12.5, Quantity: 2, LineSubtotal: 25 });
    const c = ctx([x, y]);
    const src = "item.ProductID = 'Y' and items.any(ProductID = 'X')";
    expect(eligible(src, { ...c, item: y }, true)).toBe(true);
    expect(eligible(src, { ...c, item: x }, true)).toBe(false);
    expect(eligible(src, { ...ctx([y]), item: y }, true)).toBe(false);
    expect(value('item.UnitPrice', { ...c, item: y }, true)).toBe(12.5);
  });

  it('tiered discount with ifs() (release notes v1.0.346)', () => {
    const a = (sub: number) => line({ LineSubtotal: sub, Product: { CategoryIDs: ['A'] } });
    const eligibleSrc = "items.total(product.incategory('A')) >= 10 and item.product.incategory('A')";
    const valueSrc =
      "ifs(items.total(product.incategory('A')) >= 50, item.LineSubtotal * .15, items.total(product.incategory('A')) >= 30, item.LineSubtotal * .10, item.LineSubtotal * .05)";
    const tier = (subs: number[]) => {
      const items = subs.map(a);
      return value(valueSrc, { ...ctx(items), item: items[0]! }, true);
    };
    expect(eligible(eligibleSrc, { ...ctx([a(9.99)]), item: a(9.99) }, true)).toBe(false);
    expect(eligible(eligibleSrc, { ...ctx([a(10)]), item: a(10) }, true)).toBe(true);
    expect(tier([20])).toBe(1); // 5%
    expect(tier([20, 10])).toBe(2); // 10%
    expect(tier([20, 30])).toBe(3); // 15%
  });

  it('10% up to $20 with max() as in the rules-engine article', () => {
    const c = ctx([line({ ProductID: 'ABC', LineSubtotal: 150 })]);
    expect(eligible("order.Total > 100 and items.any(ProductID = 'ABC')", c)).toBe(true);
    expect(value('max(order.Total * 0.1, 20)', c)).toBe(20);
  });
});

describe('documented approval-rule examples', () => {
  it('order over $200 with a custom xp value', () => {
    const src = "order.Total > 200 and order.xp.MyCustomProperty = 'XYZ'";
    expect(rule(src, ctx([], { Total: 201, xp: { MyCustomProperty: 'xyz' } }))).toBe(true);
    expect(rule(src, ctx([], { Total: 200, xp: { MyCustomProperty: 'XYZ' } }))).toBe(false);
  });

  it('order over $200 charged to cost center ABC', () => {
    const src = "order.Total > 200 and items.any(CostCenter = 'ABC')";
    const items = [line({ CostCenter: 'DEF' }), line({ CostCenter: 'ABC' })];
    expect(rule(src, ctx(items, { Total: 250 }))).toBe(true);
    expect(rule(src, ctx(items, { Total: 150 }))).toBe(false);
    expect(rule(src, ctx([line({ CostCenter: null })], { Total: 250 }))).toBe(false);
  });

  it('items.total and a filter with or', () => {
    const items = [
      line({ CostCenter: 'ABC', LineSubtotal: 150, ProductID: 'P1', Quantity: 3 }),
      line({ CostCenter: 'ABC', LineSubtotal: 60, ProductID: 'P2', Quantity: 3 }),
      line({ CostCenter: 'XYZ', LineSubtotal: 1000, ProductID: 'P3', Quantity: 100 }),
    ];
    expect(rule("items.total(CostCenter = 'ABC') > 200", ctx(items))).toBe(true);
    expect(rule("items.quantity(ProductID = 'P1' or ProductID = 'P2') > 5", ctx(items))).toBe(true);
    expect(rule("items.quantity(ProductID = 'P1' or ProductID = 'P2') > 6", ctx(items))).toBe(false);
  });

  it('multi-level approvals with order.approved()', () => {
    const c = (approved: string[]) =>
      ctx([line({ ProductID: 'QQQ' })], { Total: 50 }, { approvedRuleIds: approved });
    const src =
      "(order.Total > 20 and order.approved('rule_id_1')) or (not items.any(ProductID = 'QQQ') and approved('rule_id_2'))";
    expect(rule(src, c([]))).toBe(false);
    expect(rule(src, c(['rule_id_1']))).toBe(true);
    expect(rule(src, c(['rule_id_2']))).toBe(false); // QQQ is on the order
    expect(rule("order.approved('RULE_ID_1')", c(['rule_id_1']))).toBe(true);
    expect(rule("order.approved('x')", ctx([]))).toBe(false); // no approvedRuleIds given
  });

  it("Headstart's per-location rule with '&'", () => {
    const src = "order.xp.ApprovalNeeded = 'loc1' & order.Total > 0";
    expect(rule(src, ctx([], { Total: 10, xp: { ApprovalNeeded: 'loc1' } }))).toBe(true);
    expect(rule(src, ctx([], { Total: 10, xp: { ApprovalNeeded: 'loc2' } }))).toBe(false);
    expect(rule(src, ctx([], { Total: 0, xp: { ApprovalNeeded: 'loc1' } }))).toBe(false);
    expect(rule(src, ctx([], { Total: 10, xp: {} }))).toBe(false);
  });
});

describe('operators and precedence at evaluation', () => {
  const c = ctx([]);
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['12 / 3 / 2', 2],
    ['7 % 3 * 2', 2],
    ['-2 * -3', 6],
    ['- (1 + 2)', -3],
    ['2 - -2', 4],
    ['.1 + .2', 0.3],
    ['1 / 3', 0.33],
    ['2 / 3', 0.67],
    ['-2 / 3', -0.67],
    ['1.005', 1.01],
    ['-1.005', -1.01],
    ['0.125', 0.13],
    ['-0.125', -0.13],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(1.2345, 3) * 1000', 1235],
    ['max(1, 2) + min(3, 4)', 5],
    ['ifs(1 > 2, 10, 2 > 1, 20, 30)', 20],
    ['ifs(false, 10, 30)', 30],
  ])('%s = %d', (src, expected) => {
    expect(value(src, c)).toBe(expected);
  });

  it.each([
    ['1 = 1 or 1 = 2 and 1 = 2', true],
    ['(1 = 1 or 1 = 2) and 1 = 2', false],
  ])('%s', (src, expected) => {
    expect(eligible(src, c)).toBe(expected);
  });

  it('not applies to the operand before comparison', () => {
    expect(eligible('not (1 = 2)', c)).toBe(true);
    expect(eligible('not true = false', c)).toBe(true); // (not true) = false
    expect(eligible('NOT false AND true', c)).toBe(true);
    expect(eligible('not order.xp.Missing', c)).toBe(true); // null reads as false
  });

  it('compares strings case-insensitively', () => {
    const o = ctx([line({ CostCenter: 'abc' })], { xp: { Region: 'North' } });
    expect(eligible("order.xp.Region = 'NORTH'", o)).toBe(true);
    expect(eligible("order.xp.Region <> 'north'", o)).toBe(false);
    expect(eligible("order.xp.Region > 'M'", o)).toBe(true);
    expect(eligible("order.xp.Region < 'm'", o)).toBe(false);
    expect(eligible("items.any(CostCenter = 'ABC')", o)).toBe(true);
    expect(eligible("ORDER.XP.region = 'north'", o)).toBe(true); // path names too
  });

  it('reads bare names, Product, product and LineItem. inside filters', () => {
    const items = [
      line({ ProductID: 'A', CostCenter: 'X', Product: { xp: { Color: 'red' } }, xp: { Gift: true } }),
    ];
    const o = ctx(items);
    expect(eligible("items.any(LineItem.ProductID = 'a')", o)).toBe(true);
    expect(eligible("items.any(product.xp.Color = 'RED')", o)).toBe(true);
    expect(eligible("items.any(Product.xp.Color = 'red')", o)).toBe(true);
    expect(eligible('items.any(xp.Gift = true)', o)).toBe(true);
    expect(eligible("items.any(order.ID = 'O1' and ProductID = 'A')", o)).toBe(true);
  });

  it('wildcards with * in = and <>, in(), contains()', () => {
    const o = ctx([line({ ProductID: 'BIKE-RED-01' })], {
      xp: { Tags: ['tag-a', 'Tag-B'], Code: 'SUMMER2024' },
    });
    expect(eligible("order.xp.Code = 'summer*'", o)).toBe(true);
    expect(eligible("order.xp.Code = '*2024'", o)).toBe(true);
    expect(eligible("order.xp.Code = 's*m*4'", o)).toBe(true);
    expect(eligible("order.xp.Code = 'winter*'", o)).toBe(false);
    expect(eligible("order.xp.Code <> 'winter*'", o)).toBe(true);
    expect(eligible("items.any(ProductID = 'bike-*')", o)).toBe(true);
    expect(eligible("order.xp.Tags.all(item = 'tag*')", o)).toBe(true);
    expect(eligible("order.xp.Tags.all(item = 'tag-a')", o)).toBe(false);
    expect(eligible("order.xp.Tags.contains('TAG-B')", o)).toBe(true);
    expect(eligible("order.xp.Tags.contains('tag-c')", o)).toBe(false);
    expect(value("order.xp.Tags.count(item = '*b')", o)).toBe(1);
    expect(value('order.xp.Tags.count()', o)).toBe(2);
    expect(eligible("order.xp.Code in ('WINTER*', 'summer*')", o)).toBe(true);
    expect(eligible("order.xp.Code.in('a', 'b')", o)).toBe(false);
    expect(wildcardMatch('abc', '*')).toBe(true);
    expect(wildcardMatch('', '*')).toBe(true);
    expect(wildcardMatch('aXbXc', 'a*b*c')).toBe(true);
    expect(wildcardMatch('acb', 'a*b*c')).toBe(false);
  });

  it('array functions on arrays of objects', () => {
    const o = ctx([], {
      xp: {
        Approvers: [
          { Level: 1, Name: 'a' },
          { Level: 3, Name: 'b' },
        ],
      },
    });
    expect(eligible('order.xp.Approvers.any(item.Level > 2)', o)).toBe(true);
    expect(eligible('order.xp.Approvers.any(Level > 3)', o)).toBe(false);
    expect(eligible('order.xp.Approvers.all(Level >= 1)', o)).toBe(true);
    expect(value('order.xp.Approvers.count(Level > 0)', o)).toBe(2);
  });

  it('in() with numbers and the NCalc function form', () => {
    const o = ctx([line({ Quantity: 3 })]);
    expect(eligible('items.any(Quantity in (1, 3, 5))', o)).toBe(true);
    expect(eligible('in(items.count(), 2, 4)', o)).toBe(false);
  });

  it('items functions without a filter cover every line', () => {
    const o = ctx([line({ Quantity: 2, LineSubtotal: 5.1 }), line({ Quantity: 3, LineSubtotal: 5.2 })]);
    expect(value('items.quantity()', o)).toBe(5);
    expect(value('items.count()', o)).toBe(2);
    expect(value('items.total()', o)).toBe(10.3);
    expect(eligible('items.any()', o)).toBe(true);
    expect(eligible('items.any()', ctx([]))).toBe(false);
    expect(eligible('items.all(Quantity > 100)', ctx([]))).toBe(true); // vacuous truth
    expect(eligible('items.total() = 10.3', o)).toBe(true); // sums are cleaned of binary noise
  });

  it('inparentcategory() matches the category or any ancestor given on the product', () => {
    const l = line({ Product: { CategoryIDs: ['road-bikes'], ParentCategoryIDs: ['bikes', 'sports'] } });
    const o = { ...ctx([l]), item: l };
    expect(eligible("items.any(product.inparentcategory('Sports'))", o)).toBe(true);
    expect(eligible("items.any(product.inparentcategory('road-bikes'))", o)).toBe(true);
    expect(eligible("items.any(product.incategory('bikes'))", o)).toBe(false);
    expect(eligible("item.incategory('road-bikes')", o, true)).toBe(true); // on the line itself
    expect(eligible("item.Product.inparentcategory('bikes')", o, true)).toBe(true);
    expect(eligible("items.any(product.incategory('x'))", ctx([line({ Product: null })]))).toBe(false);
  });

  it('numeric strings and booleans stored as strings in xp', () => {
    const o = ctx([], { xp: { Limit: '250', Flag: 'True' } });
    expect(eligible('order.xp.Limit > 200', o)).toBe(true);
    expect(eligible('order.xp.Limit = 250', o)).toBe(true);
    expect(value('order.xp.Limit * 2', o)).toBe(500);
    expect(eligible('order.xp.Flag = true', o)).toBe(true);
    expect(eligible("order.xp.Limit = 'abc'", o)).toBe(false);
  });
});

describe('null and missing paths', () => {
  const c = ctx([], { xp: { Present: 'x', Zero: 0 } });
  it('comparisons with a missing value are false, whatever the operator', () => {
    for (const op of ['=', '<>', '<', '>', '<=', '>=']) {
      expect(eligible(`order.xp.Missing ${op} 5`, c)).toBe(false);
      expect(eligible(`5 ${op} order.xp.Missing.Deeper`, c)).toBe(false);
    }
    expect(eligible("order.xp.Missing in ('a')", c)).toBe(false);
  });
  it('the null literal tests for presence', () => {
    expect(eligible('order.xp.Missing = null', c)).toBe(true);
    expect(eligible('order.xp.Present = null', c)).toBe(false);
    expect(eligible('order.xp.Present <> null', c)).toBe(true);
    expect(eligible('order.xp.Zero <> null', c)).toBe(true);
    expect(eligible('null = order.xp.Missing', c)).toBe(true);
  });
  it('arithmetic with a missing value is null: false as a condition, 0 as an amount', () => {
    expect(value('order.xp.Missing * 2', c)).toBe(0);
    expect(value('min(order.xp.Missing, 5)', c)).toBe(0);
    expect(eligible('order.xp.Missing', c)).toBe(false);
    expect(eligible('order.xp.Missing + 1 > 0', c)).toBe(false);
  });
  it('never reads the prototype chain', () => {
    expect(eligible('order.constructor = null', c)).toBe(true);
    expect(eligible('order.__proto__ = null', c)).toBe(true);
    expect(eligible('order.xp.toString = null', c)).toBe(true);
    expect(eligible('order.xp.Present.length = null', c)).toBe(true);
  });
});

describe('dates', () => {
  const c = ctx([], { DateSubmitted: '2016-06-15T10:30:00+00:00', xp: { Due: '2016-07-01' } });
  it('compares ISO date fields with #M/D/YYYY# literals', () => {
    expect(eligible('order.DateSubmitted > #6/15/2016#', c)).toBe(true);
    expect(eligible('order.DateSubmitted < #6/15/2016 11:00#', c)).toBe(true);
    expect(eligible('order.DateSubmitted >= #6/16/2016#', c)).toBe(false);
    expect(eligible('order.DateSubmitted = #6/15/2016 10:30 AM#', c)).toBe(true);
    expect(eligible('order.xp.Due <= #7/1/2016#', c)).toBe(true);
    expect(eligible('order.DateCanceled < #1/1/2100#', c)).toBe(false);
  });
  it('now() reads the clock from the context', () => {
    const at = (iso: string) => ({ ...c, now: new Date(iso) });
    expect(eligible('now() < #12/25/2026#', at('2026-11-22T00:00:00Z'))).toBe(true);
    expect(eligible('now() < #12/25/2026#', at('2026-12-26T00:00:00Z'))).toBe(false);
  });
});

describe('evaluation errors are returned, not thrown', () => {
  const c = ctx([line({ ProductID: 'A' })], { xp: { Name: 'abc', Tags: 'not-a-list' } });
  it('division and modulo by zero → Expression.DivideByZero', () => {
    expect(run('10 / 0', { kind: 'value' }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.DivideByZero' },
    });
    expect(run('10 % (2 - 2)', { kind: 'value' }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.DivideByZero', position: 3 },
    });
    expect(run("50 / items.count(SupplierID = '123')", { kind: 'value' }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.DivideByZero' },
    });
  });
  it('type mismatches → Expression.TypeMismatch', () => {
    expect(run('order.xp.Name * 2', { kind: 'value' }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.TypeMismatch' },
    });
    expect(run('order.xp.Name and true', { kind: 'eligible' }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.TypeMismatch' },
    });
    expect(run('order.xp.Tags.any(item = 1)', { kind: 'eligible' }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.TypeMismatch' },
    });
  });
  it('a result of the wrong type', () => {
    expect(run('order.xp.Name', { kind: 'eligible' }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.MustBeBoolean' },
    });
    expect(run('ifs(true, true, 1)', { kind: 'value' }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.MustBeNumeric' },
    });
  });
  it("a line-item expression evaluated without 'item' → Expression.MissingItem", () => {
    expect(run("item.ProductID = 'A'", { kind: 'eligible', lineItemLevel: true }, c)).toMatchObject({
      ok: false,
      error: { code: 'Expression.MissingItem' },
    });
  });
  it('numeric overflow', () => {
    expect(
      run(
        '99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999',
        { kind: 'value' },
        c,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'Expression.NumericOverflow' },
    });
  });
});

describe('bounded evaluation', () => {
  it('stops a combinatorial expression at the step limit', () => {
    const items = Array.from({ length: 200 }, (_, i) => line({ ProductID: `P${i}` }));
    const src = "items.any(items.any(items.any(ProductID = 'nope')))";
    const started = Date.now();
    const r = run(src, { kind: 'eligible' }, ctx(items));
    expect(r).toMatchObject({ ok: false, error: { code: 'Expression.EvaluationLimitExceeded' } });
    expect(Date.now() - started).toBeLessThan(2000);
  });
  it('the step limit can be tuned', () => {
    const items = Array.from({ length: 50 }, () => line({}));
    const tight = compileExpression('items.count(Quantity > 0)', { kind: 'value', limits: { maxSteps: 20 } });
    expect(tight.ok && tight.expression.evaluate(ctx(items))).toMatchObject({
      ok: false,
      error: { code: 'Expression.EvaluationLimitExceeded' },
    });
    const loose = compileExpression('items.count(Quantity > 0)', { kind: 'value' });
    expect(loose.ok && loose.expression.evaluate(ctx(items))).toEqual({ ok: true, value: 50 });
  });
  it('charges for long strings in wildcard matching', () => {
    const long = 'a'.repeat(200_000);
    const items = Array.from({ length: 100 }, () => line({ ProductID: long }));
    const r = run(
      "items.count(ProductID = '*a*a*a*b') + items.count(ProductID = '*a*a*a*b')",
      { kind: 'value' },
      ctx(items),
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'Expression.EvaluationLimitExceeded' } });
  });
});

describe('roundHalfAwayFromZero', () => {
  it.each([
    [1.005, 1.01],
    [1.004999, 1],
    [2.675, 2.68],
    [-2.675, -2.68],
    [0.5, 0.5],
    [-0.001, 0],
    [1234567.125, 1234567.13],
  ])('%d → %d', (input, expected) => {
    expect(roundHalfAwayFromZero(input)).toBe(expected);
  });
});

describe('selectEligibleLines', () => {
  it('evaluates a line-item-level EligibleExpression once per line', () => {
    const a = line({ ID: 'a', ProductID: 'A', Product: { xp: { OnSale: true } } });
    const b = line({ ID: 'b', ProductID: 'B', Product: { xp: { OnSale: false } } });
    const c = line({ ID: 'c', ProductID: 'C', Product: { xp: { OnSale: 'true' } } });
    const compiled = compileExpression('item.product.xp.OnSale = true and items.count() >= 3', {
      kind: 'eligible',
      lineItemLevel: true,
    });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const r = selectEligibleLines(compiled.expression, ctx([a, b, c]));
    expect(r.ok && r.value.map((l) => l.ID)).toEqual(['a', 'c']);
    const none = selectEligibleLines(compiled.expression, ctx([a, b]));
    expect(none).toEqual({ ok: true, value: [] });
  });
  it('returns the first evaluation error', () => {
    const compiled = compileExpression('item.Quantity / 0 > 1', { kind: 'eligible', lineItemLevel: true });
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(selectEligibleLines(compiled.expression, ctx([line({})]))).toMatchObject({
      ok: false,
      error: { code: 'Expression.DivideByZero' },
    });
  });
  it('tolerates malformed context data', () => {
    const compiled = compileExpression('items.count() = 0 and order.Total = null', { kind: 'eligible' });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const bad = { order: null, items: 'nope' } as unknown as EvaluationContext;
    expect(compiled.expression.evaluate(bad)).toEqual({ ok: true, value: true });
  });
});
