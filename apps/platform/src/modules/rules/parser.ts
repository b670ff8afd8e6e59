/**
 * Pratt parser for the rule-expression language: tokens → AST. Bounded: the nesting depth is checked
 * while parsing (so a hostile input cannot overflow the stack) and the finished tree's depth is checked
 * against `maxDepth`.
 *
 * Binding powers (higher binds tighter):
 *   or / ||                10
 *   and / && / &           20
 *   = == <> != < > <= >= in  30
 *   + -                    40
 *   * / %                  50
 *   not ! - (prefix)       60
 *   . member / method call 70
 */
import { type Token, tokenize } from './lexer.ts';
import {
  type BinaryOperator,
  DEFAULT_LIMITS,
  type ExpressionError,
  type Node,
  type Result,
} from './types.ts';

const BP = {
  or: 10,
  and: 20,
  compare: 30,
  additive: 40,
  multiplicative: 50,
  prefix: 60,
  postfix: 70,
} as const;

class ParseFailure extends Error {
  constructor(readonly detail: ExpressionError) {
    super(detail.message);
  }
}

const syntaxError = (message: string, position: number) =>
  new ParseFailure({
    code: 'Expression.SyntaxError',
    message: `${message} at position ${position}`,
    position,
  });

const describe = (t: Token) => (t.type === 'eof' ? 'end of expression' : `'${t.text}'`);

type Infix =
  | { kind: 'logical'; op: 'and' | 'or'; bp: number }
  | { kind: 'binary'; op: BinaryOperator; bp: number }
  | { kind: 'in'; bp: number }
  | { kind: 'dot'; bp: number };

function infixOf(t: Token): Infix | null {
  if (t.type === 'dot') return { kind: 'dot', bp: BP.postfix };
  if (t.type === 'word') {
    const w = t.text.toLowerCase();
    if (w === 'or') return { kind: 'logical', op: 'or', bp: BP.or };
    if (w === 'and') return { kind: 'logical', op: 'and', bp: BP.and };
    if (w === 'in') return { kind: 'in', bp: BP.compare };
    return null;
  }
  if (t.type !== 'op') return null;
  switch (t.text) {
    case '||':
      return { kind: 'logical', op: 'or', bp: BP.or };
    case '&&':
    case '&':
      return { kind: 'logical', op: 'and', bp: BP.and };
    case '=':
    case '==':
      return { kind: 'binary', op: '=', bp: BP.compare };
    case '<>':
    case '!=':
      return { kind: 'binary', op: '<>', bp: BP.compare };
    case '<':
    case '>':
    case '<=':
    case '>=':
      return { kind: 'binary', op: t.text, bp: BP.compare };
    case '+':
    case '-':
      return { kind: 'binary', op: t.text, bp: BP.additive };
    case '*':
    case '/':
    case '%':
      return { kind: 'binary', op: t.text, bp: BP.multiplicative };
    default:
      return null;
  }
}

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'true', 'false', 'null']);

