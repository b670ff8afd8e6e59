/*
 * Reorder: every line of a past order is checked against the buyer's catalogue as it is now before
 * it goes into the cart. Pure planning step, unit-tested; the server action does the I/O.
 */

export interface PastLine {
  readonly ID: string;
  readonly ProductID: string;
  readonly Quantity: number;
  /** Copied to the new line (the requested delivery date is not: it is the past order's). */
  readonly CostCenter?: string | null;
  readonly Specs?: readonly {
    readonly SpecID: string;
    readonly OptionID?: string | null;
    readonly Value?: string | null;
  }[];
  readonly ProductName?: string | null;
}

/** What `/me/products/{id}` says now; undefined when the buyer cannot see or buy it any more. */
export interface CurrentProduct {
  readonly ID: string;
  readonly Name?: string | null;
  readonly Active?: boolean | null;
  readonly PriceSchedule?: {
    readonly MinQuantity?: number | null;
    readonly MaxQuantity?: number | null;
    readonly RestrictedQuantity?: boolean | null;
  } | null;
}

export type SkipReason = 'unavailable' | 'quantity';

export interface ReorderPlan {
  readonly add: readonly {
    readonly line: PastLine;
    readonly quantity: number;
  }[];
  readonly skipped: readonly { readonly line: PastLine; readonly reason: SkipReason }[];
}

export function planReorder(
  lines: readonly PastLine[],
  current: ReadonlyMap<string, CurrentProduct | undefined>,
): ReorderPlan {
  const add: { line: PastLine; quantity: number }[] = [];
  const skipped: { line: PastLine; reason: SkipReason }[] = [];
  for (const line of lines) {
    const product = current.get(line.ProductID);
    if (!product || product.Active === false || !product.PriceSchedule) {
      skipped.push({ line, reason: 'unavailable' });
      continue;
    }
    const min = Math.max(product.PriceSchedule.MinQuantity ?? 1, 1);
    const max = product.PriceSchedule.MaxQuantity ?? Number.POSITIVE_INFINITY;
    if (line.Quantity > max) {
      skipped.push({ line, reason: 'quantity' });
      continue;
    }
    add.push({ line, quantity: Math.max(line.Quantity, min) });
  }
  return { add, skipped };
}
