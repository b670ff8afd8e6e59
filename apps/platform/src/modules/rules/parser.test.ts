import { describe, expect, it } from 'vitest';
import { parseDateLiteral, tokenize } from './lexer.ts';
import { astDepth, parseExpression } from './parser.ts';
import type { Node } from './types.ts';

/** Compact s-expression rendering of an AST, to assert on structure and precedence. */
function show(node: Node): string {
  switch (node.type) {
    case 'Number':
      return String(node.value);
    case 'String':
      return `'${node.value}'`;
    case 'Boolean':
      return String(node.value);
    case 'Null':
      return 'null';
    case 'Date':
      return `#${new Date(node.value).toISOString()}#`;
    case 'Identifier':
      return node.name;
    case 'Member':
      return `${show(node.object)}.${node.property}`;
    case 'Call':
      return `${node.target ? `${show(node.target)}.` : ''}${node.name}(${node.args.map(show).join(', ')})`;
    case 'Not':
      return `(not ${show(node.operand)})`;
    case 'Negate':
      return `(- ${show(node.operand)})`;
    case 'Binary':
      return `(${show(node.left)} ${node.op} ${show(node.right)})`;
    case 'Logical':
      return `(${node.operands.map(show).join(` ${node.op} `)})`;
    case 'In':
      return `(${show(node.value)} in [${node.list.map(show).join(', ')}])`;
  }
}

const parse = (src: string) => {
  const r = parseExpression(src);
  if (!r.ok) throw new Error(`${src}: ${r.error.message}`);
  return show(r.value);
};
const parseError = (src: string) => {
  const r = parseExpression(src);
  if (r.ok) throw new Error(`${src} parsed unexpectedly`);
  return r.error;
};

describe('tokenizer', () => {
  it('reads numbers including a leading-dot decimal', () => {
    const r = tokenize('.15 12 3.5');
    expect(r.ok && r.value.map((t) => t.value)).toEqual([0.15, 12, 3.5, 0]);
  });
  it("decodes '' inside single-quoted strings", () => {
    const r = tokenize("'O''Brien'");
    expect(r.ok && r.value[0]).toMatchObject({ type: 'string', text: "O'Brien" });
  });
  it('treats a dot after a name as member access, not a number', () => {
    const r = tokenize('item.LineSubtotal * .15');
    expect(r.ok && r.value.map((t) => t.type)).toEqual(['word', 'dot', 'word', 'op', 'number', 'eof']);
  });
  it('reports unterminated strings and dates and stray characters with their position', () => {
    expect(tokenize("order.ID = 'abc")).toMatchObject({ ok: false, error: { position: 11 } });
    expect(tokenize('order.DateCreated > #6/15/2016')).toMatchObject({
      ok: false,
      error: { code: 'Expression.SyntaxError', position: 20 },
    });
    expect(tokenize('order.Total > 5 $')).toMatchObject({ ok: false, error: { position: 16 } });
  });
});

describe('date literals', () => {
  it('parses M/D/YYYY as UTC midnight', () => {
    expect(parseDateLiteral('6/15/2016')).toBe(Date.UTC(2016, 5, 15));
    expect(parseDateLiteral('06/05/2016')).toBe(Date.UTC(2016, 5, 5));
  });
  it('accepts a time, with or without seconds and AM/PM', () => {
    expect(parseDateLiteral('6/15/2016 13:45')).toBe(Date.UTC(2016, 5, 15, 13, 45));
    expect(parseDateLiteral('6/15/2016 1:45:30 PM')).toBe(Date.UTC(2016, 5, 15, 13, 45, 30));
    expect(parseDateLiteral('6/15/2016 12:00 AM')).toBe(Date.UTC(2016, 5, 15, 0, 0));
    expect(parseDateLiteral('2016-06-15T08:30')).toBe(Date.UTC(2016, 5, 15, 8, 30));
  });
  it('rejects impossible dates', () => {
    for (const bad of [
      '2/30/2016',
      '13/1/2016',
      '6/15/16',
      'tomorrow',
      '6/15/2016 25:00',
      '6/15/2016 13:00 PM',
    ]) {
      expect(parseDateLiteral(bad)).toBeNull();
    }
    expect(parseError('order.DateSubmitted > #2/30/2016#').code).toBe('Expression.SyntaxError');
  });
});

