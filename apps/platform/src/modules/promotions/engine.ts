import { toMinorUnitsRounded } from '@actuate/contracts';
import { compileExpression, type RuleLineItem, type RuleOrder } from '../rules/index.ts';

/** What the engine needs of a promotion (docs/domain.md, "Promotions and rules"). */
export interface PromotionRule {
  ID: string;
  Code: string;
  LineItemLevel: boolean;
  EligibleExpression: string;
  ValueExpression: string | null;
  UseIntegration: boolean;
  QuantityLimitPerOrder: number | null;
  ItemLimitPerOrder: number | null;
  ItemSortBy: string | null;
}

/** An order as the rules see it (decimals, OrderCloud field names) plus its lines' amounts in minor units. */
export interface OrderView {
  currency: string;
  order: RuleOrder;
  lines: ViewLine[];
  now: Date;
}

export interface ViewLine {
  entity: RuleLineItem & { ID: string; Quantity: number; DateAdded?: string };
  /** Minor units. */
  lineSubtotal: number;
}

export interface PromotionAmount {
  LineItemID: string | null;
  /** Minor units, ≥ 0, before the caps that depend on other promotions (see `capAmounts`). */
  Amount: number;
}

export type Evaluation =
  | { ok: true; amounts: PromotionAmount[] }
  | { ok: false; code: 'Promotion.NotEligible'; message: string };

const notEligible = (promotion: PromotionRule, why: string): Evaluation => ({
  ok: false,
  code: 'Promotion.NotEligible',
  message: `Promotion ${promotion.Code} is not eligible for this order: ${why}.`,
});

/** Compiled expressions by source: every order change re-evaluates its promotions, so compile once. */
const compiledCache = new Map<string, ReturnType<typeof compile>>();
const COMPILED_CACHE_SIZE = 1000;

function compiled(promotion: PromotionRule) {
  const key = `${promotion.LineItemLevel}\u0000${promotion.EligibleExpression}\u0000${promotion.ValueExpression ?? ''}`;
  let entry = compiledCache.get(key);
  if (!entry) {
    if (compiledCache.size >= COMPILED_CACHE_SIZE) compiledCache.clear();
    entry = compile(promotion);
    compiledCache.set(key, entry);
  }
  return entry;
}

function compile(promotion: PromotionRule) {
  const eligible = compileExpression(promotion.EligibleExpression, {
    kind: 'eligible',
    lineItemLevel: promotion.LineItemLevel,
  });
  const valueSource = promotion.ValueExpression?.trim() ? promotion.ValueExpression : null;
  const value =
    valueSource === null
      ? null
      : compileExpression(valueSource, { kind: 'value', lineItemLevel: promotion.LineItemLevel });
  return { eligible, value };
}

const CATEGORY_FUNCTIONS = new Set(['incategory', 'inparentcategory']);

/** Whether a promotion's expressions ask for product categories, so the caller looks them up only then. */
export function usesCategories(promotion: PromotionRule): boolean {
  const { eligible, value } = compiled(promotion);
  return [eligible, value].some(
    (result) =>
      result?.ok && result.expression.analysis.functions.some((name) => CATEGORY_FUNCTIONS.has(name)),
  );
}

/** The view with each line's `Product.CategoryIDs`/`ParentCategoryIDs` (what `incategory()` reads). */
export function withCategories(
  view: OrderView,
  categories: Map<string, { CategoryIDs: string[]; ParentCategoryIDs: string[] }>,
): OrderView {
  return {
    ...view,
    lines: view.lines.map((line) => {
      const found = categories.get(line.entity.ProductID ?? '');
      const product = line.entity.Product ?? { ID: line.entity.ProductID };
      return {
        ...line,
        entity: {
          ...line.entity,
          Product: {
            ...product,
            CategoryIDs: found?.CategoryIDs ?? [],
            ParentCategoryIDs: found?.ParentCategoryIDs ?? [],
          },
        },
      };
    }),
  };
}

const toMinor = (amount: number, currency: string) => Math.max(0, toMinorUnitsRounded(amount, currency));

/**
 * Evaluates one promotion against an order (docs/domain.md, "Promotions and rules"):
 * - order level: EligibleExpression must be true; ValueExpression is the discount of the order;
 * - line level: EligibleExpression selects the lines (`item`); ValueExpression is evaluated per selected
 *   line, or per unit up to QuantityLimitPerOrder units; ItemLimitPerOrder keeps the first N lines in
 *   ItemSortBy order (default DateAdded ascending).
 * An expression that cannot be evaluated (division by zero, type mismatch) makes the promotion not
 * eligible rather than applying a silent 0. Negative values count as 0.
 * UseIntegration without a ValueExpression gives 0: the checkout integration's PromotionOverrides set it.
 */
