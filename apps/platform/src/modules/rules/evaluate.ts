/**
 * Tree-walking evaluator over plain data. No `eval`, no `new Function`; property reads use own
 * properties only (never the prototype chain), and every node visited, line filtered and array element
 * scanned costs a step, so evaluation is bounded by `maxSteps`.
 *
 * Value semantics (see README.md):
 * - a missing path is null; `=`, `<>`, `<`, … with a null operand are false, except against the literal
 *   `null` (`order.xp.Foo = null` is true when Foo is missing, `<> null` when it is present);
 * - arithmetic with null gives null; `and`/`or`/`not` read null as false;
 * - strings compare case-insensitively; `=`/`<>`/`in`/`contains` treat `*` in a string as a wildcard;
 * - a numeric string compares and computes as a number; an ISO date string compares as a date;
 * - division or modulo by zero is an evaluation error (`Expression.DivideByZero`).
 */
import { type Frame, resolveIdentifier } from './analyse.ts';
import type { EvaluationContext, ExpressionError, Node } from './types.ts';

type Value = unknown;

export class EvaluationFailure extends Error {
  constructor(readonly detail: ExpressionError) {
    super(detail.message);
  }
}

const fail = (code: ExpressionError['code'], message: string, position?: number): never => {
  throw new EvaluationFailure(
    position === undefined
      ? { code, message }
      : { code, message: `${message} at position ${position}`, position },
  );
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Own property, exact name first, then case-insensitive. Missing → null. */
export function getProperty(target: unknown, name: string): Value {
  if (!isPlainObject(target)) return null;
  if (Object.hasOwn(target, name)) return target[name] ?? null;
  const lower = name.toLowerCase();
  for (const key of Object.keys(target)) {
    if (key.toLowerCase() === lower) return target[key] ?? null;
  }
  return null;
}

/** Glob match with `*` only (any run of characters), case-insensitive, linear-time two-pointer algorithm. */
export function wildcardMatch(text: string, pattern: string): boolean {
  const t = text.toLowerCase();
  const p = pattern.toLowerCase();
  let ti = 0;
  let pi = 0;
  let star = -1;
  let mark = 0;
  while (ti < t.length) {
    if (pi < p.length && p[pi] !== '*' && p[pi] === t[ti]) {
      ti++;
      pi++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      mark = ti;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++mark;
    } else return false;
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}

const toNumber = (v: Value): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '' || s.length > 40) return null;
    const n = Number(s);
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

const ISO_DATE_MIN = 10;
const toDateMs = (v: Value): number | null => {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  // ISO 8601 strings as OrderCloud returns them (2016-06-15T10:00:00+00:00)
  if (typeof v === 'string' && v.length >= ISO_DATE_MIN && v.length <= 40 && v[4] === '-' && v[7] === '-') {
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
};

const toBoolean = (v: Value): boolean | null => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true') return true;
    if (s === 'false') return false;
  }
  return null;
};

/** Equality as `=` sees it. Both operands are non-null. */
function equals(a: Value, b: Value, steps: Steps): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    steps.charge(Math.ceil((a.length + b.length) / 32));
    if (b.includes('*')) return wildcardMatch(a, b);
    if (a.includes('*')) return wildcardMatch(b, a);
    return a.toLowerCase() === b.toLowerCase();
  }
  if (a instanceof Date || b instanceof Date) {
    const x = toDateMs(a);
    const y = toDateMs(b);
    return x !== null && x === y;
  }
  if (typeof a === 'number' || typeof b === 'number') {
    const x = toNumber(a);
    const y = toNumber(b);
    return x !== null && x === y;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = toBoolean(a);
    const y = toBoolean(b);
    return x !== null && x === y;
  }
  return false;
}

