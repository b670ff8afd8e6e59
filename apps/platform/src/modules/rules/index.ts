/**
 * OrderCloud rule expressions (approval rules, promotion eligibility and value) — a safe, bounded
 * tokenizer → Pratt parser → AST → tree-walking evaluator. Never uses `eval` or `new Function`.
 * See README.md for the grammar, the API and the decisions taken where OrderCloud's docs are silent.
 */
import { type Analysis, analyse } from './analyse.ts';
import { EvaluationFailure, Evaluator, roundHalfAwayFromZero } from './evaluate.ts';
import { parseExpression } from './parser.ts';
import {
  DEFAULT_LIMITS,
  type EvaluationContext,
  type ExpressionError,
  type ExpressionKind,
  type ExpressionLimits,
  MAX_LENGTH,
  type Node,
  type Result,
  type RuleLineItem,
} from './types.ts';

export { type Analysis, analyse } from './analyse.ts';
export { roundHalfAwayFromZero, wildcardMatch } from './evaluate.ts';
export { parseExpression } from './parser.ts';
export * from './types.ts';

export interface CompileOptions<K extends ExpressionKind = ExpressionKind> {
  kind: K;
  /** Promotion.LineItemLevel. Ignored for approval rules (always order level). */
  lineItemLevel?: boolean;
  limits?: Partial<ExpressionLimits>;
}

export type ResultOf<K extends ExpressionKind> = K extends 'value' ? number : boolean;

export interface CompiledExpression<K extends ExpressionKind = ExpressionKind> {
  readonly source: string;
  readonly kind: K;
  readonly lineItemLevel: boolean;
  readonly ast: Node;
  readonly analysis: Analysis;
  /**
   * Evaluate against plain order data. Never throws for data problems: type mismatches, division by
   * zero, a missing `item` and the step limit come back as `{ ok: false, error }`.
   * - approvalRule / eligible: a boolean (a null/missing result is false).
   * - value: a number rounded to 2 decimals, half away from zero (a null/missing result is 0).
   */
  evaluate(context: EvaluationContext): Result<ResultOf<K>>;
}

export type CompileResult<K extends ExpressionKind> =
  | { ok: true; expression: CompiledExpression<K> }
  | { ok: false; error: ExpressionError };

const FIELD: Record<ExpressionKind, string> = {
  approvalRule: 'RuleExpression',
  eligible: 'EligibleExpression',
  value: 'ValueExpression',
};

/** Parse, validate and prepare an expression. Expected failures come back as a typed error, never thrown. */
export function compileExpression<K extends ExpressionKind>(
  source: string,
  options: CompileOptions<K>,
): CompileResult<K> {
  const { kind } = options;
  const limits: ExpressionLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const lineItemLevel = kind !== 'approvalRule' && options.lineItemLevel === true;
  const field = FIELD[kind];
  if (typeof source !== 'string' || source.trim().length === 0) {
    return { ok: false, error: { code: 'Expression.Required', message: `${field} is required` } };
  }
  const maxLength = MAX_LENGTH[kind];
  if (source.length > maxLength) {
    return {
      ok: false,
      error: {
        code: 'Expression.TooLong',
        message: `${field} is ${source.length} characters long; the limit is ${maxLength}`,
        position: maxLength,
      },
    };
  }
  const parsed = parseExpression(source, limits.maxDepth);
  if (!parsed.ok) return parsed;
  const ast = parsed.value;
  const analysis = analyse(ast);
  const first = analysis.errors[0];
  if (first) return { ok: false, error: first };

  if (analysis.usesItem && !lineItemLevel) {
    return {
      ok: false,
      error: {
        code: 'Expression.ItemNotAllowed',
        message:
          kind === 'approvalRule'
            ? `'item' is not allowed in an approval rule; use items.any(…) and the other items functions`
            : `'item' is only allowed in line-item-level promotions (LineItemLevel = true)`,
        position: analysis.itemPosition,
      },
    };
  }
  if (kind === 'eligible' && lineItemLevel && !analysis.usesItem) {
    return {
      ok: false,
      error: {
        code: 'Expression.ItemRequired',
        message: `The EligibleExpression of a line-item-level promotion must use 'item' to select the discounted lines`,
      },
    };
  }
  const t = analysis.resultType;
  if (kind !== 'value' && (t === 'number' || t === 'string' || t === 'date')) {
    return {
      ok: false,
      error: {
        code: 'Expression.MustBeBoolean',
        message: `${field} must be a true/false condition`,
        position: 0,
      },
    };
  }
  if (kind === 'value' && (t === 'boolean' || t === 'string' || t === 'date')) {
    return {
      ok: false,
      error: { code: 'Expression.MustBeNumeric', message: `${field} must compute an amount`, position: 0 },
    };
  }

  const expression: CompiledExpression<K> = {
    source,
    kind,
    lineItemLevel,
    ast,
    analysis,
    evaluate(context: EvaluationContext): Result<ResultOf<K>> {
      return evaluateCompiled(ast, kind, context, limits.maxSteps) as Result<ResultOf<K>>;
    },
  };
  return { ok: true, expression };
}

