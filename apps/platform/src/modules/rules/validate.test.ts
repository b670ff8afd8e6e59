import { describe, expect, it } from 'vitest';
import {
  analyse,
  type CompileOptions,
  compileExpression,
  type ExpressionKind,
  parseExpression,
  validateApprovalRuleExpression,
  validatePromotionExpressions,
} from './index.ts';

const compileError = <K extends ExpressionKind>(src: string, options: CompileOptions<K>) => {
  const r = compileExpression(src, options);
  if (r.ok) throw new Error(`${src} compiled unexpectedly`);
  return r.error;
};
const compiles = <K extends ExpressionKind>(src: string, options: CompileOptions<K>) =>
  compileExpression(src, options).ok;

const ast = (src: string) => {
  const r = parseExpression(src);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('analyse()', () => {
  it('tells whether the item token is used', () => {
    expect(analyse(ast("item.product.incategory('Bikes')")).usesItem).toBe(true);
    expect(analyse(ast("item.ProductID = 'Y' and items.any(ProductID = 'X')")).usesItem).toBe(true);
    expect(analyse(ast("items.any(ProductID = 'X')")).usesItem).toBe(false);
    expect(analyse(ast('ITEM.UnitPrice')).usesItem).toBe(true);
  });
  it("does not count 'item' inside an array function, where it is the array element", () => {
    expect(analyse(ast("order.xp.Tags.all(item = 'tag*')")).usesItem).toBe(false);
    expect(analyse(ast("order.xp.Tags.any(item = 'a') and item.ProductID = 'b'")).usesItem).toBe(true);
  });
  it("counts 'item' used inside an items filter (it still means the selected line)", () => {
    expect(analyse(ast('items.any(ProductID = item.ProductID)')).usesItem).toBe(true);
  });
  it('reports approved rule IDs, functions and the static result type', () => {
    const a = analyse(ast("order.approved('r2') or approved('r1') and min(1, 2) > 0"));
    expect(a.approvedRuleIds).toEqual(['r1', 'r2']);
    expect(a.functions).toEqual(['approved', 'min']);
    expect(a.resultType).toBe('boolean');
    expect(analyse(ast('item.LineSubtotal * .15')).resultType).toBe('number');
    expect(analyse(ast('order.Total')).resultType).toBe('any');
    expect(analyse(ast("ifs(a, 'x', 'y')")).resultType).toBe('string');
  });
});

describe('compile-time errors', () => {
  it('requires an expression', () => {
    expect(compileError('', { kind: 'approvalRule' })).toMatchObject({ code: 'Expression.Required' });
    expect(compileError('  \n ', { kind: 'eligible' }).message).toContain('EligibleExpression');
  });

  it('enforces 400 characters for RuleExpression and EligibleExpression, 1000 for ValueExpression', () => {
    const cond = (len: number) => `order.Total > ${'1'.repeat(len - 'order.Total > '.length)}`;
    expect(cond(400)).toHaveLength(400);
    expect(compiles(cond(400), { kind: 'approvalRule' })).toBe(true);
    expect(compileError(cond(401), { kind: 'approvalRule' })).toMatchObject({ code: 'Expression.TooLong' });
    expect(compiles(cond(400), { kind: 'eligible' })).toBe(true);
    expect(compileError(cond(401), { kind: 'eligible' }).code).toBe('Expression.TooLong');
    const amount = (len: number) => `order.Total * ${'1'.repeat(len - 'order.Total * '.length)}`;
    expect(compiles(amount(1000), { kind: 'value' })).toBe(true);
    expect(compileError(amount(1001), { kind: 'value' })).toMatchObject({
      code: 'Expression.TooLong',
      message: 'ValueExpression is 1001 characters long; the limit is 1000',
    });
  });

  it('reports syntax errors with their position', () => {
    expect(
      compileError("order.Total > 200 and items.any(CostCenter = 'ABC'", { kind: 'approvalRule' }),
    ).toEqual({
      code: 'Expression.SyntaxError',
      message: "Expected ',' or ')' but found end of expression at position 50",
      position: 50,
    });
    expect(compileError('order.Total >> 5', { kind: 'eligible' })).toMatchObject({ position: 13 });
  });

  it('rejects unknown functions, global or on a value', () => {
    expect(compileError('sum(1, 2)', { kind: 'value' })).toMatchObject({
      code: 'Expression.UnknownFunction',
      position: 0,
    });
    expect(compileError("items.first(ProductID = 'A')", { kind: 'eligible' })).toMatchObject({
      code: 'Expression.UnknownFunction',
      position: 6,
    });
    expect(compileError('order.xp.Tags.quantity()', { kind: 'value' }).code).toBe(
      'Expression.UnknownFunction',
    );
    expect(compileError("eval('1')", { kind: 'value' }).code).toBe('Expression.UnknownFunction');
  });

  it('rejects unknown names at the top level', () => {
    expect(compileError("ProductID = 'A'", { kind: 'eligible' })).toMatchObject({
      code: 'Expression.UnknownIdentifier',
      position: 0,
    });
    expect(compileError("product.incategory('A')", { kind: 'eligible' }).code).toBe(
      'Expression.UnknownIdentifier',
    );
    expect(compileError('LineItem.Quantity > 1', { kind: 'eligible' }).code).toBe(
      'Expression.UnknownIdentifier',
    );
  });

  it('checks argument counts', () => {
    expect(compileError('min(1)', { kind: 'value' })).toMatchObject({ code: 'Expression.InvalidArguments' });
    expect(compileError('max(1, 2, 3)', { kind: 'value' }).code).toBe('Expression.InvalidArguments');
    expect(compileError('ifs(true, 1)', { kind: 'value' }).code).toBe('Expression.InvalidArguments');
    expect(compileError('ifs(true, 1, false, 2)', { kind: 'value' }).code).toBe(
      'Expression.InvalidArguments',
    );
    expect(compileError('order.xp.Tags.contains()', { kind: 'eligible' }).code).toBe(
      'Expression.InvalidArguments',
    );
    expect(compileError("items.any(ProductID = 'A', 2)", { kind: 'eligible' }).code).toBe(
      'Expression.InvalidArguments',
    );
  });

  it("rejects 'item' in approval rules and order-level promotions", () => {
    expect(compileError("item.ProductID = 'A'", { kind: 'approvalRule' })).toMatchObject({
      code: 'Expression.ItemNotAllowed',
      position: 0,
    });
    expect(compileError("item.product.incategory('Bikes')", { kind: 'eligible' })).toMatchObject({
      code: 'Expression.ItemNotAllowed',
    });
    expect(compileError('item.LineSubtotal * .15', { kind: 'value' })).toMatchObject({
      code: 'Expression.ItemNotAllowed',
    });
    expect(compileError("order.Total > 5 and item.ProductID = 'A'", { kind: 'eligible' }).position).toBe(20);
    // the rules-engine article writes `item.any(...)` in an approval rule; that is the items function
    expect(
      compileError(
        "(order.Total > 20 and order.approved('rule_id_1')) or (not item.any(ProductID = 'QQQ') and approved('rule_id_2'))",
        { kind: 'approvalRule' },
      ).code,
    ).toBe('Expression.ItemNotAllowed');
  });

  it("requires 'item' in a line-item-level EligibleExpression, and keeps it optional in ValueExpression", () => {
    expect(
      compileError("items.any(ProductID = 'X')", { kind: 'eligible', lineItemLevel: true }),
    ).toMatchObject({
      code: 'Expression.ItemRequired',
    });
    expect(
      compiles("item.ProductID = 'Y' and items.any(ProductID = 'X')", {
        kind: 'eligible',
        lineItemLevel: true,
      }),
    ).toBe(true);
    expect(compiles('5', { kind: 'value', lineItemLevel: true })).toBe(true);
    expect(compiles('item.UnitPrice', { kind: 'value', lineItemLevel: true })).toBe(true);
    // array-function 'item' is not the line token
    expect(
      compileError("order.xp.Tags.any(item = 'x')", { kind: 'eligible', lineItemLevel: true }).code,
    ).toBe('Expression.ItemRequired');
    expect(compiles("order.xp.Tags.any(item = 'x')", { kind: 'eligible' })).toBe(true);
  });

  it('ignores lineItemLevel for approval rules', () => {
    expect(compileError("item.ProductID = 'A'", { kind: 'approvalRule', lineItemLevel: true }).code).toBe(
      'Expression.ItemNotAllowed',
    );
  });

  it('checks the result type when it is known statically', () => {
    expect(compileError('10', { kind: 'eligible' })).toMatchObject({ code: 'Expression.MustBeBoolean' });
    expect(compileError('order.Total * 2', { kind: 'approvalRule' }).code).toBe('Expression.MustBeBoolean');
    expect(compileError('order.Total > 2', { kind: 'value' })).toMatchObject({
      code: 'Expression.MustBeNumeric',
    });
    expect(compileError("'ten'", { kind: 'value' }).code).toBe('Expression.MustBeNumeric');
    expect(compiles('order.xp.Discount', { kind: 'value' })).toBe(true); // unknown until evaluated
  });

  it("explains that 'not' binds tighter than ordering comparisons", () => {
    expect(compileError('not order.Total > 100', { kind: 'eligible' })).toMatchObject({
      code: 'Expression.TypeMismatch',
      position: 0,
    });
    expect(compileError('not 5', { kind: 'eligible' }).code).toBe('Expression.TypeMismatch');
    expect(compiles('not (order.Total > 100)', { kind: 'eligible' })).toBe(true);
  });

  it('rejects expressions nested too deeply', () => {
    expect(compileError(`${'('.repeat(100)}true${')'.repeat(100)}`, { kind: 'eligible' }).code).toBe(
      'Expression.TooComplex',
    );
    expect(
      compileError(`${'('.repeat(20)}true${')'.repeat(20)}`, { kind: 'eligible', limits: { maxDepth: 10 } })
        .code,
    ).toBe('Expression.TooComplex');
  });
});

describe('resource validation helpers', () => {
  it('validateApprovalRuleExpression', () => {
    expect(validateApprovalRuleExpression("order.xp.ApprovalNeeded = 'loc1' & order.Total > 0")).toEqual({
      ok: true,
    });
    expect(validateApprovalRuleExpression(null)).toEqual({
      ok: false,
      errors: [
        { code: 'Expression.Required', message: 'RuleExpression is required', field: 'RuleExpression' },
      ],
    });
    expect(validateApprovalRuleExpression('item.Quantity > 1')).toMatchObject({
      ok: false,
      errors: [{ field: 'RuleExpression', code: 'Expression.ItemNotAllowed' }],
    });
  });

  it('knows no function or method named after the object prototype', () => {
    for (const source of [
      'constructor() = 1',
      'order.xp.Tags.constructor()',
      "order.xp.Tags.__proto__('a')",
    ]) {
      expect(validateApprovalRuleExpression(source), source).toMatchObject({
        ok: false,
        errors: [{ code: 'Expression.UnknownFunction' }],
      });
    }
  });

  it('validatePromotionExpressions reports each field', () => {
    expect(
      validatePromotionExpressions({ EligibleExpression: 'order.Subtotal > 50', ValueExpression: '10' }),
    ).toEqual({ ok: true });
    expect(
      validatePromotionExpressions({
        LineItemLevel: true,
        EligibleExpression: "item.product.incategory('Bikes')",
        ValueExpression: 'item.LineSubtotal * .15',
      }),
    ).toEqual({ ok: true });
    expect(
      validatePromotionExpressions({
        LineItemLevel: true,
        EligibleExpression: 'order.Subtotal > 50',
        ValueExpression: 'foo()',
      }),
    ).toMatchObject({
      ok: false,
      errors: [
        { field: 'EligibleExpression', code: 'Expression.ItemRequired' },
        { field: 'ValueExpression', code: 'Expression.UnknownFunction' },
      ],
    });
    expect(validatePromotionExpressions({ EligibleExpression: 'true', ValueExpression: null })).toMatchObject(
      {
        ok: false,
        errors: [{ field: 'ValueExpression', code: 'Expression.Required' }],
      },
    );
    expect(
      validatePromotionExpressions({
        EligibleExpression: 'true',
        ValueExpression: null,
        UseIntegration: true,
      }),
    ).toEqual({ ok: true });
    expect(validatePromotionExpressions({ ValueExpression: '1' })).toMatchObject({
      ok: false,
      errors: [{ field: 'EligibleExpression', code: 'Expression.Required' }],
    });
  });
});