export function evaluatePromotion(promotion: PromotionRule, view: OrderView): Evaluation {
  const { eligible, value } = compiled(promotion);
  if (!eligible.ok) return notEligible(promotion, eligible.error.message);
  if (value && !value.ok) return notEligible(promotion, value.error.message);
  const items = view.lines.map((line) => line.entity);
  const base = { order: view.order, items, now: view.now };
  if (!promotion.LineItemLevel) {
    const outcome = eligible.expression.evaluate(base);
    if (!outcome.ok) return notEligible(promotion, outcome.error.message);
    if (!outcome.value) return notEligible(promotion, 'its EligibleExpression is false');
    if (!value) return { ok: true, amounts: [{ LineItemID: null, Amount: 0 }] };
    const amount = value.expression.evaluate(base);
    if (!amount.ok) return notEligible(promotion, amount.error.message);
    return { ok: true, amounts: [{ LineItemID: null, Amount: toMinor(amount.value, view.currency) }] };
  }
  const selected: ViewLine[] = [];
  for (const line of view.lines) {
    const outcome = eligible.expression.evaluate({ ...base, item: line.entity });
    if (!outcome.ok) return notEligible(promotion, outcome.error.message);
    if (outcome.value) selected.push(line);
  }
  if (selected.length === 0) return notEligible(promotion, 'no line item qualifies');
  const ordered = sortLines(selected, promotion.ItemSortBy);
  const limited =
    promotion.ItemLimitPerOrder !== null && promotion.ItemLimitPerOrder >= 0
      ? ordered.slice(0, promotion.ItemLimitPerOrder)
      : ordered;
  let unitsLeft = promotion.QuantityLimitPerOrder;
  const amounts: PromotionAmount[] = [];
  for (const line of limited) {
    let amount = 0;
    if (value) {
      const perLine = value.expression.evaluate({ ...base, item: line.entity });
      if (!perLine.ok) return notEligible(promotion, perLine.error.message);
      if (unitsLeft === null) amount = toMinor(perLine.value, view.currency);
      else {
        // QuantityLimitPerOrder: the value is per qualifying unit, for at most N units in all.
        const units = Math.min(line.entity.Quantity, unitsLeft);
        unitsLeft -= units;
        amount = toMinor(perLine.value, view.currency) * units;
      }
    }
    amounts.push({ LineItemID: line.entity.ID, Amount: amount });
  }
  return { ok: true, amounts };
}

/** ItemSortBy: comma-separated LineItem fields, `!` for descending; DateAdded ascending breaks ties. */
export function sortLines<L extends ViewLine>(lines: L[], itemSortBy: string | null): L[] {
  const keys = (itemSortBy ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => ({ field: key.replace(/^!/, ''), descending: key.startsWith('!') }));
  keys.push({ field: 'DateAdded', descending: false });
  const read = (line: L, field: string): unknown => {
    let current: unknown = line.entity;
    for (const part of field.split('.')) {
      if (current === null || typeof current !== 'object') return undefined;
      const record = current as Record<string, unknown>;
      const match = Object.keys(record).find((key) => key.toLowerCase() === part.toLowerCase());
      current = match === undefined ? undefined : record[match];
    }
    return current;
  };
  return [...lines].sort((a, b) => {
    for (const { field, descending } of keys) {
      const x = read(a, field);
      const y = read(b, field);
      if (x === y) continue;
      if (x === undefined || x === null) return 1;
      if (y === undefined || y === null) return -1;
      const order =
        typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      if (order !== 0) return descending ? -order : order;
    }
    return 0;
  });
}

/**
 * Caps the amounts of all applied promotions so no discount exceeds what it discounts:
 * line-level amounts first (in application order), each at most what is left of its line's
 * LineSubtotal; then order-level amounts, each at most what is left of the order's total before
 * promotions. Returns the capped amounts in the same shape.
 */
export function capAmounts(
  applied: { promotionId: string; lineItemLevel: boolean; amounts: PromotionAmount[] }[],
  lineSubtotals: Map<string, number>,
  orderTotalBeforePromotions: number,
): Map<string, PromotionAmount[]> {
  const lineLeft = new Map(lineSubtotals);
  const capped = new Map<string, PromotionAmount[]>();
  for (const promotion of applied.filter((candidate) => candidate.lineItemLevel)) {
    capped.set(
      promotion.promotionId,
      promotion.amounts.map((entry) => {
        const left = entry.LineItemID === null ? 0 : (lineLeft.get(entry.LineItemID) ?? 0);
        const amount = Math.max(0, Math.min(entry.Amount, left));
        if (entry.LineItemID !== null) lineLeft.set(entry.LineItemID, left - amount);
        return { ...entry, Amount: amount };
      }),
    );
  }
  const lineDiscounts = [...capped.values()].flat().reduce((sum, entry) => sum + entry.Amount, 0);
  let orderLeft = Math.max(0, orderTotalBeforePromotions - lineDiscounts);
  for (const promotion of applied.filter((candidate) => !candidate.lineItemLevel)) {
    capped.set(
      promotion.promotionId,
      promotion.amounts.map((entry) => {
        const amount = Math.max(0, Math.min(entry.Amount, orderLeft));
        orderLeft -= amount;
        return { ...entry, Amount: amount };
      }),
    );
  }
  return capped;
}
