import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileExpression,
  type EvaluationContext,
  type ExpressionKind,
  parseExpression,
  roundHalfAwayFromZero,
} from './index.ts';

// ------------------------------------------------------------------------------------------------
// Random arithmetic vs a reference computation
// ------------------------------------------------------------------------------------------------

type Arith =
  | { t: 'num'; v: number }
  | { t: 'neg'; e: Arith }
  | { t: 'bin'; op: '+' | '-' | '*' | '/' | '%'; l: Arith; r: Arith }
  | { t: 'fn'; name: 'min' | 'max'; a: Arith; b: Arith };

const literal = fc.oneof(
  fc.integer({ min: 0, max: 1000 }).map((v) => ({ t: 'num', v }) as Arith),
  // decimals with up to 2 places, rendered like `12.5` or `.25`
  fc.integer({ min: 0, max: 99_999 }).map((c) => ({ t: 'num', v: c / 100 }) as Arith),
);

const arith = fc.letrec<{ e: Arith }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    fc.record({ t: fc.constant('neg' as const), e: tie('e') }),
    fc.record({
      t: fc.constant('bin' as const),
      op: fc.constantFrom('+', '-', '*', '/', '%'),
      l: tie('e'),
      r: tie('e'),
    }),
    fc.record({
      t: fc.constant('fn' as const),
      name: fc.constantFrom('min', 'max'),
      a: tie('e'),
      b: tie('e'),
    }),
  ),
})).e;

const renderNumber = (v: number) => {
  const s = String(v);
  return s.startsWith('0.') ? s.slice(1) : s; // exercise the `.25` form
};

function render(e: Arith): string {
  switch (e.t) {
    case 'num':
      return renderNumber(e.v);
    case 'neg':
      return `-(${render(e.e)})`;
    case 'bin':
      return `(${render(e.l)} ${e.op} ${render(e.r)})`;
    case 'fn':
      return `${e.name}(${render(e.a)}, ${render(e.b)})`;
  }
}

class RefError extends Error {}
function reference(e: Arith): number {
  switch (e.t) {
    case 'num':
      return e.v;
    case 'neg':
      return -reference(e.e);
    case 'fn':
      return e.name === 'min'
        ? Math.min(reference(e.a), reference(e.b))
        : Math.max(reference(e.a), reference(e.b));
    case 'bin': {
      const a = reference(e.l);
      const b = reference(e.r);
      if ((e.op === '/' || e.op === '%') && b === 0) throw new RefError('div0');
      const r =
        e.op === '+' ? a + b : e.op === '-' ? a - b : e.op === '*' ? a * b : e.op === '/' ? a / b : a % b;
      if (!Number.isFinite(r)) throw new RefError('overflow');
      return r;
    }
  }
}

const emptyContext: EvaluationContext = { order: {}, items: [] };

