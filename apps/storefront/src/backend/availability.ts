import { ORDERABLE_PRODUCT_STATE, productStateFor } from '@actuate/contracts';

/*
 * Whether a sales item can be ordered by the buyer's sales company, why not, what replaces it, and
 * when it arrives: the integration writes the ERP's lifecycle, successor, stock and lead time onto
 * the product (xp and Inventory).
 */

/** Working days from dispatch to the buyer's door (the standard parcel service). */
export const TRANSIT_WORKING_DAYS = 2;

export interface AvailabilitySource {
  readonly xp?: {
    readonly ProductState?: string;
    readonly SalesCompanyProductStates?: Readonly<Record<string, string>>;
    readonly SuccessorSalesItemNumber?: string | null;
    readonly LeadTimeDays?: number;
  };
  readonly Inventory?: { readonly QuantityAvailable?: number | null } | null;
}

export interface Availability {
  readonly state: string;
  readonly orderable: boolean;
  readonly successor: string | undefined;
  /** Units in stock; undefined when the ERP has not said. */
  readonly stock: number | undefined;
  readonly leadTimeDays: number | undefined;
  /** When `quantity` arrives if ordered today (calendar date, no time). */
  readonly expectedDelivery: Date;
}

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

function addWorkingDays(from: Date, days: number): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend(date)) left--;
  }
  return date;
}

/**
 * The item's availability for a buyer of `salesCompanyId` ordering `quantity` today: from stock it
 * is dispatched the next working day; otherwise after the lead time (calendar days, the factory's
 * own count); then the transit days.
 */
export function availabilityOf(
  product: AvailabilitySource,
  salesCompanyId: string | undefined,
  today: Date,
  quantity = 1,
): Availability {
  const state = productStateFor(product.xp, salesCompanyId);
  const stock = product.Inventory?.QuantityAvailable ?? undefined;
  const leadTimeDays = product.xp?.LeadTimeDays;
  const fromStock = stock === undefined || stock >= quantity;
  const dispatch = fromStock
    ? addWorkingDays(today, 1)
    : addWorkingDays(new Date(today.getTime() + (leadTimeDays ?? 0) * 86_400_000), isWeekend(today) ? 1 : 0);
  return {
    state,
    orderable: state === ORDERABLE_PRODUCT_STATE,
    successor: product.xp?.SuccessorSalesItemNumber ?? undefined,
    stock,
    leadTimeDays,
    expectedDelivery: addWorkingDays(dispatch, TRANSIT_WORKING_DAYS),
  };
}

/** The message key of a state that is not orderable. */
export function stateMessageKey(state: string): 'stateDiscontinued' | 'stateComingSoon' | 'stateBlocked' {
  if (state === 'Discontinued') return 'stateDiscontinued';
  if (state === 'ComingSoon') return 'stateComingSoon';
  return 'stateBlocked';
}