function evaluateCompiled(
  ast: Node,
  kind: ExpressionKind,
  context: EvaluationContext,
  maxSteps: number,
): Result<number | boolean> {
  try {
    const raw = new Evaluator(context, maxSteps).run(ast);
    if (kind === 'value') {
      if (raw === null || raw === undefined) return { ok: true, value: 0 };
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      if (typeof raw === 'string' && raw.trim() === '') return { ok: true, value: 0 };
      if (!Number.isFinite(n)) {
        return {
          ok: false,
          error: { code: 'Expression.MustBeNumeric', message: 'ValueExpression did not compute a number' },
        };
      }
      return { ok: true, value: roundHalfAwayFromZero(n, 2) };
    }
    if (raw === null || raw === undefined) return { ok: true, value: false };
    if (typeof raw !== 'boolean') {
      return {
        ok: false,
        error: { code: 'Expression.MustBeBoolean', message: `${FIELD[kind]} did not compute true/false` },
      };
    }
    return { ok: true, value: raw };
  } catch (e) {
    if (e instanceof EvaluationFailure) return { ok: false, error: e.detail };
    if (e instanceof RangeError) {
      // defensive: should be unreachable thanks to the depth limit
      return { ok: false, error: { code: 'Expression.EvaluationLimitExceeded', message: e.message } };
    }
    throw e;
  }
}

/**
 * Line-item-level promotions: the lines the compiled EligibleExpression selects (evaluated once per line
 * with `item` set to it), in their original order. The first evaluation error is returned as is.
 */
export function selectEligibleLines<L extends RuleLineItem>(
  expression: CompiledExpression<'eligible'>,
  context: Omit<EvaluationContext, 'item' | 'items'> & { items: readonly L[] },
): Result<L[]> {
  const selected: L[] = [];
  for (const line of context.items) {
    const r = expression.evaluate({ ...context, item: line });
    if (!r.ok) return r;
    if (r.value) selected.push(line);
  }
  return { ok: true, value: selected };
}

// ---------------------------------------------------------------------------------------------
// Validation helpers for the resources that hold expressions
// ---------------------------------------------------------------------------------------------

export interface FieldError extends ExpressionError {
  /** The resource field the error is about. */
  field: 'RuleExpression' | 'EligibleExpression' | 'ValueExpression';
}

export type ValidationResult = { ok: true } | { ok: false; errors: FieldError[] };

/** Validate `ApprovalRule.RuleExpression` (required, ≤ 400 chars, order level). */
export function validateApprovalRuleExpression(ruleExpression: string | null | undefined): ValidationResult {
  const r = compileExpression(ruleExpression ?? '', { kind: 'approvalRule' });
  return r.ok ? { ok: true } : { ok: false, errors: [{ ...r.error, field: 'RuleExpression' }] };
}

/**
 * Validate a promotion's expressions. EligibleExpression is required (≤ 400); ValueExpression (≤ 1000) may
 * be null only when `UseIntegration` is true. With `LineItemLevel`, EligibleExpression must use `item`;
 * without it, neither expression may.
 */
export function validatePromotionExpressions(promotion: {
  EligibleExpression?: string | null;
  ValueExpression?: string | null;
  LineItemLevel?: boolean | null;
  UseIntegration?: boolean | null;
}): ValidationResult {
  const errors: FieldError[] = [];
  const lineItemLevel = promotion.LineItemLevel === true;
  const eligible = compileExpression(promotion.EligibleExpression ?? '', { kind: 'eligible', lineItemLevel });
  if (!eligible.ok) errors.push({ ...eligible.error, field: 'EligibleExpression' });
  const valueSource = promotion.ValueExpression;
  const valueMissing = valueSource === null || valueSource === undefined || valueSource.trim() === '';
  if (!(valueMissing && promotion.UseIntegration === true)) {
    const value = compileExpression(valueSource ?? '', { kind: 'value', lineItemLevel });
    if (!value.ok) errors.push({ ...value.error, field: 'ValueExpression' });
  }
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}
