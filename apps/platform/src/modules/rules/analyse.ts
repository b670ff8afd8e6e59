/**
 * Scoping rules and static analysis, shared by `compileExpression` (validation) and the evaluator
 * (name resolution), so both read identifiers the same way.
 *
 * Scopes:
 * - top level: `order`, `items`, `item` (the line a line-item-level promotion is considering).
 * - inside `items.any|all|quantity|count|total( filter )` ("line" scope): bare names are fields of the
 *   line being filtered (`ProductID`, `Product.xp.OnSale`, `product.incategory('X')`, `xp.Foo`), and
 *   `LineItem.` names that line explicitly. `order`, `items` and `item` keep their top-level meaning.
 * - inside an array function `<array>.any|all|count( filter )` ("element" scope): `item` is the array
 *   element, bare names are fields of the element (when it is an object).
 */
import type { ExpressionError, Node } from './types.ts';

export type Frame = 'line' | 'element';

export type Resolved =
  | { kind: 'order' }
  | { kind: 'items' }
  | { kind: 'item' }
  | { kind: 'line' }
  | { kind: 'lineField'; field: string }
  | { kind: 'element' }
  | { kind: 'elementField'; field: string }
  | { kind: 'unknown' };

export function resolveIdentifier(name: string, frames: readonly Frame[]): Resolved {
  const lower = name.toLowerCase();
  const inner = frames[frames.length - 1];
  if (inner === 'element' && lower === 'item') return { kind: 'element' };
  if (lower === 'order') return { kind: 'order' };
  if (lower === 'items') return { kind: 'items' };
  if (lower === 'item') return { kind: 'item' };
  if (lower === 'lineitem' && frames.includes('line')) return { kind: 'line' };
  if (inner === 'element') return { kind: 'elementField', field: name };
  if (inner === 'line') return { kind: 'lineField', field: name };
  return { kind: 'unknown' };
}

/** Functions on `items`; their argument is a filter evaluated in line scope. */
export const ITEMS_FUNCTIONS = new Set(['any', 'all', 'quantity', 'count', 'total']);
/** Functions on xp arrays; the filter of any/all/count is evaluated in element scope. */
export const ARRAY_FILTER_FUNCTIONS = new Set(['any', 'all', 'count']);

interface Arity {
  min: number;
  max: number;
}
/** Methods, called as `target.name(...)`. */
export const METHODS: Record<string, Arity> = {
  any: { min: 0, max: 1 },
  all: { min: 0, max: 1 },
  count: { min: 0, max: 1 },
  quantity: { min: 0, max: 1 },
  total: { min: 0, max: 1 },
  contains: { min: 1, max: 1 },
  incategory: { min: 1, max: 1 },
  inparentcategory: { min: 1, max: 1 },
  approved: { min: 1, max: 1 },
};
/** Functions called without a target. `approved('id')` is the short form the rules-engine article uses. */
export const GLOBAL_FUNCTIONS: Record<string, Arity> = {
  min: { min: 2, max: 2 },
  max: { min: 2, max: 2 },
  ifs: { min: 3, max: Number.POSITIVE_INFINITY },
  round: { min: 1, max: 2 },
  approved: { min: 1, max: 1 },
  now: { min: 0, max: 0 },
};

export type StaticType = 'boolean' | 'number' | 'string' | 'date' | 'null' | 'any';

export interface Analysis {
  /** True when the `item` token (the line selected by a line-item-level promotion) is used. */
  usesItem: boolean;
  /** Position of the first `item` token, when used. */
  itemPosition?: number;
  /** True when `items.…` is used. */
  usesItems: boolean;
  /** Rule IDs referenced by `order.approved('…')` with a literal argument. */
  approvedRuleIds: string[];
  /** Every function/method name called (lower-case, sorted, unique). */
  functions: string[];
  /** Result type as far as it can be known without data. */
  resultType: StaticType;
  /** Unknown functions, unknown identifiers, wrong argument counts. */
  errors: ExpressionError[];
}

/**
 * Static analysis of a parsed expression. Pure; never throws.
 * `analyse(ast).usesItem` tells whether a promotion expression is line-item level.
 */