class Parser {
  private i = 0;
  private nesting = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly maxDepth: number,
  ) {}

  private peek(): Token {
    return this.tokens[this.i]!;
  }

  private next(): Token {
    const t = this.tokens[this.i]!;
    if (t.type !== 'eof') this.i++;
    return t;
  }

  private expect(type: Token['type'], what: string): Token {
    const t = this.peek();
    if (t.type !== type) throw syntaxError(`Expected ${what} but found ${describe(t)}`, t.pos);
    return this.next();
  }

  private enter(pos: number) {
    this.nesting++;
    if (this.nesting > this.maxDepth) {
      throw new ParseFailure({
        code: 'Expression.TooComplex',
        message: `Expression is nested too deeply (more than ${this.maxDepth} levels) at position ${pos}`,
        position: pos,
      });
    }
  }

  parseAll(): Node {
    const t = this.peek();
    if (t.type === 'eof') throw syntaxError('Empty expression', t.pos);
    const node = this.expression(0);
    const end = this.peek();
    if (end.type !== 'eof') throw syntaxError(`Unexpected ${describe(end)}`, end.pos);
    return node;
  }

  private expression(minBp: number): Node {
    this.enter(this.peek().pos);
    let left = this.prefix();
    for (;;) {
      const t = this.peek();
      const infix = infixOf(t);
      if (infix === null || infix.bp <= minBp) break;
      this.next();
      switch (infix.kind) {
        case 'dot':
          left = this.member(left);
          break;
        case 'logical': {
          const right = this.expression(infix.bp);
          if (left.type === 'Logical' && left.op === infix.op) left.operands.push(right);
          else left = { type: 'Logical', op: infix.op, operands: [left, right], pos: t.pos };
          break;
        }
        case 'binary':
          left = { type: 'Binary', op: infix.op, left, right: this.expression(infix.bp), pos: t.pos };
          break;
        case 'in': {
          this.expect('lparen', "'(' after 'in'");
          const list = this.argumentList();
          if (list.length === 0) throw syntaxError("'in' needs at least one value", t.pos);
          left = { type: 'In', value: left, list, pos: t.pos };
          break;
        }
      }
    }
    this.nesting--;
    return left;
  }

  /** After '(' has been consumed: `expr (, expr)* )` or `)`. */
  private argumentList(): Node[] {
    const args: Node[] = [];
    if (this.peek().type === 'rparen') {
      this.next();
      return args;
    }
    for (;;) {
      args.push(this.expression(0));
      const t = this.next();
      if (t.type === 'rparen') return args;
      if (t.type !== 'comma') throw syntaxError(`Expected ',' or ')' but found ${describe(t)}`, t.pos);
    }
  }

  private member(object: Node): Node {
    const nameTok = this.expect('word', 'a property or function name after "."');
    if (this.peek().type === 'lparen') {
      this.next();
      const args = this.argumentList();
      const name = nameTok.text.toLowerCase();
      if (name === 'in') {
        if (args.length === 0) throw syntaxError('in() needs at least one value', nameTok.pos);
        return { type: 'In', value: object, list: args, pos: nameTok.pos };
      }
      return { type: 'Call', name, target: object, args, pos: nameTok.pos };
    }
    return { type: 'Member', object, property: nameTok.text, pos: nameTok.pos };
  }

  private prefix(): Node {
    const t = this.next();
    switch (t.type) {
      case 'number':
        return { type: 'Number', value: t.value, pos: t.pos };
      case 'string':
        return { type: 'String', value: t.text, pos: t.pos };
      case 'date':
        return { type: 'Date', value: t.value, pos: t.pos };
      case 'lparen': {
        const inner = this.expression(0);
        this.expect('rparen', "')'");
        return inner;
      }
      case 'op':
        if (t.text === '-') return { type: 'Negate', operand: this.expression(BP.prefix), pos: t.pos };
        if (t.text === '+') return this.expression(BP.prefix);
        if (t.text === '!') return { type: 'Not', operand: this.expression(BP.prefix), pos: t.pos };
        throw syntaxError(`Unexpected ${describe(t)}`, t.pos);
      case 'word': {
        const w = t.text.toLowerCase();
        if (w === 'true' || w === 'false') return { type: 'Boolean', value: w === 'true', pos: t.pos };
        if (w === 'null') return { type: 'Null', pos: t.pos };
        if (w === 'not') return { type: 'Not', operand: this.expression(BP.prefix), pos: t.pos };
        if (KEYWORDS.has(w) && !(w === 'in' && this.peek().type === 'lparen')) {
          throw syntaxError(`Unexpected ${describe(t)}`, t.pos);
        }
        if (this.peek().type === 'lparen') {
          this.next();
          const args = this.argumentList();
          if (w === 'in') {
            // NCalc-style in(value, a, b, …)
            if (args.length < 2) throw syntaxError('in() needs a value and at least one candidate', t.pos);
            return { type: 'In', value: args[0]!, list: args.slice(1), pos: t.pos };
          }
          return { type: 'Call', name: w, target: null, args, pos: t.pos };
        }
        return { type: 'Identifier', name: t.text, pos: t.pos };
      }
      default:
        throw syntaxError(`Unexpected ${describe(t)}`, t.pos);
    }
  }
}

/** Depth of the tree (a leaf has depth 1). Recursion is safe: the parser bounds the nesting it builds. */
export function astDepth(node: Node): number {
  switch (node.type) {
    case 'Member':
      return 1 + astDepth(node.object);
    case 'Call':
      return 1 + Math.max(node.target ? astDepth(node.target) : 0, ...node.args.map(astDepth));
    case 'Not':
    case 'Negate':
      return 1 + astDepth(node.operand);
    case 'Binary':
      return 1 + Math.max(astDepth(node.left), astDepth(node.right));
    case 'Logical':
      return 1 + Math.max(...node.operands.map(astDepth));
    case 'In':
      return 1 + Math.max(astDepth(node.value), ...node.list.map(astDepth));
    default:
      return 1;
  }
}

/** Tokenize and parse. Never throws for any string input. */
export function parseExpression(source: string, maxDepth = DEFAULT_LIMITS.maxDepth): Result<Node> {
  const tokens = tokenize(source);
  if (!tokens.ok) return tokens;
  try {
    const ast = new Parser(tokens.value, maxDepth).parseAll();
    const depth = astDepth(ast);
    if (depth > maxDepth) {
      return {
        ok: false,
        error: {
          code: 'Expression.TooComplex',
          message: `Expression is too complex (depth ${depth}, the limit is ${maxDepth})`,
          position: 0,
        },
      };
    }
    return { ok: true, value: ast };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: e.detail };
    throw e;
  }
}