describe('parser', () => {
  it('gives multiplication precedence over addition, and arithmetic over comparison', () => {
    expect(parse('1 + 2 * 3 > 4 - 5 / 6 % 7')).toBe('((1 + (2 * 3)) > (4 - ((5 / 6) % 7)))');
  });
  it('is left-associative for arithmetic', () => {
    expect(parse('10 - 4 - 3')).toBe('((10 - 4) - 3)');
    expect(parse('12 / 3 / 2')).toBe('((12 / 3) / 2)');
  });
  it('binds and tighter than or, comparison tighter than and', () => {
    expect(parse('a = 1 or b = 2 and c = 3')).toBe('((a = 1) or ((b = 2) and (c = 3)))');
    expect(parse('(a = 1 or b = 2) and c = 3')).toBe('(((a = 1) or (b = 2)) and (c = 3))');
  });
  it('binds not tighter than comparison', () => {
    expect(parse('not a = b')).toBe('((not a) = b)');
    expect(parse('not (a = b) and c')).toBe('((not (a = b)) and c)');
    expect(parse('not items.any(ProductID = 1)')).toBe('(not items.any((ProductID = 1)))');
  });
  it('reads keywords case-insensitively', () => {
    expect(parse('a = TRUE AND NOT b OR c = False')).toBe('(((a = true) and (not b)) or (c = false))');
  });
  it('accepts & and && as and, || as or, == and != as = and <>', () => {
    expect(parse("order.xp.ApprovalNeeded = 'loc1' & order.Total > 0")).toBe(
      "((order.xp.ApprovalNeeded = 'loc1') and (order.Total > 0))",
    );
    expect(parse('a == 1 && b != 2 || c')).toBe('(((a = 1) and (b <> 2)) or c)');
  });
  it('flattens and/or chains', () => {
    expect(parse('a and b and c or d or e')).toBe('((a and b and c) or d or e)');
  });
  it('parses member paths, methods and global functions', () => {
    expect(parse('order.FromUser.xp.FirstOrder = true')).toBe('(order.FromUser.xp.FirstOrder = true)');
    expect(parse("item.product.incategory('Bikes')")).toBe("item.product.incategory('Bikes')");
    expect(parse("items.total (ProductID='XYZ')")).toBe("items.total((ProductID = 'XYZ'))");
    expect(parse('items.count()')).toBe('items.count()');
    expect(parse('min(order.Subtotal * .1, 20)')).toBe('min((order.Subtotal * 0.1), 20)');
    expect(parse('ifs(a > 1, 2, 3)')).toBe('ifs((a > 1), 2, 3)');
  });
  it('parses the three in() forms to the same node', () => {
    const expected = "(order.xp.Region in ['EU', 'US'])";
    expect(parse("order.xp.Region in ('EU', 'US')")).toBe(expected);
    expect(parse("order.xp.Region.in('EU', 'US')")).toBe(expected);
    expect(parse("in(order.xp.Region, 'EU', 'US')")).toBe(expected);
  });
  it('parses unary minus and dates', () => {
    expect(parse('-order.Total * -2')).toBe('((- order.Total) * (- 2))');
    expect(parse('order.DateSubmitted >= #6/15/2016#')).toBe(
      '(order.DateSubmitted >= #2016-06-15T00:00:00.000Z#)',
    );
  });

  it.each([
    ['', 0],
    ['   ', 3],
    ['1 +', 3],
    ['(1 + 2', 6],
    ['1 + 2)', 5],
    ['order.', 6],
    ['order..Total', 6],
    ['items.any(ProductID = 1', 23],
    ['min(1,,2)', 6],
    ['and', 0],
    ['1 2', 2],
    ["'a' in 'b'", 7],
    ['order.Total > 5 and', 19],
    ['12abc', 0],
  ])('reports a syntax error with its position for %j', (src, position) => {
    expect(parseError(src)).toMatchObject({ code: 'Expression.SyntaxError', position });
  });

  it('refuses nesting beyond the depth limit without overflowing the stack', () => {
    const deep = `${'('.repeat(5000)}1${')'.repeat(5000)}`;
    expect(parseError(deep).code).toBe('Expression.TooComplex');
    expect(parseError(`${'not '.repeat(200)}true`).code).toBe('Expression.TooComplex');
    expect(parseError(`${'-'.repeat(200)}1`).code).toBe('Expression.TooComplex');
    expect(parseError(Array.from({ length: 80 }, () => '1').join(' + ')).code).toBe('Expression.TooComplex');
  });
  it('accepts nesting within the limit', () => {
    const r = parseExpression(`${'('.repeat(30)}1${')'.repeat(30)}`);
    expect(r.ok).toBe(true);
    const chain = parseExpression(Array.from({ length: 40 }, (_, i) => `a = ${i}`).join(' or '));
    expect(chain.ok && astDepth(chain.value)).toBe(3);
  });
});