export function analyse(ast: Node): Analysis {
  const state = {
    usesItem: false,
    itemPosition: undefined as number | undefined,
    usesItems: false,
    approved: new Set<string>(),
    functions: new Set<string>(),
    errors: [] as ExpressionError[],
  };
  const err = (code: ExpressionError['code'], message: string, position: number) => {
    state.errors.push({ code, message: `${message} at position ${position}`, position });
  };
  const checkArity = (name: string, arity: Arity, node: Node & { type: 'Call' }) => {
    const n = node.args.length;
    if (n < arity.min || n > arity.max) {
      const expected =
        arity.max === Number.POSITIVE_INFINITY
          ? `at least ${arity.min}`
          : arity.min === arity.max
            ? `${arity.min}`
            : `${arity.min} to ${arity.max}`;
      err('Expression.InvalidArguments', `${name}() takes ${expected} argument(s), got ${n}`, node.pos);
    }
  };

  const visit = (node: Node, frames: readonly Frame[]): StaticType => {
    switch (node.type) {
      case 'Number':
        return 'number';
      case 'String':
        return 'string';
      case 'Boolean':
        return 'boolean';
      case 'Null':
        return 'null';
      case 'Date':
        return 'date';
      case 'Identifier': {
        const r = resolveIdentifier(node.name, frames);
        if (r.kind === 'item' && !state.usesItem) {
          state.usesItem = true;
          state.itemPosition = node.pos;
        }
        if (r.kind === 'items') state.usesItems = true;
        if (r.kind === 'unknown') {
          err(
            'Expression.UnknownIdentifier',
            `Unknown name '${node.name}' (expected order, items or item)`,
            node.pos,
          );
        }
        return 'any';
      }
      case 'Member':
        visit(node.object, frames);
        return 'any';
      case 'Not': {
        const t = visit(node.operand, frames);
        if (t === 'number' || t === 'string' || t === 'date') {
          err(
            'Expression.TypeMismatch',
            `'not' applies to a true/false value; 'not' binds tighter than comparisons, write not (a > b)`,
            node.pos,
          );
        }
        return 'boolean';
      }
      case 'Negate':
        visit(node.operand, frames);
        return 'number';
      case 'Binary':
        if (node.op !== '=' && node.op !== '<>' && node.left.type === 'Not') {
          err(
            'Expression.TypeMismatch',
            `'not' binds tighter than '${node.op}'; write not (a ${node.op} b)`,
            node.left.pos,
          );
        }
        visit(node.left, frames);
        visit(node.right, frames);
        return ['+', '-', '*', '/', '%'].includes(node.op) ? 'number' : 'boolean';
      case 'Logical':
        for (const o of node.operands) visit(o, frames);
        return 'boolean';
      case 'In':
        visit(node.value, frames);
        for (const v of node.list) visit(v, frames);
        return 'boolean';
      case 'Call': {
        state.functions.add(node.name);
        if (node.target === null) {
          // Own names only: `constructor` is no function of the language.
          const arity = Object.hasOwn(GLOBAL_FUNCTIONS, node.name) ? GLOBAL_FUNCTIONS[node.name] : undefined;
          if (arity === undefined) {
            err('Expression.UnknownFunction', `Unknown function '${node.name}'`, node.pos);
            for (const a of node.args) visit(a, frames);
            return 'any';
          }
          checkArity(node.name, arity, node);
          if (node.name === 'ifs' && node.args.length % 2 === 0) {
            err(
              'Expression.InvalidArguments',
              'ifs() takes condition/value pairs followed by a default value (an odd number of arguments)',
              node.pos,
            );
          }
          if (node.name === 'approved') noteApproved(node);
          const types = node.args.map((a) => visit(a, frames));
          if (node.name === 'min' || node.name === 'max' || node.name === 'round') return 'number';
          if (node.name === 'approved') return 'boolean';
          if (node.name === 'now') return 'date';
          // ifs: the value arguments decide
          const values = types.filter((_, i) => i % 2 === 1 || i === types.length - 1);
          return values.every((t) => t === values[0]) ? (values[0] ?? 'any') : 'any';
        }
        const arity = Object.hasOwn(METHODS, node.name) ? METHODS[node.name] : undefined;
        const targetIsItems =
          node.target.type === 'Identifier' && resolveIdentifier(node.target.name, frames).kind === 'items';
        visit(node.target, frames);
        if (arity === undefined) {
          err('Expression.UnknownFunction', `Unknown function '${node.name}'`, node.pos);
          for (const a of node.args) visit(a, frames);
          return 'any';
        }
        if (!targetIsItems && (node.name === 'quantity' || node.name === 'total')) {
          err('Expression.UnknownFunction', `${node.name}() is only available on items`, node.pos);
        }
        checkArity(node.name, arity, node);
        if (node.name === 'approved') noteApproved(node);
        let argFrames = frames;
        if (targetIsItems && ITEMS_FUNCTIONS.has(node.name)) argFrames = [...frames, 'line'];
        else if (ARRAY_FILTER_FUNCTIONS.has(node.name)) argFrames = [...frames, 'element'];
        for (const a of node.args) visit(a, argFrames);
        switch (node.name) {
          case 'quantity':
          case 'total':
          case 'count':
            return 'number';
          default:
            return 'boolean';
        }
      }
    }
  };
  const noteApproved = (node: Node & { type: 'Call' }) => {
    const arg = node.args[0];
    if (arg?.type === 'String') state.approved.add(arg.value);
  };

  const resultType = visit(ast, []);
  return {
    usesItem: state.usesItem,
    ...(state.itemPosition === undefined ? {} : { itemPosition: state.itemPosition }),
    usesItems: state.usesItems,
    approvedRuleIds: [...state.approved].sort(),
    functions: [...state.functions].sort(),
    resultType,
    errors: state.errors,
  };
}
