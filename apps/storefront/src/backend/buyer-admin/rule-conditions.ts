/*
 * The approval-rule conditions a buyer admin sets in plain terms, and their translation to and from
 * the platform's RuleExpression (OrderCloud's rule language). Only the two shapes below are written
 * and recognised; any other expression is shown read-only. The platform validates every expression
 * again when it is saved (`Expression.*` errors).
 */

/** Orders whose total (in the company's currency, major units) is over an amount, or lines of a family. */
export type RuleCondition =
  | { readonly kind: 'orderTotalOver'; readonly amount: number }
  | { readonly kind: 'family'; readonly family: string };

export type ConditionError = 'amountInvalid' | 'familyInvalid' | 'kindInvalid';

/** Highest amount a rule may name (a typo guard, well inside a safe integer of minor units). */
const MAX_AMOUNT = 1_000_000_000;
const FAMILY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
// Fixed patterns, never built from input: what `toExpression` writes, allowing the platform's spacing and case.
const TOTAL_OVER = /^\s*order\.total\s*>\s*(\d{1,10}(?:\.\d{1,2})?)\s*$/i;
const FAMILY_LINE = /^\s*items\.any\(\s*product\.xp\.familyid\s*=\s*'([A-Za-z0-9_-]{1,40})'\s*\)\s*$/i;

export function toExpression(condition: RuleCondition): string {
  return condition.kind === 'orderTotalOver'
    ? `order.Total > ${condition.amount}`
    : `items.any(Product.xp.FamilyID = '${condition.family}')`;
}

/** The condition an expression says, when it is one of the shapes the form writes; otherwise undefined. */
export function fromExpression(expression: string): RuleCondition | undefined {
  const total = TOTAL_OVER.exec(expression);
  if (total?.[1]) return { kind: 'orderTotalOver', amount: Number(total[1]) };
  const family = FAMILY_LINE.exec(expression);
  if (family?.[1]) return { kind: 'family', family: family[1].toUpperCase() };
  return undefined;
}

/**
 * Reads the form's fields into a condition. An amount may carry the locale's grouping and decimal
 * marks (`50.000`, `50,000.50`, `50 000,5`); it must be positive with at most two decimals.
 */
export function conditionFromForm(
  kind: unknown,
  amount: unknown,
  family: unknown,
): { ok: true; condition: RuleCondition } | { ok: false; error: ConditionError } {
  if (kind === 'orderTotalOver') {
    const value = parseAmount(typeof amount === 'string' ? amount : '');
    return value === undefined
      ? { ok: false, error: 'amountInvalid' }
      : { ok: true, condition: { kind, amount: value } };
  }
  if (kind === 'family') {
    const id = typeof family === 'string' ? family.trim() : '';
    return FAMILY_ID.test(id)
      ? { ok: true, condition: { kind, family: id.toUpperCase() } }
      : { ok: false, error: 'familyInvalid' };
  }
  return { ok: false, error: 'kindInvalid' };
}

/** A positive amount with at most two decimals; the last `.` or `,` followed by 1–2 digits is the decimal mark. */
export function parseAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(compact) || compact.length > 20) return undefined;
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  const value = Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`);
  return Number.isFinite(value) && value > 0 && value <= MAX_AMOUNT ? value : undefined;
}
