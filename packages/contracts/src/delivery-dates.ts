/**
 * The earliest requested delivery date (`LineItem.DateNeeded`) a line may ask for. The shop knows no
 * per-item lead time, so the earliest day is today plus the transit days of the ship method chosen
 * for the line, counted in business days (Monday to Friday) as the order pages count delivery days.
 * The storefront offers dates from it and the middleware's pre-submit check refuses earlier ones.
 */

/** `YYYY-MM-DD`: `transitDays` business days after `today` (UTC day). */
export function earliestDeliveryDay(today: Date, transitDays: number): string {
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12));
  let left = Math.max(0, Math.floor(transitDays));
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** What the rule reads of an order worksheet's ship estimates (structural: any OrderCloud client's type fits). */
export interface ShipEstimatesOfLines {
  readonly ShipEstimates?:
    | readonly {
        readonly SelectedShipMethodID?: string | null;
        readonly ShipEstimateItems?: readonly { readonly LineItemID?: string | null }[] | null;
        readonly ShipMethods?:
          | readonly { readonly ID?: string | null; readonly EstimatedTransitDays?: number | null }[]
          | null;
      }[]
    | null;
}

/**
 * Transit days of the ship method selected for the line (the estimate that holds it, else the first
 * estimate with a selection); 0 when nothing is selected yet.
 */
export function transitDaysOfLine(
  response: ShipEstimatesOfLines | null | undefined,
  lineItemId: string,
): number {
  const estimates = response?.ShipEstimates ?? [];
  const estimate =
    estimates.find((candidate) =>
      (candidate.ShipEstimateItems ?? []).some((item) => item.LineItemID === lineItemId),
    ) ?? estimates.find((candidate) => candidate.SelectedShipMethodID);
  const method = estimate?.ShipMethods?.find((candidate) => candidate.ID === estimate.SelectedShipMethodID);
  return method?.EstimatedTransitDays ?? 0;
}

/** Whether a requested date (ISO date or date-time) is on or after the earliest day (`YYYY-MM-DD`). */
export function isOnOrAfterDay(dateNeeded: string, earliestDay: string): boolean {
  return dateNeeded.slice(0, 10) >= earliestDay;
}
