/**
 * Types shared by the rule-expression tokenizer, parser, analyser and evaluator.
 * See README.md for the grammar and the semantic choices.
 */

/** Where an expression is used; decides the length limit, the result type and whether `item` is allowed. */
export type ExpressionKind = 'approvalRule' | 'eligible' | 'value';

/** Stable error codes. Compile-time codes come back from `compileExpression`/`parseExpression`,
 * evaluation codes from `expression.evaluate`. */
export type ExpressionErrorCode =
  | 'Expression.Required'
  | 'Expression.TooLong'
  | 'Expression.SyntaxError'
  | 'Expression.TooComplex'
  | 'Expression.UnknownFunction'
  | 'Expression.UnknownIdentifier'
  | 'Expression.InvalidArguments'
  | 'Expression.ItemNotAllowed'
  | 'Expression.ItemRequired'
  | 'Expression.MustBeBoolean'
  | 'Expression.MustBeNumeric'
  // evaluation
  | 'Expression.DivideByZero'
  | 'Expression.TypeMismatch'
  | 'Expression.NumericOverflow'
  | 'Expression.EvaluationLimitExceeded'
  | 'Expression.MissingItem';

export interface ExpressionError {
  code: ExpressionErrorCode;
  message: string;
  /** 0-based character offset in the source, when the error points at a place. */
  position?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ExpressionError };

// ---------------------------------------------------------------------------------------------
// AST
// ---------------------------------------------------------------------------------------------

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '=' | '<>' | '<' | '>' | '<=' | '>=';

export type Node =
  | { type: 'Number'; value: number; pos: number }
  | { type: 'String'; value: string; pos: number }
  | { type: 'Boolean'; value: boolean; pos: number }
  | { type: 'Null'; pos: number }
  /** Date literal `#M/D/YYYY[ h:mm[:ss][ AM|PM]]#`, as epoch milliseconds (UTC). */
  | { type: 'Date'; value: number; pos: number }
  | { type: 'Identifier'; name: string; pos: number }
  | { type: 'Member'; object: Node; property: string; pos: number }
  /** `name(args)` when `target` is null, `target.name(args)` otherwise. `name` is lower-cased. */
  | { type: 'Call'; name: string; target: Node | null; args: Node[]; pos: number }
  | { type: 'Not'; operand: Node; pos: number }
  | { type: 'Negate'; operand: Node; pos: number }
  | { type: 'Binary'; op: BinaryOperator; left: Node; right: Node; pos: number }
  /** n-ary `and` / `or` (flattened so long chains do not deepen the tree). */
  | { type: 'Logical'; op: 'and' | 'or'; operands: Node[]; pos: number }
  /** `value in (a, b, …)`. */
  | { type: 'In'; value: Node; list: Node[]; pos: number };

// ---------------------------------------------------------------------------------------------
// Evaluation input (plain data, OrderCloud PascalCase; decimals as numbers)
// ---------------------------------------------------------------------------------------------

/** The product carried on each line. `CategoryIDs` are the categories the product is directly assigned to;
 * `ParentCategoryIDs` are every ancestor of those categories (the caller walks the category tree). */
export interface RuleProduct {
  ID?: string;
  CategoryIDs?: readonly string[];
  ParentCategoryIDs?: readonly string[];
  xp?: Record<string, unknown> | null;
  [field: string]: unknown;
}

export interface RuleLineItem {
  ID?: string;
  ProductID?: string;
  Quantity?: number;
  UnitPrice?: number | null;
  LineSubtotal?: number;
  LineTotal?: number;
  PromotionDiscount?: number;
  CostCenter?: string | null;
  SupplierID?: string | null;
  Product?: RuleProduct | null;
  xp?: Record<string, unknown> | null;
  [field: string]: unknown;
}

export interface RuleOrder {
  ID?: string;
  Subtotal?: number;
  Total?: number;
  ShippingCost?: number;
  TaxCost?: number;
  PromotionDiscount?: number;
  FromUser?: { ID?: string; xp?: Record<string, unknown> | null; [field: string]: unknown } | null;
  xp?: Record<string, unknown> | null;
  [field: string]: unknown;
}

export interface EvaluationContext {
  order: RuleOrder;
  items: readonly RuleLineItem[];
  /** The line being considered by a line-item-level promotion (the `item` token). */
  item?: RuleLineItem;
  /** Rule IDs already approved on this order, for `order.approved('ruleId')`. */
  approvedRuleIds?: readonly string[];
  /** Clock for `now()`; defaults to the current time. */
  now?: Date;
}

export interface ExpressionLimits {
  /** Maximum AST depth (default 64). */
  maxDepth: number;
  /** Maximum evaluation steps per `evaluate` call (default 100 000). */
  maxSteps: number;
}

export const DEFAULT_LIMITS: ExpressionLimits = { maxDepth: 64, maxSteps: 100_000 };

/** OrderCloud's field limits: ApprovalRule.RuleExpression and Promotion.EligibleExpression ≤ 400,
 * Promotion.ValueExpression ≤ 1000. */
export const MAX_LENGTH: Record<ExpressionKind, number> = { approvalRule: 400, eligible: 400, value: 1000 };