/** Ordering for < > <= >=; null when the operands cannot be ordered. Both operands are non-null. */
function compare(a: Value, b: Value): number | null {
  if (typeof a === 'string' && typeof b === 'string') {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (a instanceof Date || b instanceof Date) {
    const x = toDateMs(a);
    const y = toDateMs(b);
    return x === null || y === null ? null : x - y;
  }
  const x = toNumber(a);
  const y = toNumber(b);
  return x === null || y === null ? null : x - y;
}

class Steps {
  count = 0;
  constructor(private readonly max: number) {}
  charge(n = 1) {
    this.count += n;
    if (this.count > this.max) {
      fail('Expression.EvaluationLimitExceeded', `Evaluation exceeded ${this.max} steps`);
    }
  }
}

interface Env {
  frames: Frame[];
  lines: unknown[];
  elements: unknown[];
}

/** Round half away from zero to `decimals` places, tolerant of binary noise (1.005 → 1.01). */
export function roundHalfAwayFromZero(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  const result = value < 0 ? -rounded : rounded;
  return Object.is(result, -0) ? 0 : result;
}

const clean = (n: number) => Number(n.toPrecision(15));

export class Evaluator {
  private readonly steps: Steps;

  constructor(
    private readonly ctx: EvaluationContext,
    maxSteps: number,
  ) {
    this.steps = new Steps(maxSteps);
  }

  run(node: Node): Value {
    return this.evalNode(node, { frames: [], lines: [], elements: [] });
  }

  private truthy(v: Value, pos: number): boolean {
    if (v === null || v === undefined) return false;
    if (typeof v === 'boolean') return v;
    return fail('Expression.TypeMismatch', `Expected true/false but got ${describeValue(v)}`, pos);
  }

  private num(v: Value, pos: number): number | null {
    if (v === null || v === undefined) return null;
    const n = toNumber(v);
    if (n === null) fail('Expression.TypeMismatch', `Expected a number but got ${describeValue(v)}`, pos);
    return n;
  }

  private evalNode(node: Node, env: Env): Value {
    this.steps.charge();
    switch (node.type) {
      case 'Number':
      case 'String':
      case 'Boolean':
        return node.value;
      case 'Null':
        return null;
      case 'Date':
        return new Date(node.value);
      case 'Identifier':
        return this.identifier(node.name, env, node.pos);
      case 'Member':
        return getProperty(this.evalNode(node.object, env), node.property);
      case 'Not':
        return !this.truthy(this.evalNode(node.operand, env), node.pos);
      case 'Negate': {
        const n = this.num(this.evalNode(node.operand, env), node.pos);
        return n === null ? null : n === 0 ? 0 : -n;
      }
      case 'Logical': {
        const isAnd = node.op === 'and';
        for (const operand of node.operands) {
          const v = this.truthy(this.evalNode(operand, env), operand.pos);
          if (isAnd && !v) return false;
          if (!isAnd && v) return true;
        }
        return isAnd;
      }
      case 'In': {
        const v = this.evalNode(node.value, env);
        if (v === null) return false;
        for (const item of node.list) {
          const candidate = this.evalNode(item, env);
          if (candidate !== null && equals(v, candidate, this.steps)) return true;
        }
        return false;
      }
      case 'Binary':
        return this.binary(node, env);
      case 'Call':
        return node.target === null ? this.globalCall(node, env) : this.methodCall(node, env);
    }
  }

  private identifier(name: string, env: Env, pos: number): Value {
    const r = resolveIdentifier(name, env.frames);
    switch (r.kind) {
      case 'order':
        return isPlainObject(this.ctx.order) ? this.ctx.order : null;
      case 'items':
        return this.lines();
      case 'item':
        if (this.ctx.item === undefined) {
          return fail('Expression.MissingItem', "The expression uses 'item' but no line item was given", pos);
        }
        return this.ctx.item;
      case 'line':
        return env.lines[env.lines.length - 1] ?? null;
      case 'lineField':
        return getProperty(env.lines[env.lines.length - 1], r.field);
      case 'element':
        return env.elements[env.elements.length - 1] ?? null;
      case 'elementField':
        return getProperty(env.elements[env.elements.length - 1], r.field);
      case 'unknown':
        return fail('Expression.UnknownIdentifier', `Unknown name '${name}'`, pos);
    }
  }

  private binary(node: Node & { type: 'Binary' }, env: Env): Value {
    const { op } = node;
    const left = this.evalNode(node.left, env);
    const right = this.evalNode(node.right, env);
    if (op === '=' || op === '<>') {
      if (node.left.type === 'Null' || node.right.type === 'Null') {
        const isNull = (node.left.type === 'Null' ? right : left) === null;
        return op === '=' ? isNull : !isNull;
      }
      if (left === null || right === null) return false;
      const eq = equals(left, right, this.steps);
      return op === '=' ? eq : !eq;
    }
    if (op === '<' || op === '>' || op === '<=' || op === '>=') {
      if (left === null || right === null) return false;
      const c = compare(left, right);
      if (c === null) return false;
      return op === '<' ? c < 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : c >= 0;
    }
    const a = this.num(left, node.left.pos);
    const b = this.num(right, node.right.pos);
    if (a === null || b === null) return null;
    let r: number;
    switch (op) {
      case '+':
        r = a + b;
        break;
      case '-':
        r = a - b;
        break;
      case '*':
        r = a * b;
        break;
      case '/':
        if (b === 0) fail('Expression.DivideByZero', 'Division by zero', node.pos);
        r = a / b;
        break;
      case '%':
        if (b === 0) fail('Expression.DivideByZero', 'Modulo by zero', node.pos);
        r = a % b;
        break;
    }
    if (!Number.isFinite(r)) fail('Expression.NumericOverflow', 'Number out of range', node.pos);
    return Object.is(r, -0) ? 0 : r;
  }

  private globalCall(node: Node & { type: 'Call' }, env: Env): Value {
    const args = node.args;
    switch (node.name) {
      case 'min':
      case 'max': {
        const a = this.num(this.evalNode(args[0]!, env), args[0]!.pos);
        const b = this.num(this.evalNode(args[1]!, env), args[1]!.pos);
        if (a === null || b === null) return null;
        return node.name === 'min' ? Math.min(a, b) : Math.max(a, b);
      }
      case 'round': {
        const a = this.num(this.evalNode(args[0]!, env), args[0]!.pos);
        const d = args[1] ? this.num(this.evalNode(args[1], env), args[1].pos) : 0;
        if (a === null || d === null) return null;
        if (!Number.isInteger(d) || d < 0 || d > 10) {
          return fail('Expression.InvalidArguments', 'round() decimals must be an integer 0..10', node.pos);
        }
        return roundHalfAwayFromZero(a, d);
      }
      case 'ifs': {
        let i = 0;
        for (; i + 1 < args.length; i += 2) {
          if (this.truthy(this.evalNode(args[i]!, env), args[i]!.pos))
            return this.evalNode(args[i + 1]!, env);
        }
        return this.evalNode(args[args.length - 1]!, env);
      }
      case 'approved':
        return this.approved(this.evalNode(args[0]!, env));
      case 'now':
        return this.ctx.now ?? new Date();
      default:
        return fail('Expression.UnknownFunction', `Unknown function '${node.name}'`, node.pos);
    }
  }

  private approved(id: Value): boolean {
    if (typeof id !== 'string') return false;
    const lower = id.toLowerCase();
    return (this.ctx.approvedRuleIds ?? []).some((r) => r.toLowerCase() === lower);
  }

  private methodCall(node: Node & { type: 'Call' }, env: Env): Value {
    const target = node.target!;
    const targetIsItems =
      target.type === 'Identifier' && resolveIdentifier(target.name, env.frames).kind === 'items';
    if (targetIsItems) return this.itemsCall(node, env);
    const receiver = this.evalNode(target, env);
    const arg = node.args[0];
    switch (node.name) {
      case 'approved':
        // order.approved('ruleId'); the receiver is the order
        return receiver === null ? false : this.approved(this.evalNode(arg!, env));
      case 'incategory':
      case 'inparentcategory':
        return this.inCategory(receiver, this.evalNode(arg!, env), node.name === 'inparentcategory');
      case 'contains': {
        const needle = this.evalNode(arg!, env);
        if (receiver === null || needle === null) return false;
        if (typeof receiver === 'string' && typeof needle === 'string') {
          this.steps.charge(Math.ceil(receiver.length / 32));
          return receiver.toLowerCase().includes(needle.toLowerCase());
        }
        if (!Array.isArray(receiver)) return false;
        for (const el of receiver) {
          this.steps.charge();
          if (el !== null && el !== undefined && equals(el, needle, this.steps)) return true;
        }
        return false;
      }
      case 'any':
      case 'all':
      case 'count': {
        if (receiver === null) return node.name === 'count' ? null : false;
        if (!Array.isArray(receiver)) {
          return fail('Expression.TypeMismatch', `${node.name}() needs a list`, node.pos);
        }
        if (arg === undefined) {
          this.steps.charge();
          return node.name === 'any' ? receiver.length > 0 : node.name === 'all' ? true : receiver.length;
        }
        let matches = 0;
        const inner: Env = { ...env, frames: [...env.frames, 'element'], elements: [...env.elements, null] };
        for (const el of receiver) {
          inner.elements[inner.elements.length - 1] = el ?? null;
          const ok = this.truthy(this.evalNode(arg, inner), arg.pos);
          if (ok) {
            matches++;
            if (node.name === 'any') return true;
          } else if (node.name === 'all') return false;
        }
        return node.name === 'any' ? false : node.name === 'all' ? true : matches;
      }
      default:
        return fail('Expression.UnknownFunction', `Unknown function '${node.name}'`, node.pos);
    }
  }

  private inCategory(receiver: Value, category: Value, includeParents: boolean): boolean {
    if (!isPlainObject(receiver) || typeof category !== 'string') return false;
    // item.incategory('X') on a line item reads the line's Product
    let product: Value = receiver;
    if (getProperty(receiver, 'CategoryIDs') === null && isPlainObject(getProperty(receiver, 'Product'))) {
      product = getProperty(receiver, 'Product');
    }
    const lower = category.toLowerCase();
    const lists = includeParents ? ['CategoryIDs', 'ParentCategoryIDs'] : ['CategoryIDs'];
    for (const listName of lists) {
      const list = getProperty(product, listName);
      if (!Array.isArray(list)) continue;
      for (const id of list) {
        this.steps.charge();
        if (typeof id === 'string' && id.toLowerCase() === lower) return true;
      }
    }
    return false;
  }

  private lines(): readonly unknown[] {
    return Array.isArray(this.ctx.items) ? this.ctx.items : [];
  }

  private itemsCall(node: Node & { type: 'Call' }, env: Env): Value {
    const lines = this.lines();
    const filter = node.args[0];
    const inner: Env = { ...env, frames: [...env.frames, 'line'], lines: [...env.lines, null] };
    let matches = 0;
    let sum = 0;
    for (const line of lines) {
      this.steps.charge();
      let ok = true;
      if (filter !== undefined) {
        inner.lines[inner.lines.length - 1] = line;
        ok = this.truthy(this.evalNode(filter, inner), filter.pos);
      }
      if (node.name === 'any' && ok) return true;
      if (node.name === 'all' && !ok) return false;
      if (!ok) continue;
      matches++;
      if (node.name === 'quantity') sum += toNumber(getProperty(line, 'Quantity')) ?? 0;
      if (node.name === 'total') sum += toNumber(getProperty(line, 'LineSubtotal')) ?? 0;
    }
    switch (node.name) {
      case 'any':
        return false;
      case 'all':
        return true;
      case 'count':
        return matches;
      default:
        return clean(sum);
    }
  }
}

function describeValue(v: Value): string {
  if (typeof v === 'string') return `'${v.length > 20 ? `${v.slice(0, 20)}…` : v}'`;
  if (v instanceof Date) return 'a date';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  return String(v);
}