describe('property: arithmetic evaluates like a reference computation', () => {
  it('fully parenthesised random expressions', () => {
    fc.assert(
      fc.property(arith, (e) => {
        const src = render(e);
        fc.pre(src.length <= 1000);
        const compiled = compileExpression(src, { kind: 'value' });
        if (!compiled.ok) {
          // only allowed failure: the tree is deeper than the limit
          expect(compiled.error.code).toBe('Expression.TooComplex');
          return;
        }
        const got = compiled.expression.evaluate(emptyContext);
        let expected: number | 'div0' | 'overflow';
        try {
          expected = reference(e);
        } catch (err) {
          if (!(err instanceof RefError)) throw err;
          expected = err.message as 'div0' | 'overflow';
        }
        if (expected === 'div0')
          expect(got).toMatchObject({ ok: false, error: { code: 'Expression.DivideByZero' } });
        else if (expected === 'overflow') expect(got.ok).toBe(false);
        else expect(got).toEqual({ ok: true, value: roundHalfAwayFromZero(expected, 2) });
      }),
      { numRuns: 500 },
    );
  });

  it('flat chains follow * / % before + -, left to right', () => {
    const term = fc.integer({ min: 1, max: 50 });
    const op = fc.constantFrom('+', '-', '*', '/', '%');
    fc.assert(
      fc.property(term, fc.array(fc.tuple(op, term), { maxLength: 12 }), (first, rest) => {
        const src = [String(first), ...rest.map(([o, t]) => `${o} ${t}`)].join(' ');
        // reference: collapse multiplicative runs, then sum left to right
        const sums: number[] = [first];
        const signs: number[] = [1];
        for (const [o, t] of rest) {
          if (o === '+' || o === '-') {
            sums.push(t);
            signs.push(o === '+' ? 1 : -1);
          } else {
            const i = sums.length - 1;
            const a = sums[i]!;
            sums[i] = o === '*' ? a * t : o === '/' ? a / t : a % t;
          }
        }
        const expected = sums.reduce((acc, v, i) => (i === 0 ? v : acc + signs[i]! * v), 0);
        const compiled = compileExpression(src, { kind: 'value' });
        expect(compiled.ok).toBe(true);
        if (compiled.ok) {
          expect(compiled.expression.evaluate(emptyContext)).toEqual({
            ok: true,
            value: roundHalfAwayFromZero(expected, 2),
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('comparisons of random numbers agree with JavaScript', () => {
    const n = fc.integer({ min: -1000, max: 1000 }).map((c) => c / 10);
    const op = fc.constantFrom('=', '<>', '<', '>', '<=', '>=');
    fc.assert(
      fc.property(n, op, n, (a, o, b) => {
        const src = `${a} ${o} ${b}`;
        const expected =
          o === '='
            ? a === b
            : o === '<>'
              ? a !== b
              : o === '<'
                ? a < b
                : o === '>'
                  ? a > b
                  : o === '<='
                    ? a <= b
                    : a >= b;
        const compiled = compileExpression(src, { kind: 'eligible' });
        expect(compiled.ok && compiled.expression.evaluate(emptyContext)).toEqual({
          ok: true,
          value: expected,
        });
      }),
    );
  });
});

// ------------------------------------------------------------------------------------------------
// Garbage in: typed errors out, never a throw, never a hang
// ------------------------------------------------------------------------------------------------

const TOKENS = [
  'order',
  'items',
  'item',
  '.',
  'xp',
  'Total',
  'ProductID',
  'Product',
  'any',
  'all',
  'count',
  'quantity',
  'total',
  'contains',
  'incategory',
  'inparentcategory',
  'approved',
  'min',
  'max',
  'ifs',
  'round',
  'now',
  'in',
  '(',
  ')',
  ',',
  "'a*'",
  "'x''y'",
  "'",
  '#6/15/2016#',
  '#',
  '1',
  '.5',
  '0',
  'true',
  'false',
  'null',
  'and',
  'or',
  'not',
  '&',
  '&&',
  '||',
  '!',
  '=',
  '<>',
  '<',
  '>',
  '<=',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
  ' ',
  'LineItem',
  'Tags',
];

const tokenSoup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }).map((ts) => ts.join(''));
const spacedSoup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }).map((ts) => ts.join(' '));

const richContext: EvaluationContext = {
  order: { ID: 'o', Total: 100, Subtotal: 90, xp: { Tags: ['a1', 'b2'], Total: '5' } },
  items: Array.from({ length: 30 }, (_, i) => ({
    ID: `l${i}`,
    ProductID: `P${i}`,
    Quantity: i,
    LineSubtotal: i * 2.5,
    Product: { CategoryIDs: ['c'], xp: { Tags: ['a'] } },
    xp: { Tags: ['t'] },
  })),
  approvedRuleIds: ['a'],
  now: new Date('2026-01-01T00:00:00Z'),
};

function neverThrows(src: string) {
  for (const kind of ['approvalRule', 'eligible', 'value'] as ExpressionKind[]) {
    for (const lineItemLevel of [false, true]) {
      const compiled = compileExpression(src, { kind, lineItemLevel });
      if (!compiled.ok) {
        expect(compiled.error.code).toMatch(/^Expression\./);
        expect(typeof compiled.error.message).toBe('string');
        if (compiled.error.position !== undefined) {
          expect(compiled.error.position).toBeGreaterThanOrEqual(0);
          expect(compiled.error.position).toBeLessThanOrEqual(src.length);
        }
        continue;
      }
      const started = performance.now();
      const r = compiled.expression.evaluate({ ...richContext, item: richContext.items[3] });
      expect(performance.now() - started).toBeLessThan(1000);
      if (r.ok) expect(['boolean', 'number']).toContain(typeof r.value);
      else expect(r.error.code).toMatch(/^Expression\./);
    }
  }
}

describe('property: garbage input never throws and never hangs', () => {
  it('arbitrary unicode strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 500, unit: 'grapheme' }), neverThrows), { numRuns: 500 });
  });
  it('soups of real tokens', () => {
    fc.assert(fc.property(tokenSoup, neverThrows), { numRuns: 1000 });
    fc.assert(fc.property(spacedSoup, neverThrows), { numRuns: 1000 });
  });
  it('parseExpression itself never throws, even on long input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5000 }), (s) => {
        const r = parseExpression(s);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
  it('hostile shapes are cut off by the limits', () => {
    const hostile = [
      `${'('.repeat(399)}`,
      `${'not '.repeat(99)}true`,
      `${'items.any('.repeat(30)}true${')'.repeat(30)}`,
      'items.all(items.all(items.all(items.all(Quantity >= 0))))',
      `${'-'.repeat(399)}1`,
      `'${"''".repeat(190)}'`,
      `#${'1'.repeat(398)}#`,
    ];
    for (const src of hostile) neverThrows(src);
  });
});
